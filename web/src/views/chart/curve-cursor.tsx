// The cursor the curve charts share: an amount of dirty data, in hundredths of a percent of
// zfs_dirty_data_max, that every curve chart draws and every curve readout reads.

import { createContext, useContext, useMemo, useState, type ReactNode } from "react";

export interface CurveCursor {
  /** Hundredths of a percent of zfs_dirty_data_max, or null when hidden. */
  cursor: number | null;
  setCursor: (hundredths: number | null) => void;
}

const CurveCursorContext = createContext<CurveCursor>({ cursor: null, setCursor: () => undefined });

export function CurveCursorProvider({ children }: { children: ReactNode }) {
  const [cursor, setCursor] = useState<number | null>(null);
  const value = useMemo(() => ({ cursor, setCursor }), [cursor]);
  return <CurveCursorContext.Provider value={value}>{children}</CurveCursorContext.Provider>;
}

export const useCurveCursor = () => useContext(CurveCursorContext);
