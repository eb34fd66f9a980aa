// SPDX-License-Identifier: MIT
/* The walk controller: one step split into pieces at the exact moments
   something happens (a riser reached, the target speed reached, an apex, a
   touch-down), each piece integrated in closed form. */
#include "kickstep/dmath.h"
#include "kickstep/hash.h"
#include "kickstep/walk.h"
#include "walk_internal.h"

/* A time no piece of a step reaches. */
#define NEVER 1e300
/* Pieces shorter than this end a step's loop (they carry no motion worth a bit). */
#define TINY 1e-13

walk_floor walk_course_floor(void) {
  walk_floor f = {0};
  static const double xs[] = {8.0, 8.6, 9.2, 34.55};
  static const double hs[] = {0.0, 0.3, 0.6, 0.9, -0.1};
  f.risers = 4;
  for (int i = 0; i < 4; i++) f.riser_x[i] = xs[i];
  for (int i = 0; i < 5; i++) f.height[i] = hs[i];
  return f;
}

walk_def walk_default_def(void) {
  walk_def d;
  d.steps_per_second = 120;
  d.pad_ = 0;
  d.gravity_mps2 = 20.0;
  d.walk_speed_mps = 4.0;
  d.sprint_speed_mps = 8.0;
  d.crouch_speed_mps = 2.0;
  d.accel_mps2 = 30.0;
  d.slide_min_speed_mps = 6.0;
  d.slide_decel_mps2 = 5.0;
  d.jump_speed_mps = 6.0;
  d.max_step_m = 0.35;
  d.stand_eye_m = 1.6;
  d.crouch_eye_m = 1.0;
  d.eye_settle_per_s = 10.0;
  d.land_dip_s = 0.02;
  d.turn_rate_rps = 2.5;
  d.look_sensitivity = 0.0025;
  d.max_pitch_rad = 1.5;
  d.floor = walk_course_floor();
  d.cookie = KS_DEF_COOKIE;
  return d;
}

static int32_t segment_at(const walk_floor *f, double x) {
  int32_t i = 0;
  while (i < f->risers && x >= f->riser_x[i]) i++;
  return i;
}

ks_status walk_body_init(walk_body *b, const walk_def *def, double x) {
  if (!b || !def) return KS_ERR_NULL;
  if (!ks_is_finite(x)) return KS_ERR_NOT_FINITE;
  walk_body n = {0};
  n.cookie = WALK_BODY_COOKIE;
  n.x = x;
  n.segment = segment_at(&def->floor, x);
  n.y = def->floor.height[n.segment];
  n.grounded = 1;
  *b = n;
  return KS_OK;
}

double walk_body_eye_rest(const walk_body *b, const walk_def *def) {
  return (b->crouched || b->sliding) ? def->crouch_eye_m : def->stand_eye_m;
}

/* Smallest root in (0, limit] of c + v·t + ½a·t² = 0, or NEVER. */
static double first_root(double c, double v, double a, double limit) {
  double best = NEVER;
  if (a == 0.0) {
    if (v != 0.0) {
      double t = -c / v;
      if (t > 0.0 && t <= limit) best = t;
    }
    return best;
  }
  double disc = v * v - 2.0 * a * c;
  if (disc < 0.0) return NEVER;
  double s = ks_sqrt(disc);
  /* Numerically stable pair of roots of ½a t² + v t + c. */
  double q = v >= 0.0 ? -(v + s) : -(v - s);
  double r1 = q / a;
  double r2 = q != 0.0 ? (2.0 * c) / q : r1;
  if (r1 > 0.0 && r1 <= limit) best = r1;
  if (r2 > 0.0 && r2 <= limit && r2 < best) best = r2;
  return best;
}

static void push(ks_events *out, const walk_body *b, uint32_t type, uint32_t subject, double v2) {
  if (out) ks_events_push(out, b->step, type, subject, b->x, b->time, v2);
}

static void set_posture(walk_body *b, const walk_def *def, int32_t crouched, int32_t sliding) {
  double before = walk_body_eye_rest(b, def);
  b->crouched = crouched;
  b->sliding = sliding;
  /* The eye does not jump: the change of resting height becomes a lag that settles. */
  b->eye_offset += before - walk_body_eye_rest(b, def);
}

