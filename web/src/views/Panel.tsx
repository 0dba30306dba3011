// A panel's frame: its title and one-line caption around the charts and readouts.

import type { ReactNode } from "react";

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
