// The page URL as the lab's state: read once at load, rewritten quietly as values change.

import type { Engine, Values } from "../engine/engine";

export interface Initial {
  values: Values;
  /** The pinned configuration A, if the link has one. */
  pinned: Values | null;
  notices: string[];
}

/** The state a page opened with `search` starts from; never throws. */
export function readLink(engine: Engine, search: string): Initial {
  const decoded = engine.decodeLink(search);
  if (decoded.status === "error")
    return { values: engine.defaults, pinned: null, notices: [decoded.message] };
  return { values: decoded.value.values, pinned: decoded.value.pinned, notices: decoded.value.notices };
}

/** `?v=1&…` for `values` and the pinned configuration, if any. */
export function searchFor(engine: Engine, values: Values, pinned: Values | null = null): string {
  const query = engine.encodeLink(values, pinned);
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
