// The lab's layout: the header's actions, the link notices, the settings beside the panels.
// The state, the link and the simulations are use-lab's; this file only places them.

import { useEffect, useMemo, useRef, useState, type MouseEvent, type ReactNode } from "react";
import type { Engine } from "../engine/engine";
import type { ImportedEvidence } from "../engine/types";
import type { TunableSpec } from "../engine/schema";
import { ControlPanel } from "../controls/ControlPanel";
import { filterWords, matchesFilter } from "../controls/filter";
import { EntryControl } from "../controls/TunableControl";
import { AllocatorPanel } from "../views/AllocatorPanel";
import { ApplicationPanel } from "../views/ApplicationPanel";
import { AsyncWriteCurvePanel } from "../views/AsyncWriteCurvePanel";
import { CurveCursorProvider } from "../views/chart/curve-cursor";
import { ShownTimeAxis, TimeAxisProvider } from "../views/chart/time-axis";
import { DelayCurvePanel } from "../views/DelayCurvePanel";
import { DirtyPanel } from "../views/DirtyPanel";
import { EvidencePanel } from "../views/EvidencePanel";
import { LatencyPanel } from "../views/LatencyPanel";
import { ShownPanel } from "../views/chart/presenting";
import { WhenSeen } from "../views/WhenSeen";
import { PanelBoundary } from "../views/PanelBoundary";
import { PicketFencePanel } from "../views/PicketFencePanel";
import { QueueDepthPanel } from "../views/QueueDepthPanel";
import { VdevPanel } from "../views/VdevPanel";
import { ScanProgressPanel, scans } from "../views/ScanProgressPanel";
import { SteadyPanel } from "../views/SteadyPanel";
import { SummaryTable } from "../views/SummaryTable";
import { TxgPanel } from "../views/TxgPanel";
import { TxgTimelinePanel } from "../views/TxgTimelinePanel";
import { WriterWaitPanel } from "../views/WriterWaitPanel";
import type { RunView } from "../views/runs";
import { messages } from "../messages";
import { AdvisorPanel } from "./AdvisorPanel";
import { EvidenceImport } from "./EvidenceImport";
import { LessonPicker } from "./LessonPicker";
import { LessonWalker } from "./LessonWalker";
import { LinkQr, usePresenterKeys, useUnscaledCharts } from "./Presenter";
import { ExportSettings } from "./ExportSettings";
import { MessageList } from "./MessageList";
import { PasteSettings } from "./PasteSettings";
import { PresetAbout, PresetPicker } from "./PresetPicker";
import { SimStatus } from "./SimStatus";
import { useLab, type Simulators } from "./use-lab";
import { fragmentFor, linkFor, type Initial } from "./url-state";

interface Props {
  engine: Engine;
  initial: Initial;
  simulators: Simulators;
}

const isTunable = (spec: TunableSpec) => spec.kind === "tunable";

/** The skip link moves focus without touching the fragment, which holds the lab's state. */
function skipToPanels(e: MouseEvent<HTMLAnchorElement>) {
  e.preventDefault();
  const panels = document.getElementById("panels");
  panels?.focus();
  panels?.scrollIntoView();
}

