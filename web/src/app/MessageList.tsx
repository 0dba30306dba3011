// A boxed list of messages beside the controls or under the header: link notices, warnings,
// the A/B differences. Shows nothing when there are none, unless it says what that means.

import type { ReactNode } from "react";

interface Props {
  className: string;
  testId: string;
  /** A live region: read out when it changes. */
  status?: boolean;
  title: ReactNode;
  items: string[];
  /** Each item as code (tunable names and values). */
  code?: boolean;
  /** What shows in place of an empty list; without it an empty list shows nothing. */
  empty?: ReactNode;
  /** Under the list: a dismiss button, say. */
  children?: ReactNode;
}

export function MessageList({ className, testId, status, title, items, code, empty, children }: Props) {
  if (items.length === 0 && empty === undefined) return null;
  return (
    <div className={className} role={status ? "status" : undefined} data-testid={testId}>
      <p>{title}</p>
      {items.length === 0 ? (
        empty
      ) : (
        <ul>
          {items.map((m) => (
            <li key={m}>{code ? <code>{m}</code> : m}</li>
          ))}
        </ul>
      )}
      {children}
    </div>
  );
}
