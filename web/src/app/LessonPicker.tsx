// The lessons, by the symptom each starts from; picking one opens it at its first step.

import type { Lesson } from "../engine/types";
import { messages } from "../messages";

interface Props {
  lessons: readonly Lesson[];
  chosen: string | null;
  onPick: (name: string) => void;
}

export function LessonPicker({ lessons, chosen, onPick }: Props) {
  if (lessons.length === 0) return null;
  return (
    <div className="lesson-picker">
      <label htmlFor="lesson-pick">{messages.lessonPick}</label>
      <select
        id="lesson-pick"
        value={chosen ?? ""}
        onChange={(e) => e.target.value && onPick(e.target.value)}
      >
        <option value="">{messages.lessonNone}</option>
        {lessons.map((l) => (
          <option key={l.name} value={l.name}>
            {l.title}
          </option>
        ))}
      </select>
    </div>
  );
}
