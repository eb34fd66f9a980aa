#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The windowed example in a real X server (Xvfb):
#
#   examples/window_test.sh PROGRAM WORK_DIR
#
# Runs PROGRAM --autoplay --seconds 3 under xvfb-run; while it runs, checks
# that its window is mapped (xwininfo) and takes a screenshot of the screen
# (xwd). Passes when the screenshot and the program's own copy of its last
# frame (a BMP) are not blank (at least 4 colours each), and the program
# reports that the display's frames drove the clock (frames and steps run).
# Skipped (exit 77) where Xvfb or the X tools are missing.
set -euo pipefail
exe=${1:?usage: window_test.sh PROGRAM WORK_DIR}
work=${2:?usage: window_test.sh PROGRAM WORK_DIR}
for tool in xvfb-run xwd xwininfo identify; do
  command -v "$tool" >/dev/null || { echo "window_test: $tool not found (tools/deps.sh installs it); skipped"; exit 77; }
done
rm -rf "$work"
mkdir -p "$work"
export EXE=$exe WORK=$work
xvfb-run -a -s "-screen 0 1024x768x24" bash -c '
  set -e
  "$EXE" --autoplay --seconds 3 --screenshot "$WORK/frame.bmp" >"$WORK/out.txt" 2>&1 &
  pid=$!
  sleep 1.5
  xwininfo -root -tree >"$WORK/windows.txt"
  xwd -root -silent >"$WORK/screen.xwd"
  wait "$pid"
'
cat "$work/out.txt"
fail=0
grep -q '"kickstep: walk course"' "$work/windows.txt" || { echo "window_test: no window named 'kickstep: walk course' was mapped"; fail=1; }
for img in screen.xwd frame.bmp; do
  if [ ! -s "$work/$img" ]; then
    echo "window_test: no $img"; fail=1; continue
  fi
  colours=$(identify -format '%k' "$work/$img")
  echo "window_test: $img has $colours colours"
  [ "$colours" -ge 4 ] || { echo "window_test: $img is blank"; fail=1; }
done
line=$(grep '^sdl_window:' "$work/out.txt" || true)
frames=$(sed -n 's/^sdl_window: \([0-9]*\) frames.*/\1/p' <<<"$line")
steps=$(sed -n 's/.* \([0-9]*\) steps at .*/\1/p' <<<"$line")
if [ -z "$frames" ] || [ "$frames" -lt 30 ] || [ -z "$steps" ] || [ "$steps" -lt 200 ]; then
  echo "window_test: expected at least 30 frames and 200 steps in 3 s, got '${line:-no report}'"; fail=1
fi
exit "$fail"
