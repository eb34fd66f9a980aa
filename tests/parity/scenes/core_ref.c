// SPDX-License-Identifier: MIT
/* core_ref — the core library's reference scene for the parity matrix.
 *
 * A football-sized ball is kicked again and again at a crossbar (a capsule)
 * and flies under gravity with quadratic drag, Magnus lift from its spin and a
 * gusting wind drawn from ks_noise with a logarithmic height profile. It
 * bounces off the ground and the bar. Every kick is drawn from a ks_rng inside
 * the state. Between them, the steps call every ks_ math function, so any
 * last-bit difference between builds shows up in the timeline.
 *
 * Freestanding: kickstep headers only. Output: a timeline line every 100
 * steps, and a line whose hash is chained over the state of every step. Then
 * the rest of the core's API, so every ks_ function is in the scene: a clock
 * per display rate driven by uneven frames (NaN, negative and huge ones among
 * them), time scale, caps, pause and resume, alpha and dropped time; events
 * pushed, appended, found and overflowed; the dice's below, chance, reroll and
 * mix; every ks_hash_ field kind and FNV-1a. A line per part.
 * Figures: FIFA size-5 ball (diameter about 0.22 m, mass about 0.43 kg),
 * sea-level air 1.225 kg/m^3 and a scale height of about 8.4 km. */
#include "kickstep/clock.h"
#include "kickstep/dmath.h"
#include "kickstep/events.h"
#include "kickstep/hash.h"
#include "kickstep/noise.h"
#include "kickstep/rng.h"
#include "kickstep/timeline.h"
#include "kickstep/vec.h"

#include "core_ref.h"

#define STEPS 100000
#define LINE_EVERY 100
#define RATE 600.0

static const double kDt = 1.0 / RATE;
static const double kRadius = 0.11;     /* m */
static const double kMass = 0.43;       /* kg */
static const double kGravity = 9.81;    /* m/s^2 */
static const double kBarRadius = 0.06;  /* m, the capsule's radius */
static const double kRoughness = 0.03;  /* m, grass: z0 of the log wind profile */
static const double kViscosity = 1.81e-5; /* Pa s */

typedef struct ref_state {
  int64_t step;
  int64_t next_kick;  /* step of the next kick */
  int64_t kicks, ground_hits, bar_hits;
  ks_vec3 p, v, w;    /* position m, velocity m/s, spin rad/s */
  double heading;     /* direction of the last kick, rad, wrapped to (-pi, pi] */
  double elevation;   /* launch elevation of the last kick, rad */
  double pitch;       /* the flight path's current angle to the ground, rad */
  double impact;      /* angle between the bar's normal and the last impact, rad */
  double cd, cl;      /* current drag and lift coefficients */
  double max_height;  /* m */
  uint64_t wind_seed;
  ks_rng dice;
} ref_state;

static uint64_t ref_hash(const ref_state *s) {
  ks_hash h = ks_hash_begin();
  ks_hash_i64(&h, s->step);
  ks_hash_i64(&h, s->next_kick);
  ks_hash_i64(&h, s->kicks);
  ks_hash_i64(&h, s->ground_hits);
  ks_hash_i64(&h, s->bar_hits);
  const ks_vec3 *vs[3] = {&s->p, &s->v, &s->w};
  for (int i = 0; i < 3; i++) {
    ks_hash_f64(&h, vs[i]->x);
    ks_hash_f64(&h, vs[i]->y);
    ks_hash_f64(&h, vs[i]->z);
  }
  ks_hash_f64(&h, s->heading);
  ks_hash_f64(&h, s->elevation);
  ks_hash_f64(&h, s->pitch);
  ks_hash_f64(&h, s->impact);
  ks_hash_f64(&h, s->cd);
  ks_hash_f64(&h, s->cl);
  ks_hash_f64(&h, s->max_height);
  ks_hash_u64(&h, s->wind_seed);
  ks_hash_u64(&h, s->dice.state);
  return ks_hash_end(&h);
}

