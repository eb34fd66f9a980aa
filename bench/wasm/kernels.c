// SPDX-License-Identifier: MIT
/* The benchmark workloads (see kernels.h). The scene is a representative
   match kick: 22 m out and to the right, a four-man wall that may jump, a
   plain keeper, a gusty crosswind, a curling strike over the wall that
   flies about a second (about 590 steps) to the goal line and goes over. */
#include "kernels.h"

#include "kickstep/kick.h"
#include "kickstep/kick_solver.h"

static kick_setup setup;
static kick_launch launch;
static kick_shot struck;        /* just struck, the look-ahead's starting point */
static kick_shot copies[4];     /* where kb_copy writes */
static int64_t last_steps;

int32_t kb_prepare(void) {
  setup = kick_setup_default();
  setup.spot_x = -6.0;
  setup.spot_z = -22.0;
  setup.keeper.kind = KICK_KEEPER_PLAIN;
  kick_setup_wall_at(&setup, 4);
  setup.wall.jump_mask = 0xfu;
  setup.wind.mean_speed_mps = 5.0;
  setup.wind.bearing = 1.2;
  setup.wind.gustiness = 0.6;
  setup.match_seed = 20261129u;
  launch = kick_launch_default();
  launch.speed_mps = 27.0;
  launch.elevation = 0.32;
  launch.direction = 0.26;
  launch.spin_axis = ks_v3(0.0, 1.0, 0.0);
  launch.spin_rate = 45.0;
  kick_shot s;
  if (kick_shot_init(&s, &setup) != KS_OK) return 1;
  if (kick_shot_strike(&s, &launch) != KS_OK) return 2;
  struck = s;
  return 0;
}

uint64_t kb_lookahead(int32_t n) {
  uint64_t h = 0;
  int64_t steps = 0;
  for (int32_t i = 0; i < n; i++) {
    kick_shot s = struck;
    int64_t k = 0;
    while (!kick_shot_decided(&s) && k < 6 * KICK_STEPS_PER_SECOND) {
      kick_shot_step(&s, NULL, NULL);
      k++;
    }
    steps += k;
    h = h * 31u + kick_shot_hash(&s);
  }
  last_steps = steps;
  return h;
}

uint64_t kb_kick(int32_t n) {
  uint64_t h = 0;
  int64_t steps = 0;
  for (int32_t i = 0; i < n; i++) {
    kick_setup su = setup;
    su.kick_number = (uint64_t)i;
    kick_shot s;
    if (kick_shot_init(&s, &su) != KS_OK) return 0;
    if (kick_shot_strike(&s, &launch) != KS_OK) return 0;
    int64_t k = 0;
    while (kick_shot_phase(&s) != KICK_PHASE_DONE && k < 6 * KICK_STEPS_PER_SECOND) {
      kick_shot_step(&s, NULL, NULL);
      k++;
    }
    steps += k;
    h = h * 31u + kick_shot_hash(&s);
  }
  last_steps = steps;
  return h;
}

uint64_t kb_solve(int32_t n) {
  uint64_t h = 0;
  for (int32_t i = 0; i < n; i++) {
    kick_solver_def d = kick_solver_default_def();
    d.spot_x = -6.0;
    d.spot_z = -22.0;
    d.aim_x = 2.6 - 0.01 * (double)(i & 15);
    d.aim_y = 1.9;
    d.speed_mps = 26.0;
    d.bend = 0.5;
    kick_solution sol;
    if (kick_solve(&d, &sol) != KS_OK) return 0;
    h = h * 31u + ks_f64_bits(sol.launch.elevation) + (uint64_t)sol.tries;
  }
  return h;
}

uint64_t kb_copy(int32_t n) {
  uint64_t h = 0;
  for (int32_t i = 0; i < n; i++) {
    kick_shot *dst = &copies[(uint32_t)i & 3u];
    *dst = struck;
    dst->ball.pos.x += 1.0; /* touch the copy so it cannot be skipped */
    h += ks_f64_bits(dst->ball.pos.x) ^ (uint64_t)i;
  }
  return h;
}

int64_t kb_last_steps(void) { return last_steps; }

int32_t kb_state_bytes(void) { return (int32_t)sizeof(kick_shot); }
