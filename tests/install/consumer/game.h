// SPDX-License-Identifier: MIT
// A small game of its own, as an adopter writes one: its state, its step and
// its hash, compiled with the game's flags (not kickstep's). It leans on
// kickstep for the clock, the dice, the math and a free kick, and on the
// header-inline vector helpers (ks_v3_mad, ...), which are compiled here too.
// Every multiply-add below is a place a compiler may fuse; kickstep's usage
// requirements (or kickstep.pc's Cflags) are what keep it from doing so.
#ifndef CONSUMER_GAME_H
#define CONSUMER_GAME_H

#include "kickstep/clock.h"
#include "kickstep/dmath.h"
#include "kickstep/fpcheck.h"
#include "kickstep/hash.h"
#include "kickstep/kick.h"
#include "kickstep/rng.h"
#include "kickstep/vec.h"
#include "kickstep/version.h"

typedef struct game {
  ks_vec3 pos, vel;  // a ball of the game's own, m and m/s
  double spin;       // rad/s about +y
  ks_rng dice;       // the game's dice, inside its state
  int64_t steps, bounces, launches;
} game;

static game game_start(uint64_t seed) {
  game g;
  g.pos = ks_v3(-6.0, 1.0, -7.0);
  g.vel = ks_v3(6.5, 9.0, 7.0);
  g.spin = 9.0;
  g.dice = ks_rng_seeded(seed);
  g.steps = g.bounces = g.launches = 0;
  return g;
}

static void game_step(game *g, double dt) {
  double speed = ks_v3_len(g->vel);
  ks_vec3 drag = ks_v3_scale(g->vel, -0.0012 * speed);
  ks_vec3 lift = ks_v3_scale(ks_v3_cross(ks_v3(0.0, g->spin, 0.0), g->vel), 0.0021);
  ks_vec3 acc = ks_v3_add(ks_v3_add(drag, lift), ks_v3(0.0, -9.81, 0.0));
  acc.y += 0.35 * ks_sin(g->pos.z * 0.7 + g->pos.x * g->pos.y); // a wobble of the game's own
  g->vel = ks_v3_mad(g->vel, acc, dt);
  g->pos = ks_v3_mad(g->pos, g->vel, dt);
  g->spin = g->spin * 0.9995 + g->vel.x * 1e-4 * dt;
  if (g->pos.y < 0.0) {
    g->pos.y = -g->pos.y * 0.6;
    g->vel = ks_v3(g->vel.x * 0.995, -g->vel.y * 0.9, g->vel.z * 0.995);
    g->bounces++;
  }
  // A walled yard, 16 m square, with a post of 1.5 m radius in the middle: a
  // ball that glances off a round post leaves at an angle that depends on
  // where it struck, so small differences grow with every contact.
  if (g->pos.x > 8.0 || g->pos.x < -8.0) { g->vel.x = -g->vel.x; g->pos.x = g->pos.x > 0.0 ? 8.0 : -8.0; g->bounces++; }
  if (g->pos.z > 8.0 || g->pos.z < -8.0) { g->vel.z = -g->vel.z; g->pos.z = g->pos.z > 0.0 ? 8.0 : -8.0; g->bounces++; }
  double d2 = g->pos.x * g->pos.x + g->pos.z * g->pos.z;
  if (d2 < 2.25 && d2 > 0.0) {
    double d = ks_sqrt(d2), nx = g->pos.x / d, nz = g->pos.z / d;
    double vn = g->vel.x * nx + g->vel.z * nz;
    if (vn < 0.0) { g->vel.x -= 2.0 * vn * nx; g->vel.z -= 2.0 * vn * nz; g->bounces++; }
    g->pos.x = nx * 1.5; g->pos.z = nz * 1.5;
  }
  if (ks_v3_len2(g->vel) < 1.0) { // at rest: kick it again with the game's dice
    double up = ks_rng_range(&g->dice, 6.0, 14.0);
    double across = ks_rng_range(&g->dice, -9.0, 9.0);
    double ahead = ks_rng_range(&g->dice, -9.0, 9.0);
    g->vel = ks_v3(across, up, ahead);
    g->spin = ks_rng_range(&g->dice, -12.0, 12.0);
    g->launches++;
  }
  g->steps++;
}

