// The settings filter: an entry matches when every word typed begins a word (or a part of
// a name between underscores and dots) of its name, its FreeBSD name, its group or its
// meaning, in any case: "sync" finds zfs_dirty_data_sync and sync_writers, not every async_
// setting; "dirty_da" still finds zfs_dirty_data_max.

import type { TunableSpec } from "../engine/schema";

/** The words of a filter, lower-cased; none for an empty filter. */
export const filterWords = (text: string) => text.toLowerCase().split(/\s+/).filter(Boolean);

/** Whether `word` starts at a word's beginning somewhere in `text`. */
function beginsAWord(text: string, word: string): boolean {
  for (let at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + 1)) {
    if (at === 0 || !/[\p{L}\p{N}]/u.test(text.charAt(at - 1))) return true;
  }
  return false;
}

export function matchesFilter(spec: TunableSpec, words: readonly string[]): boolean {
  if (words.length === 0) return true;
  const haystack = `${spec.name} ${spec.freebsd ?? ""} ${spec.group} ${spec.meaning}`.toLowerCase();
  return words.every((w) => beginsAWord(haystack, w));
}
