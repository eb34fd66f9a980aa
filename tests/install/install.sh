#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# cmake --install, static and shared, and what it puts where:
#
#   tests/install/install.sh BUILD_DIR SOURCE_DIR WORK_DIR
#
# Installs BUILD_DIR (the project's own build: static libraries) into
# WORK_DIR/static, and a shared-library build of the libraries alone
# (KICKSTEP_ONLY_LIBRARIES, BUILD_SHARED_LIBS) into WORK_DIR/shared. Each
# install must hold the public headers, the libraries, kickstepConfig.cmake
# with its version file and the pkg-config files; tests/install/symbols.sh then
# checks that the libraries' global symbols are exactly the public API. As a
# control, the build tree's own kick archive (internal symbols not localized
# at top level) must fail that check.
set -euo pipefail
build=${1:?usage: install.sh BUILD_DIR SOURCE_DIR WORK_DIR}
src=${2:?usage: install.sh BUILD_DIR SOURCE_DIR WORK_DIR}
work=${3:?usage: install.sh BUILD_DIR SOURCE_DIR WORK_DIR}
here=$(cd "$(dirname "$0")" && pwd)
rm -rf "$work"
mkdir -p "$work"
work=$(cd "$work" && pwd)
log=$work/log.txt
fails=0
run() {
  if ! "$@" >>"$log" 2>&1; then
    echo "install: FAILED: $*" >&2
    tail -n 30 "$log" >&2
    exit 1
  fi
}

run cmake --install "$build" --prefix "$work/static"
run cmake -S "$src" -B "$work/shared-build" -DCMAKE_BUILD_TYPE=Release -DKICKSTEP_ONLY_LIBRARIES=ON -DBUILD_SHARED_LIBS=ON
run cmake --build "$work/shared-build" -j"${KS_INSTALL_JOBS:-2}"
run cmake --install "$work/shared-build" --prefix "$work/shared"

# The libraries alone configure with a C compiler and CMake and nothing else:
# no pkg-config, cJSON, cmocka, MPFR, SDL2, Doxygen or node (host is skipped).
bare=$work/bare-build
if env PATH=/usr/bin:/bin cmake -S "$src" -B "$bare" -DKICKSTEP_ONLY_LIBRARIES=ON \
     -DCMAKE_DISABLE_FIND_PACKAGE_PkgConfig=ON -DCMAKE_DISABLE_FIND_PACKAGE_cJSON=ON \
     -DCMAKE_DISABLE_FIND_PACKAGE_SDL2=ON -DCMAKE_DISABLE_FIND_PACKAGE_Doxygen=ON >"$work/bare.txt" 2>&1 &&
   grep -q 'host library skipped' "$work/bare.txt" && grep -q 'kickstep_core' "$bare/Makefile"; then
  echo "install: the libraries alone configure without pkg-config, cJSON, cmocka, MPFR, SDL2, Doxygen or node"
else
  echo "install: FAIL configuring the libraries alone needed more than a C compiler and CMake:" >&2
  tail -n 20 "$work/bare.txt" >&2
  fails=$((fails + 1))
fi

for p in static shared; do
  d=$work/$p
  for f in include/kickstep/base.h include/kickstep/version.h include/kickstep/fpcheck.h include/kickstep/kick.h \
           lib/cmake/kickstep/kickstepConfig.cmake lib/cmake/kickstep/kickstepConfigVersion.cmake \
           lib/cmake/kickstep/kickstepTargets.cmake lib/pkgconfig/kickstep.pc; do
    if [ ! -f "$d/$f" ]; then
      echo "install: FAIL $p install has no $f" >&2
      fails=$((fails + 1))
    fi
  done
  nheaders=$(ls "$d"/include/kickstep/*.h | wc -l)
  nsrc=$(ls "$src"/include/kickstep/*.h | wc -l)
  if [ "$nheaders" -ne "$nsrc" ]; then
    echo "install: FAIL $p install has $nheaders of the $nsrc public headers" >&2
    fails=$((fails + 1))
  fi
  if ! PKG_CONFIG_PATH=$d/lib/pkgconfig pkg-config --validate kickstep >>"$log" 2>&1; then
    echo "install: FAIL $p: kickstep.pc does not validate" >&2
    fails=$((fails + 1))
  fi
  echo "install: $p: $nheaders headers, $(ls "$d"/lib | tr '\n' ' ')"
done
if ! grep -q -- '-DKS_SHARED' "$work/shared/lib/pkgconfig/kickstep.pc"; then
  echo "install: FAIL the shared kickstep.pc does not define KS_SHARED" >&2
  fails=$((fails + 1))
fi

bash "$here/symbols.sh" "$src/include" "$work"/static/lib/*.a || fails=$((fails + 1))
bash "$here/symbols.sh" "$src/include" "$work"/shared/lib/*.so || fails=$((fails + 1))

# Control: the unlocalized archive of the build tree shows its internal symbols.
raw=$(find "$build/src" -name 'libkickstep_kick.a' | head -1)
if [ -n "$raw" ]; then
  if bash "$here/symbols.sh" "$src/include" "$raw" "$build/src/libkickstep_core.a" >"$work/control.txt" 2>&1; then
    echo "install: FAIL the check passed the build tree's unlocalized kick archive" >&2
    fails=$((fails + 1))
  else
    echo "install: control: the build tree's kick archive fails the check ($(grep -m1 'not public API' "$work/control.txt" | sed 's/^symbols: //'))"
  fi
fi

if [ "$fails" -ne 0 ]; then
  echo "install: $fails failure(s)" >&2
  exit 1
fi
echo "install: static and shared installs are complete and export exactly the public API"
