// SPDX-License-Identifier: MIT
/* Writes seed inputs for the replay and share-code fuzz targets: real
   replays recorded by the kick engine, in each target's input framing.
     fuzz_make_seeds <corpus-root>     (tools/fuzz.sh seeds runs it)
   Writes <root>/replay/seed-* and <root>/share/seed-*. */
#include <stdio.h>
#include <string.h>

#include "kickstep/kick_replay.h"

static int write_file(const char *root, const char *target, const char *name, uint8_t mode, const void *pre,
                      size_t npre, const void *body, size_t n) {
  char path[1024];
  snprintf(path, sizeof path, "%s/%s/%s", root, target, name);
  FILE *f = fopen(path, "wb");
  if (!f) {
    perror(path);
    return 1;
  }
  fwrite(&mode, 1, 1, f);
  if (npre) fwrite(pre, 1, npre, f);
  fwrite(body, 1, n, f);
  return fclose(f) != 0;
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: fuzz_make_seeds <corpus-root>\n");
    return 2;
  }
  const char *root = argv[1];
  int bad = 0;
  for (int i = 0; i < 3; i++) {
    kick_setup su = kick_setup_default();
    kick_launch k = kick_launch_default();
    kick_input taps[1];
    int32_t ntaps = 0;
    if (i == 1) {
      su.keeper.kind = KICK_KEEPER_PLAIN;
      kick_setup_wall_at(&su, 3);
      su.wind.mean_speed_mps = 4.0;
      su.wind.gustiness = 0.5;
      k.spin_axis = ks_v3(0.0, 1.0, 0.0);
      k.spin_rate = 40.0;
      k.direction = 0.1;
    } else if (i == 2) {
      su.keeper.kind = KICK_KEEPER_PLAIN;
      su.person_in_goal = true;
      taps[0].has_tap = true;
      taps[0].tap_step = 90;
      taps[0].tap_x = 2.0;
      taps[0].tap_y = 1.0;
      ntaps = 1;
      k.speed_mps = 30.0;
    }
    kick_replay r;
    if (kick_replay_record(&su, 30 * i, &k, taps, ntaps, &r) != KS_OK) {
      fprintf(stderr, "seed %d: did not record\n", i);
      bad = 1;
      continue;
    }
    static uint8_t bytes[KICK_REPLAY_MAX_BYTES];
    size_t n = 0;
    static char code[KICK_REPLAY_MAX_CODE + 1];
    size_t cn = 0;
    if (kick_replay_encode(&r, bytes, sizeof bytes, &n, NULL) != KS_OK ||
        kick_replay_share_encode(&r, code, sizeof code, &cn, NULL) != KS_OK) {
      fprintf(stderr, "seed %d: did not encode\n", i);
      bad = 1;
      continue;
    }
    const uint8_t *payload = bytes + KICK_REPLAY_HEADER_BYTES;
    size_t np = n - KICK_REPLAY_HEADER_BYTES - KICK_REPLAY_CHECKSUM_BYTES;
    char name[64];
    uint8_t at = (uint8_t)(17 * i + 3);
    snprintf(name, sizeof name, "seed-%d-raw", i);
    bad |= write_file(root, "replay", name, 0, NULL, 0, bytes, n);
    snprintf(name, sizeof name, "seed-%d-framed", i);
    bad |= write_file(root, "replay", name, 1, NULL, 0, payload, np);
    snprintf(name, sizeof name, "seed-%d-verify", i);
    bad |= write_file(root, "replay", name, 3, NULL, 0, payload, np);
    snprintf(name, sizeof name, "seed-%d-code", i);
    bad |= write_file(root, "share", name, 0, NULL, 0, code, cn);
    snprintf(name, sizeof name, "seed-%d-framed", i);
    bad |= write_file(root, "share", name, 1, &at, 1, payload, np);
    snprintf(name, sizeof name, "seed-%d-changed", i);
    bad |= write_file(root, "share", name, 3, &at, 1, payload, np);
  }
  return bad;
}
