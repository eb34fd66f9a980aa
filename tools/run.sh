#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# make run: builds the wasm modules and the site, then serves it on 127.0.0.1,
# with the penalty duel's relay (tools/relay.mjs) beside it.
#   tools/run.sh [BUILD_DIR]
# Port from $PORT (default 8600), the relay's from $RELAY_PORT (default 8601).
# Both listen on $KICKSTEP_HOST, default 127.0.0.1; `make run KICKSTEP_HOST=0.0.0.0`
# serves every interface, so a second device on the network can open the duel.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-build}
host=${KICKSTEP_HOST:-127.0.0.1}
bash "$root/tools/wasm/site.sh" "$build"
relay_port=${RELAY_PORT:-8601}
echo "{\"port\": $relay_port}" > "$build/site/duel/relay.json" # the duel page reads its relay's port here
node "$root/tools/relay.mjs" --host "$host" --port "$relay_port" &
relay=$!
trap 'kill "$relay" 2>/dev/null || true' EXIT INT TERM
if [ "$host" != 127.0.0.1 ]; then
  echo "run: serving on $host: other devices on the network can open the site at this machine's address" >&2
fi
node "$root/tools/serve.mjs" "$build/site" --host "$host"