/* The target speed and the acceleration toward it, for the current keys. */
static void ground_target(const walk_body *b, const walk_def *def, uint32_t keys, double *target, double *accel) {
  if (b->sliding) {
    *target = b->vx >= 0.0 ? def->crouch_speed_mps : -def->crouch_speed_mps;
    *accel = def->slide_decel_mps2;
    return;
  }
  double dir = 0.0;
  if (keys & WALK_KEY_FORWARD) dir += 1.0;
  if (keys & WALK_KEY_BACK) dir -= 1.0;
  double speed = b->crouched ? def->crouch_speed_mps
                 : (keys & WALK_KEY_SPRINT) ? def->sprint_speed_mps : def->walk_speed_mps;
  *target = dir * speed;
  *accel = def->accel_mps2;
}

/* Crossing riser r (between segment r and r+1) in direction dir (+1/−1). */
static void cross_riser(walk_body *b, const walk_def *def, int32_t r, int32_t dir, ks_events *out) {
  const walk_floor *f = &def->floor;
  int32_t to = dir > 0 ? r + 1 : r;
  double h = f->height[to];
  double rise = h - b->y;
  if (rise > def->max_step_m || (!b->grounded && h > b->y)) {
    b->x = f->riser_x[r];
    b->vx = 0.0;
    push(out, b, WALK_EV_WALL, (uint32_t)r, rise);
    return;
  }
  b->segment = to;
  if (!b->grounded) return;
  if (rise > 0.0) {
    b->y = h;
    b->eye_offset -= rise;
    push(out, b, WALK_EV_STEP_UP, (uint32_t)r, rise);
  } else if (-rise <= def->max_step_m) {
    b->y = h;
    b->eye_offset -= rise;
    if (rise < 0.0) push(out, b, WALK_EV_STEP_DOWN, (uint32_t)r, -rise);
  } else {
    b->grounded = 0;
    b->vy = 0.0;
    if (b->sliding) set_posture(b, def, b->crouched, 0);
    push(out, b, WALK_EV_LEDGE, (uint32_t)r, -rise);
  }
}

/* Time to reach the riser ahead or behind along x(t) = x + v t + ½ a t², within limit. */
static double riser_time(const walk_body *b, const walk_def *def, double v, double a, double limit, int32_t *which,
                         int32_t *dir) {
  const walk_floor *f = &def->floor;
  double best = NEVER;
  int32_t s = b->segment;
  if (s < f->risers) {
    double t = first_root(b->x - f->riser_x[s], v, a, limit);
    /* Standing exactly on a blocking riser and pushing into it counts now. */
    if (b->x >= f->riser_x[s] && (v > 0.0 || a > 0.0)) t = 0.0;
    if (t < best) { best = t; *which = s; *dir = 1; }
  }
  if (s > 0) {
    double t = first_root(b->x - f->riser_x[s - 1], v, a, limit);
    if (t < best && (v < 0.0 || a < 0.0)) { best = t; *which = s - 1; *dir = -1; }
  }
  return best;
}

static void decay_eye(walk_body *b, const walk_def *def, double t) {
  if (t > 0.0 && b->eye_offset != 0.0) b->eye_offset *= ks_exp(-def->eye_settle_per_s * t);
}

/* One piece on the ground; returns the time used. */
static double ground_piece(walk_body *b, const walk_def *def, uint32_t keys, double left, ks_events *out) {
  double target, accel;
  ground_target(b, def, keys, &target, &accel);
  double dv = target - b->vx;
  if (b->sliding && dv == 0.0) {
    set_posture(b, def, b->crouched, 0);
    push(out, b, WALK_EV_SLIDE_END, 0, ks_fabs(b->vx));
    ground_target(b, def, keys, &target, &accel);
    dv = target - b->vx;
  }
  double a = dv > 0.0 ? accel : (dv < 0.0 ? -accel : 0.0);
  double reach = a != 0.0 ? dv / a : NEVER;
  double horizon = reach < left ? reach : left;
  int32_t r = -1, dir = 0;
  double tr = riser_time(b, def, b->vx, a, horizon, &r, &dir);
  double t = tr < horizon ? tr : horizon;
  double v0 = b->vx;
  b->x = b->x + v0 * t + 0.5 * a * t * t;
  b->vx = (t == reach) ? target : v0 + a * t;
  b->time += t;
  decay_eye(b, def, t);
  if (tr != NEVER && tr <= horizon) {
    b->x = def->floor.riser_x[r];
    cross_riser(b, def, r, dir, out);
    if (t == 0.0 && b->vx == 0.0) return left; /* against a wall: the rest of the step stands still */
  } else if (t == reach && b->sliding) {
    set_posture(b, def, b->crouched, 0);
    push(out, b, WALK_EV_SLIDE_END, 0, ks_fabs(b->vx));
  }
  return t;
}

