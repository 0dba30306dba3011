// The schema's entries of one kind (OpenZFS tunables, or the lab's own settings of the
// simulated system), grouped as the schema groups them.

import { memo } from "react";
import type { Engine, Values } from "../engine/engine";
import type { TunableSpec } from "../engine/schema";
import { EntryControl, type ControlHandlers } from "./TunableControl";

interface Props extends ControlHandlers {
  engine: Engine;
  /** Which entries to show. */
  shows: (spec: TunableSpec) => boolean;
  values: Values;
  errors: Record<string, string>;
}

export const ControlPanel = memo(function ControlPanel({
  engine,
  shows,
  values,
  errors,
  ...handlers
}: Props) {
  const tunables = engine.schema.map((spec, index) => ({ spec, index })).filter(({ spec }) => shows(spec));
  const groups = [...new Set(tunables.map(({ spec }) => spec.group))];
  return (
    <div className="control-panel">
      {groups.map((group) => (
        <fieldset key={group} className="group">
          <legend>{group}</legend>
          {tunables
            .filter(({ spec }) => spec.group === group)
            .map(({ spec, index }) => (
              <EntryControl
                key={spec.name}
                engine={engine}
                index={index}
                values={values}
                errors={errors}
                {...handlers}
              />
            ))}
        </fieldset>
      ))}
    </div>
  );
});
