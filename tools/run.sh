#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# make run: builds the wasm modules and the site, then serves it on 127.0.0.1,
# with the penalty duel's relay (tools/relay.mjs) and the Daily Kick board
# (tools/board/server.mjs, docs/board.md) beside it.
#   tools/run.sh [BUILD_DIR]
# Port from $PORT (default 8600), the relay's from $RELAY_PORT (default 8601),
# the board's from $BOARD_PORT (default 8602; its database $BOARD_DB, default
# BUILD_DIR/data/board.sqlite, or a postgres:// URL).
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
serve_args=(--relay-port "$relay_port" --board-port "${BOARD_PORT:-8602}")
for r in ${RELAY_ALLOW:-}; do serve_args+=(--allow-relay "$r"); done
node "$root/tools/relay.mjs" --host "$host" --port "$relay_port" "${relay_args[@]}" &
relay=$!
board_port=${BOARD_PORT:-8602}
node "$root/tools/board/server.mjs" --host "$host" --port "$board_port" \
  --db "${BOARD_DB:-$build/data/board.sqlite}" --bin "$build/apps/kick-board-verify/kick-board-verify" \
  --wasm "$build/wasm/board.wasm" &
board=$!
trap 'kill "$relay" "$board" 2>/dev/null || true' EXIT INT TERM
if [ "$host" != 127.0.0.1 ]; then
  echo "run: serving on $host: other devices on the network can open the site at this machine's address" >&2
fi
node "$root/tools/serve.mjs" "$build/site" --host "$host" "${serve_args[@]}"
