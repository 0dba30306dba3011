// The tuning advisor: the user picks the symptom and what must not get worse; the sweep runs
// in its own worker, one candidate at a time, with progress and Stop; the trade-off is drawn
// point by point as it goes; the proposal is stated with its cost, and one click pins the
// settings the sweep started from as A and sets the proposal as B.

import { useId, useMemo, useState } from "react";
import {
  candidateValues,
  guardText,
  settingsText,
  showMetric,
  type AdviseProgress,
  type AdvisorRunner,
} from "../engine/advisor";
import type { Engine, Values } from "../engine/engine";
import type { Advice, Candidate, Catalog, Metric, MetricInfo } from "../engine/types";
import { TradeOffChart, type TradeOffPoint } from "../views/TradeOffChart";
import { messages } from "../messages";

interface Props {
  engine: Engine;
  values: Values;
  runner: AdvisorRunner | null;
  /** Pins `a` as A and sets `b` as the values edited (B). */
  onApply: (a: Values, b: Values) => void;
}

type Status =
  | { kind: "idle" }
  | { kind: "running"; runs: number; planned: number }
  | { kind: "stopped" }
  | { kind: "done" }
  | { kind: "error"; message: string };

type Guards = Partial<Record<Metric, { on: boolean; percent: number }>>;

/** The symptom's suggested guards switched on, every other guard off at 10%. */
function guardsFor(catalog: Catalog, symptom: string): Guards {
  const suggested = new Map(catalog.symptoms.find((s) => s.name === symptom)?.guards ?? []);
  return Object.fromEntries(
    catalog.guards.map((m) => [m, { on: suggested.has(m), percent: suggested.get(m) ?? 10 }]),
  );
}

/** A candidate's kind on the plot. */
function kindOf(advice: Advice, c: Candidate, i: number): TradeOffPoint["kind"] {
  if (c.pass === "baseline") return "baseline";
  if (i === advice.proposal) return "proposal";
  return c.feasible ? "feasible" : "infeasible";
}

