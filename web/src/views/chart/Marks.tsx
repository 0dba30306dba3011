// A dashed vertical mark on a curve chart, labelled in the top margin on whichever side fits.

import { labelSide, PLOT } from "./chart-layout";

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
