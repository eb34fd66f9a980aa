#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Builds the whole browser site: npm packages, the wasm modules, then Vite.
#
#   tools/wasm/site.sh BUILD_DIR
#
# BUILD_DIR is a configured build (make build): its target kickstep_wasm
# builds BUILD_DIR/wasm/<game>.wasm (cmake/wasm.cmake; only what changed).
# Result: the site in BUILD_DIR/site (BUILD_DIR/site/index.html, kick/, brake/,
# ..., wasm/<game>.wasm).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:?usage: tools/wasm/site.sh BUILD_DIR}
mkdir -p "$build"
build=$(cd "$build" && pwd)
cd "$root"

bash tools/deps.sh --web
[ -d web/node_modules/vite ] || { echo "site: web/node_modules is missing (tools/deps.sh --web runs npm ci)" >&2; exit 1; }

[ -f "$build/CMakeCache.txt" ] || { echo "site: $build is not a configured build (make build)" >&2; exit 1; }
cmake --build "$build" --target kickstep_wasm >/dev/null ||
  { echo "site: the wasm modules did not build (cmake/wasm.cmake: clang, wasm-ld, llvm-ar)" >&2; exit 1; }
rm -rf "$build/site-public"
mkdir -p "$build/site-public/wasm"
cp "$build"/wasm/*.wasm "$build/site-public/wasm/"
# The duel page's relay for a static host of the site (make run does not use
# it: its server answers /duel/relay.json with RELAY_PORT's).
mkdir -p "$build/site-public/duel"
echo '{"port": 8601}' > "$build/site-public/duel/relay.json"

# The installable app (docs/board.md): the manifest, its icons (drawn by
# tools/pwa/icons.mjs), then, after Vite, the service worker Workbox generates
# over the built site (tools/pwa/sw.mjs).
cp web/pwa/manifest.webmanifest "$build/site-public/"
mkdir -p "$build/site-public/icons"
cp web/pwa/icon.svg "$build/site-public/icons/"
node tools/pwa/icons.mjs "$build/site-public/icons"

(cd web && KS_PUBLIC_DIR="$build/site-public" KS_SITE_DIR="$build/site" node node_modules/vite/bin/vite.js build)
node tools/pwa/sw.mjs "$build/site"
echo "site: built $build/site"
