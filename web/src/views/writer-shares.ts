// What held writers back: the writer threads' time per interval by what they waited for
// (the report's `writer_wait_ns`, integrated in ns by the engine), as shares summed into
// at most one bucket per pixel column, and the words and colours the panel says them in.

import { column, type SimReport } from "../engine/report";

/** The causes, bottom of the stack first (idle last, on top), with their words and colours. */
export const WAIT_CAUSES = [
  {
    key: "copy",
    label: "copying the data in",
    detail: "dmu_write(): the copy into the ARC and the call's CPU time",
    colour: "#4e79a7",
  },
  {
    key: "delay",
    label: "write delay",
    detail: "dmu_tx_delay(), set by dirty data past zfs_delay_min_dirty_percent",
    colour: "#f28e2b",
  },
  {
    key: "wrlog_delay",
    label: "log-data delay",
    detail: "dmu_tx_delay() set by log data past 60% of zfs_wrlog_data_max (2.2+)",
    colour: "#b07aa1",
  },
  {
    key: "hard_limit",
    label: "hard limit",
    detail: "dmu_tx_wait() while dirty data is at zfs_dirty_data_max",
    colour: "#d1495b",
  },
  {
    key: "legacy_tick",
    label: "legacy 7/8 tick",
    detail: "txg_delay(): one tick past 7/8 of the legacy write limit",
    colour: "#ff9da7",
  },
  {
    key: "txg_open",
    label: "legacy write limit",
    detail: "dsl_pool_tempreserve_space() refused: txg_wait_open() for the next txg",
    colour: "#9c755f",
  },
  {
    key: "arc_reserve",
    label: "ARC reserve",
    detail: "arc_tempreserve_space() refused: dirty data too much of the ARC, waiting for the next txg",
    colour: "#d4a72c",
  },
  {
    key: "zone_delay",
    label: "zone throttle",
    detail: "zfs_zone_io_throttle(): the tenant used more than its share",
    colour: "#76b7b2",
  },
  {
    key: "read_io",
    label: "reading the record first",
    detail: "a partial write of an uncached record reads it before dmu_tx_assign()",
    colour: "#59a14f",
  },
  {
    key: "zil_commit",
    label: "zil_commit()",
    detail: "an O_DSYNC write or fsync() waiting for its log blocks and flushes",
    colour: "#2f4b7c",
  },
  {
    key: "txg_sync",
    label: "txg_wait_synced()",
    detail: "a writer waiting for its txg to sync",
    colour: "#8a94a3",
  },
  {
    key: "idle",
    label: "between calls",
    detail: "the writer's own pacing or pause, or the next call due now",
    colour: "#e6eaf0",
  },
] as const;

export type WaitKey = (typeof WAIT_CAUSES)[number]["key"];

/** A bucket of intervals: when it ends [s] and each cause's share of the writers' time in it [%]. */
export interface ShareBucket {
  tS: number;
  share: Record<WaitKey, number>;
}

/** The run's writer time by cause [ns] per interval, and whether it has any writers. */
export function writerColumns(r: SimReport): {
  tNs: Float64Array;
  byCause: Record<WaitKey, Float64Array>;
  any: boolean;
} {
  const tNs = column(r, "t_ns");
  const byCause = Object.fromEntries(
    WAIT_CAUSES.map((c) => [c.key, column(r, `writer_wait_ns.${c.key}`)]),
  ) as Record<WaitKey, Float64Array>;
  const any = WAIT_CAUSES.some((c) => byCause[c.key].length > 0);
  return { tNs, byCause, any };
}

/**
 * The intervals summed into at most `buckets` buckets of neighbours, each cause's time as a
 * share of the bucket's writer time [%] (which the engine makes the interval times the
 * writers, so the shares sum to 100).
 */
export function shareBuckets(
  tNs: Float64Array,
  byCause: Record<WaitKey, Float64Array>,
  buckets: number,
): ShareBucket[] {
  const n = tNs.length;
  const k = Math.max(1, Math.min(n, Math.floor(buckets)));
  const out: ShareBucket[] = [];
  for (let b = 0; b < k && n > 0; b++) {
    const from = Math.floor((b * n) / k);
    const to = Math.floor(((b + 1) * n) / k);
    const sums = {} as Record<WaitKey, number>;
    let total = 0;
    for (const c of WAIT_CAUSES) {
      let s = 0;
      for (let i = from; i < to; i++) s += byCause[c.key][i] ?? 0;
      sums[c.key] = s;
      total += s;
    }
    const share = {} as Record<WaitKey, number>;
    for (const c of WAIT_CAUSES) share[c.key] = total > 0 ? (100 * sums[c.key]) / total : 0;
    out.push({ tS: (tNs[to - 1] ?? 0) / 1e9, share });
  }
  return out;
}

/** The whole run's shares [%], largest first, without those under `floor` percent. */
export function runShares(
  byCause: Record<WaitKey, Float64Array>,
  floor = 0.5,
): { key: WaitKey; percent: number }[] {
  const totals = WAIT_CAUSES.map((c) => ({ key: c.key, ns: byCause[c.key].reduce((a, v) => a + v, 0) }));
  const all = totals.reduce((a, t) => a + t.ns, 0);
  if (all <= 0) return [];
  return totals
    .map((t) => ({ key: t.key, percent: (100 * t.ns) / all }))
    .filter((t) => t.percent >= floor)
    .sort((p, q) => q.percent - p.percent);
}

export const causeOf = (key: WaitKey) => WAIT_CAUSES.find((c) => c.key === key) ?? WAIT_CAUSES[0];
