// The page URL as the lab's state. The state lives in the fragment (`#v=1&…`), which no
// server sees or limits; an old `?v=1&…` link still opens, read as the CLI reads it, and is
// rewritten to the fragment. Each settled change is one history entry, so Back walks back.

import type { Engine, Values } from "../engine/engine";
import type { View } from "../engine/types";

export interface Initial {
  values: Values;
  /** The pinned configuration A, if the link has one. */
  pinned: Values | null;
  /** Where the page is: the preset it started from, a lesson and its step, presenter mode. */
  view: View;
  notices: string[];
  /**
   * The work budget the link asked for above the default cap, held back until the user
   * confirms it (the values carry the default meanwhile); null if it asked for none.
   */
  budgetAsked: number | null;
}

/**
 * `values` with the work budget at most the default: a link may lower it freely, but a
 * higher one runs only once the user says so.
 */
function capBudget(engine: Engine, values: Values): { values: Values; asked: number | null } {
  const index = engine.indexOf("event_budget");
  const cap = engine.defaults[index] ?? 0;
  const asked = values[index] ?? 0;
  if (asked <= cap) return { values, asked: null };
  const capped = [...values];
  capped[index] = cap;
  return { values: capped, asked };
}

/** Where a page's link state is: its URL's search and fragment, as `location` has them. */
export interface LinkPlace {
  search: string;
  hash: string;
}

/**
 * The text the engine decodes for a page at `place`, and whether it came from an old `?`
 * link. The fragment wins if it has anything. Otherwise the search is cut at its first `?`,
 * exactly as `throttle-lab run --link` cuts a pasted link (`split_once('?')`), and
 * `link::decode` then strips one more leading `?` in both: `??v=1&…` reads the same here
 * and on the command line.
 */
export function linkQuery({ search, hash }: LinkPlace): { query: string; fromSearch: boolean } {
  if (hash.length > 1) return { query: hash.slice(1), fromSearch: false };
  if (search.length > 1) return { query: search.slice(1), fromSearch: true };
  return { query: "", fromSearch: false };
}

/** The state a page opened with link `query` starts from; never throws. */
export function readLink(engine: Engine, query: string): Initial {
  const decoded = engine.decodeLink(query);
  if (decoded.status === "error")
    return {
      values: engine.defaults,
      pinned: null,
      view: NO_VIEW,
      notices: [decoded.message],
      budgetAsked: null,
    };
  const current = capBudget(engine, decoded.value.values);
  const pinned = decoded.value.pinned === null ? null : capBudget(engine, decoded.value.pinned);
  return {
    values: current.values,
    pinned: pinned?.values ?? null,
    view: decoded.value.view,
    notices: decoded.value.notices,
    budgetAsked: current.asked ?? pinned?.asked ?? null,
  };
}

/** A page that is nowhere in particular: no preset, no lesson, not presenting. */
export const NO_VIEW: View = { preset: null, lesson: null, step: null, present: false };

/** `#v=1&…` for `values`, the pinned configuration and the view ("" if the engine fails). */
export function fragmentFor(
  engine: Engine,
  values: Values,
  pinned: Values | null = null,
  view = NO_VIEW,
): string {
  const query = engine.encodeLink(values, pinned, view);
  return query.status === "ok" ? `#${query.value}` : "";
}

/** The shareable link of a page at `href` showing `fragment`: same place, no old query. */
export function linkFor(href: string, fragment: string): string {
  const url = new URL(href);
  url.search = "";
  url.hash = fragment;
  return url.href;
}

/** What the history writer needs of `window`. */
export interface HistoryLike {
  readonly location: { href: string; hash: string };
  readonly history: {
    pushState(data: unknown, unused: string, url: string): void;
    replaceState(data: unknown, unused: string, url: string): void;
  };
}

export interface HistoryWriter {
  /**
   * Shows `fragment` in the address bar in a new history entry. With `coalesce` (a slider
   * moving) it joins the entry of a burst of such changes instead, while one goes on.
   */
  write(fragment: string, coalesce?: boolean): void;
  /** Rewrites the current entry at once (the opening link, in canonical form). */
  replaceNow(fragment: string): void;
  /** Forgets any burst and pending write: Back or Forward has just moved the page. */
  cancel(): void;
  /** Writes a burst's last state now, settled or not: the page is going away. */
  flush(): void;
}

/**
 * Writes the state to the URL with one history entry per settled change. A typed value, a
 * reset or a preset is an entry of its own. A slider's moves come in bursts (a drag, held
 * arrow keys): the first move pushes an entry at once, so that Back right after it returns
 * to the state before the burst; the moves that follow within `settleMs` of each other are
 * written to that entry once the burst has settled, not as they come.
 *
 * Why not as they come: each history call has the browser redraw its address bar and fetch
 * the page's icon again, in its own process. On a two-core machine a rewrite every 150 ms of
 * a drag took about 10 ms of processor from the two workers running the step, and on the
 * RAID-Z2 preset every other step's picture came a frame late (BENCHMARKS.md).
 */
export function createHistoryWriter(win: HistoryLike, settleMs = 400): HistoryWriter {
  let burst: ReturnType<typeof setTimeout> | undefined;
  let pending: string | null = null;
  const url = (fragment: string) => linkFor(win.location.href, fragment);
  const cancel = () => {
    clearTimeout(burst);
    burst = undefined;
    pending = null;
  };
  /** Ends a burst at once, its last state written to its entry. */
  const settle = () => {
    const last = pending;
    cancel();
    if (last !== null && last !== win.location.hash) win.history.replaceState(null, "", url(last));
  };
  return {
    write(fragment, coalesce = false) {
      if (!coalesce) {
        settle();
        if (fragment !== win.location.hash) win.history.pushState(null, "", url(fragment));
        return;
      }
      if (burst === undefined) {
        if (fragment === win.location.hash) return;
        win.history.pushState(null, "", url(fragment));
      } else {
        pending = fragment;
      }
      clearTimeout(burst);
      burst = setTimeout(settle, settleMs);
    },
    replaceNow(fragment) {
      cancel();
      const next = url(fragment);
      if (next !== win.location.href) win.history.replaceState(null, "", next);
    },
    cancel,
    flush: settle,
  };
}
