// @vitest-environment happy-dom
// A panel that throws shows its message in its place; its siblings and the page live on.
import { act } from "react";
import { createRoot } from "react-dom/client";
import { describe, expect, it, vi } from "vitest";
import { PanelBoundary } from "./PanelBoundary";

function Fails({ when }: { when: boolean }): React.ReactNode {
  if (when) throw new RangeError("Maximum call stack size exceeded");
  return <p>drawn</p>;
}

describe("a panel's error boundary", () => {
  it("keeps a failure to its panel and draws it again once what it shows changes", async () => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    const quiet = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const host = document.createElement("div");
    const root = createRoot(host);
    const page = (fail: boolean, key: unknown[]) => (
      <>
        <PanelBoundary name="Transaction groups" retryKey={key}>
          <Fails when={fail} />
        </PanelBoundary>
        <PanelBoundary name="Summary" retryKey={key}>
          <p>summary</p>
        </PanelBoundary>
      </>
    );
    const runs = [{}];
    await act(async () => root.render(page(true, [runs])));
    expect(host.querySelector('[data-panel-failed="Transaction groups"]')?.textContent).toContain(
      "Maximum call stack size exceeded",
    );
    expect(host.textContent).toContain("summary");
    // The same runs in a new list: not tried again.
    await act(async () => root.render(page(false, [runs])));
    expect(host.querySelector("[data-panel-failed]")).not.toBeNull();
    await act(async () => root.render(page(false, [[{}]])));
    expect(host.querySelector("[data-panel-failed]")).toBeNull();
    expect(host.textContent).toContain("drawn");
    await act(async () => root.unmount());
    quiet.mockRestore();
  });
});
