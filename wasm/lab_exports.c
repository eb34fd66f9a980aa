// SPDX-License-Identifier: MIT
/// wasm/lab_exports.c — the timestep lab's boundary with JavaScript.
///
/// Every number the lab page shows comes from here; the page only draws.
///
///   lab_loop_reset(sim_hz, interpolate) -> status    lab_loop_frame(seconds) -> steps
///   lab_loop_config(sim_hz, interpolate) -> status   change live, objects stay put
///   lab_loop_view() -> ptr: tied, variable, fixed (drawn, m), gauge_before, gauge_after,
///                           last_steps, dropped_s, real_s, fixed_raw, sim_hz, interpolate
///   lab_jump_reset(seed) -> status  (the uneven 20 fps)   lab_jump_choose(rate, seed) -> status
///   lab_jump_rate_count(), lab_jump_rate_name(i)   the frame-rate choices (lab_jump_rate)
///   lab_jump_press()  lab_jump_next_frame() -> s   lab_jump_frame(seconds) -> steps
///   lab_jump_view() -> ptr: variable_y, fixed_y (drawn), line_y, variable_peaks, fixed_peaks,
///                           last_variable_peak, last_fixed_peak, variable_airborne, fixed_airborne,
///                           fps, jitter, rate (the lab_jump_rate choice; a plain reset is the uneven one)
///   lab_spring_reset(dt) -> status  lab_spring_run(n)
///   lab_spring_view() -> ptr: steps, explicit_x, semi_x, explicit_energy, semi_energy, t
#include "kickstep/lab.h"

#include "export.h"

#define LX_EXPORT(name) KS_WASM_EXPORT(name)

static lab_loop lx_loop;
static lab_jump lx_jump;
static lab_spring lx_spring;
static double lx_loop_v[11], lx_jump_v[12], lx_spring_v[6];
static int32_t lx_jump_rate = LAB_JUMP_UNEVEN;

LX_EXPORT(lab_loop_reset) int32_t lx_loop_reset(int32_t sim_hz, int32_t interpolate);
LX_EXPORT(lab_loop_config) int32_t lx_loop_config(int32_t sim_hz, int32_t interpolate);
LX_EXPORT(lab_loop_frame) int32_t lx_loop_frame(double seconds);
LX_EXPORT(lab_loop_view) double *lx_loop_view(void);
LX_EXPORT(lab_jump_reset) int32_t lx_jump_reset(uint32_t seed);
LX_EXPORT(lab_jump_choose) int32_t lx_jump_choose(int32_t rate, uint32_t seed);
LX_EXPORT(lab_jump_rate_count) int32_t lx_jump_rate_count(void);
LX_EXPORT(lab_jump_rate_name) const char *lx_jump_rate_name(int32_t i);
LX_EXPORT(lab_jump_press) void lx_jump_press(void);
LX_EXPORT(lab_jump_next_frame) double lx_jump_next_frame(void);
LX_EXPORT(lab_jump_frame) int32_t lx_jump_frame(double seconds);
LX_EXPORT(lab_jump_view) double *lx_jump_view(void);
LX_EXPORT(lab_spring_reset) int32_t lx_spring_reset(double dt);
LX_EXPORT(lab_spring_run) void lx_spring_run(int32_t n);
LX_EXPORT(lab_spring_view) double *lx_spring_view(void);

static void lx_loop_refresh(void) {
  double *v = lx_loop_v;
  v[0] = lab_loop_drawn(&lx_loop, LAB_FRAME_TIED);
  v[1] = lab_loop_drawn(&lx_loop, LAB_VARIABLE_DT);
  v[2] = lab_loop_drawn(&lx_loop, LAB_FIXED_STEP);
  v[3] = lx_loop.gauge_before;
  v[4] = lx_loop.gauge_after;
  v[5] = (double)lx_loop.last_steps;
  v[6] = lx_loop.dropped_seconds;
  v[7] = lx_loop.real_seconds;
  v[8] = lx_loop.x[LAB_FIXED_STEP];
  v[9] = (double)lx_loop.def.sim_hz;
  v[10] = (double)lx_loop.def.interpolate;
}

int32_t lx_loop_reset(int32_t sim_hz, int32_t interpolate) {
  lab_loop_def d = lab_loop_default_def();
  d.sim_hz = sim_hz;
  d.interpolate = interpolate;
  ks_status st = lab_loop_init(&lx_loop, &d);
  lx_loop_refresh();
  return (int32_t)st;
}

