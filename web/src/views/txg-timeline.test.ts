import { describe, expect, it } from "vitest";
import type { TxgRow } from "../engine/types";
import { causeSummary, CAUSE_ORDER, SYNC_CAUSES, txgSpans, txgsAt } from "./txg-timeline";

const S = 1e9;
const row = (txg: number, birth: number, cause: TxgRow["cause"], wtime = 0): TxgRow => ({
  txg,
  birth,
  state: "C",
  ndirty: 0,
  nread: 0,
  nwritten: 0,
  reads: 0,
  writes: 0,
  otime: 5 * S,
  qtime: 0.1 * S,
  wtime,
  stime: 2 * S,
  cause,
});

describe("the txg timeline", () => {
  const txgs = [row(4, 0, "timeout"), row(5, 5 * S, "dirty", 0.5 * S)];

  it("lays each txg out as open, quiescing, waiting and syncing, from its kstat row", () => {
    const { open, held, sync } = txgSpans(txgs);
    expect(open.map((s) => [s.startS, s.endS])).toEqual([
      [0, 5],
      [5, 10],
    ]);
    expect(held.map((s) => [s.key, s.startS, s.endS])).toEqual([
      ["quiesce", 5, 5.1],
      ["quiesce", 10, 10.1],
      ["wait", 10.1, 10.6],
    ]);
    expect(sync.map((s) => [s.key, s.startS, s.endS])).toEqual([
      ["timeout", 5.1, 7.1],
      ["dirty", 10.6, 12.6],
    ]);
  });

  it("says which txg was in which state at a moment", () => {
    const at = txgsAt(txgs, 6);
    expect(at.open?.txg).toBe(5);
    expect(at.syncing?.txg).toBe(4);
    expect(at.quiescing).toBeUndefined();
    expect(txgsAt(txgs, 10.3).waiting?.txg).toBe(5);
  });

  it("counts the causes, most first, in the legend's words", () => {
    expect(causeSummary([...txgs, row(6, 10 * S, "dirty")])).toBe("2 dirty-data kick, 1 timer");
    expect(causeSummary([])).toBe("");
  });

  it("names and colours every cause the engine reports, each colour once", () => {
    expect(new Set(CAUSE_ORDER).size).toBe(Object.keys(SYNC_CAUSES).length);
    const colours = CAUSE_ORDER.map((c) => SYNC_CAUSES[c].colour);
    expect(new Set(colours).size).toBe(colours.length);
  });
});
