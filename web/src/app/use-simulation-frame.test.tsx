// @vitest-environment happy-dom
// A run's report is drawn in the animation frame that applies it, not in a task after it
// (which the browser would show a frame later).
import { act } from "react";
import { createRoot } from "react-dom/client";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Engine } from "../engine/engine";
import type { SimReport } from "../engine/report";
import type { SimResult, Simulator } from "../engine/simulation";
import { useSimulation } from "./use-simulation";

const engine = { schema: [{ effect: "rerun" }] } as unknown as Engine;
const values = [1];

function Probe({ simulator }: { simulator: Simulator }) {
  const sim = useSimulation(engine, simulator, values);
  return <p>{`completed ${sim.completed}, pictures ${sim.pictures}`}</p>;
}

describe("useSimulation", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
  });

  it("draws a finished run within the animation frame that applies it", async () => {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal("requestAnimationFrame", (callback: FrameRequestCallback) => frames.push(callback));
    let finish: (result: SimResult) => void = () => {};
    const simulator: Simulator = {
      run: () => new Promise<SimResult>((resolve) => (finish = resolve)),
      stop() {},
      start() {},
    };
    const host = document.createElement("div");
    document.body.append(host);
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    const root = createRoot(host);
    await act(async () => root.render(<Probe simulator={simulator} />));
    expect(host.textContent).toBe("completed 0, pictures 0");

    // The worker answers; the update waits for the next animation frame.
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
    finish({ status: "ok", report: { meta: {}, columns: {} } as unknown as SimReport });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(frames).toHaveLength(1);
    expect(host.textContent).toBe("completed 0, pictures 0");

    // The frame comes: the page holds the new picture when its callback returns, before the
    // browser draws that frame, with no task of React's scheduler run in between.
    frames[0]?.(0);
    expect(host.textContent).toBe("completed 1, pictures 1");
    await act(async () => root.unmount());
  });
});
