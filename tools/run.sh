#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# make run: builds the wasm modules and the site, then serves it on 127.0.0.1,
# with the penalty duel's relay (tools/relay.mjs) beside it.
#   tools/run.sh [BUILD_DIR]
# Port from $PORT (default 8600), the relay's from $RELAY_PORT (default 8601).
# Both listen on $KICKSTEP_HOST, default 127.0.0.1; `make run KICKSTEP_HOST=0.0.0.0`
# serves every interface, so a second device on the network can open the duel.
# The server tells its own pages their relay (/duel/relay.json from
# --relay-port; no file is written), so two runs of one checkout on other
# ports keep their own. $RELAY_ALLOW: further relays (ws://... URLs, spaces
# between) a duel link may name with ?relay=; $RELAY_ORIGINS: further web
# origins whose pages the relay serves (its own host's always).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-build}
host=${KICKSTEP_HOST:-127.0.0.1}
bash "$root/tools/wasm/site.sh" "$build"
relay_port=${RELAY_PORT:-8601}
relay_args=()
for o in ${RELAY_ORIGINS:-}; do relay_args+=(--allow-origin "$o"); done
serve_args=(--relay-port "$relay_port")
for r in ${RELAY_ALLOW:-}; do serve_args+=(--allow-relay "$r"); done
node "$root/tools/relay.mjs" --host "$host" --port "$relay_port" "${relay_args[@]}" &
relay=$!
trap 'kill "$relay" 2>/dev/null || true' EXIT INT TERM
if [ "$host" != 127.0.0.1 ]; then
  echo "run: serving on $host: other devices on the network can open the site at this machine's address" >&2
fi
node "$root/tools/serve.mjs" "$build/site" --host "$host" "${serve_args[@]}"