/* One piece in the air; returns the time used. */
static double air_piece(walk_body *b, const walk_def *def, double left, ks_events *out) {
  double g = def->gravity_mps2;
  double floor_h = def->floor.height[b->segment];
  double t_apex = b->vy > 0.0 ? b->vy / g : NEVER;
  double t_land = NEVER;
  if (b->y >= floor_h) {
    double disc = b->vy * b->vy + 2.0 * g * (b->y - floor_h);
    t_land = (b->vy + ks_sqrt(disc)) / g;
    if (!(t_land > 0.0)) t_land = 0.0;
  } else if (b->vy <= 0.0) {
    /* A touch-down that falls on a step's end can leave the feet a rounding
       error under the floor: it lands now rather than falling through. */
    t_land = 0.0;
  }
  int32_t r = -1, dir = 0;
  double t_riser = riser_time(b, def, b->vx, 0.0, left, &r, &dir);
  double t = left;
  int what = 0; /* 1 apex, 2 land, 3 riser */
  if (t_apex <= t) { t = t_apex; what = 1; }
  if (t_land <= t) { t = t_land; what = 2; }
  if (t_riser < t) { t = t_riser; what = 3; }
  double vy0 = b->vy;
  b->x += b->vx * t;
  b->y = b->y + vy0 * t - 0.5 * g * t * t;
  b->vy = vy0 - g * t;
  b->time += t;
  decay_eye(b, def, t);
  if (what == 1) {
    b->vy = 0.0;
    push(out, b, WALK_EV_APEX, 0, b->y);
  } else if (what == 2) {
    double speed = -b->vy;
    b->y = floor_h;
    b->vy = 0.0;
    b->grounded = 1;
    b->eye_offset -= def->land_dip_s * speed;
    push(out, b, WALK_EV_LAND, 0, speed);
  } else if (what == 3) {
    b->x = def->floor.riser_x[r];
    cross_riser(b, def, r, dir, out);
  }
  return t;
}

void walk_body_span(walk_body *b, const walk_def *def, uint32_t keys, uint32_t pressed, double seconds,
                    ks_events *out) {
  /* Held keys, read per step and scaled by the time they are held. */
  double turn = 0.0;
  if (keys & WALK_KEY_TURN_RIGHT) turn += 1.0;
  if (keys & WALK_KEY_TURN_LEFT) turn -= 1.0;
  if (turn != 0.0) b->yaw = ks_wrap_angle(b->yaw + turn * def->turn_rate_rps * seconds);

  /* A jump key released, or pressed again since the last step, frees the latch. */
  if (!(keys & WALK_KEY_JUMP) || (pressed & WALK_KEY_JUMP)) b->jump_latched = 0;
  if (b->grounded) {
    bool crouch = (keys & WALK_KEY_CROUCH) != 0;
    if (crouch && !b->crouched && !b->sliding && ks_fabs(b->vx) >= def->slide_min_speed_mps) {
      set_posture(b, def, 1, 1);
      push(out, b, WALK_EV_SLIDE_START, 0, ks_fabs(b->vx));
    } else if (crouch != (b->crouched != 0)) {
      if (!crouch && b->sliding) push(out, b, WALK_EV_SLIDE_END, 0, ks_fabs(b->vx));
      set_posture(b, def, crouch ? 1 : 0, crouch ? b->sliding : 0);
    }
    if ((keys & WALK_KEY_JUMP) && !b->jump_latched) {
      b->jump_latched = 1;
      if (b->sliding) set_posture(b, def, b->crouched, 0);
      b->grounded = 0;
      b->vy = def->jump_speed_mps;
      push(out, b, WALK_EV_TAKEOFF, 0, b->vy);
    }
  }

  double left = seconds;
  for (int i = 0; i < 32 && left > TINY; i++) {
    double used = b->grounded ? ground_piece(b, def, keys, left, out) : air_piece(b, def, left, out);
    left -= used;
  }
}

