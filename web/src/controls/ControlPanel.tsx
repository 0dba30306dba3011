// The schema's entries of one kind (OpenZFS tunables, or the lab's own settings of the
// simulated system), grouped as the schema groups them, each group a disclosure that a
// filter opens and narrows to the entries it matches.

import { memo, useState, type CSSProperties, type ReactNode } from "react";
import type { Engine, Values } from "../engine/engine";
import type { TunableSpec } from "../engine/schema";
import { filterWords, matchesFilter } from "./filter";
import { EntryControl, type ControlHandlers } from "./TunableControl";

interface Props extends ControlHandlers {
  engine: Engine;
  /** Which entries to show. */
  shows: (spec: TunableSpec) => boolean;
  /** The settings filter's text ("" shows every entry). */
  filter: string;
  values: Values;
  /** What the run uses (shown where it differs from the value set). */
  effective?: Values | undefined;
  /** Per tunable, where that value comes from ("" when it is the one set). */
  derivedBy?: readonly string[] | undefined;
  /** The tunables the chosen release lacks, and its name. */
  absent?: { names: ReadonlySet<string>; oldNames: ReadonlyMap<string, string>; release: string } | undefined;
  errors: Record<string, string>;
}

export const ControlPanel = memo(function ControlPanel({
  engine,
  shows,
  filter,
  values,
  effective,
  derivedBy,
  absent,
  errors,
  ...handlers
}: Props) {
  const words = filterWords(filter);
  const entries = engine.schema.map((spec, index) => ({ spec, index })).filter(({ spec }) => shows(spec));
  const groups = [...new Set(entries.map(({ spec }) => spec.group))];
  return (
    <div className="control-panel">
      {groups.map((group) => {
        const all = entries.filter(({ spec }) => spec.group === group);
        const shown = all.filter(({ spec }) => matchesFilter(spec, words));
        if (shown.length === 0) return null;
        return (
          <Group
            key={group}
            title={group}
            size={shown.length}
            count={words.length > 0 ? `${shown.length} of ${all.length}` : null}
          >
            {shown.map(({ spec, index }) => (
              <EntryControl
                key={spec.name}
                engine={engine}
                index={index}
                values={values}
                effective={effective}
                derivedBy={derivedBy}
                absent={absent}
                errors={errors}
                {...handlers}
              />
            ))}
          </Group>
        );
      })}
    </div>
  );
});

interface GroupProps {
  title: string;
  /** How many controls it holds: its height before it is first drawn (styles.css). */
  size: number;
  count: string | null;
  children: ReactNode;
}

/** A group of controls that folds away; open while a filter is on (`count` says how many match). */
function Group({ title, size, count, children }: GroupProps) {
  const [open, setOpen] = useState(true);
  const shown = count !== null || open;
  return (
    <details
      className="group"
      style={{ "--controls": shown ? size : 0 } as CSSProperties}
      open={shown}
      onToggle={(e) => count === null && setOpen(e.currentTarget.open)}
      data-group={title}
    >
      <summary>
        <span className="group-title">{title}</span>
        {count !== null && <span className="group-count">{count}</span>}
      </summary>
      {children}
    </details>
  );
}
