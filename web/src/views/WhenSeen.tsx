// Draws a panel with the newest runs while it is on screen; a panel out of view catches up
// once the runs have settled. During a drag, a new report then redraws only what the user can
// see, and the main thread leaves the cores to the two workers running the next step; the
// panels below are drawn in React's interruptible rendering (it yields to input every few
// milliseconds) when the runs are in, before they can be scrolled to.

import { useDeferredValue, useEffect, useRef, useState, type ReactNode } from "react";

/** How far outside the viewport a panel still counts as seen: it is drawn before it scrolls in. */
const MARGIN = "200px 0px";

/** The panels whose picture is older than the runs they were given, for tests and benchmarks. */
const behind = new Set<object>();
const signal = () => {
  document.body.dataset["panelsBehind"] = String(behind.size);
};

interface Props<T> {
  /** What the panel draws; a panel out of view may be drawn with an older one for a while. */
  value: T;
  /** Nothing newer is coming: a panel out of view may now catch up. */
  settled: boolean;
  /** The panel, memoised on what it is given, so an older value costs nothing to draw again. */
  children: (value: T) => ReactNode;
}

export function WhenSeen<T>({ value, settled, children }: Props<T>) {
  const ref = useRef<HTMLDivElement>(null);
  const seen = useSeen(ref);
  // What the panel is to show next: the newest value when seen or settled, else the last one.
  const [target, setTarget] = useState(value);
  const next = seen || settled ? value : target;
  if (next !== target) setTarget(next);
  const deferred = useDeferredValue(next);
  const shown = seen ? value : deferred;
  const lagging = shown !== value;
  const [token] = useState(() => ({}));
  useEffect(() => {
    if (lagging) behind.add(token);
    else behind.delete(token);
    signal();
  }, [lagging, token]);
  useEffect(
    () => () => {
      behind.delete(token);
      signal();
    },
    [token],
  );
  return (
    <div ref={ref} className="panel-slot">
      {children(shown)}
    </div>
  );
}

/**
 * Whether the element is on screen or near it; always true where the browser cannot tell.
 * False until the observer first says, so that a panel below does not start out drawn as
 * seen and then fall behind when the observer reports it out of view.
 */
function useSeen(ref: React.RefObject<HTMLElement | null>) {
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === "undefined");
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        const last = entries[entries.length - 1];
        if (last) setSeen(last.isIntersecting);
      },
      { rootMargin: MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return seen;
}