/* The wind at a height and time: gusts from noise, turning slowly, weaker near
   the grass (log law: u(y) = u_ref ln(y / z0) / ln(y_ref / z0)). */
static ks_vec3 wind_at(const ref_state *s, double y, double t) {
  double along = 4.0 * ks_noise_fbm(s->wind_seed, t * 0.25, 3);
  double across = 2.0 * ks_noise1(s->wind_seed ^ 0x5bd1e995u, t * 0.4);
  double turn = 0.6 * ks_noise1(s->wind_seed + 7u, ks_fmod(t, 600.0) * 0.05);
  double sn, cs;
  ks_sincos(turn, &sn, &cs);
  double height = ks_fmax(y, kRoughness * 1.5);
  double profile = ks_log(height / kRoughness) / ks_log(10.0 / kRoughness);
  return ks_v3((along * cs - across * sn) * profile, 0.0, (along * sn + across * cs) * profile);
}

/* A kick from where the ball lies towards a random point near the bar. */
static void kick(ref_state *s) {
  /* one draw per statement: C leaves the order of a call's arguments unspecified */
  double tx = ks_rng_range(&s->dice, -3.2, 3.2);
  double ty = 2.44 + ks_rng_range(&s->dice, -0.35, 0.35);
  ks_vec3 target = ks_v3(tx, ty, 11.0);
  double flight = ks_rng_range(&s->dice, 0.55, 1.3); /* s */
  double spot = ks_rng_range(&s->dice, -2.0, 2.0);
  if (s->p.z > 8.0 || ks_fabs(s->p.x) > 20.0 || s->p.z < -20.0) s->p = ks_v3(spot, kRadius, 0.0);
  ks_vec3 d = ks_v3_sub(target, s->p);
  /* ballistic aim without drag, then rebuilt from angles (heading, elevation) */
  ks_vec3 v0 = ks_v3(d.x / flight, d.y / flight + 0.5 * kGravity * flight, d.z / flight);
  double speed = ks_v3_len(v0);
  double horiz = ks_sqrt(v0.x * v0.x + v0.z * v0.z);
  s->heading = ks_wrap_angle(ks_atan2(v0.x, v0.z) + 2.0 * KS_TAU);
  s->elevation = ks_asin(ks_clamp(v0.y / speed, -1.0, 1.0));
  double check = ks_atan(v0.y / horiz); /* the same angle another way */
  s->elevation = 0.5 * (s->elevation + check);
  double ch = ks_cos(s->heading), sh = ks_sin(s->heading);
  double ce = ks_cos(s->elevation), se = ks_sin(s->elevation);
  s->v = ks_v3(speed * ce * sh, speed * se, speed * ce * ch);
  /* spin: top/back spin about the kick's side axis, side spin from a bent swipe */
  double bend = ks_tan(ks_rng_range(&s->dice, -0.9, 0.9));
  double back = ks_rng_range(&s->dice, -40.0, 60.0);
  s->w = ks_v3(back * ch, 25.0 * bend, -back * sh);
  s->kicks++;
  /* the next kick comes after about 1.6 flights, rounded up to whole steps */
  s->next_kick = s->step + (int64_t)ks_ceil(flight * RATE * 1.6) + (int64_t)ks_round(ks_rng_double(&s->dice) * 30.0);
}

static void collide_bar(ref_state *s) {
  ks_vec3 a = ks_v3(-3.66, 2.44, 11.0), b = ks_v3(3.66, 2.44, 11.0);
  double t = ks_segment_closest_t(s->p, a, b);
  ks_vec3 c = ks_v3_lerp(a, b, t);
  ks_vec3 d = ks_v3_sub(s->p, c);
  double dist = ks_v3_len(d);
  double reach = kRadius + kBarRadius;
  if (!(dist < reach) || !(dist > 0.0)) return;
  ks_vec3 n = ks_v3_scale(d, 1.0 / dist);
  double vn = ks_v3_dot(s->v, n);
  s->p = ks_v3_mad(c, n, reach);
  if (vn >= 0.0) return;
  double speed = ks_v3_len(s->v);
  s->impact = ks_acos(ks_clamp(-vn / speed, -1.0, 1.0));
  /* restitution 0.6 on the normal, tangential kept, spin damped */
  s->v = ks_v3_mad(s->v, n, -1.6 * vn);
  s->w = ks_v3_scale(s->w, 0.7);
  s->bar_hits++;
}

