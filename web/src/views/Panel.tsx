// A panel's frame (its title and one-line caption) and the parts panels share: a line per
// run in the run's colour, and the copyable text views engineers already read.

import { useContext, useRef, type ReactNode } from "react";
import { ShownPanel } from "./chart/presenting";
import { download, panelSvg, svgToPng } from "./panel-export";
import type { RunView } from "./runs";

interface PanelProps {
  id: string;
  title: string;
  caption: ReactNode;
  children: ReactNode;
}

export function Panel({ id, title, caption, children }: PanelProps) {
  const ref = useRef<HTMLElement>(null);
  const shown = useContext(ShownPanel);
  const save = (as: "svg" | "png") => {
    const svg = ref.current ? panelSvg(ref.current) : null;
    if (!svg) return;
    if (as === "svg") download(`${id}.svg`, svg.text, "image/svg+xml");
    else void svgToPng(svg).then((png) => download(`${id}.png`, png));
  };
  return (
    <section
      className="panel"
      aria-labelledby={`${id}-title`}
      data-panel={id}
      ref={ref}
      hidden={shown !== null && shown !== id}
    >
      <div className="panel-head">
        <h2 id={`${id}-title`}>{title}</h2>
        <span className="panel-save" aria-label={`Save ${title}`}>
          <button type="button" onClick={() => save("svg")} title={`${title} as SVG`}>
            SVG
          </button>
          <button type="button" onClick={() => save("png")} title={`${title} as PNG`}>
            PNG
          </button>
        </span>
      </div>
      <p className="caption">{caption}</p>
      {children}
    </section>
  );
}

interface RunLinesProps {
  runs: RunView[];
  className: string;
  testId: string;
  /** A bulleted list (the default), or a paragraph per run. */
  as?: "list" | "paragraphs";
  /** Leave the run's label uncoloured. */
  plain?: boolean;
  /** What follows `label: ` on the run's line. */
  children: (r: RunView) => ReactNode;
}

/** One line per run, `label: …`, the label in the run's colour. */
export function RunLines({ runs, className, testId, as = "list", plain = false, children }: RunLinesProps) {
  const [List, Item] = as === "list" ? (["ul", "li"] as const) : (["div", "p"] as const);
  return (
    <List className={className} data-testid={testId}>
      {runs.map((r) => (
        <Item key={r.side} className={plain ? undefined : `figure side-${r.side}`}>
          <strong>{r.label}</strong>: {children(r)}
        </Item>
      ))}
    </List>
  );
}

/** Text under a disclosure line, closed until asked for (dirty.d output, kstat rows). */
export function TextView({ summary, testId, text }: { summary: string; testId: string; text: string }) {
  return (
    <details className="text-view">
      <summary>{summary}</summary>
      <pre tabIndex={0} data-testid={testId}>
        {text}
      </pre>
    </details>
  );
}

interface TextBlockProps {
  heading: string;
  text: string;
  testId?: string;
  /** Beside the heading: a copy button, say. */
  action?: ReactNode;
}

/** A heading over preformatted text, as DTrace or zpool print it. */
export function TextBlock({ heading, text, testId, action }: TextBlockProps) {
  return (
    <div className="text-block">
      <div className="text-head">
        <span>{heading}</span>
        {action}
      </div>
      <pre tabIndex={0} data-testid={testId}>
        {text}
      </pre>
    </div>
  );
}
