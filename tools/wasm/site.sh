#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Builds the whole browser site: npm packages, the wasm modules, then Vite.
#
#   tools/wasm/site.sh BUILD_DIR
#
# Results: BUILD_DIR/wasm/<game>.wasm and the site in BUILD_DIR/site
# (BUILD_DIR/site/index.html, kick/, brake/, ..., wasm/<game>.wasm).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:?usage: tools/wasm/site.sh BUILD_DIR}
mkdir -p "$build"
build=$(cd "$build" && pwd)
cd "$root"

bash tools/deps.sh --web
[ -d web/node_modules/vite ] || { echo "site: web/node_modules is missing (tools/deps.sh --web runs npm ci)" >&2; exit 1; }

bash tools/wasm/build.sh "$build/wasm"
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
