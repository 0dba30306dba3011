// Generated from the engine's Rust types (ts-rs) by scripts/gen-types.sh: do not edit.
import type { View } from "./View";

/**
 * What `decodeLink` returns: values in schema order, the pinned ones if any, where the
 * page is, notices.
 */
export type DecodedLink = {
  values: Array<number>;
  pinned: Array<number> | null;
  view: View;
  notices: Array<string>;
};
