#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# What a game's own step code gets with and without kickstep's flags: the
# figures of docs/adopting.md.
#
#   tools/flags-effect.sh PREFIX [WORK_DIR]
#
# PREFIX is a kickstep install (cmake --install ... --prefix PREFIX). The game
# of tests/install/consumer (a ball in a walled yard with a post, 30 s at 600
# steps/s, then a free kick launched from where the ball ended) is built with
# several compilers and flags, with and without `pkg-config --cflags
# kickstep`, and run with --trace. Each build is compared with gcc -O0 with
# kickstep's flags: the first step whose state hash differs, the largest
# position difference, and the end line. Figures only; nothing is asserted.
set -euo pipefail
prefix=${1:?usage: flags-effect.sh PREFIX [WORK_DIR]}
work=${2:-$(mktemp -d)}
root=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$work"
export PKG_CONFIG_PATH=$prefix/lib/pkgconfig
read -r -a cflags <<<"$(pkg-config --cflags kickstep)"
read -r -a libs <<<"$(pkg-config --libs kickstep)"
# Without kickstep's flags means without the link command's flags of Libs too
# (a one-command build compiles with them): only its -L and -l.
read -r -a libs_only <<<"$(pkg-config --libs-only-L --libs-only-l kickstep)"
src=("$root/tests/install/consumer/main.c" "$root/tests/install/consumer/collide.c")
build() { # name with|without compiler flags...
  local name=$1 with=$2 cc=$3; shift 3
  local extra=(-I"$prefix/include") link=("${libs_only[@]}")
  [ "$with" = with ] && extra=("${cflags[@]}") && link=("${libs[@]}")
  "$cc" "$@" "${extra[@]}" "${src[@]}" "${link[@]}" -o "$work/$name"
  "$work/$name" --trace >"$work/$name.trace"
}
build ref with gcc -O0
printf '%-44s %-8s %-12s %-14s %s\n' "build" "flags" "first step" "largest |dx|" "end"
for spec in "gcc -O2" "gcc -O3 -march=native" "gcc -O3 -march=native -ffp-contract=off" "clang -O2 -march=native" \
            "clang -O3 -march=native -ffp-contract=fast" "gcc -O2 -ffast-math" "g++ -x c++ -O3 -march=native"; do
  for with in without with; do
    name=$(tr -c 'a-zA-Z0-9' _ <<<"$spec")_$with
    # shellcheck disable=SC2086
    build "$name" "$with" $spec
    read -r first maxdx < <(paste -d' ' "$work/ref.trace" "$work/$name.trace" | awk '
      function abs(v) { return v < 0 ? -v : v }
      $1 == "step" { if ($3 != $8 && !f) f = $2; d = abs($4 - $9) + abs($5 - $10); if (d > m) m = d }
      END { printf "%s %.2g\n", f ? f : "none", m }')
    end=$(tail -1 "$work/$name.trace" | sed 's/^consumer: //')
    printf '%-44s %-8s %-12s %-14s %s\n' "$spec" "$with" "$first" "$maxdx m" "${end%%;*}"
  done
done
echo "reference: gcc -O0 with kickstep's flags: $(tail -1 "$work/ref.trace" | sed 's/^consumer: //; s/;.*//')"