static void collide_ground(ref_state *s) {
  if (s->p.y >= kRadius) return;
  s->p.y = kRadius + (kRadius - s->p.y);
  if (s->v.y < 0.0) {
    double e = 0.55 + 0.15 * ks_tanh(-s->v.y * 0.2); /* livelier when faster */
    s->v.y = -s->v.y * e;
    if (s->v.y < 0.05) s->v.y = 0.0;
    /* grass friction on the contact point's slip, and the spin that follows it */
    ks_vec3 slip = ks_v3(s->v.x + s->w.z * kRadius, 0.0, s->v.z - s->w.x * kRadius);
    s->v.x -= 0.3 * slip.x;
    s->v.z -= 0.3 * slip.z;
    s->w = ks_v3_scale(s->w, 0.8);
    s->ground_hits++;
  }
  /* rolling resistance */
  s->v.x *= 0.9995;
  s->v.z *= 0.9995;
}

static void step(ref_state *s) {
  double t = (double)s->step * kDt;
  if (s->step >= s->next_kick) kick(s);
  ks_vec3 wind = wind_at(s, s->p.y, t);
  ks_vec3 rel = ks_v3_sub(s->v, wind);
  double speed = ks_v3_len(rel);
  double rho = 1.225 * ks_exp(-s->p.y / 8434.5);
  double area = KS_PI * kRadius * kRadius;
  double re = rho * speed * 2.0 * kRadius / kViscosity;
  /* drag coefficient falling through the drag crisis around Re 2-4 x 10^5 */
  s->cd = 0.15 + 0.3 * ks_pow(1.0 + re / 2.5e5, -2.5);
  double spin = ks_v3_len(s->w);
  double ratio = speed > 1e-9 ? spin * kRadius / speed : 0.0;
  s->cl = 0.32 * ks_tanh(2.2 * ratio);
  ks_vec3 f = ks_v3(0.0, -kGravity * kMass, 0.0);
  double q = 0.5 * rho * area * speed;
  f = ks_v3_mad(f, rel, -q * s->cd);
  if (spin > 1e-9 && speed > 1e-9) {
    ks_vec3 lift = ks_v3_cross(ks_v3_scale(s->w, 1.0 / spin), rel); /* |lift| = speed when spin ⟂ rel */
    f = ks_v3_mad(f, lift, q * s->cl);
  }
  s->v = ks_v3_mad(s->v, f, kDt / kMass);
  s->p = ks_v3_mad(s->p, s->v, kDt);
  s->w = ks_v3_scale(s->w, 0.99995);
  collide_ground(s);
  collide_bar(s);
  double horiz = ks_sqrt(s->v.x * s->v.x + s->v.z * s->v.z);
  s->pitch = ks_atan2(s->v.y, horiz);
  if (s->p.y > s->max_height) s->max_height = s->p.y;
  s->step++;
}

static void line(ks_tl_writer *w, const ref_state *s) {
  ks_tl_field f[10] = {
      {"x", s->p.x},   {"y", s->p.y},     {"z", s->p.z},           {"vx", s->v.x},    {"vy", s->v.y},
      {"vz", s->v.z},  {"spin", s->w.y},  {"heading", s->heading}, {"pitch", s->pitch}, {"cd", s->cd},
  };
  ks_tl_line(w, s->step, ref_hash(s), f, 10);
}

