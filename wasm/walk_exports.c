// SPDX-License-Identifier: MIT
/// wasm/walk_exports.c — the walk course's boundary with JavaScript.
///
/// The page (web/walk/) forwards every key press and release as it happens
/// (walk_key) and the mouse displacement of each frame, and draws the camera
/// and the floor read from the view. Which keys a frame hands the game, and
/// that a press no step has seen yet is kept (walk_game_frame), is C. The
/// course report at any rate comes from the same C as walk-cli.
///
///   walk_reset(rate) -> status                 a new game at `rate` steps/s at the course start
///   walk_key(bits, down)                       a press (down 1) or release (0) of walk_key bits;
///                                              a press of a key already held (auto-repeat) is none
///   walk_frame(seconds, look_dx, look_dy) -> steps
///                                              one frame with the keys held now and every
///                                              press since the last frame
///   walk_autopilot(on)                         walk the course script: each step is the
///                                              course's own (walk_course_step), keys from C
///   walk_view() -> ptr, walk_view_count(), walk_view_name(i)
///   walk_floor_risers(), walk_floor() -> ptr   risers, then riser_x[i], then height[i] (risers + 1)
///   walk_events() -> ptr, walk_event_count()   last frame's events: step, type, subject, x, t, value
///   walk_event_name(type) -> ptr
///   walk_report(rate) -> status                the scripted course at `rate`; values at walk_report_values()
///   walk_report_values() -> ptr, walk_report_count(), walk_report_name(i)
///   walk_ledge(rate, integrator) -> ptr        the course's jump at seed 001's ledge (0 exact, 1 Euler):
///                                              cleared, takeoff x, apex y, land x, land y, ledge x, ledge top
///   walk_euler_gap() -> metres                 how much lower a per-step Euler jump peaks at 60/s than at 120/s
///
/// The view's cam_bob is the head bob (add it to cam_y), blended like the camera.
#include "kickstep/walk.h"

#include "export.h"

#define WX_EXPORT(name) KS_WASM_EXPORT(name)

#define WX_VIEW(X)                                                                                        \
  X(cam_x) X(cam_y) X(cam_yaw) X(cam_pitch) X(x) X(y) X(vx) X(vy) X(eye_offset) X(grounded) X(sliding)     \
  X(crouched) X(time) X(step) X(rate) X(alpha) X(frames) X(autopilot) X(cam_bob)

#define WX_ENUM(n) WX_V_##n,
enum { WX_VIEW(WX_ENUM) WX_VIEW_COUNT };
static const char *const wx_names[WX_VIEW_COUNT] = {WX_VIEW(KS_WASM_FIELD_NAME)};

#define WX_MAX_EVENTS 256

static walk_game wx_game;
static double wx_view[WX_VIEW_COUNT];
static double wx_floor[2 * WALK_MAX_RISERS + 1];
static double wx_events[WX_MAX_EVENTS * 6];
static uint32_t wx_event_n;
static double wx_report[walk_report_field_count];
static int32_t wx_autopilot;
static walk_input wx_input; /* keys held now, presses since the last frame */

WX_EXPORT(walk_reset) int32_t walk_reset(int32_t rate);
WX_EXPORT(walk_ledge) double *wx_ledge_run(int32_t rate, int32_t integrator);
WX_EXPORT(walk_euler_gap) double wx_euler_gap(void);
WX_EXPORT(walk_key) void walk_key(uint32_t bits, int32_t down);
WX_EXPORT(walk_frame) int32_t walk_frame(double seconds, double look_dx, double look_dy);
WX_EXPORT(walk_autopilot) void walk_autopilot(int32_t on);
WX_EXPORT(walk_view) double *walk_view(void);
WX_EXPORT(walk_view_count) int32_t walk_view_count(void);
WX_EXPORT(walk_view_name) const char *walk_view_name(int32_t i);
WX_EXPORT(walk_floor_risers) int32_t walk_floor_risers(void);
WX_EXPORT(walk_floor) double *walk_floor_values(void);
WX_EXPORT(walk_events) double *walk_events(void);
WX_EXPORT(walk_event_count) int32_t wx_event_count(void);
WX_EXPORT(walk_event_name) const char *wx_event_name(int32_t type);
WX_EXPORT(walk_report) int32_t wx_report_run(int32_t rate);
WX_EXPORT(walk_report_values) double *walk_report_values(void);
WX_EXPORT(walk_report_count) int32_t walk_report_count(void);
WX_EXPORT(walk_report_name) const char *walk_report_name(int32_t i);

static void wx_refresh(void) {
  walk_camera c = walk_game_camera(&wx_game);
  const walk_body *b = &wx_game.body;
  double *v = wx_view;
  v[WX_V_cam_x] = c.x;
  v[WX_V_cam_y] = c.y;
  v[WX_V_cam_yaw] = c.yaw;
  v[WX_V_cam_pitch] = c.pitch;
  v[WX_V_cam_bob] = c.bob;
  v[WX_V_x] = b->x;
  v[WX_V_y] = b->y;
  v[WX_V_vx] = b->vx;
  v[WX_V_vy] = b->vy;
  v[WX_V_eye_offset] = b->eye_offset;
  v[WX_V_grounded] = (double)b->grounded;
  v[WX_V_sliding] = (double)b->sliding;
  v[WX_V_crouched] = (double)b->crouched;
  v[WX_V_time] = b->time;
  v[WX_V_step] = (double)b->step;
  v[WX_V_rate] = (double)wx_game.def.steps_per_second;
  v[WX_V_alpha] = ks_clock_alpha(&wx_game.clock);
  v[WX_V_frames] = (double)wx_game.frames;
  v[WX_V_autopilot] = (double)wx_autopilot;
}

