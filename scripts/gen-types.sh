#!/usr/bin/env bash
# Regenerates web/src/engine/types/ (committed): the TypeScript types of everything the
# engine returns as JSON, from its Rust types with ts-rs (the `ts` feature, which the
# WASM build never enables), formatted with prettier. With --check, fails if the
# committed files differ from what the Rust types give, i.e. someone changed a type
# without regenerating.
set -euo pipefail
cd "$(dirname "$0")/.."

out=web/src/engine/types
TS_TYPES_DIR="$PWD/$out" cargo test --quiet --locked --manifest-path engine-wasm/Cargo.toml \
  -p throttle-lab-wasm --features ts --test ts_types
npx --no-install prettier --write --log-level warn "$out"
if [ "${1:-}" = "--check" ]; then
  if ! git diff --exit-code --stat -- "$out" || [ -n "$(git status --porcelain -- "$out")" ]; then
    echo "gen-types: $out is out of date with the Rust types: run bash scripts/gen-types.sh and commit it" >&2
    exit 1
  fi
fi
