#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The API reference is complete: Doxygen over include/kickstep with XML output,
# then tests/api/docs_check.py lists every public declaration without
# documentation (and every Doxygen warning), a missing main page, a header in
# no topic and an example missing from the Examples page, and fails if there
# is one.
#
#   tests/api/docs.sh DOXYGEN DOXYFILE OUT_DIR
set -euo pipefail
doxygen=${1:?usage: docs.sh DOXYGEN DOXYFILE OUT_DIR}
doxyfile=${2:?usage: docs.sh DOXYGEN DOXYFILE OUT_DIR}
out=${3:?usage: docs.sh DOXYGEN DOXYFILE OUT_DIR}
here=$(cd "$(dirname "$0")" && pwd)
command -v python3 >/dev/null || { echo "api docs: python3 not found (tools/deps.sh installs it)" >&2; exit 1; }
rm -rf "$out"
mkdir -p "$out"
"$doxygen" "$doxyfile" >"$out/doxygen.out" 2>&1 || { cat "$out/doxygen.out" >&2; exit 1; }
python3 "$here/docs_check.py" "$out/xml" "$out/warnings.log" "$here/../../examples"
