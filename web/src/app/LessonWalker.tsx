// A lesson, one step at a time: what to look at or try, the step's own controls, whether
// the learner's runs reach what the step asks (read from the reports, never from which
// slider moved), a "show me", and at the end what to tell the customer.

import { useMemo } from "react";
import type { Engine } from "../engine/engine";
import { checkStep, type Lesson } from "../engine/lessons";
import type { CompareOp } from "../engine/types";
import type { ControlHandlers } from "../controls/TunableControl";
import { EntryControl } from "../controls/TunableControl";
import type { TunableName, Values } from "../engine/engine";
import { messages } from "../messages";
import type { SimState } from "./use-simulation";

interface Props {
  engine: Engine;
  lesson: Lesson;
  /** The step shown, from 1. */
  step: number;
  values: Values;
  errors: Record<string, string>;
  handlers: ControlHandlers;
  /** B, the learner's run, and A, the run of the step's start. */
  current: SimState;
  compared: SimState;
  onStep: (step: number) => void;
  onShowMe: () => void;
  onClose: () => void;
}

const SYMBOL: Record<CompareOp, string> = { lt: "<", le: "≤", gt: ">", ge: "≥" };

export function LessonWalker(props: Props) {
  const { engine, lesson, step, current, compared } = props;
  const index = Math.min(Math.max(step, 1), lesson.steps.length) - 1;
  const s = lesson.steps[index];
  const done = !current.running && !compared.running && current.report !== null && compared.report !== null;
  const check = useMemo(
    () =>
      done && current.report && compared.report
        ? checkStep(engine, lesson.name, index, current.report, compared.report)
        : null,
    [done, engine, lesson.name, index, current.report, compared.report],
  );
  if (!s) return null;
  const last = index === lesson.steps.length - 1;
  return (
    <section className="lesson" aria-labelledby="lesson-title" data-testid="lesson" data-step={index + 1}>
      <div className="lesson-head">
        <h2 id="lesson-title">{lesson.title}</h2>
        <button type="button" onClick={props.onClose}>
          {messages.lessonClose}
        </button>
      </div>
      <p className="lesson-progress">{messages.lessonStep(index + 1, lesson.steps.length)}</p>
      <h3>{s.title}</h3>
      <p className="lesson-text">{s.text}</p>
      {s.controls.length > 0 && (
        <div className="lesson-controls" data-testid="lesson-controls">
          {s.controls.map((name) => (
            <EntryControl
              key={name}
              engine={engine}
              index={engine.indexOf(name as TunableName)}
              values={props.values}
              errors={props.errors}
              {...props.handlers}
            />
          ))}
        </div>
      )}
      <div
        className="lesson-check"
        role="status"
        data-testid="lesson-check"
        data-passed={check?.status === "ok" ? String(check.value.passed) : ""}
      >
        {check === null ? (
          <p>{messages.lessonChecking}</p>
        ) : check.status === "error" ? (
          <p role="alert">{check.message}</p>
        ) : (
          <>
            <p>{check.value.passed ? messages.lessonPassed : messages.lessonNotYet}</p>
            <ul>
              {check.value.conditions.map((c) => (
                <li key={c.label} className={c.passed ? "met" : "unmet"}>
                  <span aria-hidden="true">{c.passed ? "✓" : "✗"}</span> {c.label}: {c.actual_text} (
                  {messages.lessonTarget(SYMBOL[c.op], c.target_text)})
                </li>
              ))}
            </ul>
            {!check.value.passed && s.hint && <p className="lesson-hint">{s.hint}</p>}
          </>
        )}
      </div>
      <div className="lesson-nav">
        <button type="button" disabled={index === 0} onClick={() => props.onStep(index)}>
          {messages.lessonPrevious}
        </button>
        {s.solution !== "" && (
          <button type="button" onClick={props.onShowMe}>
            {messages.lessonShowMe}
          </button>
        )}
        <button type="button" disabled={last} onClick={() => props.onStep(index + 2)}>
          {messages.lessonNext}
        </button>
      </div>
      {last && (
        <div className="lesson-end" data-testid="lesson-end">
          <h3>{messages.lessonTell}</h3>
          <p>{lesson.tell_the_customer}</p>
          <p className="lesson-cites">
            {messages.lessonCites}:{" "}
            {lesson.cites.map((c, i) => (
              <span key={`${c.doc}#${c.section}`}>
                {i > 0 && "; "}
                <cite>
                  {c.doc}, “{c.section}”
                </cite>
              </span>
            ))}
          </p>
        </div>
      )}
    </section>
  );
}
