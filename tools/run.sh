#!/usr/bin/env bash
# make run: until the browser game lands, a terminal demo of the core clock.
set -euo pipefail
build=${1:-build}
exec "$build/apps/clock-demo/clock-demo"
