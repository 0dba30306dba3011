// The time axis every time chart shares: the simulated time it spans, the hover and keyboard
// cursor on it, and when the current run became steady. One provider above the time panels
// holds the cursor, and each panel gives the span and steady mark of the runs it shows
// (`ShownTimeAxis`), so that the panels pass their charts data and nothing else, and a
// cursor move redraws only what reads the cursor.

import { createContext, useContext, useMemo, useState, type ReactNode } from "react";

export interface TimeAxis {
  /** Simulated time across the axis [s]. */
  durationS: number;
  /** The cursor [s], or null when hidden; every time chart draws it at the same moment. */
  cursorS: number | null;
  setCursorS: (s: number | null) => void;
  /** When the current run became steady [s], or null; every time chart marks it. */
  steadyS: number | null;
}

const TimeAxisContext = createContext<TimeAxis>({
  durationS: 1,
  cursorS: null,
  setCursorS: () => undefined,
  steadyS: null,
});

interface Props {
  durationS: number;
  steadyS: number | null;
  children: ReactNode;
}

/** The cursor every time panel shares; each panel gives its own span (`ShownTimeAxis`). */
export function TimeAxisProvider({ children }: { children: ReactNode }) {
  const [cursorS, setCursorS] = useState<number | null>(null);
  const outer = useContext(TimeAxisContext);
  const axis = useMemo(() => ({ ...outer, cursorS, setCursorS }), [outer, cursorS]);
  return <TimeAxisContext.Provider value={axis}>{children}</TimeAxisContext.Provider>;
}

export const useTimeAxis = () => useContext(TimeAxisContext);

/**
 * The axis as one panel draws it: the shared cursor, with the span and steady mark of the
 * runs that panel shows. A panel out of view draws older runs for a while (WhenSeen), and
 * the axis must not redraw it with the newer runs' span meanwhile.
 */
export function ShownTimeAxis({ durationS, steadyS, children }: Props) {
  const { cursorS, setCursorS } = useTimeAxis();
  const axis = useMemo(
    () => ({ durationS, cursorS, setCursorS, steadyS }),
    [durationS, cursorS, setCursorS, steadyS],
  );
  return <TimeAxisContext.Provider value={axis}>{children}</TimeAxisContext.Provider>;
}
