// Every message the app itself shows (the engine's own messages come from the model crate).

export const messages = {
  loading: "Loading the engine…",
  engineFailed: (detail: string) => `The engine could not start: ${detail}. Reload the page to try again.`,
  linkNotices: "This link had problems; the rest of it was applied:",
  copied: "Link copied",
  copyFailed: "Copy the address bar instead: the clipboard is not available here",
  resetAll: "Reset all to defaults",
  resetDone: "Every setting is back to its default, and nothing is pinned.",
  undoReset: "Undo reset",
  budgetAsked: (asked: string, cap: string) =>
    `This link asks for a work budget of ${asked} events, above the default ${cap}: a run may take that much longer. It runs with ${cap} until you choose.`,
  budgetConfirm: (asked: string) => `Run with ${asked} events`,
  budgetKeep: "Keep the default",
  warnings: "Advised against by the OpenZFS source, but allowed:",
  hardLimit: "hard limit: writers wait for dirty data to drain",
  noDelay: "no delay",
  refused: (reason: string) => `Refused: ${reason}`,
  limited: (reason: string) => `Stopped at the nearest accepted value: ${reason}`,
  panelFailed: (detail: string) =>
    `This panel could not be drawn: ${detail}. The other panels are unaffected; the next run or change tries it again.`,
  newVersion: "A new version of the lab is ready.",
  reload: "Reload",
  offlineReady: "The lab is saved in this browser: it now opens and runs without a network.",
  skipToPanels: "Skip to the panels",
  filterLabel: "Find a setting",
  layoutTitle: "Pool from its zpool create line or zpool status",
  layoutLabel: "Paste the pool's zpool create line, or the config: part of zpool status",
  layoutApply: "Use this pool",
  fioTitle: "Workload from a fio job file",
  fioLabel: "Paste the fio job file ([global] and job sections)",
  fioApply: "Use these jobs",
  pasteApplied: (set: string) => `Set ${set}.`,
  filterPlaceholder: "name or meaning: delay, vfs.zfs.txg, scrub…",
  filterCount: (shown: number, of: number) =>
    shown === 0 ? `No setting matches (of ${of})` : `${shown} of ${of} settings match`,
  zeroDelay: "0 ns: the formula truncates to under one nanosecond here",
} as const;
