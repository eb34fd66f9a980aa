// SPDX-License-Identifier: MIT
/* Writes seed inputs for the replay and share-code fuzz targets: real
   replays recorded by the kick engine, in each target's input framing.
     fuzz_make_seeds <corpus-root>     (tools/fuzz.sh seeds runs it)
   Writes <root>/replay/seed-* and <root>/share/seed-*, and shoot-out
   records of two short duels as <root>/replay/seed-shootout-* (mode bit 2). */
#include <stdio.h>
#include <string.h>

#include "kickstep/kick_replay.h"
#include "kickstep/kick_shootout.h"

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

/* A short duel (one kick each, quick phases), recorded as the page records one. */
static int shootout_seeds(const char *root, int i) {
  static kick_shootout rec;
  static uint8_t bytes[KICK_SHOOTOUT_MAX_BYTES];
  kick_duel_def def = kick_duel_default_def();
  def.kicks_each = 1;
  def.max_kicks = 4;
  def.ready_steps = 30;
  def.after_steps = 60;
  def.replays = i == 1;
  def.match_seed = 5u + (uint64_t)i;
  kick_duel d;
  if (kick_duel_init(&d, &def) != KS_OK || kick_shootout_begin(&rec, &def) != KS_OK) return 1;
  while (d.phase != KICK_DUEL_OVER && d.step < 20000) {
    kick_duel_input ins[2] = {{KICK_DUEL_IN_NONE, kick_launch_default(), 0, 0}, {KICK_DUEL_IN_NONE, kick_launch_default(), 0, 0}};
    int64_t age = d.step - d.phase_step;
    if (d.phase == KICK_DUEL_AIM && age == 40) {
      kick_launch k = kick_launch_default();
      k.speed_mps = 24.0;
      k.direction = d.kick % 2 ? 0.25 : -0.2;
      ins[d.shooter] = kick_duel_strike_input(&k);
    }
    if (d.phase == KICK_DUEL_FLIGHT && age == 10) ins[1 - d.shooter] = kick_duel_tap_input(1.5 - d.kick, 1.0);
    const kick_duel_input *p[2] = {&ins[0], &ins[1]};
    for (int32_t pl = 0; pl < 2; pl++) (void)kick_shootout_add(&rec, d.step, pl, &ins[pl]);
    kick_duel_step(&d, p);
  }
  size_t n = 0;
  if (kick_shootout_finish(&rec, d.step, KICK_SHOOTOUT_PLAYED, -1) != KS_OK ||
      kick_shootout_encode(&rec, bytes, sizeof bytes, &n, NULL) != KS_OK)
    return 1;
  const uint8_t *payload = bytes + KICK_SHOOTOUT_HEADER_BYTES;
  size_t np = n - KICK_SHOOTOUT_HEADER_BYTES - 8u;
  char name[64];
  int bad = 0;
  snprintf(name, sizeof name, "seed-shootout-%d-raw", i);
  bad |= write_file(root, "replay", name, 4, NULL, 0, bytes, n);
  snprintf(name, sizeof name, "seed-shootout-%d-framed", i);
  bad |= write_file(root, "replay", name, 5, NULL, 0, payload, np);
  snprintf(name, sizeof name, "seed-shootout-%d-verify", i);
  bad |= write_file(root, "replay", name, 7, NULL, 0, payload, np);
  return bad;
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
  for (int i = 0; i < 2; i++) bad |= shootout_seeds(root, i);
  for (int i = 0; i < 2; i++) bad |= shootout_seeds(root, i);
  return bad;
}
