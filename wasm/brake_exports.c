// SPDX-License-Identifier: MIT
/// wasm/brake_exports.c — the brake game's boundary with JavaScript.
///
/// The page (web/brake/) and the Node script (tools/brake-node.mjs) call these
/// and read a flat array of doubles, the view, from the module's memory. JS
/// holds no rule of the game: it forwards the pedal (or a console policy's
/// pedal, step by step) and draws the view.
///
///   brake_reset()                         a new run with the default game and director
///   brake_policy_buf() -> ptr             256 bytes where JS writes a policy name (UTF-8)
///   brake_set_policy(len) -> status       parse it ("never", "late", "at-distance:30", ...); "" = human
///   brake_press()                         a pedal press as it happens (key or pointer down): C keeps
///                                         it until a step takes it, so a tap between steps is not lost
///   brake_frame(seconds, pedal) -> steps  one display frame, the C policy (or pedal) per step
///   brake_begin_frame(seconds) -> steps   the same frame in halves, for a JS policy:
///   brake_step(pedal)                       call brake_step that many times
///   brake_run_out() -> score              "what if": finish the run in a tight loop
///   brake_view() -> ptr, brake_view_count(), brake_view_name(i) -> ptr to a NUL-terminated name
///   brake_events() -> ptr, brake_event_count()  the last frame's events, 6 doubles each:
///                                         step, type, subject, value0, value1, value2
///   brake_event_name(type) -> ptr
///   brake_hash_lo(), brake_hash_hi()      the state hash's two 32-bit halves
#include "kickstep/brake.h"

#include "export.h"

#define BX_EXPORT(name) KS_WASM_EXPORT(name)

#define BX_VIEW(X)                                                                                             \
  X(x) X(y) X(vx) X(vy) X(speed) X(pitch) X(phase) X(outcome) X(stopwatch) X(time_scale) X(gap) X(braked)     \
  X(pedal) X(flips) X(step) X(countdown) X(score) X(stop_x) X(stopping_distance) X(leap_distance) X(clean)   \
  X(cleared) X(ramp_x) X(ramp_length) X(ramp_angle) X(barrier_x) X(barrier_height) X(steps_per_second)       \
  X(policy) X(alpha) X(frames) X(ended) X(final_outcome) X(final_score) X(final_stopwatch) X(final_stop_x)     \
  X(final_stopping_distance) X(final_leap_distance) X(final_flips) X(final_clean)

#define BX_ENUM(n) BX_V_##n,
enum { BX_VIEW(BX_ENUM) BX_VIEW_COUNT };
static const char *const bx_names[BX_VIEW_COUNT] = {BX_VIEW(KS_WASM_FIELD_NAME)};

#define BX_MAX_EVENTS 1024

static brake_director bx_dir;
static double bx_view[BX_VIEW_COUNT];
static double bx_events[BX_MAX_EVENTS * 6];
static uint32_t bx_event_n;
static char bx_policy_text[256];

BX_EXPORT(brake_reset) int32_t brake_reset(void);
BX_EXPORT(brake_policy_buf) char *brake_policy_buf(void);
BX_EXPORT(brake_set_policy) int32_t brake_set_policy(int32_t len);
BX_EXPORT(brake_press) void brake_press(void);
BX_EXPORT(brake_frame) int32_t brake_frame(double seconds, int32_t pedal);
BX_EXPORT(brake_begin_frame) int32_t brake_begin_frame(double seconds);
BX_EXPORT(brake_step) void brake_step(int32_t pedal);
BX_EXPORT(brake_run_out) int32_t brake_run_out(void);
BX_EXPORT(brake_view) double *brake_view(void);
BX_EXPORT(brake_view_count) int32_t brake_view_count(void);
BX_EXPORT(brake_view_name) const char *brake_view_name(int32_t i);
BX_EXPORT(brake_events) double *brake_events(void);
BX_EXPORT(brake_event_count) int32_t bx_event_count(void);
BX_EXPORT(brake_event_name) const char *brake_event_name_of(int32_t type);
BX_EXPORT(brake_hash_lo) uint32_t brake_hash_lo(void);
BX_EXPORT(brake_hash_hi) uint32_t brake_hash_hi(void);

