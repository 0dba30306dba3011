// Generated from the engine's Rust types (ts-rs) by scripts/gen-types.sh: do not edit.

/**
 * How the pool's data was written, which sets where a traversal finds its blocks.
 */
export type Written = "aged" | "sequentially";