int32_t lx_loop_config(int32_t sim_hz, int32_t interpolate) {
  ks_status st = lab_loop_set(&lx_loop, sim_hz, interpolate);
  lx_loop_refresh();
  return (int32_t)st;
}

int32_t lx_loop_frame(double seconds) {
  int64_t n = lab_loop_frame(&lx_loop, seconds);
  lx_loop_refresh();
  return (int32_t)n;
}

double *lx_loop_view(void) { return lx_loop_v; }

static void lx_jump_refresh(void) {
  double *v = lx_jump_v;
  v[0] = lx_jump.variable.y;
  v[1] = lab_jump_fixed_drawn(&lx_jump);
  v[2] = lx_jump.line_y;
  v[3] = (double)lx_jump.variable.peaks;
  v[4] = (double)lx_jump.fixed.peaks;
  v[5] = lab_ball_peak(&lx_jump.variable, lx_jump.variable.peaks - 1);
  v[6] = lab_ball_peak(&lx_jump.fixed, lx_jump.fixed.peaks - 1);
  v[7] = (double)lx_jump.variable.airborne;
  v[8] = (double)lx_jump.fixed.airborne;
  v[9] = lx_jump.def.fps;
  v[10] = lx_jump.def.jitter;
  v[11] = (double)lx_jump_rate;
}

int32_t lx_jump_reset(uint32_t seed) {
  lab_jump_def d = lab_jump_default_def();
  d.seed = seed;
  ks_status st = lab_jump_init(&lx_jump, &d);
  lx_jump_rate = LAB_JUMP_UNEVEN;
  lx_jump_refresh();
  return (int32_t)st;
}

int32_t lx_jump_choose(int32_t rate, uint32_t seed) {
  lab_jump_def d = lab_jump_default_def();
  d.seed = seed;
  ks_status st = lab_jump_def_set_rate(&d, rate);
  if (st == KS_OK) st = lab_jump_init(&lx_jump, &d);
  if (st == KS_OK) lx_jump_rate = rate;
  lx_jump_refresh();
  return (int32_t)st;
}

int32_t lx_jump_rate_count(void) { return lab_jump_rate_count; }
const char *lx_jump_rate_name(int32_t i) { return lab_jump_rate_name(i); }

void lx_jump_press(void) { lab_jump_press(&lx_jump); }
double lx_jump_next_frame(void) { return lab_jump_next_frame(&lx_jump); }

int32_t lx_jump_frame(double seconds) {
  int64_t n = lab_jump_frame(&lx_jump, seconds);
  lx_jump_refresh();
  return (int32_t)n;
}

double *lx_jump_view(void) { return lx_jump_v; }

static void lx_spring_refresh(void) {
  double *v = lx_spring_v;
  v[0] = (double)lx_spring.steps;
  v[1] = lx_spring.ex;
  v[2] = lx_spring.sx;
  v[3] = lab_spring_energy(&lx_spring, 0);
  v[4] = lab_spring_energy(&lx_spring, 1);
  v[5] = (double)lx_spring.steps * lx_spring.def.dt_s;
}

int32_t lx_spring_reset(double dt) {
  lab_spring_def d = lab_spring_default_def();
  d.dt_s = dt;
  ks_status st = lab_spring_init(&lx_spring, &d);
  lx_spring_refresh();
  return (int32_t)st;
}

void lx_spring_run(int32_t n) {
  for (int32_t i = 0; i < n && i < 100000; i++) lab_spring_step(&lx_spring);
  lx_spring_refresh();
}

double *lx_spring_view(void) { return lx_spring_v; }

#if defined(KS_WASM_TESTING)
/* Tests only (a module built with KS_WASM_TESTING, BUILD/wasm-testing, never the
   page's): fills the game's state with `byte`, as memory no init function
   wrote would hold it (tests/api/uninitialised_wasm.mjs). */
LX_EXPORT(lab_test_fill) void lab_test_fill(int32_t byte);
void lab_test_fill(int32_t byte) {
  __builtin_memset(&lx_loop, byte, sizeof lx_loop);
  __builtin_memset(&lx_jump, byte, sizeof lx_jump);
  __builtin_memset(&lx_spring, byte, sizeof lx_spring);
}
#endif
