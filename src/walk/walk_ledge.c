// SPDX-License-Identifier: MIT
/* The ledge of seed 001: the course's jump against a ledge that a per-step
   Euler jump clears at one rate and misses at another, while the exact
   controller clears it at every rate. The Euler flight is here only to show
   what the controller avoids; nothing else uses it. */
#include "kickstep/walk.h"

walk_floor walk_ledge_floor(void) {
  walk_floor f = {0};
  f.risers = 1;
  f.riser_x[0] = WALK_LEDGE_X_M;
  f.height[0] = 0.0;
  f.height[1] = WALK_LEDGE_TOP_M;
  return f;
}

double walk_euler_apex(const walk_def *def) {
  if (!def || def->steps_per_second <= 0 || !(def->gravity_mps2 > 0.0)) return 0.0;
  const double dt = 1.0 / (double)def->steps_per_second;
  double y = 0.0, vy = def->jump_speed_mps, peak = 0.0;
  /* Rises while vy > 0 after the update; the first step that does not rise is past the apex. */
  for (int64_t k = 0; k < 1000000; k++) {
    vy -= def->gravity_mps2 * dt;
    if (vy <= 0.0) break;
    y += vy * dt;
    if (y > peak) peak = y;
  }
  return peak;
}

/* The old controller's flight: one semi-implicit Euler update per step; the
   face and the floor are checked where the step ends. */
static void euler_flight(walk_body *b, const walk_def *def, walk_ledge_result *r) {
  const double dt = 1.0 / (double)def->steps_per_second;
  const double g = def->gravity_mps2;
  double x = b->x, y = b->y, vx = b->vx, vy = def->jump_speed_mps;
  bool walled = false;
  for (int64_t k = 0; k < 100000; k++) {
    vy -= g * dt;
    double nx = x + vx * dt, ny = y + vy * dt;
    if (!walled && x < WALK_LEDGE_X_M && nx >= WALK_LEDGE_X_M && ny < WALK_LEDGE_TOP_M) {
      /* Below the top at the face: stopped by it, falls back down. */
      walled = true;
      nx = x;
      vx = 0.0;
    }
    x = nx;
    y = ny;
    if (y > r->apex_y_m) r->apex_y_m = y;
    double floor_y = x >= WALK_LEDGE_X_M ? WALK_LEDGE_TOP_M : 0.0;
    if (vy < 0.0 && y <= floor_y) {
      r->land_x_m = x;
      r->land_y_m = floor_y;
      r->cleared = floor_y > 0.0;
      return;
    }
  }
}

static void exact_flight(walk_body *b, const walk_def *def, walk_ledge_result *r) {
  for (int64_t k = 0; k < 100000 && !b->grounded; k++) {
    ks_events e;
    ks_events_clear(&e);
    walk_body_step(b, def, WALK_KEY_FORWARD, &e);
    int32_t a = ks_events_find(&e, WALK_EV_APEX);
    if (a >= 0) r->apex_y_m = e.items[a].value[2];
    int32_t l = ks_events_find(&e, WALK_EV_LAND);
    if (l >= 0) {
      r->land_x_m = e.items[l].value[0];
      r->land_y_m = b->y;
      r->cleared = b->segment == 1;
      return;
    }
  }
}

ks_status walk_ledge_run(const walk_def *def, int32_t integrator, walk_ledge_result *out) {
  if (!def || !out) return KS_ERR_NULL;
  if (integrator < 0 || integrator >= walk_integrator_count) return KS_ERR_RANGE;
  walk_def d = *def;
  d.floor = walk_ledge_floor();
  walk_game g;
  ks_status st = walk_game_init(&g, &d);
  if (st != KS_OK) return st;
  walk_body *b = &g.body;
  walk_ledge_result r = {0};
  r.steps_per_second = d.steps_per_second;
  r.integrator = integrator;
  /* The course's first second: walk forward from rest; the jump at 1 s. */
  const int64_t jump_step = d.steps_per_second;
  for (int64_t k = 0; k < jump_step; k++) walk_body_step(b, &d, WALK_KEY_FORWARD, NULL);
  r.takeoff_x_m = b->x;
  if (integrator == WALK_INTEGRATE_EULER) {
    euler_flight(b, &d, &r);
  } else {
    ks_events e;
    ks_events_clear(&e);
    walk_body_step(b, &d, WALK_KEY_FORWARD | WALK_KEY_JUMP, &e);
    int32_t t = ks_events_find(&e, WALK_EV_TAKEOFF);
    if (t >= 0) r.takeoff_x_m = e.items[t].value[0];
    exact_flight(b, &d, &r);
  }
  *out = r;
  return KS_OK;
}
