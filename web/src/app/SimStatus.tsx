// Beside the controls: whether the simulations are running (with progress), and any error
// an engine run returned. The rest of the lab keeps working whatever this says.

import { truncatedOf } from "../engine/report";
import { useProgress, type SimState } from "./use-simulation";

interface Props {
  current: SimState;
  compared: SimState;
  comparisonLabel: string;
}

/** " · ~3 s left", once a run has gone long enough for an estimate to matter. */
function eta(ms: number | null): string {
  if (ms === null || ms < 1000) return "";
  const s = Math.round(ms / 1000);
  return s < 120 ? ` · ~${s} s left` : ` · ~${Math.round(s / 60)} min left`;
}

function Line({ name, state }: { name: string; state: SimState }) {
  const truncated = state.report ? truncatedOf(state.report) : null;
  const budget =
    !state.running && typeof truncated === "string" && !truncated.startsWith("stopped by the caller");
  const reported = useProgress(state.progress);
  const progress = reported?.run === state.runId ? reported : null;
  const { share, etaMs } = progress ?? { share: 0, etaMs: null };
  // A run shows as running once it reports progress, past its first moments: most slider
  // steps' runs are done by then, and a bar emptied and a Stop button shown at every step,
  // gone again a frame later, was flicker and main-thread work while the runs went on.
  const busy = state.running && progress !== null;
  return (
    <>
      <div className="sim-line">
        <span>{name}</span>
        <progress
          max={1}
          value={busy || state.stopped ? share : state.report ? 1 : 0}
          aria-label={`${name} simulation progress`}
        />
        <span className="sim-state">
          {busy
            ? `${Math.round(share * 100)}%${eta(etaMs)}`
            : state.stopped
              ? `stopped at ${Math.round(share * 100)}%`
              : state.error
                ? "failed"
                : state.report
                  ? "done"
                  : ""}
        </span>
        {busy ? (
          <button type="button" className="sim-stop" onClick={state.stop} aria-label={`Stop the ${name} run`}>
            Stop
          </button>
        ) : state.stopped ? (
          <button type="button" className="sim-stop" onClick={state.rerun} aria-label={`Run ${name} again`}>
            Run
          </button>
        ) : null}
      </div>
      {state.stopped && (
        <p className="sim-note" data-testid="sim-stopped">
          {name}: stopped; the panels show the run up to there.
        </p>
      )}
      {state.error && (
        <p className="sim-error" role="alert" data-testid="sim-error">
          {name}: the simulation could not run: {state.error}
        </p>
      )}
      {budget && (
        <p className="sim-error" role="alert">
          {name}: {truncated}
        </p>
      )}
    </>
  );
}

export function SimStatus({ current, compared, comparisonLabel }: Props) {
  return (
    <div className="sim-status" data-testid="sim-status" aria-busy={current.running || compared.running}>
      <Line name="Current" state={current} />
      <Line name={comparisonLabel} state={compared} />
    </div>
  );
}