static void bx_refresh(void) {
  const brake_sim *s = &bx_dir.sim;
  brake_result r = brake_sim_result(s);
  double *v = bx_view;
  v[BX_V_x] = s->x;
  v[BX_V_y] = s->y;
  v[BX_V_vx] = s->vx;
  v[BX_V_vy] = s->vy;
  v[BX_V_speed] = s->speed;
  v[BX_V_pitch] = s->pitch;
  v[BX_V_phase] = (double)s->phase;
  v[BX_V_outcome] = (double)s->outcome;
  v[BX_V_stopwatch] = s->stopwatch_s;
  v[BX_V_time_scale] = bx_dir.time_scale;
  v[BX_V_gap] = brake_sim_gap(s);
  v[BX_V_braked] = (double)s->braked;
  v[BX_V_pedal] = (double)s->pedal;
  v[BX_V_flips] = (double)s->flips;
  v[BX_V_step] = (double)s->step;
  int64_t total = (int64_t)s->def.countdown_seconds * s->def.steps_per_second;
  v[BX_V_countdown] = s->phase == BRAKE_PHASE_COUNTDOWN ? (double)(total - s->step) * s->dt : 0.0;
  v[BX_V_score] = (double)r.score;
  v[BX_V_stop_x] = r.stop_x_m;
  v[BX_V_stopping_distance] = r.stopping_distance_m;
  v[BX_V_leap_distance] = r.leap_distance_m;
  v[BX_V_clean] = (double)s->clean_landing;
  v[BX_V_cleared] = (double)s->cleared;
  v[BX_V_ramp_x] = s->def.ramp_x_m;
  v[BX_V_ramp_length] = s->def.ramp_length_m;
  v[BX_V_ramp_angle] = s->def.ramp_angle_rad;
  v[BX_V_barrier_x] = s->def.ramp_x_m + s->def.ramp_length_m + s->def.barrier_gap_m;
  v[BX_V_barrier_height] = s->def.barrier_height_m;
  v[BX_V_steps_per_second] = (double)s->def.steps_per_second;
  v[BX_V_policy] = (double)bx_dir.policy.kind;
  v[BX_V_alpha] = ks_clock_alpha(&bx_dir.clock);
  v[BX_V_frames] = (double)bx_dir.frames;
  /* The run's result once it ended early (the what-if's), else the live one. */
  brake_result f = bx_dir.ended ? bx_dir.what_if : r;
  v[BX_V_ended] = (double)bx_dir.ended;
  v[BX_V_final_outcome] = (double)f.outcome;
  v[BX_V_final_score] = (double)f.score;
  v[BX_V_final_stopwatch] = f.stopwatch_s;
  v[BX_V_final_stop_x] = f.stop_x_m;
  v[BX_V_final_stopping_distance] = f.stopping_distance_m;
  v[BX_V_final_leap_distance] = f.leap_distance_m;
  v[BX_V_final_flips] = (double)f.flips;
  v[BX_V_final_clean] = (double)f.clean_landing;
}

static void bx_take(const ks_events *e) { bx_event_n = ks_wasm_pack_events(bx_events, bx_event_n, BX_MAX_EVENTS, e); }

int32_t brake_reset(void) {
  brake_def g = brake_default_def();
  brake_director_def dd = brake_director_default_def();
  brake_policy keep = bx_dir.policy;
  ks_status st = brake_director_init(&bx_dir, &g, &dd);
  if (st == KS_OK) st = brake_director_set_policy(&bx_dir, &keep);
  bx_event_n = 0;
  bx_refresh();
  return (int32_t)st;
}

char *brake_policy_buf(void) { return bx_policy_text; }

int32_t brake_set_policy(int32_t len) {
  if (len < 0 || len >= (int32_t)sizeof bx_policy_text) return (int32_t)KS_ERR_RANGE;
  bx_policy_text[len] = '\0';
  brake_policy p = {BRAKE_POLICY_HUMAN, 0, 0.0};
  if (len > 0) {
    ks_status st = brake_policy_parse(bx_policy_text, &p);
    if (st != KS_OK) return (int32_t)st;
  }
  ks_status st = brake_director_set_policy(&bx_dir, &p);
  bx_refresh();
  return (int32_t)st;
}

void brake_press(void) { brake_director_press(&bx_dir); }

int32_t brake_frame(double seconds, int32_t pedal) {
  bx_event_n = 0;
  int64_t n = brake_director_begin_frame(&bx_dir, seconds);
  for (int64_t i = 0; i < n; i++) {
    ks_events e;
    ks_events_clear(&e);
    brake_director_step(&bx_dir, pedal != 0, &e);
    bx_take(&e);
  }
  bx_refresh();
  return (int32_t)n;
}

int32_t brake_begin_frame(double seconds) {
  bx_event_n = 0;
  int64_t n = brake_director_begin_frame(&bx_dir, seconds);
  bx_refresh();
  return (int32_t)n;
}

void brake_step(int32_t pedal) {
  ks_events e;
  ks_events_clear(&e);
  brake_director_step(&bx_dir, pedal != 0, &e);
  bx_take(&e);
  bx_refresh();
}

int32_t brake_run_out(void) {
  brake_result r = brake_sim_run_out(&bx_dir.sim, &bx_dir.policy, 10000000);
  bx_refresh();
  return r.score;
}

double *brake_view(void) { return bx_view; }
int32_t brake_view_count(void) { return BX_VIEW_COUNT; }
const char *brake_view_name(int32_t i) { return ks_wasm_field_name(bx_names, BX_VIEW_COUNT, i); }
double *brake_events(void) { return bx_events; }
int32_t bx_event_count(void) { return (int32_t)bx_event_n; }
const char *brake_event_name_of(int32_t type) { return brake_event_name((uint32_t)type); }
uint32_t brake_hash_lo(void) { return (uint32_t)(brake_sim_hash(&bx_dir.sim) & 0xffffffffu); }
uint32_t brake_hash_hi(void) { return (uint32_t)(brake_sim_hash(&bx_dir.sim) >> 32); }

#if defined(KS_WASM_TESTING)
/* Tests only (a module built with KS_WASM_TESTING, BUILD/wasm-testing, never the
   page's): fills the game's state with `byte`, as memory no init function
   wrote would hold it (tests/api/uninitialised_wasm.mjs). */
BX_EXPORT(brake_test_fill) void brake_test_fill(int32_t byte);
void brake_test_fill(int32_t byte) {
  __builtin_memset(&bx_dir, byte, sizeof bx_dir);
}
#endif
