// The A/B's list of what differs, with the real engine.
import { describe, expect, it } from "vitest";
import { withValue } from "../engine/engine";
import { loadEngineSync } from "../engine/load-node";
import { differenceLines } from "./comparison";

const engine = loadEngineSync();
const release = (name: string) => {
  const choices = engine.schema[engine.indexOf("release")]?.choices ?? [];
  return withValue(engine, engine.defaults, engine.indexOf("release"), choices.indexOf(name));
};

describe("differenceLines", () => {
  it("follows a change of release with what the release does differently", () => {
    const lines = differenceLines(engine, release("2.1"), release("2.2"));
    expect(lines[0]).toBe("release: 2.1 → 2.2");
    expect(lines).toContain("release's log-data throttle: no → yes");
    expect(lines.some((l) => l.startsWith("release's sync kick: pool-wide, percent"))).toBe(true);
    // 2.3 and 2.4 differ in their aliquot, not in their sync kick.
    const later = differenceLines(engine, release("2.3"), release("2.4"));
    expect(later.some((l) => l.startsWith("release's metaslab_aliquot"))).toBe(true);
    expect(later.some((l) => l.startsWith("release's sync kick"))).toBe(false);
  });

  it("shows 2.1.16 between 2.1 and 2.2: 2.2's log-data throttle, 2.1's retirement", () => {
    const choices = engine.schema[engine.indexOf("release")]?.choices ?? [];
    expect(choices.slice(choices.indexOf("2.1"), choices.indexOf("2.2") + 1)).toEqual([
      "2.1",
      "2.1.16",
      "2.2",
    ]);
    const backported = differenceLines(engine, release("2.1"), release("2.1.16"));
    expect(backported).toContain("release's log-data throttle: no → yes");
    const rest = differenceLines(engine, release("2.1.16"), release("2.2"));
    expect(rest.some((l) => l.startsWith("release's dirty data retired: per physical write"))).toBe(true);
    expect(rest.some((l) => l.startsWith("release's log-data throttle"))).toBe(false);
  });

  it("lists values alone when the release is the same", () => {
    const a = engine.defaults;
    const b = withValue(engine, a, engine.indexOf("zfs_delay_scale"), 1_000_000);
    expect(differenceLines(engine, a, b)).toEqual(["zfs_delay_scale: 500us → 1ms"]);
  });
});
