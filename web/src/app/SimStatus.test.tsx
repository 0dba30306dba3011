// @vitest-environment happy-dom
// The status line of each run: a run shows as running (its share, Stop) once it reports
// progress; in its first moments, before any report, the line stays as it was, so that a
// slider step's short runs do not flash the bar and the button.
import { act } from "react";
import { createRoot } from "react-dom/client";
import { afterEach, describe, expect, it } from "vitest";
import type { SimReport } from "../engine/report";
import { SimStatus } from "./SimStatus";
import { ProgressStore, type SimState } from "./use-simulation";

const report = { meta: {}, columns: {} } as unknown as SimReport;

function state(over: Partial<SimState>): SimState {
  return {
    report,
    running: false,
    progress: new ProgressStore(),
    runId: "0:a",
    error: null,
    stopped: false,
    completed: 1,
    pictures: 1,
    stop: () => {},
    rerun: () => {},
    ...over,
  };
}

const actEnvironment = (on: boolean) =>
  ((globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = on);

async function render(current: SimState) {
  const host = document.createElement("div");
  document.body.append(host);
  actEnvironment(true);
  const root = createRoot(host);
  await act(async () =>
    root.render(<SimStatus current={current} compared={state({})} comparisonLabel="Legacy" />),
  );
  const line = () => host.querySelector(".sim-line");
  return { host, root, line };
}

describe("SimStatus", () => {
  afterEach(() => actEnvironment(false));

  it("shows a new run as running only once it reports, and never the last run's progress", async () => {
    const progress = new ProgressStore();
    // The last run (another id) had reported 40%.
    progress.set({ run: "0:old", share: 0.4, etaMs: null });
    const running = state({ running: true, runId: "0:new", progress });
    const { root, line } = await render(running);
    expect(line()?.textContent).toContain("done");
    expect(line()?.querySelector("button")).toBeNull();
    expect(line()?.querySelector("progress")?.getAttribute("value")).toBe("1");

    await act(async () => progress.set({ run: "0:new", share: 0.25, etaMs: null }));
    expect(line()?.textContent).toContain("25%");
    expect(line()?.querySelector("button")?.getAttribute("aria-label")).toBe("Stop the Current run");
    expect(line()?.querySelector("progress")?.getAttribute("value")).toBe("0.25");
    await act(async () => root.unmount());
  });

  it("says where a stopped run got to", async () => {
    const progress = new ProgressStore();
    progress.set({ run: "0:a", share: 0.5, etaMs: null });
    const { root, line } = await render(state({ stopped: true, progress }));
    expect(line()?.textContent).toContain("stopped at 50%");
    expect(line()?.querySelector("button")?.getAttribute("aria-label")).toBe("Run Current again");
    await act(async () => root.unmount());
  });

  it("shows an empty bar before the first run has a report", async () => {
    const { root, line } = await render(state({ running: true, report: null, completed: 0, pictures: 0 }));
    expect(line()?.querySelector("progress")?.getAttribute("value")).toBe("0");
    await act(async () => root.unmount());
  });
});
