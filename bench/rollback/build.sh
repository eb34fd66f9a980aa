#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Builds the rollback benchmark's wasm module: the kernels with kickstep's
# core and kick sources, plain clang --target=wasm32, no libc (the web
# build's flags), memcpy & co. from wasm/libc_shim.c.
#   bench/rollback/build.sh OUT.wasm
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
out=${1:?usage: bench/rollback/build.sh OUT.wasm}
CC=${KS_WASM_CC:-clang}
command -v "$CC" >/dev/null && command -v wasm-ld >/dev/null || { echo "bench-rollback: needs clang and wasm-ld (lld)" >&2; exit 1; }
"$CC" --target=wasm32 -std=c17 -nostdlib -ffreestanding -O2 -ffp-contract=off -fno-math-errno -fvisibility=hidden \
  -Wall -Wextra -Wno-unused-parameter -I"$root/include" -I"$root/src/core" -I"$root/src/kick" -DKS_BUILDING \
  "$root"/src/core/*.c "$root"/src/kick/*/*.c "$root/bench/rollback/rb_kernels.c" "$root/bench/rollback/wasm_glue.c" \
  "$root/wasm/libc_shim.c" -Wl,--no-entry -Wl,-z,stack-size=1048576 -Wl,--gc-sections -Wl,--strip-debug -o "$out.tmp"
mv "$out.tmp" "$out"