export function Lab({ engine, initial, simulators }: Props) {
  const lab = useLab(engine, initial, simulators);
  const { values, errors, handlers, pinned, runs } = lab;
  // Stable while the release is, so the memoized control panels stay put.
  const absent = useMemo(
    () => ({ names: lab.absent, oldNames: lab.oldNames, release: lab.releaseName }),
    [lab.absent, lab.oldNames, lab.releaseName],
  );
  // The settings filter is a view of the controls, not lab state: it stays out of the link.
  const [filter, setFilter] = useState("");
  const [evidence, setEvidence] = useState<ImportedEvidence | null>(null);
  const words = filterWords(filter);
  // Presenter mode: one panel at a time, the step's own unless the presenter moved on.
  const present = lab.view.present;
  const step = lab.view.step ?? 1;
  const stepPanel = lab.lesson?.steps[step - 1]?.panel ?? "application";
  const [chosenPanel, setChosenPanel] = useState<{ step: string; panel: string } | null>(null);
  const stepKey = `${lab.lesson?.name ?? ""}/${step}`;
  const shownPanel = chosenPanel?.step === stepKey ? chosenPanel.panel : stepPanel;
  const panelsRef = useRef<HTMLElement>(null);
  // The presenter's panel list is read from the page, so that it names every panel drawn.
  const [panelList, setPanelList] = useState<[string, string][]>([]);
  useEffect(() => {
    if (!present) return;
    const heads = panelsRef.current?.querySelectorAll<HTMLElement>("[data-panel]") ?? [];
    const list = Array.from(heads, (p): [string, string] => [
      p.dataset["panel"] ?? "",
      p.querySelector("h2")?.textContent ?? p.dataset["panel"] ?? "",
    ]);
    setPanelList((old) => (JSON.stringify(old) === JSON.stringify(list) ? old : list));
  }, [present, runs, evidence]);
  // What every time panel is drawn from (the runs and their time axis), and whether both
  // runs are in (WhenSeen).
  const shown = useMemo(
    () => ({ runs, durationS: lab.durationS, steadyS: lab.steadyS }),
    [runs, lab.durationS, lab.steadyS],
  );
  const timed = { shown, settled: lab.settled };
  const presetTitle = useMemo(() => {
    const presets = engine.labPresets();
    return presets.status === "ok" ? presets.value.find((p) => p.name === lab.view.preset)?.title : undefined;
  }, [engine, lab.view.preset]);
  useUnscaledCharts(panelsRef, present, shownPanel);
  usePresenterKeys(present, {
    onStep: (delta) => {
      const lesson = lab.lesson;
      const next = step + delta;
      if (lesson && next >= 1 && next <= lesson.steps.length) lab.openLesson(lesson.name, next);
    },
    onPanel: (delta) => {
      const ids = panelList.map(([id]) => id);
      const at = ids.indexOf(shownPanel);
      const next = ids[(at + delta + ids.length) % ids.length];
      if (next) setChosenPanel({ step: stepKey, panel: next });
    },
    onLeave: () => lab.setPresent(false),
  });
  const walker = lab.lesson && (
    <LessonWalker
      engine={engine}
      lesson={lab.lesson}
      step={step}
      values={values}
      errors={errors}
      handlers={handlers}
      current={lab.current}
      compared={lab.compared}
      onStep={(n) => lab.lesson && lab.openLesson(lab.lesson.name, n)}
      onShowMe={lab.showSolution}
      onClose={lab.closeLesson}
    />
  );
  const listed = engine.schema.filter((s) => isTunable(s) || lab.showsSetup(s));
  const matching = listed.filter((s) => matchesFilter(s, words)).length;

  return (
    <div className={present ? "lab presenter" : "lab"}>
      <a className="skip-link" href="#panels" onClick={skipToPanels}>
        {messages.skipToPanels}
      </a>
      <header className="top">
        <div>
          <h1>Throttle Lab</h1>
          <p className="tagline">
            The OpenZFS write throttle and I/O scheduler, computed exactly as the kernel does.
          </p>
        </div>
        <div className="actions">
          <span className="copy-status" role="status">
            {lab.copyStatus}
          </span>
          {pinned ? (
            <button type="button" onClick={lab.unpin}>
              Unpin A
            </button>
          ) : (
            <button
              type="button"
              onClick={lab.pin}
              title="Keep these settings as A and compare every change (B) against them"
            >
              Pin as A
            </button>
          )}
          <button type="button" onClick={() => void lab.copyLink()}>
            Copy link
          </button>
          <button type="button" onClick={lab.resetAll}>
            {messages.resetAll}
          </button>
          <button type="button" onClick={() => lab.setPresent(true)} title={messages.presentKeys}>
            {messages.presentEnter}
          </button>
        </div>
      </header>
      {present && (
        <div className="presenter-bar">
          <strong>{lab.lesson?.title ?? presetTitle ?? "Throttle Lab"}</strong>
          <label>
            {messages.presentPanel}{" "}
            <select
              value={shownPanel}
              onChange={(e) => setChosenPanel({ step: stepKey, panel: e.target.value })}
              data-testid="presenter-panel"
            >
              {panelList.map(([id, name]) => (
                <option key={id} value={id}>
                  {name}
                </option>
              ))}
            </select>
          </label>
          <span className="presenter-keys">{messages.presentKeys}</span>
          <button type="button" onClick={() => lab.setPresent(false)}>
            {messages.presentLeave}
          </button>
        </div>
      )}
      {lab.undoReset && (
        <div className="notice undo" role="status" data-testid="reset-undo">
          <p>{messages.resetDone}</p>
          <button type="button" onClick={lab.undoReset}>
            {messages.undoReset}
          </button>
        </div>
      )}
      {lab.budgetAsked !== null && (
        <div className="notice" role="alert" data-testid="budget-confirm">
          <p>
            {messages.budgetAsked(
              lab.budgetAsked.toLocaleString("en"),
              (engine.defaults[engine.indexOf("event_budget")] ?? 0).toLocaleString("en"),
            )}
          </p>
          <button type="button" onClick={lab.confirmBudget}>
            {messages.budgetConfirm(lab.budgetAsked.toLocaleString("en"))}
          </button>{" "}
          <button type="button" onClick={lab.keepDefaultBudget}>
            {messages.budgetKeep}
          </button>
        </div>
      )}
      <MessageList
        className="notice"
        testId="link-notices"
        status
        title={messages.linkNotices}
        items={lab.notices}
      >
        <button type="button" onClick={lab.dismissNotices}>
          Dismiss
        </button>
      </MessageList>
      <div className="layout">
        {present && (
          <aside className="presenter-side" aria-label="Lesson">
            {walker ?? <PresetAbout engine={engine} name={lab.view.preset} />}
            <LinkQr link={linkFor(window.location.href, fragmentFor(engine, values, pinned, lab.view))} />
          </aside>
        )}
        <aside className="controls" aria-label="Settings">
          <SimStatus current={lab.current} compared={lab.compared} comparisonLabel={lab.comparisonLabel} />
          {pinned && (
            <MessageList
              className="ab"
              testId="ab-differences"
              title={
                <>
                  <strong>A/B</strong>: A is pinned; B is what you change. Both run the same workload and
                  seed.
                </>
              }
              items={lab.differences}
              code
              empty={<p>B is the same as A so far: change anything.</p>}
            />
          )}
          <MessageList
            className="warnings"
            testId="warnings"
            status
            title={messages.warnings}
            items={lab.warnings}
          />
          <div className="settings-filter" role="search">
            <label htmlFor="settings-filter">{messages.filterLabel}</label>
            <input
              id="settings-filter"
              type="search"
              value={filter}
              placeholder={messages.filterPlaceholder}
              autoComplete="off"
              spellCheck={false}
              aria-describedby="settings-filter-count"
              onChange={(e) => setFilter(e.target.value)}
            />
            <span id="settings-filter-count" role="status" data-testid="filter-count">
              {words.length === 0 ? "" : messages.filterCount(matching, listed.length)}
            </span>
          </div>
          <h2 className="side-title">Simulated system</h2>
          <PresetPicker engine={engine} chosen={lab.view.preset} onPick={lab.pickPreset} />
          <LessonPicker
            lessons={lab.lessons}
            chosen={lab.view.lesson}
            onPick={(name) => lab.openLesson(name)}
          />
          <EvidenceImport engine={engine} onEvidence={setEvidence} onApply={lab.setSeveral} />
          <PasteSettings
            engine={engine}
            title={messages.layoutTitle}
            label={messages.layoutLabel}
            placeholder="zpool create tank raidz2 sda sdb sdc sdd sde sdf log mirror nvme0n1 nvme1n1"
            apply={messages.layoutApply}
            testId="pool-layout"
            read={engine.layoutSettings}
            onApply={lab.setSeveral}
          />
          <PasteSettings
            engine={engine}
            title={messages.fioTitle}
            label={messages.fioLabel}
            placeholder={"[global]\nruntime=60\n[writers]\nrw=randwrite\nbs=8k\nnumjobs=4\nrate=2m"}
            apply={messages.fioApply}
            testId="fio-jobs"
            read={engine.fioSettings}
            onApply={lab.setSeveral}
          />
          <ControlPanel
            engine={engine}
            shows={lab.showsSetup}
            filter={filter}
            values={values}
            effective={lab.effective}
            derivedBy={lab.derivedBy}
            absent={absent}
            errors={errors}
            {...handlers}
          />
          <h2 className="side-title">OpenZFS tunables</h2>
          <ExportSettings engine={engine} values={values} runs={runs} changes={lab.comparisonChanges} />
          <AdvisorPanel
            engine={engine}
            values={values}
            runner={simulators?.advisor ?? null}
            onApply={lab.pinAndSet}
          />
          <ControlPanel
            engine={engine}
            shows={isTunable}
            filter={filter}
            values={values}
            effective={lab.effective}
            derivedBy={lab.derivedBy}
            absent={absent}
            errors={errors}
            {...handlers}
          />
        </aside>
        <main className="panels" id="panels" tabIndex={-1} aria-label="Panels" ref={panelsRef}>
          {!present && walker}
          <ShownPanel.Provider value={present ? shownPanel : null}>
            <CurveCursorProvider>
              <PanelBoundary name="Async-write concurrency" retryKey={[values, runs, pinned]}>
                <AsyncWriteCurvePanel
                  engine={engine}
                  values={lab.effective}
                  runs={runs}
                  pinned={lab.effectivePinned}
                />
              </PanelBoundary>
              <PanelBoundary name="Write delay" retryKey={[values, runs, pinned]}>
                <DelayCurvePanel
                  engine={engine}
                  values={lab.effective}
                  writeSizeControl={
                    <EntryControl
                      engine={engine}
                      index={engine.indexOf("write_size")}
                      values={values}
                      errors={errors}
                      {...handlers}
                    />
                  }
                  runs={runs}
                  pinned={lab.effectivePinned}
                />
              </PanelBoundary>
            </CurveCursorProvider>
            {runs.length > 0 && (
              <TimeAxisProvider>
                <TimePanel name="What the application sees" {...timed}>
                  {(r) => <ApplicationPanel runs={r} />}
                </TimePanel>
                <TimePanel name="What held writers back" {...timed}>
                  {(r) => <WriterWaitPanel runs={r} />}
                </TimePanel>
                <TimePanel name="Txg timeline" {...timed}>
                  {(r) => <TxgTimelinePanel runs={r} />}
                </TimePanel>
                <TimePanel name="Dirty data over time" {...timed} also={lab.levels}>
                  {(r) => <DirtyPanel levels={lab.levels} runs={r} />}
                </TimePanel>
                <TimePanel name="Picket-fencing versus smooth output" {...timed}>
                  {(r) => <PicketFencePanel runs={r} />}
                </TimePanel>
                <TimePanel name="Scrub or resilver progress" {...timed}>
                  {(r) => r.some(scans) && <ScanProgressPanel runs={r} />}
                </TimePanel>
                <TimePanel name="Queue depths per class" {...timed}>
                  {(r) => <QueueDepthPanel runs={r} />}
                </TimePanel>
                <TimePanel name="Operations and bandwidth per vdev" {...timed}>
                  {(r) => <VdevPanel engine={engine} runs={r} />}
                </TimePanel>
                <TimePanel name="Latency quantizations" {...timed}>
                  {(r) => <LatencyPanel engine={engine} runs={r} />}
                </TimePanel>
                <TimePanel name="Transaction groups" {...timed}>
                  {(r) => <TxgPanel runs={r} />}
                </TimePanel>
                <TimePanel name="Model beside evidence" {...timed} also={evidence}>
                  {(r) => {
                    const run = r.find((v) => v.side === "b");
                    return evidence && run && <EvidencePanel engine={engine} evidence={evidence} run={run} />;
                  }}
                </TimePanel>
                <TimePanel name="Metaslab allocation" {...timed}>
                  {(r) => <AllocatorPanel runs={r} />}
                </TimePanel>
                <TimePanel name="Steady state" {...timed}>
                  {(r) => <SteadyPanel runs={r} />}
                </TimePanel>
                <TimePanel name="Summary" {...timed}>
                  {(r) => <SummaryTable runs={r} />}
                </TimePanel>
              </TimeAxisProvider>
            )}
          </ShownPanel.Provider>
          <footer className="footer">
            Engine {engine.version}. Defaults are current OpenZFS on 64-bit Linux; each tunable&apos;s history
            says where older releases differ.
          </footer>
        </main>
      </div>
    </div>
  );
}

interface TimePanelProps {
  /** The panel's name, as its heading says it (for its failure boundary). */
  name: string;
  /** The runs and their time axis. */
  shown: { runs: RunView[]; durationS: number; steadyS: number | null };
  /** Both runs are in: a panel out of view may catch up. */
  settled: boolean;
  /** Anything else the panel draws, so that a change of it tries a failed panel again. */
  also?: unknown;
  children: (runs: RunView[]) => ReactNode;
}

/** A panel of the runs, in its own failure boundary, redrawn at once only while in view. */
function TimePanel({ name, shown, settled, also, children }: TimePanelProps) {
  return (
    <WhenSeen value={shown} settled={settled}>
      {({ runs, durationS, steadyS }) => (
        <ShownTimeAxis durationS={durationS} steadyS={steadyS}>
          <PanelBoundary name={name} retryKey={also === undefined ? runs : [runs, also]}>
            {children(runs)}
          </PanelBoundary>
        </ShownTimeAxis>
      )}
    </WhenSeen>
  );
}