static uint64_t game_hash(const game *g) {
  ks_hash h = ks_hash_begin();
  ks_hash_f64(&h, g->pos.x); ks_hash_f64(&h, g->pos.y); ks_hash_f64(&h, g->pos.z);
  ks_hash_f64(&h, g->vel.x); ks_hash_f64(&h, g->vel.y); ks_hash_f64(&h, g->vel.z);
  ks_hash_f64(&h, g->spin); ks_hash_u64(&h, g->dice.state);
  ks_hash_i64(&h, g->steps); ks_hash_i64(&h, g->bounces); ks_hash_i64(&h, g->launches);
  return ks_hash_end(&h);
}

// The game's run: 30 s at 600 steps/s through a ks_clock fed uneven frames,
// then a free kick whose launch the game computes from its ball. Prints one
// line; every build of the game must print the same one. With trace != 0 it
// also prints the state hash after every step (to find where builds part).
static int game_run(int trace, char *line, size_t cap) {
  ks_clock_def cd = ks_clock_default_def();
  cd.steps_per_second = 600;
  ks_clock clock;
  if (ks_clock_init(&clock, &cd) != KS_OK) return 1;
  game g = game_start(2024);
  ks_rng frames = ks_rng_seeded(7); // frame times: outside the game's state
  while (ks_clock_time(&clock) < 30.0) {
    int64_t n = ks_clock_advance(&clock, ks_rng_range(&frames, 1.0 / 144.0, 1.0 / 30.0));
    for (int64_t i = 0; i < n; i++) {
      game_step(&g, ks_clock_step_seconds(&clock));
      if (trace) printf("step %lld %016llx %.17g %.17g\n", (long long)g.steps, (unsigned long long)game_hash(&g), g.pos.x, g.pos.z);
    }
  }
  kick_setup su = kick_setup_default();
  su.keeper.kind = KICK_KEEPER_PLAIN;
  kick_shot shot;
  if (kick_shot_init(&shot, &su) != KS_OK) return 1;
  kick_launch k = kick_launch_default();
  k.speed_mps = 24.0 + ks_fmod(ks_fabs(g.pos.z * 3.1 + g.vel.x), 6.0);
  k.elevation = 0.12 + 0.1 * ks_fmod(ks_fabs(g.pos.x * 1.7 + g.spin), 1.0);
  k.direction = 0.02 * ks_fmod(g.pos.z + g.pos.x * g.vel.y, 3.0);
  k.spin_axis = ks_v3(0.0, 1.0, 0.0);
  k.spin_rate = 20.0 + 5.0 * ks_fmod(ks_fabs(g.vel.z * g.spin + g.pos.y), 4.0);
  if (kick_shot_strike(&shot, &k) != KS_OK) return 1;
  while (!kick_shot_decided(&shot) && kick_shot_steps(&shot) < 6000) kick_shot_advance(&shot, 1.0 / 60.0, NULL, NULL);
  if (trace) {
    ks_vec3 c = {0.0, 0.0, 0.0};
    kick_shot_crossing(&shot, &c);
    printf("kick %s crossing %.17g %.17g\n", kick_outcome_name(kick_shot_outcome(&shot)), c.x, c.y);
  }
  uint32_t fp = ks_fp_check();
  snprintf(line, cap, "consumer: game %016llx after %lld steps, kick %s %016llx; fp %s; kickstep %s",
           (unsigned long long)game_hash(&g), (long long)g.steps, kick_outcome_name(kick_shot_outcome(&shot)),
           (unsigned long long)kick_shot_hash(&shot), ks_fp_issue_name(fp), ks_version());
  return 0;
}

#endif
