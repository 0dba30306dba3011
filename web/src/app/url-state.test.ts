// The share-link codec through the real WASM module: round trips and hostile links.
import { describe, expect, it, vi } from "vitest";
import fc from "fast-check";
import { withValue, type TunableName } from "../engine/engine";
import { loadEngineSync } from "../engine/load-node";
import { createHistoryWriter, fragmentFor, linkQuery, readLink } from "./url-state";

const engine = loadEngineSync();
const i = (name: TunableName) => engine.indexOf(name);
/** What a page whose fragment is `fragment` opens with. */
const opened = (fragment: string) => readLink(engine, linkQuery({ search: "", hash: fragment }).query);

/** Any combination of in-range values, valid together or not, each marked set or not. */
const anyValues = fc
  .tuple(
    fc.tuple(...engine.schema.map((s) => fc.integer({ min: s.min, max: s.max }))),
    fc.tuple(...engine.schema.map(() => fc.constantFrom(0, 1))),
  )
  .map(([values, marks]) => [...values, ...marks]);
/** The marks as the engine gives them back: a value off its default is always set. */
const marked = (values: number[]) =>
  values.map((v, k) => {
    const n = engine.schema.length;
    if (k < n) return v;
    return values[k - n] !== engine.schema[k - n]?.default ? 1 : v;
  });

