// SPDX-License-Identifier: MIT
/* Kick setups shared by the kick tests, the parity scenes and the bench
   (support/kick_setups.h; header-only, static inline). */
#ifndef KICKSTEP_SUPPORT_KICK_SETUPS_H
#define KICKSTEP_SUPPORT_KICK_SETUPS_H

#include "kickstep/kick.h"

/* A wall of four that jumps, 22 m out, a plain keeper. */
static inline kick_setup kt_setup_wall_jump(void) {
  kick_setup su = kick_setup_default();
  su.spot_x = -3.0;
  su.spot_z = -22.0;
  kick_setup_wall_at(&su, 4);
  su.wall.jump_mask = 0xfu;
  su.keeper.kind = KICK_KEEPER_PLAIN;
  su.keeper.rating = 0.75;
  su.match_seed = 52;
  su.kick_number = 3;
  return su;
}

/* A 25 m shot into gusts on a wet pitch, a showman in goal. */
static inline kick_setup kt_setup_thunder(void) {
  kick_setup su = kick_setup_default();
  su.spot_x = 2.0;
  su.spot_z = -25.0;
  su.pitch = kick_pitch_default(true);
  su.wind.mean_speed_mps = 9.0;
  su.wind.bearing = 2.6;
  su.wind.gustiness = 1.0;
  su.wind.swirl = 0.6;
  su.wind.gust_seed = 44;
  su.keeper.kind = KICK_KEEPER_SHOWMAN;
  su.keeper.rating = 0.7;
  su.match_seed = 44;
  su.kick_number = 1;
  return su;
}

/* A penalty against a specialist rated 0.9. */
static inline kick_setup kt_setup_final(void) {
  kick_setup su = kick_setup_default();
  su.spot_z = -11.0;
  su.keeper.kind = KICK_KEEPER_SPECIALIST;
  su.keeper.rating = 0.9;
  su.keeper.reaction_s = 0.12;
  su.match_seed = 65;
  su.kick_number = 5;
  return su;
}

static inline kick_launch kt_launch(double speed, double elevation, double direction, double side_spin) {
  kick_launch k = kick_launch_default();
  k.speed_mps = speed;
  k.elevation = elevation;
  k.direction = direction;
  k.spin_axis = ks_v3(0.0, 1.0, 0.0);
  k.spin_rate = side_spin < 0.0 ? -side_spin : side_spin;
  if (side_spin < 0.0) k.spin_axis = ks_v3(0.0, -1.0, 0.0);
  return k;
}

/* Plays a struck shot in 1/60 s frames until it is done (or 20 s pass). */
static inline void kt_play_out(kick_shot *s) {
  for (int i = 0; i < 1200 && s->phase != KICK_PHASE_DONE; i++) kick_shot_advance(s, 1.0 / 60.0, NULL, NULL);
}

/* Plays until decided (or 20 s pass). */
static inline void kt_play_to_decision(kick_shot *s) {
  for (int i = 0; i < 1200 && !kick_shot_decided(s); i++) kick_shot_advance(s, 1.0 / 60.0, NULL, NULL);
}

/* Builds a shot, waits `wait` seconds on the spot, strikes it. */
static inline kick_shot kt_struck(kick_setup su, double wait, kick_launch k) {
  kick_shot s;
  if (kick_shot_init(&s, &su) != KS_OK) __builtin_trap();
  while (wait > 1e-9) {
    double f = wait > 0.1 ? 0.1 : wait;
    kick_shot_advance(&s, f, NULL, NULL);
    wait -= f;
  }
  if (kick_shot_strike(&s, &k) != KS_OK) __builtin_trap();
  return s;
}

#endif
