// Keeps a panel's failure inside that panel: its place shows what went wrong and the rest of
// the page goes on. A new `retryKey` (new runs, new settings) draws the panel again.

import { Component, type ReactNode } from "react";
import { messages } from "../messages";

interface Props {
  /** The panel's name, as its heading says it. */
  name: string;
  /** What the panel draws (a value, or a list compared item by item); when it changes, the panel is tried again. */
  retryKey: unknown;
  children: ReactNode;
}

interface State {
  error: string | null;
  retryKey: unknown;
}

export class PanelBoundary extends Component<Props, State> {
  override state: State = { error: null, retryKey: this.props.retryKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error.message : String(error) };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return sameKey(props.retryKey, state.retryKey) ? null : { error: null, retryKey: props.retryKey };
  }

  override render() {
    if (this.state.error === null) return this.props.children;
    return (
      <section className="panel panel-failed" data-panel-failed={this.props.name} role="alert">
        <h2>{this.props.name}</h2>
        <p>{messages.panelFailed(this.state.error)}</p>
      </section>
    );
  }
}

const sameKey = (a: unknown, b: unknown) =>
  a === b ||
  (Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => item === b[i]));
