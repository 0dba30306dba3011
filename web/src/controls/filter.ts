// The settings filter: an entry matches when every word typed appears, in any case, in its
// name, its FreeBSD name, its group or its meaning.

import type { TunableSpec } from "../engine/schema";

/** The words of a filter, lower-cased; none for an empty filter. */
export const filterWords = (text: string) => text.toLowerCase().split(/\s+/).filter(Boolean);

export function matchesFilter(spec: TunableSpec, words: readonly string[]): boolean {
  if (words.length === 0) return true;
  const haystack = `${spec.name} ${spec.freebsd ?? ""} ${spec.group} ${spec.meaning}`.toLowerCase();
  return words.every((w) => haystack.includes(w));
}
