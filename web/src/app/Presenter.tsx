// Presenter mode, for a projector: one panel large at a time, chart text at least 16 px as
// it lands on the screen, the lesson stepped with the arrow keys, and a QR code of the
// page's link for the room to open the same state.

import { useEffect, useRef, type RefObject } from "react";
import { messages } from "../messages";
import { qrPath } from "./qr";

/** Chart text on screen in presenter mode [CSS px]. */
export const PRESENTER_TEXT_PX = 16;

interface KeyActions {
  /** ← and →: the lesson's previous or next step. */
  onStep: (delta: -1 | 1) => void;
  /** ↑ and ↓: the previous or next panel. */
  onPanel: (delta: -1 | 1) => void;
  onLeave: () => void;
}

/** Whether a key press belongs to a control (a slider's arrows, a field's text). */
function inControl(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement && target.closest("input, select, textarea, [contenteditable]") !== null
  );
}

/** The presenter's keys, while `active`. */
export function usePresenterKeys(active: boolean, actions: KeyActions) {
  // The newest handlers, without adding and removing the listener on every render.
  const latest = useRef(actions);
  useEffect(() => {
    latest.current = actions;
  });
  useEffect(() => {
    if (!active) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey || inControl(e.target)) return;
      const act = latest.current;
      const moves: Record<string, () => void> = {
        ArrowLeft: () => act.onStep(-1),
        ArrowRight: () => act.onStep(1),
        ArrowUp: () => act.onPanel(-1),
        ArrowDown: () => act.onPanel(1),
        Escape: act.onLeave,
      };
      const move = moves[e.key];
      if (!move) return;
      e.preventDefault();
      move();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [active]);
}

/**
 * Keeps chart text at `PRESENTER_TEXT_PX` on screen however an SVG is scaled: each chart's
 * viewBox is drawn at the size its box allows, so its text is set larger by the factor the
 * chart is shrunk (`--unscale`, read by the presenter styles), never smaller than 16 px.
 */
export function useUnscaledCharts(root: RefObject<HTMLElement | null>, active: boolean, shown: string) {
  useEffect(() => {
    const element = root.current;
    if (!active || !element) return;
    const measure = () => {
      for (const svg of element.querySelectorAll<SVGSVGElement>(".panel svg")) {
        const scale = svg.getScreenCTM()?.a ?? 1;
        const unscale = scale > 0 ? Math.max(1, 1 / scale) : 1;
        svg.style.setProperty("--unscale", unscale.toFixed(4));
      }
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    // Charts drawn later (a run's first report) are measured as they appear.
    const added = new MutationObserver(measure);
    added.observe(element, { childList: true, subtree: true });
    return () => {
      observer.disconnect();
      added.disconnect();
      for (const svg of element.querySelectorAll<SVGSVGElement>(".panel svg"))
        svg.style.removeProperty("--unscale");
    };
  }, [root, active, shown]);
}

/** The QR code of `link`, or why there is none. */
export function LinkQr({ link }: { link: string }) {
  const qr = qrPath(link);
  if (!qr) return <p className="qr-too-long">{messages.presentQrTooLong}</p>;
  const quiet = 4;
  const side = qr.size + 2 * quiet;
  return (
    <figure className="link-qr" data-testid="link-qr">
      <svg
        viewBox={`${-quiet} ${-quiet} ${side} ${side}`}
        role="img"
        aria-label={`${messages.presentQr}: ${link}`}
        shapeRendering="crispEdges"
      >
        <rect x={-quiet} y={-quiet} width={side} height={side} fill="#fff" />
        <path d={qr.d} fill="#000" />
      </svg>
      <figcaption>{messages.presentQr}</figcaption>
    </figure>
  );
}