void walk_body_step_pressed(walk_body *b, const walk_def *def, uint32_t keys, uint32_t pressed, ks_events *out) {
  if (!walk_body_usable(b, def)) return;
  double dt = 1.0 / (double)def->steps_per_second;
  b->step++;
  b->time = (double)(b->step - 1) / (double)def->steps_per_second;
  walk_body_span(b, def, keys | pressed, pressed, dt, out);
  b->time = (double)b->step / (double)def->steps_per_second;
}

void walk_body_step(walk_body *b, const walk_def *def, uint32_t keys, ks_events *out) {
  walk_body_step_pressed(b, def, keys, 0u, out);
}

void walk_body_look(walk_body *b, const walk_def *def, double dx, double dy) {
  if (!b || !def || !ks_is_finite(dx) || !ks_is_finite(dy)) return;
  b->yaw = ks_wrap_angle(b->yaw + dx * def->look_sensitivity);
  b->pitch = ks_clamp(b->pitch - dy * def->look_sensitivity, -def->max_pitch_rad, def->max_pitch_rad);
}

/* Seed 001's head bob: a function of where the feet are and how fast they
   walk, so it needs no state of its own and is the same at every rate. */
static double head_bob(const walk_body *b, const walk_def *def) {
  if (!b->grounded || b->sliding || !(def->walk_speed_mps > 0.0)) return 0.0;
  double pace = ks_fmin(1.0, ks_fabs(b->vx) / def->walk_speed_mps);
  if (!(pace > 0.0)) return 0.0;
  double phase = ks_wrap_angle(2.0 * KS_PI * b->x / WALK_BOB_STRIDE_M);
  return WALK_BOB_M * pace * ks_sin(phase);
}

walk_camera walk_body_camera(const walk_body *b, const walk_def *def) {
  walk_camera c = {0.0, 0.0, 0.0, 0.0, 0.0};
  if (!b || !def) return c;
  c.x = b->x;
  c.y = b->y + walk_body_eye_rest(b, def) + b->eye_offset;
  c.yaw = b->yaw;
  c.pitch = b->pitch;
  c.bob = head_bob(b, def);
  return c;
}

walk_camera walk_camera_lerp(walk_camera a, walk_camera b, double alpha) {
  walk_camera c;
  c.x = ks_lerp(a.x, b.x, alpha);
  c.y = ks_lerp(a.y, b.y, alpha);
  c.pitch = ks_lerp(a.pitch, b.pitch, alpha);
  c.bob = ks_lerp(a.bob, b.bob, alpha);
  double d = ks_wrap_angle(b.yaw - a.yaw);
  c.yaw = ks_wrap_angle(a.yaw + d * alpha);
  return c;
}

uint64_t walk_body_hash(const walk_body *b) {
  ks_hash h = ks_hash_begin();
  if (!b) return ks_hash_end(&h);
  const double f[] = {b->x, b->y, b->vx, b->vy, b->yaw, b->pitch, b->eye_offset, b->time};
  for (size_t i = 0; i < sizeof f / sizeof f[0]; i++) ks_hash_f64(&h, f[i]);
  ks_hash_i64(&h, b->step);
  ks_hash_i32(&h, b->segment);
  ks_hash_i32(&h, b->grounded);
  ks_hash_i32(&h, b->sliding);
  ks_hash_i32(&h, b->crouched);
  ks_hash_i32(&h, b->jump_latched);
  return ks_hash_end(&h);
}

const char *walk_event_name(uint32_t type) {
  static const char *const names[] = {"none", "takeoff", "apex", "land", "step_up", "step_down",
                                      "ledge", "wall", "slide_start", "slide_end"};
  return type < walk_event_count ? names[type] : "unknown";
}
