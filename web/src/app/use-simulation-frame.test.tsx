// @vitest-environment happy-dom
// When the page draws a run's report: in the animation frame that applies it (not in a task
// after it, which the browser would show a frame later), and the two runs of a step together.
import { act, type ReactElement } from "react";
import { createRoot } from "react-dom/client";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Engine } from "../engine/engine";
import type { SimReport } from "../engine/report";
import type { SimResult, Simulator } from "../engine/simulation";
import { PAIR_WAIT_MS, useSimulation } from "./use-simulation";

const engine = { schema: [{ effect: "rerun" }] } as unknown as Engine;
const values = [1];

function Probe({ simulator }: { simulator: Simulator }) {
  const sim = useSimulation(engine, simulator, values);
  return <p>{`completed ${sim.completed}, pictures ${sim.pictures}`}</p>;
}

/** A simulator whose one run ends when the test says. */
function manual() {
  let finish: (result: SimResult) => void = () => {};
  const simulator: Simulator = {
    run: () => new Promise<SimResult>((resolve) => (finish = resolve)),
    stop() {},
    start() {},
  };
  return {
    simulator,
    finish: () => finish({ status: "ok", report: { meta: {}, columns: {} } as unknown as SimReport }),
  };
}

const actEnvironment = (on: boolean) =>
  ((globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = on);

/**
 * Renders `element` with the animation frames it asks for held in a list (the test calls
 * them), and React's act() environment off afterwards, as in the browser.
 */
async function mount(element: ReactElement) {
  const frames: FrameRequestCallback[] = [];
  vi.stubGlobal("requestAnimationFrame", (callback: FrameRequestCallback) => frames.push(callback));
  const host = document.createElement("div");
  document.body.append(host);
  actEnvironment(true);
  const root = createRoot(host);
  await act(async () => root.render(element));
  actEnvironment(false);
  const unmount = async () => {
    vi.useRealTimers();
    actEnvironment(true);
    await act(async () => root.unmount());
  };
  return { frames, host, unmount };
}

/** The current run and the comparison, as the lab has them, on fake timers. */
async function mountPair() {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
  const [a, b] = [manual(), manual()];
  const mounted = await mount(
    <>
      <Probe simulator={a.simulator} />
      <Probe simulator={b.simulator} />
    </>,
  );
  return { a, b, ...mounted };
}

describe("useSimulation", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    actEnvironment(false);
  });

  it("draws a finished run within the animation frame that applies it", async () => {
    const a = manual();
    const { frames, host, unmount } = await mount(<Probe simulator={a.simulator} />);
    expect(host.textContent).toBe("completed 0, pictures 0");

    // The worker answers; the update waits for the next animation frame.
    a.finish();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(frames).toHaveLength(1);
    expect(host.textContent).toBe("completed 0, pictures 0");

    // The frame comes: the page holds the new picture when its callback returns, before the
    // browser draws that frame, with no task of React's scheduler run in between.
    frames[0]?.(0);
    expect(host.textContent).toBe("completed 1, pictures 1");
    await unmount();
  });

  it("draws the two runs of a step in one frame: the first to finish waits for the other", async () => {
    const { a, b, frames, host, unmount } = await mountPair();
    a.finish();
    await vi.advanceTimersByTimeAsync(PAIR_WAIT_MS / 2);
    expect(frames).toHaveLength(0);
    b.finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(frames).toHaveLength(1);
    frames[0]?.(0);
    expect(host.textContent).toBe("completed 1, pictures 1".repeat(2));
    await unmount();
  });

  it("draws the first run alone once the other has kept it waiting long enough", async () => {
    const { a, b, frames, host, unmount } = await mountPair();
    a.finish();
    await vi.advanceTimersByTimeAsync(PAIR_WAIT_MS - 1);
    expect(frames).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(frames).toHaveLength(1);
    frames[0]?.(0);
    expect(host.textContent).toBe("completed 1, pictures 1completed 0, pictures 0");
    // The other, later, is drawn at the next frame with nothing to wait for.
    b.finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(frames).toHaveLength(2);
    frames[1]?.(0);
    expect(host.textContent).toBe("completed 1, pictures 1".repeat(2));
    await unmount();
  });
});
