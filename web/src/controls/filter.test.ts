import { describe, expect, it } from "vitest";
import { loadEngineSync } from "../engine/load-node";
import { filterWords, matchesFilter } from "./filter";

const engine = loadEngineSync();
const matching = (text: string) =>
  engine.schema.filter((s) => matchesFilter(s, filterWords(text))).map((s) => s.name);

describe("the settings filter", () => {
  it("keeps everything when empty", () => {
    expect(matching("  ")).toHaveLength(engine.schema.length);
  });

  it("finds entries by any part of the name, in any case", () => {
    expect(matching("DELAY_SCALE")).toEqual(["zfs_delay_scale"]);
    expect(matching("dirty_da")).toContain("zfs_dirty_data_max");
  });

  it("matches a word where a word begins: sync is not async", () => {
    const sync = matching("sync");
    expect(sync).toContain("zfs_dirty_data_sync_percent");
    expect(sync).toContain("sync_writers");
    expect(sync).not.toContain("async_writers");
    expect(matching("async")).toContain("async_writers");
  });

  it("finds entries by their meaning and FreeBSD name, every word required", () => {
    expect(matching("vfs.zfs.txg.timeout")).toEqual(["zfs_txg_timeout"]);
    const both = matching("dirty sync");
    expect(both).toContain("zfs_dirty_data_sync_percent");
    expect(both.length).toBeLessThan(matching("dirty").length);
  });
});
