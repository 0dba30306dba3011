// Queue depths per I/O class as `zpool iostat -q` shows them: for each class the I/Os queued
// (pend) and issued (activ) on all leaves at an interval's end, from the report's
// `class_pending` and `class_active`, and the rows as the command prints its queue columns.

import { column, type SimReport } from "../engine/report";

/** The classes in `zpool iostat -q`'s order, with the engine's name and the column group's header. */
export const QUEUE_CLASSES = [
  { key: "sync_read", header: "syncq_read" },
  { key: "sync_write", header: "syncq_write" },
  { key: "async_read", header: "asyncq_read" },
  { key: "async_write", header: "asyncq_write" },
  { key: "scrub", header: "scrubq_read" },
] as const;

export type QueueClass = (typeof QUEUE_CLASSES)[number]["key"];

export const pendingOf = (r: SimReport, c: QueueClass) => column(r, `class_pending.${c}`);
export const activeOf = (r: SimReport, c: QueueClass) => column(r, `class_active.${c}`);

/** The classes with any I/O queued or issued at a sample of any of `reports`. */
export function busyClasses(reports: SimReport[]): QueueClass[] {
  return QUEUE_CLASSES.map((c) => c.key).filter((c) =>
    reports.some((r) => pendingOf(r, c).some((v) => v > 0) || activeOf(r, c).some((v) => v > 0)),
  );
}

/**
 * The rows of `zpool iostat -q` for sample indices `rows` of `r`: a time column where the
 * command has the pool's name, then pend and activ of each class (instantaneous, as the
 * command's are), right-aligned in its five-wide columns.
 */
export function iostatQText(r: SimReport, rows: readonly number[]): string {
  const t = column(r, "t_ns");
  const cell = (v: string) => v.padStart(5);
  const groups = QUEUE_CLASSES.map((c) => c.header.padStart(12).padEnd(13)).join(" ");
  const head1 = `${"".padEnd(10)} ${groups}`.trimEnd();
  const head2 = `${"time, s".padEnd(10)} ${QUEUE_CLASSES.map(() => `${cell("pend")}  ${cell("activ")}`).join("  ")}`;
  const rule = `${"-".repeat(10)} ${QUEUE_CLASSES.map(() => `${"-".repeat(5)}  ${"-".repeat(5)}`).join("  ")}`;
  const lines = rows.map((i) => {
    const cells = QUEUE_CLASSES.map(
      (c) => `${cell(String(pendingOf(r, c.key)[i] ?? 0))}  ${cell(String(activeOf(r, c.key)[i] ?? 0))}`,
    );
    return `${((t[i] ?? 0) / 1e9).toFixed(2).padEnd(10)} ${cells.join("  ")}`;
  });
  return [head1, head2, rule, ...lines].join("\n");
}
