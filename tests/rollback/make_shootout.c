// SPDX-License-Identifier: MIT
/* Writes the shoot-out record of a scripted penalty duel (three kicks each,
   strikes and taps on fixed steps) for the kick-cli tests.
     make_shootout OUT [--tamper]
   --tamper changes the second checkpoint's hash and reseals the checksum,
   so the file loads but diverges on re-simulation. */
#include <stdio.h>
#include <string.h>

#include "kickstep/hash.h"
#include "kickstep/host_file.h"
#include "support/replay_file.h"
#include "kickstep/kick_shootout.h"

static kick_shootout rec;
static uint8_t bytes[KICK_SHOOTOUT_MAX_BYTES];

int main(int argc, char **argv) {
  bool party = argc == 4 && strcmp(argv[2], "--party") == 0 && (strcmp(argv[3], "3") == 0 || strcmp(argv[3], "4") == 0);
  if (argc < 2 || argc > 4 || (argc == 3 && strcmp(argv[2], "--tamper") != 0) || (argc == 4 && !party)) {
    fprintf(stderr, "usage: make_shootout OUT [--tamper | --party 3|4]\n");
    return 2;
  }
  kick_duel_def def = party ? kick_duel_party_def(argv[3][0] - '0') : kick_duel_default_def();
  if (!party) def.kicks_each = 3;
  def.match_seed = 2026;
  kick_duel d;
  if (kick_duel_init(&d, &def) != KS_OK || kick_shootout_begin(&rec, &def) != KS_OK) return 1;
  static const double dir[5] = {-0.25, 0.25, 0.0, 0.6, -0.22};
  static const double tap_x[5] = {-2.6, 2.0, 0.0, -2.0, 2.4};
  while (d.phase != KICK_DUEL_OVER && d.step < 400000) {
    kick_duel_input ins[KICK_DUEL_MAX_PLAYERS];
    for (int32_t pl = 0; pl < KICK_DUEL_MAX_PLAYERS; pl++) ins[pl] = kick_duel_tap_input(0.0, 0.0), ins[pl].kind = KICK_DUEL_IN_NONE;
    int64_t age = d.step - d.phase_step;
    if (d.phase == KICK_DUEL_AIM && age == 200 + 17 * d.kick) {
      kick_launch k = kick_launch_default();
      k.speed_mps = 20.0 + (d.kick % 4) * 2.5;
      k.elevation = 0.12;
      k.direction = dir[d.kick % 5];
      ins[d.shooter] = kick_duel_strike_input(&k);
    }
    if (d.phase == KICK_DUEL_FLIGHT && age == 15) ins[kick_duel_keeper(&d)] = kick_duel_tap_input(tap_x[d.kick % 5], 0.9);
    const kick_duel_input *p[KICK_DUEL_MAX_PLAYERS] = {&ins[0], &ins[1], &ins[2], &ins[3]};
    for (int32_t pl = 0; pl < (int32_t)def.players; pl++)
      if (kick_shootout_add(&rec, d.step, pl, &ins[pl]) != KS_OK) return 1;
    kick_duel_step(&d, p);
  }
  if (kick_shootout_finish(&rec, d.step, KICK_SHOOTOUT_PLAYED, -1) != KS_OK) return 1;
  size_t n = 0;
  if (kick_shootout_encode(&rec, bytes, sizeof bytes, &n, NULL) != KS_OK) return 1;
  if (argc == 3) { /* --tamper */
    /* The checkpoints are the last bytes before the checksum. */
    size_t at = n - 8 - 8 * (size_t)(rec.checkpoint_count - 1);
    bytes[at] ^= 1u;
    uint64_t h = ks_fnv1a64(bytes, n - 8);
    for (int i = 0; i < 8; i++) bytes[n - 8 + (size_t)i] = (uint8_t)(h >> (8 * i));
  }
  if (ks_host_write_file(argv[1], bytes, n, NULL) != KS_OK) {
    fprintf(stderr, "make_shootout: cannot write %s\n", argv[1]);
    return 1;
  }
  printf("%s: %d-%d after %d kicks, %lld steps, %d inputs, %zu bytes\n", argv[1], rec.score[0], rec.score[1], rec.kicks,
         (long long)rec.end_step, rec.input_count, n);
  return 0;
}
