// Presenter mode as the charts see it: which one panel is shown large (null: every panel,
// the lab's own layout). Charts label less in presenter mode, where their text is 16 px.

import { createContext, useContext } from "react";

export const ShownPanel = createContext<string | null>(null);

/** Whether the page is in presenter mode. */
export const usePresenting = () => useContext(ShownPanel) !== null;
