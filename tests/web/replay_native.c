// SPDX-License-Identifier: MIT
/* The seed's replay test natively (wasm/kick_selftest.c, the code kick.wasm
   runs in the browser): one line per case, "case I LEVEL AGREE" and then
   every result field as "name=hex-bits". The browser test compares the
   page's run with this, bit for bit.

   Usage: kick_replay_native */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "kick_selftest.h"

int main(int argc, char **argv) {
  (void)argv;
  if (argc != 1) {
    fprintf(stderr, "usage: kick_replay_native\n");
    return 2;
  }
  int bad = 0;
  for (int32_t i = 0; i < kx_replay_test_count(); i++) {
    int32_t agree = kx_replay_test_run(i);
    if (agree != 1) bad++;
    printf("case %d %s %d", (int)i, kx_replay_test_level(i), (int)agree);
    const double *v = kx_replay_test_result();
    for (int32_t f = 0; f < kx_replay_test_field_count(); f++) {
      uint64_t u;
      memcpy(&u, &v[f], sizeof u);
      printf(" %s=%016" PRIx64, kx_replay_test_field_name(f), u);
    }
    printf("\n");
  }
  return bad == 0 ? 0 : 1;
}
