// Starts the engine, reads the link, and shows the lab (or why it could not start).

import { useEffect, useState } from "react";
import type { Engine } from "../engine/engine";
import {
  compileEngine,
  createBrowserAdvisor,
  createBrowserSimulator,
  loadEngine,
} from "../engine/load-browser";
import { messages } from "../messages";
import { Lab } from "./Lab";
import { UpdateNotice } from "./UpdateNotice";
import type { Simulators } from "./use-lab";
import { linkQuery, readLink, type Initial } from "./url-state";

type State =
  | { kind: "loading" }
  | { kind: "ready"; engine: Engine; initial: Initial; simulators: Simulators }
  | { kind: "failed"; message: string };

export function App() {
  const [state, setState] = useState<State>({ kind: "loading" });
  useEffect(() => {
    let live = true;
    // One fetch and one compile of the WASM for the page and both workers.
    const start = async () => {
      const module = await compileEngine();
      const engine = await loadEngine(module);
      if (!live) return;
      setState({
        kind: "ready",
        engine,
        initial: readLink(engine, linkQuery(window.location).query),
        // Two workers: the current run and the comparison go on side by side; the advisor
        // starts its own at its first sweep.
        simulators: {
          current: createBrowserSimulator(module),
          comparison: createBrowserSimulator(module),
          advisor: createBrowserAdvisor(module),
        },
      });
    };
    start().catch(
      (e: unknown) =>
        live && setState({ kind: "failed", message: e instanceof Error ? e.message : String(e) }),
    );
    return () => {
      live = false;
    };
  }, []);

  return (
    <>
      {state.kind === "loading" ? (
        <p className="loading">{messages.loading}</p>
      ) : state.kind === "failed" ? (
        <p role="alert">{messages.engineFailed(state.message)}</p>
      ) : (
        <Lab engine={state.engine} initial={state.initial} simulators={state.simulators} />
      )}
      {/* Last: it floats over the page, and the skip link must stay the first stop of Tab. */}
      <UpdateNotice />
    </>
  );
}
