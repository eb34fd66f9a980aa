// SPDX-License-Identifier: MIT
// Checklist step: keep the simulation in one value you can copy, copy it just
// before an input, then apply the same input to the copy.
//
// A free kick waits on the spot for 0.37 s (the keeper sways, the wind gusts:
// both functions of the shot clock and a seed), is copied, and struck. The
// live kick plays in uneven frames; the instant replay strikes the copy with
// the same kick and plays it at 0.45x in steady 60 Hz frames. Both end on the
// same step with the same bits (outcome, moments, the exact crossing point).
// A copy taken 0.1 s later, struck the same way, meets another gust and
// another keeper: it ends elsewhere.
#include <stdio.h>

#include "kickstep/kick.h"
#include "kickstep/rng.h"

static int64_t play(kick_shot *s, int uneven, double speed) { // returns frames
  ks_rng frames = ks_rng_seeded(5);
  int64_t n = 0;
  while (!kick_shot_decided(s) && n < 100000) {
    double frame = uneven ? ks_rng_range(&frames, 1.0 / 144.0, 1.0 / 30.0) : 1.0 / 60.0;
    kick_shot_advance(s, frame * speed, NULL, NULL); // slower = less time per frame; the step stays
    n++;
  }
  return n;
}

static void show(const char *name, const kick_shot *s, int64_t frames) {
  ks_vec3 c = {0.0, 0.0, 0.0};
  kick_shot_crossing(s, &c);
  printf("  %-27s %s (moments %03x) on step %lld after %3lld frames, crossing x %016llx y %016llx\n", name,
         kick_outcome_name(kick_shot_outcome(s)), (unsigned)kick_shot_moments(s), (long long)kick_shot_decision_step(s),
         (long long)frames, (unsigned long long)ks_f64_bits(c.x), (unsigned long long)ks_f64_bits(c.y));
}

static int same_end(const kick_shot *a, const kick_shot *b) {
  ks_vec3 ca = {0.0, 0.0, 0.0}, cb = {0.0, 0.0, 0.0};
  kick_shot_crossing(a, &ca);
  kick_shot_crossing(b, &cb);
  return kick_shot_outcome(a) == kick_shot_outcome(b) && kick_shot_moments(a) == kick_shot_moments(b) &&
         kick_shot_decision_step(a) == kick_shot_decision_step(b) && ks_f64_bits(ca.x) == ks_f64_bits(cb.x) &&
         ks_f64_bits(ca.y) == ks_f64_bits(cb.y) && ks_f64_bits(ca.z) == ks_f64_bits(cb.z);
}

int main(void) {
  kick_setup su = kick_setup_default();
  su.keeper.kind = KICK_KEEPER_PLAIN;
  su.wind.mean_speed_mps = 6.0;
  su.wind.bearing = 1.2;
  su.wind.gustiness = 1.0;
  su.wind.swirl = 0.5;
  su.match_seed = 42;
  kick_shot live;
  if (kick_shot_init(&live, &su) != KS_OK) return 1;
  kick_shot_advance(&live, 0.37, NULL, NULL); // time passes on the spot

  kick_shot before = live; // the copy, just before the input
  kick_shot later = live;
  kick_shot_advance(&later, 0.1, NULL, NULL);

  kick_launch k = kick_launch_default();
  k.speed_mps = 26.0;
  k.elevation = 0.24;
  k.direction = -0.12;
  k.spin_axis = ks_v3(0.0, 1.0, 0.0);
  k.spin_rate = 35.0;
  kick_shot_strike(&live, &k);
  kick_shot_strike(&before, &k);
  kick_shot_strike(&later, &k);

  printf("instant replay: copy the shot before the strike, strike the copy with the same kick\n");
  int64_t fl = play(&live, 1, 1.0);
  int64_t fr = play(&before, 0, 0.45);
  int64_t fx = play(&later, 0, 1.0);
  show("live, uneven frames", &live, fl);
  show("replay of the copy, 0.45x", &before, fr);
  show("a copy taken 0.1 s later", &later, fx);
  int same = same_end(&live, &before);
  int differs = !same_end(&later, &live);
  printf("replay identical to the live kick: %s; the later copy ends elsewhere: %s\n", same ? "yes" : "NO",
         differs ? "yes" : "NO");
  return same && differs ? 0 : 1;
}
