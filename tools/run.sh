#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# make run: builds the wasm modules and the site, then serves it on 127.0.0.1.
#   tools/run.sh [BUILD_DIR]     (port from $PORT, default 8600)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-build}
bash "$root/tools/wasm/site.sh" "$build"
exec node "$root/tools/serve.mjs" "$build/site"
