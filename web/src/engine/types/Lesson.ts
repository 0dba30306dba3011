// Generated from the engine's Rust types (ts-rs) by scripts/gen-types.sh: do not edit.
import type { LessonCite } from "./LessonCite";
import type { LessonStep } from "./LessonStep";

/**
 * One guided lesson.
 */
export type Lesson = {
  /**
   * The file's stem: `fast-then-slow` for `lessons/fast-then-slow.json`.
   */
  name: string;
  title: string;
  /**
   * One paragraph: the customer's complaint.
   */
  summary: string;
  /**
   * The `LAB_PRESETS` entry the lesson opens.
   */
  preset: string;
  /**
   * A link query applied over the preset's (may be empty): the lesson's own duration,
   * say, or what differs from the preset's system.
   */
  link: string;
  /**
   * The sections of the model's documents that explain the topic.
   */
  cites: Array<LessonCite>;
  steps: Array<LessonStep>;
  /**
   * What to tell the customer, two or three sentences.
   */
  tell_the_customer: string;
};
