// Guided lessons through the engine: the lessons as their files hold them, the link each
// step starts from, and a step's check on the app's runs (B, the learner's; A, the step's
// start, which the app pins). The engine reads the reports; nothing here judges them.

import type { Engine, Result } from "./engine";
import { reportJson, type SimReport } from "./report";
import type { ConditionCheck, Lesson, LessonStep, StepCheck } from "./types";

export type { ConditionCheck, Lesson, LessonStep, StepCheck };

/** Every lesson that ships, in the order to list them. */
export function lessons(engine: Engine): Result<Lesson[]> {
  return engine.lessons();
}

/** The link query (`v=1&…`) of the state step `step` (from 0) of lesson `name` starts from. */
export function stepStart(engine: Engine, name: string, step: number): Result<string> {
  return engine.lessonStepStart(name, step);
}

/**
 * Step `step` (from 0) of lesson `name` checked on run B, against run A (the step's start)
 * when there is one: whether it passed, and each condition with its figure. A condition
 * that compares with A fails, saying so, while there is no A.
 */
export function checkStep(
  engine: Engine,
  name: string,
  step: number,
  b: SimReport,
  a: SimReport | null,
): Result<StepCheck> {
  return engine.checkLessonStep(name, step, reportJson(b), a ? reportJson(a) : null);
}
