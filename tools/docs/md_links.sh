#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Doxygen's input filter for the guides (docs/*.md in the API site): a code
# span that names a kickstep function, type or macro (`ks_clock_advance`,
# `kick_shot_step(&s)`, `KS_ERR_RANGE`) becomes <code>NAME...</code>, which
# Doxygen links to its reference when the name is documented (a code span is
# never linked) and leaves as plain code when it is not. Lines inside fenced
# code blocks are left as they are.
#   tools/docs/md_links.sh FILE
exec awk '
  /^[[:space:]]*(```|~~~)/ { fence = !fence; print; next }
  fence { print; next }
  {
    out = ""; line = $0
    while (match(line, /`(ks_|kick_|brake_|walk_|lab_|KS_|KICK_)[A-Za-z0-9_]*(\([^`]*\))?`/)) {
      span = substr(line, RSTART + 1, RLENGTH - 2)
      out = out substr(line, 1, RSTART - 1) "<code>" span "</code>"
      line = substr(line, RSTART + RLENGTH)
    }
    print out line
  }' "$1"
