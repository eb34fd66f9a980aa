#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Installs what kickstep needs on Debian 12, and nothing that is already there.
# Idempotent: a second run checks the package list and returns in seconds.
# Usage: tools/deps.sh [--web | --docs]   (--web also runs npm ci for web/;
#        --docs installs only what `make docs` needs: doxygen, cmake, a C compiler)
set -euo pipefail

pkgs=(
  build-essential pkg-config cmake clang lld llvm libcmocka-dev libmpfr-dev libgmp-dev libcjson-dev
  qemu-user-static gcc-aarch64-linux-gnu libc6-dev-arm64-cross gcc-12-multilib
  gcc-s390x-linux-gnu libc6-dev-s390x-cross gcc-mingw-w64-x86-64 wine64
  chromium libbullet-dev libclang-rt-14-dev valgrind
  parallel slurm-wlm munge util-linux
  doxygen python3 libsdl2-dev xvfb xauth x11-apps x11-utils imagemagick
  postgresql-15
)
# postgresql-15: the board's tests start their own server from its binaries
# (initdb into a temporary folder, tests/board); the service itself needs only
# a URL. Debian's package also sets up a "main" cluster, which kickstep leaves alone.

if [ "${1:-}" = "--docs" ]; then
  pkgs=(doxygen cmake gcc libc6-dev make)
fi

missing=()
for p in "${pkgs[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$p")
  fi
done

# The web tools (Vite 6, playwright-core 1.61) need Node.js 18 or newer;
# Debian 12's own nodejs is 18.20. A node of 18 or newer from elsewhere (a
# repository that bundles npm, say) is kept; a missing or older one is replaced
# by Debian's nodejs and npm.
node_ok() {
  command -v node >/dev/null 2>&1 &&
    node -e 'process.exit(Number(process.versions.node.split(".")[0]) >= 18 ? 0 : 1)' >/dev/null 2>&1
}
if [ "${1:-}" = "--docs" ]; then
  :
elif ! node_ok; then
  missing+=(nodejs npm)
elif ! command -v npm >/dev/null 2>&1; then
  missing+=(npm)
fi

if [ "${#missing[@]}" -gt 0 ]; then
  echo "deps: installing ${missing[*]}" >&2
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

if [ "${1:-}" != "--docs" ] && ! node_ok; then
  echo "deps: Node.js 18 or newer is needed, but \`node\` is $(command -v node || echo missing)" \
       "($(node --version 2>/dev/null || echo 'no version')); Debian 12's nodejs package is 18.20" >&2
  exit 1
fi

if [ "${1:-}" = "--web" ] && [ -f web/package-lock.json ]; then
  stamp=web/node_modules/.deps-stamp
  if [ ! -f "$stamp" ] || [ web/package-lock.json -nt "$stamp" ]; then
    echo "deps: npm ci in web/" >&2
    (cd web && npm ci --no-audit --no-fund --loglevel=error)
    touch "$stamp"
  fi
fi
