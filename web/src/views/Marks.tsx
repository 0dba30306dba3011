// Chart furniture shared by the panels: a panel's frame with its title and one-line
// caption, and a dashed vertical mark labelled in the top margin on whichever side fits.

import type { ReactNode } from "react";
import { labelSide, PLOT } from "./chart-layout";

interface PanelProps {
  id: string;
  title: string;
  caption: ReactNode;
  children: ReactNode;
}

export function Panel({ id, title, caption, children }: PanelProps) {
  return (
    <section className="panel" aria-labelledby={`${id}-title`} data-panel={id}>
      <h2 id={`${id}-title`}>{title}</h2>
      <p className="caption">{caption}</p>
      {children}
    </section>
  );
}

interface MarkProps {
  xPx: number;
  text: string;
  /** 0: the upper label row of the top margin, 1: the lower one. */
  row: 0 | 1;
  prefer?: "start" | "end";
}

export function VerticalMark({ xPx, text, row, prefer = "start" }: MarkProps) {
  const side = labelSide(xPx, text, prefer);
  return (
    <>
      <line className="mark" x1={xPx} x2={xPx} y2={PLOT.height} />
      <text className="mark-label" x={side.x} y={row === 0 ? -30 : -14} textAnchor={side.anchor}>
        {text}
      </text>
    </>
  );
}
