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
# at top level) must fail that check. A copy of examples/ must build and run
# against the static install on its own, and a find_package(kickstep) that
# does not ask for the host library must configure without cJSON.
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
           lib/cmake/kickstep/kickstepTargets.cmake lib/pkgconfig/kickstep.pc lib/pkgconfig/kickstep-core.pc \
           lib/pkgconfig/kickstep-kick.pc; do
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
if ! PKG_CONFIG_PATH=$work/shared/lib/pkgconfig pkg-config --cflags kickstep | grep -q -- '-DKS_SHARED'; then
  echo "install: FAIL the shared kickstep.pc (through kickstep-core.pc) does not define KS_SHARED" >&2
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

# The examples, copied out of the tree as a user would, build against the
# static install on their own and make their claims (examples/check.sh).
ex=$work/examples
cp -r "$src/examples" "$ex"
if cmake -S "$ex" -B "$ex/build" -DCMAKE_PREFIX_PATH="$work/static" >>"$log" 2>&1 &&
   cmake --build "$ex/build" -j"${KS_INSTALL_JOBS:-2}" >>"$log" 2>&1 &&
   (cd "$ex/build" && ctest -LE nosan --output-on-failure >>"$log" 2>&1); then
  echo "install: a copy of examples/ builds and runs against the install ($(cd "$ex/build" && ctest -N -LE nosan | grep -c 'Test *#') examples)"
else
  echo "install: FAIL a copy of examples/ does not build or run against the install:" >&2
  tail -n 20 "$log" >&2
  fails=$((fails + 1))
fi

# A game of kickstep::core needs no cJSON, even from an install that has the
# host library; asking for the host component without cJSON fails.
if [ -f "$work/static/lib/libkickstep_host.a" ] &&
   grep -q '"config" STREQUAL "config"' "$work/static/lib/cmake/kickstep/kickstepConfig.cmake"; then
  nocj=$work/no-cjson
  mkdir -p "$nocj"
  printf 'cmake_minimum_required(VERSION 3.20)\nproject(nocj C)\nfind_package(kickstep 0.2 REQUIRED ${WANT})\n' >"$nocj/CMakeLists.txt"
  if cmake -S "$nocj" -B "$nocj/core" -DCMAKE_PREFIX_PATH="$work/static" -DCMAKE_DISABLE_FIND_PACKAGE_cJSON=ON >>"$log" 2>&1 &&
     cmake -S "$nocj" -B "$nocj/kick" -DCMAKE_PREFIX_PATH="$work/static" -DCMAKE_DISABLE_FIND_PACKAGE_cJSON=ON \
       "-DWANT=COMPONENTS;core;kick" >>"$log" 2>&1; then
    echo "install: find_package(kickstep) without cJSON configures (the host library is not asked for)"
  else
    echo "install: FAIL find_package(kickstep) needs cJSON although the host library is not asked for" >&2
    fails=$((fails + 1))
  fi
  if cmake -S "$nocj" -B "$nocj/host" -DCMAKE_PREFIX_PATH="$work/static" -DCMAKE_DISABLE_FIND_PACKAGE_cJSON=ON \
       "-DWANT=COMPONENTS;host" >>"$log" 2>&1; then
    echo "install: FAIL find_package(kickstep COMPONENTS host) configured without cJSON" >&2
    fails=$((fails + 1))
  fi
fi

if [ "$fails" -ne 0 ]; then
  echo "install: $fails failure(s)" >&2
  exit 1
fi
echo "install: static and shared installs are complete and export exactly the public API"