export function AdvisorPanel({ engine, values, runner, onApply }: Props) {
  const id = useId();
  const catalog = useMemo(() => {
    const got = engine.advisorCatalog();
    return got.status === "ok" ? got.value : null;
  }, [engine]);
  const [symptom, setSymptom] = useState(catalog?.symptoms[0]?.name ?? "");
  const [guards, setGuards] = useState<Guards>(() => (catalog ? guardsFor(catalog, symptom) : {}));
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  const [advice, setAdvice] = useState<Advice | null>(null);
  // The settings the sweep started from: its baseline, A when its proposal is applied.
  const [base, setBase] = useState<Values | null>(null);
  const [xChoice, setXChoice] = useState<Metric | null>(null);
  const [applied, setApplied] = useState(false);
  if (!catalog) return null;
  const info = new Map<Metric, MetricInfo>(catalog.metrics.map((m) => [m.name as Metric, m]));
  const symptomInfo = catalog.symptoms.find((s) => s.name === symptom);
  const metric = symptomInfo?.metric;

  const pick = (name: string) => {
    setSymptom(name);
    setGuards(guardsFor(catalog, name));
  };
  const start = () => {
    if (!runner) return;
    const asked = catalog.guards.flatMap((m) => {
      const g = guards[m];
      return g?.on && m !== metric ? [guardText(m, g.percent)] : [];
    });
    const from = values;
    setBase(from);
    setAdvice(null);
    setApplied(false);
    setStatus({ kind: "running", runs: 0, planned: 0 });
    const onProgress = (p: AdviseProgress) => {
      setAdvice(p.advice);
      setStatus({ kind: "running", runs: p.runs, planned: p.planned });
    };
    void runner.run({ values: from, symptom, guards: asked }, onProgress).then((r) => {
      if (r.status === "ok") {
        setAdvice(r.advice);
        setStatus({ kind: "done" });
      } else if (r.status === "error") setStatus({ kind: "error", message: r.message });
      else setStatus({ kind: "stopped" });
    });
  };

  const baseline = advice?.candidates.find((c) => c.pass === "baseline");
  // Across: the chosen metric, else the first guard, else what the symptom trades against.
  const measured = catalog.metrics
    .map((m) => m.name as Metric)
    .filter((m) => m !== advice?.metric && baseline?.measures[m] !== undefined);
  const firstGuard = advice?.guards.find((g) => measured.includes(g.metric))?.metric;
  const x = xChoice && measured.includes(xChoice) ? xChoice : (firstGuard ?? measured[0] ?? null);
  const xInfo = x ? info.get(x) : undefined;
  const yInfo = advice ? info.get(advice.metric) : undefined;
  const points: TradeOffPoint[] =
    advice && x && xInfo && yInfo
      ? advice.candidates.flatMap((c, i) => {
          const [xv, yv] = [c.measures[x], c.score];
          if (xv === undefined || yv === null) return [];
          const figures = `${yInfo.title} ${showMetric(yInfo, yv)}, ${xInfo.title} ${showMetric(xInfo, xv)}`;
          const broken = c.broken.length ? `; breaks ${c.broken.join("; ")}` : "";
          return [
            { x: xv, y: yv, kind: kindOf(advice, c, i), label: `${settingsText(c)}: ${figures}${broken}` },
          ];
        })
      : [];
  const proposal = advice?.proposal != null ? advice.candidates[advice.proposal] : undefined;
  const running = status.kind === "running";

  return (
    <details className="paste-settings advisor" data-testid="advisor">
      <summary>{messages.advisorTitle}</summary>
      <p className="advisor-intro">{messages.advisorIntro}</p>
      <label htmlFor={`${id}-symptom`}>{messages.advisorSymptom}</label>
      <select id={`${id}-symptom`} value={symptom} onChange={(e) => pick(e.target.value)} disabled={running}>
        {catalog.symptoms.map((s) => (
          <option key={s.name} value={s.name}>
            {s.title}
          </option>
        ))}
      </select>
      {symptomInfo && (
        <p className="advisor-sweeps">
          {messages.advisorSweeps(
            info.get(symptomInfo.metric)?.better === "higher",
            info.get(symptomInfo.metric)?.title ?? "",
            symptomInfo.tunables.length,
          )}
        </p>
      )}
      <fieldset className="advisor-guards" disabled={running}>
        <legend>{messages.advisorGuards}</legend>
        {catalog.guards
          .filter((m) => m !== metric)
          .map((m) => {
            const g = guards[m] ?? { on: false, percent: 10 };
            const set = (next: Partial<typeof g>) => setGuards({ ...guards, [m]: { ...g, ...next } });
            return (
              <div key={m} className="advisor-guard">
                <input
                  type="checkbox"
                  id={`${id}-${m}`}
                  checked={g.on}
                  onChange={(e) => set({ on: e.target.checked })}
                />
                <label htmlFor={`${id}-${m}`}>{info.get(m)?.title ?? m}</label>
                <input
                  type="number"
                  min={0}
                  max={1000}
                  step={1}
                  value={g.percent}
                  aria-label={messages.advisorTolerance(info.get(m)?.title ?? m)}
                  onChange={(e) =>
                    set({ percent: Math.max(0, Math.min(1000, Math.round(Number(e.target.value)))) })
                  }
                />
                <span>{messages.advisorPercentWorse}</span>
              </div>
            );
          })}
      </fieldset>
      <p className="advisor-actions">
        <button type="button" onClick={start} disabled={running || !runner}>
          {messages.advisorStart}
        </button>{" "}
        <button type="button" onClick={() => runner?.stop()} disabled={!running}>
          {messages.advisorStop}
        </button>{" "}
        <span role="status" data-testid="advisor-progress">
          {status.kind === "running" && (
            <>
              <progress
                max={Math.max(1, status.planned)}
                value={status.runs}
                aria-label={messages.advisorProgress(status.runs, status.planned)}
              />{" "}
              {messages.advisorProgress(status.runs, status.planned)}
            </>
          )}
          {status.kind === "stopped" && messages.advisorStopped(advice?.runs ?? 0)}
          {status.kind === "done" && messages.advisorDone(advice?.runs ?? 0)}
        </span>
      </p>
      {status.kind === "error" && (
        <p className="paste-error" role="alert">
          {status.message}
        </p>
      )}
      {advice && xInfo && yInfo && points.length > 0 && (
        <>
          <label htmlFor={`${id}-x`}>{messages.advisorAcross}</label>
          <select id={`${id}-x`} value={x ?? ""} onChange={(e) => setXChoice(e.target.value as Metric)}>
            {measured.map((m) => (
              <option key={m} value={m}>
                {info.get(m)?.title ?? m}
              </option>
            ))}
          </select>
          <TradeOffChart
            title={messages.advisorPlotTitle(yInfo.title, xInfo.title)}
            xLabel={xInfo.title}
            yLabel={yInfo.title}
            xFormat={(v) => showMetric(xInfo, v)}
            yFormat={(v) => showMetric(yInfo, v)}
            points={points}
          />
        </>
      )}
      {advice && (status.kind === "done" || status.kind === "stopped") && (
        <div className="advisor-proposal" data-testid="advisor-proposal">
          <p data-testid="advisor-verdict">
            {status.kind === "stopped" && `${messages.advisorSoFar} `}
            {advice.verdict}
          </p>
          {advice.costs.length > 0 && (
            <ul className="advisor-costs" data-testid="advisor-costs">
              {advice.costs.map((c) => (
                <li key={c}>{messages.advisorCost(c)}</li>
              ))}
            </ul>
          )}
          {proposal && base && (
            <p>
              <button
                type="button"
                data-testid="advisor-apply"
                onClick={() => {
                  onApply(base, candidateValues(engine, base, proposal));
                  setApplied(true);
                }}
              >
                {messages.advisorApply}
              </button>
              {applied && (
                <span role="status" className="advisor-applied">
                  {" "}
                  {messages.advisorApplied}
                </span>
              )}
            </p>
          )}
          <details className="text-view">
            <summary>{messages.advisorLevers}</summary>
            <ul className="advisor-levers">
              {advice.levers.map((l) => (
                <li key={l.name}>
                  <code>{l.name}</code> {messages.advisorGrid(l.base, l.grid)}: {l.mechanism}
                </li>
              ))}
            </ul>
            {advice.ignored.length > 0 && (
              <p className="advisor-ignored">{messages.advisorIgnored(advice.ignored)}</p>
            )}
          </details>
          <details className="text-view">
            <summary>{messages.advisorAll(advice.candidates.length)}</summary>
            <table className="advisor-table" data-testid="advisor-table">
              <thead>
                <tr>
                  <th>{yInfo?.label}</th>
                  {xInfo && <th>{xInfo.label}</th>}
                  <th>{messages.advisorKept}</th>
                  <th>{messages.advisorSettings}</th>
                </tr>
              </thead>
              <tbody>
                {advice.candidates.map((c, i) => (
                  <tr key={i} className={i === advice.proposal ? "proposal" : undefined}>
                    <td>{c.score !== null && yInfo ? showMetric(yInfo, c.score) : "-"}</td>
                    {xInfo && x && (
                      <td>{c.measures[x] !== undefined ? showMetric(xInfo, c.measures[x]) : "-"}</td>
                    )}
                    <td>
                      {c.pass === "baseline"
                        ? ""
                        : c.refused
                          ? messages.advisorRefused
                          : c.feasible
                            ? "yes"
                            : "no"}
                    </td>
                    <td title={c.refused ?? c.broken.join("; ")}>{settingsText(c)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        </div>
      )}
    </details>
  );
}
