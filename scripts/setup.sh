#!/usr/bin/env bash
# One-command set-up, safe to run again: installs only what is missing, then builds the
# engine. `setup.sh app` is enough to serve the app; `setup.sh test` adds the browser.
set -euo pipefail
cd "$(dirname "$0")/.."

want="${1:-app}"
say() { printf 'setup: %s\n' "$*"; }

# 1. npm packages, exactly as the lock file says (npm ci only when the lock changed).
lock_hash=$(sha256sum package-lock.json | cut -d' ' -f1)
if [ "$(cat node_modules/.lock-hash 2>/dev/null)" != "$lock_hash" ]; then
  say "installing npm packages from package-lock.json"
  npm ci --no-audit --no-fund
  echo "$lock_hash" > node_modules/.lock-hash
fi

# 2. The Rust target for WASM.
if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  say "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi

# 3. The wasm-bindgen CLI at exactly the version Cargo.lock pins for the crate.
bindgen_version=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/[^0-9.]/, ""); print; exit }' engine-wasm/Cargo.lock)
if [ "$(wasm-bindgen --version 2>/dev/null | cut -d' ' -f2)" != "$bindgen_version" ]; then
  say "installing wasm-bindgen-cli $bindgen_version (a few minutes, once)"
  cargo install wasm-bindgen-cli --version "$bindgen_version" --locked --no-default-features --force
fi

# 4. Chromium for the browser tests (Debian's; Playwright downloads nothing), and nginx-light,
#    whose binary runs the README's sample server configuration in a test (no service is started).
missing=()
if [ "$want" = test ]; then
  command -v chromium >/dev/null || missing+=(chromium)
  command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] || missing+=(nginx-light)
fi
if [ "${#missing[@]}" -gt 0 ]; then
  say "installing Debian's ${missing[*]} for the browser tests"
  if [ "$(id -u)" = 0 ]; then apt_get=(apt-get); else apt_get=(sudo apt-get); fi
  "${apt_get[@]}" update -qq
  DEBIAN_FRONTEND=noninteractive "${apt_get[@]}" install -y -qq --no-install-recommends "${missing[@]}"
fi

# 5. The engine, built for the browser.
bash scripts/build-engine.sh
