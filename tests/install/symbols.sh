#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The installed libraries expose kickstep's public API and nothing else:
#
#   tests/install/symbols.sh INCLUDE_DIR LIBRARY...
#
# The public API is every name declared KS_API in INCLUDE_DIR/kickstep/*.h.
# For each library, its global defined symbols (nm -g for a static archive,
# nm -D for a shared library) must all be public API; a shared library must
# also carry a SONAME libkickstep_<name>.so.<version>. Together the libraries
# must define every public function (a public function made local by mistake
# would be missing). Exit 1 with the list of offending symbols otherwise.
set -euo pipefail
inc=${1:?usage: symbols.sh INCLUDE_DIR LIBRARY...}
shift
[ "$#" -gt 0 ] || { echo "symbols: no libraries given" >&2; exit 2; }
api=$(mktemp) defined=$(mktemp)
trap 'rm -f "$api" "$defined"' EXIT
grep -h '^[[:space:]]*KS_API ' "$inc"/kickstep/*.h | sed -E 's/\(.*//' | awk '{print $NF}' | tr -d '*' | sort -u >"$api"
[ -s "$api" ] || { echo "symbols: no KS_API declarations in $inc/kickstep" >&2; exit 1; }
bad=0
for lib in "$@"; do
  case "$lib" in
    *.so|*.so.*)
      syms=$(nm -D --defined-only "$lib" | awk '$2 ~ /^[A-Z]$/ {print $3}' | sort -u)
      soname=$(readelf -d "$lib" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
      base=$(basename "$lib"); base=${base%%.so*}
      if [[ "$soname" != "$base".so.[0-9]* ]]; then
        echo "symbols: $lib: SONAME '$soname' is not $base.so.<version>" >&2
        bad=$((bad + 1))
      fi
      kind="shared, SONAME $soname" ;;
    *.a)
      syms=$(nm -g --defined-only "$lib" 2>/dev/null | awk 'NF >= 3 && $2 ~ /^[A-Z]$/ {print $3}' | sort -u)
      kind=static ;;
    *) echo "symbols: $lib: not a .a or .so" >&2; exit 2 ;;
  esac
  printf '%s\n' "$syms" >>"$defined"
  extra=$(comm -23 <(printf '%s\n' "$syms" | sed '/^$/d') "$api")
  n=$(printf '%s\n' "$syms" | sed '/^$/d' | wc -l)
  if [ -n "$extra" ]; then
    echo "symbols: $lib ($kind): $(printf '%s\n' "$extra" | wc -l) global symbols that are not public API:" >&2
    printf '  %s\n' $extra >&2
    bad=$((bad + 1))
  else
    echo "symbols: $lib ($kind): $n global symbols, all public API"
  fi
done
missing=$(comm -23 "$api" <(sort -u "$defined"))
if [ -n "$missing" ]; then
  echo "symbols: public functions that no library defines globally:" >&2
  printf '  %s\n' $missing >&2
  bad=$((bad + 1))
fi
if [ "$bad" -ne 0 ]; then
  exit 1
fi
echo "symbols: the $(wc -l <"$api") public functions are defined, and nothing else is global"
