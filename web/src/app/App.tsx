// Starts the engine, reads the link, and shows the lab (or why it could not start).

import { useEffect, useState } from "react";
import type { Engine } from "../engine/engine";
import { createBrowserSimulator, loadEngine } from "../engine/load-browser";
import { messages } from "../messages";
import { Lab } from "./Lab";
import { linkQuery, readLink, type Initial } from "./url-state";

type State =
  | { kind: "loading" }
  | { kind: "ready"; engine: Engine; initial: Initial }
  | { kind: "failed"; message: string };

export function App() {
  const [state, setState] = useState<State>({ kind: "loading" });
  // Two workers, made once: the current run and the comparison go on side by side.
  const [simulators] = useState(() => ({
    current: createBrowserSimulator(),
    comparison: createBrowserSimulator(),
  }));
  useEffect(() => {
    let live = true;
    loadEngine().then(
      (engine) =>
        live &&
        setState({ kind: "ready", engine, initial: readLink(engine, linkQuery(window.location).query) }),
      (e: unknown) =>
        live && setState({ kind: "failed", message: e instanceof Error ? e.message : String(e) }),
    );
    return () => {
      live = false;
    };
  }, []);

  if (state.kind === "loading") return <p className="loading">{messages.loading}</p>;
  if (state.kind === "failed") return <p role="alert">{messages.engineFailed(state.message)}</p>;
  return <Lab engine={state.engine} initial={state.initial} simulators={simulators} />;
}
