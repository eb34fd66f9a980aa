#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Regenerates golden timelines from the native gcc -O2 build:
#   tools/parity/regen-goldens.sh            every scene in tests/parity/scenes/
#   tools/parity/regen-goldens.sh NAME...    only those scenes
# Goldens change only when a simulation's behaviour is meant to change (see
# docs/determinism.md): review `git diff --stat tests/golden` before committing.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/ks-regen.XXXXXX")
trap 'rm -rf "$work"' EXIT
bash "$ROOT/tools/parity/parity.sh" build gcc_O2 "$work"
mkdir -p "$work/out" "$ROOT/tests/golden"
"$work/runner" "$work/out" "$@"
shopt -s nullglob
outs=("$work"/out/*.jsonl)
[ "${#outs[@]}" -gt 0 ] || { echo "regen-goldens: no scene produced a timeline" >&2; exit 1; }
for f in "${outs[@]}"; do
  name=$(basename "$f")
  if cmp -s "$f" "$ROOT/tests/golden/$name"; then
    echo "unchanged tests/golden/$name"
  else
    cp "$f" "$ROOT/tests/golden/$name"
    echo "wrote     tests/golden/$name ($(wc -l <"$f") lines, final: $(tail -n 1 "$f" | cut -c1-60)...)"
  fi
done
