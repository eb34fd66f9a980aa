#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# make run: builds the wasm modules and the site, then serves it on 127.0.0.1,
# with the penalty duel's relay (tools/relay.mjs) beside it.
#   tools/run.sh [BUILD_DIR]     (port from $PORT, default 8600; the relay's from $RELAY_PORT, default 8601)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-build}
bash "$root/tools/wasm/site.sh" "$build"
relay_port=${RELAY_PORT:-8601}
echo "{\"port\": $relay_port}" > "$build/site/duel/relay.json" # the duel page reads its relay's port here
node "$root/tools/relay.mjs" --port "$relay_port" &
relay=$!
trap 'kill "$relay" 2>/dev/null || true' EXIT INT TERM
node "$root/tools/serve.mjs" "$build/site"
