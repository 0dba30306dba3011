// Where a lesson's step starts, and what a link that names a lesson or a preset opens. A
// step starts from the lesson's preset, the lesson's own settings, and what each earlier
// step asked the learner to find (its solution): the engine composes it, the path
// `throttle-lab lessons check` walks. The start is pinned as A, so that the step's check
// compares the learner's B with it.

import type { Engine, Result, Values } from "../engine/engine";
import type { Lesson, View } from "../engine/types";
import { messages } from "../messages";
import type { Initial } from "./url-state";

export function lessonNamed(lessons: readonly Lesson[], name: string | null): Lesson | null {
  return lessons.find((l) => l.name === name) ?? null;
}

export interface StepStart {
  values: Values;
  notices: string[];
  /** The preset the lesson opens, and the step (from 1) within the lesson's length. */
  preset: string;
  step: number;
}

/** The settings step `step` (from 1) of lesson `name` starts from, as the engine composes them. */
export function stepStart(engine: Engine, name: string, step: number): Result<StepStart> {
  const lessons = engine.lessons();
  if (lessons.status === "error") return lessons;
  const lesson = lessonNamed(lessons.value, name);
  if (!lesson) return { status: "error", message: messages.noSuchLesson(name) };
  const at = Math.min(Math.max(1, Math.trunc(step)), lesson.steps.length);
  const query = engine.lessonStepStart(name, at - 1);
  if (query.status === "error") return query;
  const decoded = engine.decodeLink(query.value);
  if (decoded.status === "error") return decoded;
  const { values, notices } = decoded.value;
  return { status: "ok", value: { values, notices, preset: lesson.preset, step: at } };
}

/**
 * The state a page opens in from its link: as the link says, except that a preset or a
 * lesson it names must exist, and a lesson step without a pinned A (a link typed by hand,
 * or `lesson=NAME` alone) opens at that step's start.
 */
export function openingOf(engine: Engine, initial: Initial): Initial {
  const notices = [...initial.notices];
  const view: View = { ...initial.view };
  const presets = engine.labPresets();
  if (
    view.preset !== null &&
    !(presets.status === "ok" && presets.value.some((p) => p.name === view.preset))
  ) {
    notices.push(messages.noSuchPreset(view.preset));
    view.preset = null;
  }
  if (view.lesson === null) return { ...initial, view, notices };
  const lessons = engine.lessons();
  const lesson = lessons.status === "ok" ? lessonNamed(lessons.value, view.lesson) : null;
  if (!lesson) {
    notices.push(messages.noSuchLesson(view.lesson));
    return { ...initial, view: { ...view, lesson: null, step: null }, notices };
  }
  const step = view.step ?? 1;
  if (step > lesson.steps.length) notices.push(messages.noSuchStep(lesson.title, step, lesson.steps.length));
  if (initial.pinned !== null) {
    return { ...initial, view: { ...view, step: Math.min(step, lesson.steps.length) }, notices };
  }
  const start = stepStart(engine, lesson.name, step);
  if (start.status === "error") {
    notices.push(start.message);
    return { ...initial, view: { ...view, lesson: null, step: null }, notices };
  }
  return {
    ...initial,
    values: start.value.values,
    pinned: start.value.values,
    view: { ...view, preset: view.preset ?? start.value.preset, step: start.value.step },
    notices: [...notices, ...start.value.notices],
  };
}
