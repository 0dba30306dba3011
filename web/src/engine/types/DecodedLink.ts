// Generated from the engine's Rust types (ts-rs) by scripts/gen-types.sh: do not edit.

/**
 * What `decodeLink` returns: values in schema order, the pinned ones if any, notices.
 */
export type DecodedLink = { values: Array<number>; pinned: Array<number> | null; notices: Array<string> };
