// The text views (dirty.d lines, kstat rows) show at most this many rows, the newest: a run
// of hundreds of thousands of txgs would otherwise put megabytes of text in the page.

/** Rows a text view shows at most. */
export const TEXT_ROWS = 1000;

/** The last `max` of `rows`, and how to say what was left out ("" if nothing was). */
export function lastRows<T>(rows: readonly T[], max = TEXT_ROWS): { shown: readonly T[]; note: string } {
  if (rows.length <= max) return { shown: rows, note: "" };
  return {
    shown: rows.slice(-max),
    note: `the last ${max.toLocaleString("en")} of ${rows.length.toLocaleString("en")}`,
  };
}