describe("share links", () => {
  it("write only the version for the defaults", () => {
    expect(fragmentFor(engine, engine.defaults)).toBe("#v=1");
  });

  it("write readable values under OpenZFS names", () => {
    const values = withValue(
      engine,
      withValue(engine, engine.defaults, i("zfs_dirty_data_max"), 2 ** 30),
      i("zfs_delay_scale"),
      1e6,
    );
    expect(fragmentFor(engine, values)).toBe("#v=1&zfs_dirty_data_max=1G&zfs_delay_scale=1ms");
  });

  it("carry a value set to its default, which a release with another default then keeps", () => {
    const release21 = engine.schema[i("release")]?.choices.indexOf("2.1") ?? -1;
    const values = withValue(
      engine,
      withValue(engine, engine.defaults, i("release"), release21),
      i("zfs_scan_vdev_limit"),
      engine.defaults[i("zfs_scan_vdev_limit")] ?? 0,
    );
    const fragment = fragmentFor(engine, values);
    expect(fragment).toBe("#v=1&zfs_scan_vdev_limit=16M&release=2.1");
    const back = opened(fragment);
    const effective = engine.effectiveValues(back.values);
    expect(effective.status === "ok" && effective.value[i("zfs_scan_vdev_limit")]).toBe(16 * 2 ** 20);
    const following = withValue(engine, back.values, i("zfs_scan_vdev_limit"), 16 * 2 ** 20, false);
    const runs = engine.effectiveValues(following);
    expect(runs.status === "ok" && runs.value[i("zfs_scan_vdev_limit")]).toBe(4 * 2 ** 20);
    expect(fragmentFor(engine, following)).toBe("#v=1&release=2.1");
  });

  it("carry where the page is: its preset, lesson step and presenter mode", () => {
    const values = withValue(engine, engine.defaults, i("zfs_txg_timeout"), 7);
    const view = { preset: "scrub-limit", lesson: "scrub-latency", step: 2, present: true };
    const fragment = fragmentFor(engine, values, engine.defaults, view);
    expect(fragment).toBe(
      "#v=1&preset=scrub-limit&lesson=scrub-latency&step=2&present=1&zfs_txg_timeout=7&pinned=1",
    );
    const back = opened(fragment);
    expect(back.view).toEqual(view);
    expect(back.values).toEqual(values);
    expect(back.pinned).toEqual(engine.defaults);
    expect(back.notices).toEqual([]);
    const bad = opened("#v=1&lesson=No%20Such&step=x&present=2");
    expect(bad.view).toEqual({ preset: null, lesson: null, step: null, present: true });
    expect(bad.notices).toHaveLength(3);
  });

  it("restore exactly any valid state, and repair any invalid one with a notice", () => {
    fc.assert(
      fc.property(anyValues, (values) => {
        const back = opened(fragmentFor(engine, values));
        const checked = engine.check(values);
        if (checked.status === "ok" && checked.value.errors.length === 0) {
          // A work budget above the default is held back until the user confirms it.
          const budget = i("event_budget");
          const cap = engine.defaults[budget] ?? 0;
          const asked = values[budget] ?? 0;
          const expected = marked(values);
          expected[budget] = Math.min(asked, cap);
          expect(back.values).toEqual(expected);
          expect(back.budgetAsked).toBe(asked > cap ? asked : null);
          expect(back.notices).toEqual([]);
        } else {
          expect(back.notices.length).toBeGreaterThan(0);
          const repaired = engine.check(back.values);
          expect(repaired.status === "ok" && repaired.value.errors.length === 0).toBe(true);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it("never fail on hostile links, and always give a valid state", () => {
    const part = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc
        .constantFrom(...engine.schema.map((s) => s.name))
        .chain((name) => fc.string({ maxLength: 12 }).map((v) => `${name}=${v}`)),
      fc.constantFrom("%", "%ZZ", "%FF", "v=999", "=", "&&", "#frag", "+", "%E2%82"),
    );
    fc.assert(
      fc.property(fc.array(part, { maxLength: 20 }), (parts) => {
        const initial = readLink(engine, `?${parts.join("&")}`);
        expect(initial.values).toHaveLength(2 * engine.schema.length);
        const checked = engine.check(initial.values);
        expect(checked.status === "ok" && checked.value.errors.length === 0).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it("name each problem and apply the rest", () => {
    const initial = readLink(engine, "?v=1&zfs_bogus=1&zfs_dirty_data_max=2G&zfs_txg_timeout=-3");
    expect(initial.values[i("zfs_dirty_data_max")]).toBe(2 * 2 ** 30);
    expect(initial.values[i("zfs_txg_timeout")]).toBe(5);
    expect(initial.notices).toEqual([
      "'zfs_bogus' is not a setting of this lab; ignored",
      expect.stringContaining("zfs_txg_timeout: cannot read '-3'"),
    ]);
  });
});

describe("share links with a pinned A", () => {
  const valid = (values: number[]) => {
    const c = engine.check(values);
    return c.status === "ok" && c.value.errors.length === 0;
  };

  it("restore both configurations exactly", () => {
    fc.assert(
      fc.property(anyValues, anyValues, (b0, a0) => {
        // Any values, repaired by the codec into a valid state (shown above to be exact).
        const [b, a] = [b0, a0].map((v) => [...opened(fragmentFor(engine, v)).values]);
        if (!b || !a) return;
        const back = opened(fragmentFor(engine, b, a));
        expect(back.values).toEqual(b);
        expect(back.pinned).toEqual(a);
        expect(back.notices).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it("carry the workload, pool, models, duration and seed by name", () => {
    const b = [...engine.defaults];
    b[i("device")] = 0;
    b[i("readers")] = 12;
    b[i("throttle_model")] = 1;
    b[i("duration")] = 20;
    b[i("seed")] = 42;
    const a = [...engine.defaults];
    a[i("async_rate")] = 100 * 2 ** 20;
    expect(fragmentFor(engine, b, a)).toBe(
      "#v=1&readers=12&device=hdd&throttle_model=legacy&duration=20&seed=42&pinned=1&a.async_rate=100M/s",
    );
  });

  it("keep the rest when parts of A are hostile, naming each problem", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), fc.string({ maxLength: 40 }), (key, value) => {
        const link = `?v=1&readers=7&pinned=1&a.${encodeURIComponent(key)}=${encodeURIComponent(value)}&a.duration=9`;
        const back = readLink(engine, link);
        expect(back.values[i("readers")]).toBe(7);
        expect(back.pinned).not.toBeNull();
        const pinned = back.pinned ?? [];
        if (key !== "duration") expect(pinned[i("duration")]).toBe(9);
        expect(valid([...pinned])).toBe(true);
      }),
      { numRuns: 300 },
    );
    const back = readLink(engine, "?v=1&a.device=tape&a.seed=-1&pinned=maybe");
    expect(back.notices).toHaveLength(3);
    expect(back.notices[0]).toContain("a.device: cannot read 'tape'");
  });
});

describe("where a page's link is read from", () => {
  const place = (search: string, hash = "") => linkQuery({ search, hash });

  it("reads the fragment, and an old query only when the fragment is empty", () => {
    expect(place("", "#v=1&readers=8")).toEqual({ query: "v=1&readers=8", fromSearch: false });
    expect(place("?v=1&readers=2", "#v=1&readers=8").query).toBe("v=1&readers=8");
    expect(place("?v=1&readers=2", "#")).toEqual({ query: "v=1&readers=2", fromSearch: true });
    expect(place("", "")).toEqual({ query: "", fromSearch: false });
  });

  it("reads an old `??` link as the CLI does: cut at the first `?`, then decode strips one more", () => {
    // `throttle-lab run --link 'http://host/??v=1&zfs_txg_timeout=10'` runs zfs_txg_timeout=10
    // with no notice; so must the page whose location.search is `??v=1&zfs_txg_timeout=10`.
    for (const search of ["??v=1&zfs_txg_timeout=10", "?v=1&zfs_txg_timeout=10"]) {
      const read = readLink(engine, place(search).query);
      expect(read.values[i("zfs_txg_timeout")]).toBe(10);
      expect(read.notices).toEqual([]);
    }
    // A third `?` is left for decode to report, on both sides.
    expect(readLink(engine, place("???v=1").query).notices).not.toEqual([]);
  });
});

describe("the history writer", () => {
  /** A window whose address bar and history are plain arrays. */
  function fakeWindow() {
    const entries = ["http://h/lab/#v=1"];
    let at = 0;
    const location = {
      get href() {
        return entries[at] ?? "";
      },
      get hash() {
        return new URL(this.href).hash;
      },
    };
    const history = {
      pushState: (_: unknown, __: string, url: string) => {
        entries.splice(at + 1, Infinity, url);
        at += 1;
      },
      replaceState: (_: unknown, __: string, url: string) => {
        entries[at] = url;
      },
    };
    return { win: { location, history }, entries };
  }

  it("makes one entry per settled change, not one per slider step", () => {
    vi.useFakeTimers();
    const { win, entries } = fakeWindow();
    const writer = createHistoryWriter(win, 400);
    for (let step = 1; step <= 30; step++) {
      writer.write(`#v=1&readers=${step}`, true);
      vi.advanceTimersByTime(20);
    }
    vi.advanceTimersByTime(1000);
    expect(entries).toEqual(["http://h/lab/#v=1", "http://h/lab/#v=1&readers=30"]);
    writer.write("#v=1&readers=31", true);
    vi.advanceTimersByTime(1000);
    expect(entries).toHaveLength(3);
    vi.useRealTimers();
  });

  it("writes a burst's first move at once, and nothing more until the burst settles", () => {
    vi.useFakeTimers();
    const { win, entries } = fakeWindow();
    const pushState = vi.spyOn(win.history, "pushState");
    const replaceState = vi.spyOn(win.history, "replaceState");
    const writer = createHistoryWriter(win, 400);
    // Steps 150 ms apart, as a slow drag: each one restarts the wait.
    for (let step = 1; step <= 10; step++) {
      writer.write(`#v=1&readers=${step}`, true);
      vi.advanceTimersByTime(150);
    }
    expect(pushState).toHaveBeenCalledTimes(1);
    expect(replaceState).not.toHaveBeenCalled();
    expect(entries).toEqual(["http://h/lab/#v=1", "http://h/lab/#v=1&readers=1"]);
    vi.advanceTimersByTime(400);
    expect(replaceState).toHaveBeenCalledTimes(1);
    expect(entries).toEqual(["http://h/lab/#v=1", "http://h/lab/#v=1&readers=10"]);
    vi.useRealTimers();
  });

  it("writes a burst's last state at once when the page goes away", () => {
    vi.useFakeTimers();
    const { win, entries } = fakeWindow();
    const writer = createHistoryWriter(win, 400);
    writer.write("#v=1&readers=4", true);
    writer.write("#v=1&readers=5", true);
    writer.flush();
    expect(entries).toEqual(["http://h/lab/#v=1", "http://h/lab/#v=1&readers=5"]);
    vi.advanceTimersByTime(1000);
    expect(entries).toEqual(["http://h/lab/#v=1", "http://h/lab/#v=1&readers=5"]);
    vi.useRealTimers();
  });

  it("drops a burst's later moves not yet written when Back or Forward moves the page", () => {
    vi.useFakeTimers();
    const { win, entries } = fakeWindow();
    const writer = createHistoryWriter(win, 400);
    writer.write("#v=1&readers=4", true);
    writer.write("#v=1&readers=5", true);
    writer.cancel();
    vi.advanceTimersByTime(1000);
    expect(entries).toEqual(["http://h/lab/#v=1", "http://h/lab/#v=1&readers=4"]);
    vi.useRealTimers();
  });

  it("gives a typed change its own entry, even right after a slider's burst", () => {
    vi.useFakeTimers();
    const { win, entries } = fakeWindow();
    const writer = createHistoryWriter(win, 400);
    writer.write("#v=1&readers=5", true);
    writer.write("#v=1&readers=6", true);
    writer.write("#v=1&readers=6&zfs_txg_timeout=7");
    writer.write("#v=1&readers=6&zfs_txg_timeout=8");
    vi.advanceTimersByTime(1000);
    expect(entries).toEqual([
      "http://h/lab/#v=1",
      "http://h/lab/#v=1&readers=6",
      "http://h/lab/#v=1&readers=6&zfs_txg_timeout=7",
      "http://h/lab/#v=1&readers=6&zfs_txg_timeout=8",
    ]);
    vi.useRealTimers();
  });

  it("rewrites the opening link in place, dropping an old query", () => {
    const { win, entries } = fakeWindow();
    entries[0] = "http://h/lab/?v=1&readers=3";
    createHistoryWriter(win).replaceNow("#v=1&readers=3");
    expect(entries).toEqual(["http://h/lab/#v=1&readers=3"]);
  });

  it("writes nothing for the state already shown", () => {
    const { win, entries } = fakeWindow();
    createHistoryWriter(win).write("#v=1");
    expect(entries).toEqual(["http://h/lab/#v=1"]);
  });
});