/* The clock at one rate, driven by 20,000 uneven frames from the dice: slow
   motion, fast forward, pauses and resumes, and frames that are NaN, negative,
   infinite or huge. */
static void clock_part(ks_tl_writer *w, int64_t no, int32_t rate, int32_t cap_steps, ks_rng *r) {
  ks_clock_def d = ks_clock_default_def();
  d.steps_per_second = rate;
  d.max_steps_per_frame = cap_steps;
  d.max_call_seconds = cap_steps > 0 ? 0.1 : 0.0;
  ks_clock c;
  if (ks_clock_init(&c, &d) != KS_OK) return;
  static const double odd[6] = {-1.0 / 60.0, 1e300, 0.0, 5e-324, 3.0, -0.0};
  ks_hash h = ks_hash_begin();
  double alpha_sum = 0.0;
  int64_t steps = 0;
  for (int i = 0; i < 20000; i++) {
    uint32_t kind = ks_rng_below(r, 100);
    double frame;
    if (kind < 3) frame = odd[ks_rng_below(r, 6)];
    else if (kind < 4) frame = ks_sqrt(-1.0); /* NaN */
    else frame = ks_rng_range(r, 1.0 / 240.0, 1.0 / 20.0);
    if (ks_rng_chance(r, 0.01)) (void)ks_clock_set_time_scale(&c, ks_rng_range(r, 0.0, 3.0));
    if (ks_rng_chance(r, 0.005)) ks_clock_pause(&c);
    else if (ks_rng_chance(r, 0.01)) ks_clock_resume(&c);
    int64_t n = ks_clock_advance(&c, frame);
    steps += n;
    alpha_sum += ks_clock_alpha(&c);
    ks_hash_i64(&h, n);
    ks_hash_i64(&h, c.banked_units);
  }
  ks_tl_field f[] = {{"rate", (double)rate},
                     {"steps", (double)steps},
                     {"total_steps", (double)c.total_steps},
                     {"time", ks_clock_time(&c)},
                     {"step_s", ks_clock_step_seconds(&c)},
                     {"dropped_s", ks_clock_dropped_seconds(&c)},
                     {"alpha_sum", alpha_sum},
                     {"units_1_144", (double)ks_clock_seconds_to_units(1.0 / 144.0, c.units_per_second)}};
  ks_tl_line(w, no, ks_hash_end(&h), f, sizeof f / sizeof f[0]);
}

static void events_part(ks_tl_writer *w, int64_t no, ks_rng *r) {
  static ks_events a, b;
  ks_events_clear(&a);
  ks_events_clear(&b);
  int32_t pushed_ok = 0;
  for (int i = 0; i < 3 * KS_EVENTS_CAPACITY / 2; i++) {
    uint32_t type = ks_rng_below(r, 7);
    if (ks_events_push(i % 2 ? &a : &b, i, type, (uint32_t)i, ks_rng_double(r), 0.0, -1.0) == KS_OK) pushed_ok++;
  }
  ks_status app = ks_events_append(&a, &b);
  ks_hash h = ks_hash_begin();
  for (uint32_t i = 0; i < a.count; i++) {
    ks_hash_i64(&h, a.items[i].step);
    ks_hash_u32(&h, a.items[i].type);
    ks_hash_u32(&h, a.items[i].subject);
    ks_hash_f64(&h, a.items[i].value[0]);
  }
  ks_tl_field f[] = {{"pushed_ok", (double)pushed_ok}, {"count", (double)a.count},
                     {"dropped", (double)a.dropped},   {"append_status", (double)app},
                     {"find_3", (double)ks_events_find(&a, 3)}, {"find_9", (double)ks_events_find(&a, 9)}};
  ks_tl_line(w, no, ks_hash_end(&h), f, sizeof f / sizeof f[0]);
}