void walk_autopilot(int32_t on) {
  wx_autopilot = on ? 1 : 0;
  wx_refresh();
}

int32_t walk_reset(int32_t rate) {
  walk_def d = walk_default_def();
  d.steps_per_second = rate;
  ks_status st = walk_game_init(&wx_game, &d);
  if (st != KS_OK) {
    d = walk_default_def();
    walk_game_init(&wx_game, &d);
  }
  const walk_floor *f = &wx_game.def.floor;
  for (int32_t i = 0; i < f->risers; i++) wx_floor[i] = f->riser_x[i];
  for (int32_t i = 0; i <= f->risers; i++) wx_floor[f->risers + i] = f->height[i];
  wx_event_n = 0;
  wx_refresh();
  return (int32_t)st;
}

void walk_key(uint32_t bits, int32_t down) {
  bits &= 0x7fu;
  if (down) {
    wx_input.pressed |= bits & ~wx_input.keys;
    wx_input.keys |= bits;
  } else {
    wx_input.keys &= ~bits;
  }
}

int32_t walk_frame(double seconds, double look_dx, double look_dy) {
  walk_input in = wx_input;
  in.look_dx = look_dx;
  in.look_dy = look_dy;
  wx_input.pressed = 0;
  ks_events e;
  ks_events_clear(&e);
  /* A frame holds at most a quarter second of steps (the clock's clamp), so
     the event buffer of a frame is enough. */
  int64_t n;
  if (wx_autopilot) {
    /* The same frame as walk_game_frame, but each step reads the script's keys. */
    walk_body_look(&wx_game.body, &wx_game.def, look_dx, look_dy);
    walk_body_look(&wx_game.prev, &wx_game.def, look_dx, look_dy);
    n = ks_clock_advance(&wx_game.clock, seconds);
    for (int64_t i = 0; i < n; i++) {
      wx_game.prev = wx_game.body;
      walk_course_step(&wx_game.body, &wx_game.def, &e);
    }
    wx_game.frames++;
  } else {
    n = walk_game_frame(&wx_game, seconds, &in, &e);
  }
  wx_event_n = ks_wasm_pack_events(wx_events, 0, WX_MAX_EVENTS, &e);
  wx_refresh();
  return (int32_t)n;
}

double *walk_view(void) { return wx_view; }
int32_t walk_view_count(void) { return WX_VIEW_COUNT; }
const char *walk_view_name(int32_t i) { return ks_wasm_field_name(wx_names, WX_VIEW_COUNT, i); }
int32_t walk_floor_risers(void) { return wx_game.def.floor.risers; }
double *walk_floor_values(void) { return wx_floor; }
double *walk_events(void) { return wx_events; }
int32_t wx_event_count(void) { return (int32_t)wx_event_n; }
const char *wx_event_name(int32_t type) { return walk_event_name((uint32_t)type); }

int32_t wx_report_run(int32_t rate) {
  walk_def d = walk_default_def();
  d.steps_per_second = rate;
  walk_report r;
  ks_status st = walk_course_run(&d, &r);
  if (st != KS_OK) return (int32_t)st;
  for (int32_t i = 0; i < walk_report_field_count; i++) wx_report[i] = r.v[i];
  return 0;
}

double *walk_report_values(void) { return wx_report; }

static double wx_ledge[7];

double *wx_ledge_run(int32_t rate, int32_t integrator) {
  walk_def d = walk_default_def();
  d.steps_per_second = rate;
  walk_ledge_result r;
  for (int i = 0; i < 7; i++) wx_ledge[i] = 0.0;
  wx_ledge[0] = -1.0; /* a bad rate or integrator */
  if (walk_ledge_run(&d, integrator, &r) != KS_OK) return wx_ledge;
  wx_ledge[0] = (double)r.cleared;
  wx_ledge[1] = r.takeoff_x_m;
  wx_ledge[2] = r.apex_y_m;
  wx_ledge[3] = r.land_x_m;
  wx_ledge[4] = r.land_y_m;
  wx_ledge[5] = WALK_LEDGE_X_M;
  wx_ledge[6] = WALK_LEDGE_TOP_M;
  return wx_ledge;
}

double wx_euler_gap(void) {
  walk_def d = walk_default_def();
  d.steps_per_second = 60;
  double a60 = walk_euler_apex(&d);
  d.steps_per_second = 120;
  return walk_euler_apex(&d) - a60;
}
int32_t walk_report_count(void) { return walk_report_field_count; }
const char *walk_report_name(int32_t i) { return walk_report_field_name(i); }

#if defined(KS_WASM_TESTING)
/* Tests only (a module built with KS_WASM_TESTING, BUILD/wasm-testing, never the
   page's): fills the game's state with `byte`, as memory no init function
   wrote would hold it (tests/api/uninitialised_wasm.mjs). */
WX_EXPORT(walk_test_fill) void walk_test_fill(int32_t byte);
void walk_test_fill(int32_t byte) {
  __builtin_memset(&wx_game, byte, sizeof wx_game);
}
#endif
