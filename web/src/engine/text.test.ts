// The text renderers engineers read, through the WASM engine, against hand-checked fixtures:
// DTrace quantize() and lquantize() (dt_consume.c) and the zpool iostat -w table.
import { describe, expect, it } from "vitest";
import { loadEngineSync } from "./load-node";

const engine = loadEngineSync();
const ok = <T>(r: { status: "ok"; value: T } | { status: "error"; message: string }): T => {
  if (r.status === "error") throw new Error(r.message);
  return r.value;
};
const buckets = (set: Record<number, number>) => Array.from({ length: 37 }, (_, j) => set[j] ?? 0);

describe("DTrace quantize()", () => {
  it("prints the openzfs-model §6.4 example exactly: header, @ bars of 40, one empty row either side", () => {
    // 10 at 12,820 ns, 40 at 166,666, 30 at 499,999, 15 at 1,499,999, 5 at 19,499,999.
    const text = ok(engine.quantizeText(buckets({ 13: 10, 17: 40, 18: 30, 20: 15, 24: 5 })));
    const lines = text.split("\n");
    expect(lines[0]).toBe("           value  ------------- Distribution ------------- count    ");
    expect(lines[1]).toBe("            4096 |                                         0        ");
    expect(lines[2]).toBe("            8192 |@@@@                                     10       ");
    expect(lines[6]).toBe("          131072 |@@@@@@@@@@@@@@@@                         40       ");
    expect(lines[7]).toBe("          262144 |@@@@@@@@@@@@                             30       ");
    expect(lines[9]).toBe("         1048576 |@@@@@@                                   15       ");
    expect(lines[13]).toBe("        16777216 |@@                                       5        ");
    expect(lines[14]).toBe("        33554432 |                                         0        ");
    expect(lines).toHaveLength(16);
  });

  it("prints nothing for an empty histogram and refuses fractional counts", () => {
    expect(ok(engine.quantizeText(buckets({})))).toBe("");
    expect(engine.quantizeText([0.5]).status).toBe("error");
  });

  it("lquantize rows run one either side of the values, labelled by value", () => {
    const lines = ok(engine.lquantizeText([2, 2, 3, 10], 0, 30, 1)).split("\n");
    expect(lines[1]).toBe("               1 |                                         0        ");
    expect(lines[2]).toBe("               2 |@@@@@@@@@@@@@@@@@@@@                     2        ");
    expect(lines[3]).toBe("               3 |@@@@@@@@@@                               1        ");
    expect(lines[10]).toBe("              10 |@@@@@@@@@@                               1        ");
    expect(lines[11]).toBe("              11 |                                         0        ");
  });
});

describe("zpool iostat -w", () => {
  // Total and disk: 3 sync reads in [1 ms, 2 ms), 1,200 in [2, 4) ms, 5 async writes in
  // [4, 8) ms; queue: the reads waited [1, 2) µs and [2, 4) µs, the writes [2, 4) ms.
  const total = { sync_read: buckets({ 20: 3, 21: 1200 }), async_write: buckets({ 22: 5 }) };
  const queue = { sync_read: buckets({ 10: 3, 11: 1200 }), async_write: buckets({ 21: 5 }) };
  const lines = ok(engine.iostatText("tank", total, queue, total)).split("\n");

  it("has zpool's two header lines and one row per bucket, labelled by its upper bound", () => {
    expect(lines[1]).toBe("tank         total_wait     disk_wait    syncq_wait    asyncq_wait");
    expect(lines[2]).toBe(
      "latency      read  write   read  write   read  write   read  write  scrub   trim  rebuild",
    );
    expect(lines[4]).toBe(
      "1ns             0      0      0      0      0      0      0      0      0      0      0",
    );
    expect(lines.filter((l) => /^\d/.test(l))).toHaveLength(37);
  });

  it("puts each count in its class's column, in zfs_nicenum form", () => {
    expect(lines).toContain(
      "2us             0      0      0      0      3      0      0      0      0      0      0",
    );
    expect(lines).toContain(
      "4us             0      0      0      0  1.17K      0      0      0      0      0      0",
    );
    expect(lines).toContain(
      "2ms             3      0      3      0      0      0      0      0      0      0      0",
    );
    expect(lines).toContain(
      "4ms         1.17K      0  1.17K      0      0      0      0      5      0      0      0",
    );
    expect(lines).toContain(
      "8ms             0      5      0      5      0      0      0      0      0      0      0",
    );
  });
});

describe("zpool iostat -v", () => {
  const rates = (r: number, w: number, rb: number, wb: number) => ({
    read_ops_per_s: r,
    write_ops_per_s: w,
    read_bytes_per_s: rb,
    write_bytes_per_s: wb,
  });
  const rows = [
    { key: "pool", name: "tank", depth: 0, rates: rates(143, 4440, 1_174_405, 72_561_459) },
    { key: "0", name: "mirror", depth: 1, rates: rates(143, 4090, 1_174_405, 33_554_432) },
    { key: "0/0", name: "disk0", depth: 2, rates: rates(69, 288, 572_416, 33_554_432) },
    { key: "logs", name: "logs", depth: 1, class: "logs" },
    { key: "logs/0", name: "disk2", depth: 1, class: "logs", rates: rates(0, 358, 0, 39_007_027) },
  ];
  const lines = ok(engine.iostatVText(rows)).split("\n");

  it("prints zpool's header, the rows indented by depth and a class's header in dashes", () => {
    expect(lines[1]).toBe("pool        alloc   free   read  write   read  write");
    expect(lines[3]).toBe("tank            -      -    143  4.34K  1.12M  69.2M");
    expect(lines[4]).toBe("  mirror        -      -    143  3.99K  1.12M    32M");
    expect(lines[5]).toBe("    disk0       -      -     69    288   559K    32M");
    expect(lines[6]).toBe("logs            -      -      -      -      -      -");
    expect(lines[7]).toBe("  disk2         -      -      0    358      0  37.2M");
  });

  it("refuses rows that are not the engine's", () => {
    expect(engine.iostatVText([{ key: 1 } as never]).status).toBe("error");
  });
});
