// @vitest-environment happy-dom
// A panel in view draws the newest runs at once; one out of view keeps its picture while
// runs come in, catches up when they have settled, and says it is behind meanwhile.
import { act } from "react";
import { createRoot } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { WhenSeen } from "./WhenSeen";

/** An IntersectionObserver whose answers the test gives. */
class FakeObserver {
  static all: FakeObserver[] = [];
  readonly targets: Element[] = [];
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeObserver.all.push(this);
  }
  observe(target: Element) {
    this.targets.push(target);
  }
  disconnect() {}
  /** Says whether its element is in view. */
  report(isIntersecting: boolean) {
    const entries = this.targets.map((target) => ({ target, isIntersecting }) as IntersectionObserverEntry);
    this.callback(entries, this as unknown as IntersectionObserver);
  }
}

const panel = (label: string) => (value: string) => <p data-testid={label}>{value}</p>;

describe("WhenSeen", () => {
  beforeEach(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    FakeObserver.all = [];
    vi.stubGlobal("IntersectionObserver", FakeObserver);
  });
  afterEach(() => vi.unstubAllGlobals());

  it("keeps a panel out of view as it was until the runs settle, and one in view current", async () => {
    const host = document.createElement("div");
    document.body.append(host);
    const root = createRoot(host);
    const page = (value: string, settled: boolean) => (
      <>
        <WhenSeen value={value} settled={settled}>
          {panel("above")}
        </WhenSeen>
        <WhenSeen value={value} settled={settled}>
          {panel("below")}
        </WhenSeen>
      </>
    );
    const text = (id: string) => host.querySelector(`[data-testid="${id}"]`)?.textContent;
    await act(async () => root.render(page("run 1", true)));
    expect(text("above")).toBe("run 1");
    expect(text("below")).toBe("run 1");
    const [above, below] = FakeObserver.all;
    await act(async () => {
      above?.report(true);
      below?.report(false);
    });

    // A partial report while the runs go on: only the panel in view follows.
    await act(async () => root.render(page("run 2, partial", false)));
    expect(text("above")).toBe("run 2, partial");
    expect(text("below")).toBe("run 1");
    expect(document.body.dataset["panelsBehind"]).toBe("1");

    // The runs are in: the panel below catches up.
    await act(async () => root.render(page("run 2", true)));
    expect(text("above")).toBe("run 2");
    expect(text("below")).toBe("run 2");
    expect(document.body.dataset["panelsBehind"]).toBe("0");

    // Scrolled to while a run goes on, a panel shows the newest report at once.
    await act(async () => root.render(page("run 3, partial", false)));
    expect(text("below")).toBe("run 2");
    await act(async () => below?.report(true));
    expect(text("below")).toBe("run 3, partial");
    expect(document.body.dataset["panelsBehind"]).toBe("0");
    await act(async () => root.unmount());
  });
});
