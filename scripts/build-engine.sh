#!/usr/bin/env bash
# Builds the model for the browser: cargo to wasm32, then wasm-bindgen's ES module into
# web/src/engine/generated/ (not committed). Cargo and wasm-bindgen skip work when nothing changed.
set -euo pipefail
cd "$(dirname "$0")/.."

out=web/src/engine/generated
wasm=engine-wasm/target/wasm32-unknown-unknown/release/throttle_lab_wasm.wasm
cargo build --quiet --release --locked --manifest-path engine-wasm/Cargo.toml \
  --target wasm32-unknown-unknown -p throttle-lab-wasm
if [ ! -f "$out/throttle_lab_wasm_bg.wasm" ] || [ "$wasm" -nt "$out/throttle_lab_wasm_bg.wasm" ]; then
  wasm-bindgen --target web --out-dir "$out" "$wasm"
  # binaryen's optimiser (an npm package, no download): smaller and faster WASM, same results.
  npx --no-install wasm-opt -O3 "$out/throttle_lab_wasm_bg.wasm" -o "$out/throttle_lab_wasm_bg.wasm"
  echo "engine: built $out ($(wc -c < "$out/throttle_lab_wasm_bg.wasm") bytes of WASM)"
fi
