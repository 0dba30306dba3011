// The runs the simulation panels show: the current run (B) and the comparison (A).

import type { SimReport } from "../engine/report";

/** One run as the panels see it: which side of the comparison, its label and report. */
export interface RunView {
  side: "b" | "a";
  label: string;
  report: SimReport;
}
