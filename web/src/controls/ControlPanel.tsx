// Every OpenZFS tunable in the schema, grouped as the schema groups them.

import type { Engine, Values } from "../engine/engine";
import { TunableControl } from "./TunableControl";

interface Props {
  engine: Engine;
  values: Values;
  errors: Record<string, string>;
  onValue: (index: number, value: number) => void;
  onText: (index: number, text: string) => void;
  onReset: (index: number) => void;
}

export function ControlPanel({ engine, values, errors, ...handlers }: Props) {
  const tunables = engine.schema
    .map((spec, index) => ({ spec, index }))
    .filter(({ spec }) => spec.kind === "tunable");
  const groups = [...new Set(tunables.map(({ spec }) => spec.group))];
  return (
    <div className="control-panel">
      {groups.map((group) => (
        <fieldset key={group} className="group">
          <legend>{group}</legend>
          {tunables
            .filter(({ spec }) => spec.group === group)
            .map(({ spec, index }) => (
              <TunableControl
                key={spec.name}
                engine={engine}
                spec={spec}
                index={index}
                value={values[index] ?? spec.default}
                error={errors[spec.name]}
                {...handlers}
              />
            ))}
        </fieldset>
      ))}
    </div>
  );
}