static void dice_and_hash_part(ks_tl_writer *w, int64_t no, ks_rng *r) {
  uint64_t below_sum = 0, chances = 0;
  for (int i = 0; i < 10000; i++) {
    below_sum += ks_rng_below(r, (uint32_t)(1 + i));
    if (ks_rng_chance(r, 0.3)) chances++;
  }
  ks_rng again = ks_rng_reroll(r, 42);
  uint64_t rerolled = ks_rng_next(&again);
  uint64_t mixed = ks_mix64(rerolled);
  ks_hash h = ks_hash_begin();
  ks_hash_bool(&h, true);
  ks_hash_bool(&h, false);
  ks_hash_i32(&h, -123456789);
  ks_hash_u32(&h, 4000000000u);
  static const unsigned char bytes[11] = {'k', 'i', 'c', 'k', 's', 't', 'e', 'p', 0, 255, 7};
  ks_hash_bytes(&h, bytes, sizeof bytes);
  uint64_t fields = ks_hash_end(&h);
  uint64_t fnv = ks_fnv1a64(bytes, sizeof bytes);
  ks_tl_field f[] = {{"below_sum", (double)below_sum},
                     {"chances", (double)chances},
                     {"rerolled_hi", (double)(rerolled >> 32)},
                     {"rerolled_lo", (double)(rerolled & 0xffffffffu)},
                     {"mix_hi", (double)(mixed >> 32)},
                     {"fnv_hi", (double)(fnv >> 32)},
                     {"fnv_lo", (double)(fnv & 0xffffffffu)}};
  ks_tl_line(w, no, fields, f, sizeof f / sizeof f[0]);
}

static void core_api(ks_tl_writer *w, int64_t no) {
  ks_rng r = ks_rng_stream(20260101, 2);
  static const int32_t rates[5] = {30, 60, 144, 600, 1000};
  for (int i = 0; i < 5; i++) clock_part(w, ++no, rates[i], i % 2 ? 8 : 0, &r);
  events_part(w, ++no, &r);
  dice_and_hash_part(w, ++no, &r);
}

size_t ks_scene_core_ref(char *out, size_t cap) {
  ks_tl_writer w;
  ks_tl_writer_init(&w, out, cap);
  ref_state s = {0};
  s.dice = ks_rng_stream(20260101, 1);
  s.wind_seed = ks_rng_next(&s.dice);
  s.p = ks_v3(0.0, kRadius, 0.0);
  uint64_t chain = 0;
  for (int64_t i = 0; i < STEPS; i++) {
    step(&s);
    ks_hash h = ks_hash_begin();
    ks_hash_u64(&h, chain);
    ks_hash_u64(&h, ref_hash(&s));
    chain = ks_hash_end(&h);
    if (s.step % LINE_EVERY == 0) line(&w, &s);
  }
  ks_tl_field fin[6] = {
      {"kicks", (double)s.kicks},   {"ground_hits", (double)s.ground_hits}, {"bar_hits", (double)s.bar_hits},
      {"impact", s.impact},         {"elevation", s.elevation},             {"max_height", s.max_height},
  };
  ks_tl_line(&w, s.step, chain, fin, 6);
  core_api(&w, s.step);
  return w.overflow ? 0 : w.len;
}

/* ------------------------------------------------------------ as a value */

size_t ks_scene_core_ref_state_size(void) { return sizeof(ref_state); }

void ks_scene_core_ref_start(void *state) {
  ref_state *s = (ref_state *)state;
  *s = (ref_state){0};
  s->dice = ks_rng_stream(20260101, 1);
  s->wind_seed = ks_rng_next(&s->dice);
  s->p = ks_v3(0.0, kRadius, 0.0);
}

void ks_scene_core_ref_step(void *state, void *user) {
  (void)user;
  step((ref_state *)state);
}

uint64_t ks_scene_core_ref_hash(const void *state, void *user) {
  (void)user;
  return ref_hash((const ref_state *)state);
}

void ks_scene_core_ref_counts(const void *state, int64_t *steps, int64_t *kicks) {
  const ref_state *s = (const ref_state *)state;
  *steps = s->step;
  *kicks = s->kicks;
}
