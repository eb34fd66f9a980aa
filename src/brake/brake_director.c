// SPDX-License-Identifier: MIT
/* The brake game's frame loop: frames decide how many fixed steps run;
   slow motion only changes how much time a frame feeds the clock. */
#include "kickstep/brake.h"
#include "kickstep/dmath.h"

brake_director_def brake_director_default_def(void) {
  brake_director_def d;
  d.max_frame_seconds = 0.05;
  d.max_steps_per_frame = 400;
  d.pad_ = 0;
  d.slowmo_scale = 0.3;
  d.ease_rate = 7.0;
  d.ease_back_seconds = 0.35;
  d.cookie = KS_DEF_COOKIE;
  return d;
}

static ks_status check_director_def(const brake_director_def *d) {
  if (!ks_is_finite(d->max_frame_seconds) || !ks_is_finite(d->slowmo_scale) || !ks_is_finite(d->ease_rate) ||
      !ks_is_finite(d->ease_back_seconds))
    return KS_ERR_NOT_FINITE;
  if (!(d->max_frame_seconds > 0.0) || d->max_frame_seconds > 1.0) return KS_ERR_RANGE;
  if (d->max_steps_per_frame < 1 || d->max_steps_per_frame > 100000) return KS_ERR_RANGE;
  if (!(d->slowmo_scale > 0.0) || d->slowmo_scale > 1.0) return KS_ERR_RANGE;
  if (d->ease_rate < 0.0 || d->ease_rate > 1000.0 || d->ease_back_seconds < 0.0 || d->ease_back_seconds > 100.0)
    return KS_ERR_RANGE;
  return KS_OK;
}

static bool policy_ok(const brake_policy *p) {
  return p->kind >= 0 && p->kind < brake_policy_count && ks_is_finite(p->param) && p->param >= 0.0 &&
         p->param <= 1e6;
}

ks_status brake_director_init(brake_director *d, const brake_def *game, const brake_director_def *def) {
  if (!d || !game || !def) return KS_ERR_NULL;
  if (def->cookie != KS_DEF_COOKIE) return KS_ERR_UNINITIALISED;
  ks_status st = check_director_def(def);
  if (st != KS_OK) return st;
  brake_director n = {0};
  st = brake_sim_init(&n.sim, game);
  if (st != KS_OK) return st;
  ks_clock_def cd = ks_clock_default_def();
  cd.steps_per_second = game->steps_per_second;
  cd.max_frame_seconds = def->max_frame_seconds;
  cd.max_steps_per_frame = def->max_steps_per_frame;
  /* The seed's guard ends the frame's loop but leaves the time in the
     accumulator: steps over the guard are run by the next frames. */
  cd.carry_excess_steps = true;
  st = ks_clock_init(&n.clock, &cd);
  if (st != KS_OK) return st;
  n.def = *def;
  n.time_scale = 1.0;
  n.target_scale = 1.0;
  *d = n;
  return KS_OK;
}

/* A director brake_director_init made: its def's and its sim's cookies. */
static bool director_usable(const brake_director *d) {
  return d && d->def.cookie == KS_DEF_COOKIE && d->sim.def.cookie == KS_DEF_COOKIE;
}

ks_status brake_director_set_policy(brake_director *d, const brake_policy *p) {
  if (!d) return KS_ERR_NULL;
  if (!p) {
    brake_policy h = {BRAKE_POLICY_HUMAN, 0, 0.0};
    d->policy = h;
    return KS_OK;
  }
  if (!policy_ok(p)) return KS_ERR_RANGE;
  d->policy = *p;
  return KS_OK;
}

int64_t brake_director_begin_frame(brake_director *d, double frame_seconds) {
  if (!director_usable(d)) return 0;
  double dt = (ks_is_finite(frame_seconds) && frame_seconds > 0.0) ? frame_seconds : 0.0;
  if (dt > d->def.max_frame_seconds) dt = d->def.max_frame_seconds;

  /* Slow motion during a leap, eased; aim back at 1 near the end of the arc. */
  bool slow = d->sim.phase == BRAKE_PHASE_AIR && brake_sim_time_to_land(&d->sim) > d->def.ease_back_seconds;
  d->target_scale = slow ? d->def.slowmo_scale : 1.0;
  d->time_scale += (d->target_scale - d->time_scale) * ks_fmin(1.0, dt * d->def.ease_rate);
  ks_clock_set_time_scale(&d->clock, d->time_scale);
  d->frames++;
  return ks_clock_advance(&d->clock, dt);
}

void brake_director_press(brake_director *d) {
  if (director_usable(d)) d->pressed = 1;
}

/* The what-if's step limit: far more than any run takes (a run is seconds). */
#define WHAT_IF_MAX_STEPS 10000000

void brake_director_step(brake_director *d, bool pedal, ks_events *out) {
  if (!director_usable(d)) return;
  /* A press waits for a step: a tap shorter than the gap between two steps
     still brakes (seed 002: apply input in the next fixed step without losing
     presses). After the run ended early, the pedal is the what-if's: held. */
  bool human = d->ended ? d->sim.pedal != 0 : (pedal || d->pressed != 0);
  d->pressed = 0;
  int32_t cleared = d->sim.cleared;
  brake_sim_step(&d->sim, brake_policy_pedal(&d->policy, &d->sim, human), out);
  /* Seed 004: "when a run ends early (the car has cleared the barrier)", the
     remaining steps run in a tight loop on the spot, with the same step. A
     copy runs out, so the drawn run goes on to the same stop. */
  if (!cleared && d->sim.cleared && !d->ended) {
    brake_sim copy = d->sim;
    d->what_if = brake_sim_run_out(&copy, &d->policy, WHAT_IF_MAX_STEPS);
    d->ended = 1;
  }
}

int64_t brake_director_frame(brake_director *d, double frame_seconds, bool pedal, ks_events *out) {
  if (!director_usable(d)) return 0;
  int64_t n = brake_director_begin_frame(d, frame_seconds);
  for (int64_t i = 0; i < n; i++) brake_director_step(d, pedal, out);
  return n;
}
