// The page URL as the lab's state: read once at load, rewritten quietly as values change.

import type { Engine, Values } from "../engine/engine";

export interface Initial {
  values: Values;
  notices: string[];
}

/** The state a page opened with `search` starts from; never throws. */
export function readLink(engine: Engine, search: string): Initial {
  const decoded = engine.decodeLink(search);
  if (decoded.status === "error") return { values: engine.defaults, notices: [decoded.message] };
  return { values: decoded.value.values, notices: decoded.value.notices };
}

/** `?v=1&…` for `values`. */
export function searchFor(engine: Engine, values: Values): string {
  const query = engine.encodeLink(values);
  return query.status === "ok" ? `?${query.value}` : "";
}

/**
 * Replaces the current history entry (no new entries, so Back leaves the lab) at most once
 * per `delayMs`, so a dragged slider does not hit the browser's history rate limit.
 */
export function createUrlWriter(delayMs = 150): (search: string) => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending = "";
  return (search) => {
    pending = search;
    if (timer !== undefined) return;
    timer = setTimeout(() => {
      timer = undefined;
      if (pending !== window.location.search) {
        window.history.replaceState(null, "", `${window.location.pathname}${pending}${window.location.hash}`);
      }
    }, delayMs);
  };
}
