// The txg timeline's model: each synced txg's open, quiescing, waiting and syncing spans
// from its kstat row (birth, otime, qtime, wtime, stime), why its sync started, and which
// txg was in each state at a moment. Pure: the panel draws it.

import type { SyncCause, TxgRow } from "../engine/types";
import type { Span } from "./chart/spans";

/** Why a sync started, as the panel's legend and tooltips say it. */
export const SYNC_CAUSES: Record<SyncCause, { label: string; colour: string; detail: string }> = {
  timeout: {
    label: "timer",
    colour: "#8a94a3",
    detail: "zfs_txg_timeout passed since the last sync began, and nothing asked sooner",
  },
  dirty: {
    label: "dirty-data kick",
    colour: "#d1495b",
    detail:
      "dirty data passed the sync threshold (zfs_dirty_data_sync_percent; zfs_dirty_data_sync before 0.8): txg_kick()",
  },
  wrlog: {
    label: "log-data kick",
    colour: "#8e5ea2",
    detail: "the txg's log data passed its share of zfs_wrlog_data_max (2.2+): txg_kick()",
  },
  scan: {
    label: "scan running",
    colour: "#3a923a",
    detail: "a scrub or resilver runs: the sync thread does not sleep (dsl_scan_active())",
  },
  wait_synced: {
    label: "txg_wait_synced() waiter",
    colour: "#2f6db5",
    detail: "a thread waits for the txg to sync: a writer waiting for its txg, a sync task",
  },
  hard_limit: {
    label: "writer at the write limit",
    colour: "#7a1028",
    detail:
      "a writer at the legacy throttle's write limit asked for the txg to be quiesced (txg_wait_open())",
  },
  open_wait: {
    label: "writer waiting for a txg",
    colour: "#e07b1a",
    detail:
      "a writer refused by the ARC's dirty-data reserve asked for the next txg to open (txg_wait_open())",
  },
};

/** The causes in the legend's order. */
export const CAUSE_ORDER: SyncCause[] = [
  "timeout",
  "dirty",
  "wrlog",
  "scan",
  "wait_synced",
  "hard_limit",
  "open_wait",
];

/** The states a txg passes through before it is synced, as the lanes draw them. */
export const STATE_COLOURS = {
  open: "#c9d6e8",
  quiesce: "#c8a43c",
  wait: "#f0d98a",
  mixed: "#5b6675",
} as const;

export interface TxgSpan extends Span {
  txg: TxgRow;
}

/** A run's txgs as the three lanes' spans: open; quiescing then waiting; syncing (by cause). */
export function txgSpans(txgs: readonly TxgRow[]): { open: TxgSpan[]; held: TxgSpan[]; sync: TxgSpan[] } {
  const open: TxgSpan[] = [];
  const held: TxgSpan[] = [];
  const sync: TxgSpan[] = [];
  for (const t of txgs) {
    const quiesceNs = t.birth + t.otime;
    const waitNs = quiesceNs + t.qtime;
    const syncNs = waitNs + t.wtime;
    open.push({ startS: t.birth / 1e9, endS: quiesceNs / 1e9, key: "open", txg: t });
    held.push({ startS: quiesceNs / 1e9, endS: waitNs / 1e9, key: "quiesce", txg: t });
    if (t.wtime > 0) held.push({ startS: waitNs / 1e9, endS: syncNs / 1e9, key: "wait", txg: t });
    sync.push({ startS: syncNs / 1e9, endS: (syncNs + t.stime) / 1e9, key: t.cause, txg: t });
  }
  return { open, held, sync };
}

/** At `s` [s]: the synced txgs that were open, quiescing, waiting for the sync thread, and syncing. */
export function txgsAt(txgs: readonly TxgRow[], s: number) {
  const ns = s * 1e9;
  const at: { open?: TxgRow; quiescing?: TxgRow; waiting?: TxgRow; syncing?: TxgRow } = {};
  for (const t of txgs) {
    const q = t.birth + t.otime;
    const w = q + t.qtime;
    const sy = w + t.wtime;
    if (ns >= t.birth && ns < q) at.open = t;
    else if (ns >= q && ns < w) at.quiescing = t;
    else if (ns >= w && ns < sy) at.waiting = t;
    else if (ns >= sy && ns < sy + t.stime) at.syncing = t;
  }
  return at;
}

/** How many of `txgs` synced for each cause, most first, as "12 dirty-data kick, 3 timer". */
export function causeSummary(txgs: readonly TxgRow[]): string {
  const counts = new Map<SyncCause, number>();
  for (const t of txgs) counts.set(t.cause, (counts.get(t.cause) ?? 0) + 1);
  return [...counts]
    .sort((p, q) => q[1] - p[1] || CAUSE_ORDER.indexOf(p[0]) - CAUSE_ORDER.indexOf(q[0]))
    .map(([cause, n]) => `${n.toLocaleString("en")} ${SYNC_CAUSES[cause].label}`)
    .join(", ");
}
