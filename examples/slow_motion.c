// SPDX-License-Identifier: MIT
// Checklist steps: run a look-ahead only when no more input can arrive, and
// slow time by handing the simulation less time per frame, never by changing
// the step.
//
// Nobody keeps goal, so once the ball is struck no input can change the kick.
// A copy is struck and run ahead as fast as the CPU allows; it says on which
// step the kick is decided and whether the moment earns slow motion. The live
// kick then plays in 60 Hz frames, each frame's time scaled by 0.3 while the
// next step lies in [decision - 144, decision + 48) (0.24 s before to 0.08 s
// after). Every step is still kick_shot_step, 1/600 s: the live kick is
// decided on the look-ahead's step with the look-ahead's bits.
#include <stdio.h>

#include "kickstep/clock.h"
#include "kickstep/kick.h"

static kick_shot setup_shot(void) {
  kick_setup su = kick_setup_default();
  su.keeper.kind = KICK_KEEPER_PLAIN;
  su.wind.mean_speed_mps = 6.0;
  su.wind.bearing = 1.2;
  su.wind.gustiness = 1.0;
  su.wind.swirl = 0.5;
  su.match_seed = 42;
  kick_shot s;
  kick_shot_init(&s, &su);
  kick_shot_advance(&s, 0.37, NULL, NULL);
  return s;
}

int main(void) {
  kick_launch k = kick_launch_default();
  k.speed_mps = 26.0;
  k.elevation = 0.24;
  k.direction = -0.12;
  k.spin_axis = ks_v3(0.0, 1.0, 0.0);
  k.spin_rate = 35.0;

  kick_shot live = setup_shot();
  kick_shot ahead = live; // the look-ahead: a copy, struck and run to its decision
  kick_shot_strike(&ahead, &k);
  while (!kick_shot_decided(&ahead) && kick_shot_steps(&ahead) < 10000) kick_shot_advance(&ahead, 0.1, NULL, NULL);
  int64_t decision = kick_shot_decision_step(&ahead);
  int slow = kick_moments_slow_motion(kick_shot_moments(&ahead));
  int64_t from = decision - 144, to = decision + 48;
  printf("look-ahead: %s on step %lld (moments %03x): %s\n", kick_outcome_name(kick_shot_outcome(&ahead)),
         (long long)decision, (unsigned)kick_shot_moments(&ahead), slow ? "earns slow motion" : "no slow motion");
  if (slow) printf("slow window: steps [%lld, %lld) at 0.3x\n", (long long)from, (long long)to);

  // The live kick: our own clock turns frames into 1/600 s steps at the chosen speed.
  ks_clock_def cd = ks_clock_default_def();
  cd.steps_per_second = KICK_STEPS_PER_SECOND;
  ks_clock clock;
  ks_clock_init(&clock, &cd);
  kick_shot_strike(&live, &k);
  int64_t frames = 0, slow_frames = 0;
  int64_t end = decision + 120;
  while (kick_shot_steps(&live) < end) {
    int64_t next = kick_shot_steps(&live);
    double speed = slow && next >= from && next < to ? 0.3 : 1.0;
    ks_clock_set_time_scale(&clock, speed);
    int64_t n = ks_clock_advance(&clock, 1.0 / 60.0);
    for (int64_t i = 0; i < n && kick_shot_steps(&live) < end; i++) kick_shot_step(&live, NULL, NULL);
    frames++;
    if (speed < 1.0) slow_frames++;
  }
  ks_vec3 ca = {0.0, 0.0, 0.0}, cl = {0.0, 0.0, 0.0};
  kick_shot_crossing(&ahead, &ca);
  kick_shot_crossing(&live, &cl);
  int same = kick_shot_decision_step(&live) == decision && kick_shot_outcome(&live) == kick_shot_outcome(&ahead) &&
             ks_f64_bits(ca.x) == ks_f64_bits(cl.x) && ks_f64_bits(ca.y) == ks_f64_bits(cl.y);
  printf("live: %s on step %lld in %lld frames at 60 Hz, %lld of them slowed; every step 1/600 s\n",
         kick_outcome_name(kick_shot_outcome(&live)), (long long)kick_shot_decision_step(&live), (long long)frames,
         (long long)slow_frames);
  printf("crossing: look-ahead x %016llx y %016llx, live x %016llx y %016llx\n", (unsigned long long)ks_f64_bits(ca.x),
         (unsigned long long)ks_f64_bits(ca.y), (unsigned long long)ks_f64_bits(cl.x),
         (unsigned long long)ks_f64_bits(cl.y));
  printf("slow motion changed nothing but the frames: %s\n", same && slow_frames > 0 ? "yes" : "NO");
  return same && slow_frames > 0 ? 0 : 1;
}
