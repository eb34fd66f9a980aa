// SPDX-License-Identifier: MIT
/// wasm/board_exports.c — the Daily Kick board's check (kickstep/kick_board.h)
/// as a small module, the same C the native verifier runs.
///
///   kb_buf() -> ptr            KICK_BOARD_MAX_BYTES bytes: a submission goes here
///   kb_verify(len) -> verdict  verifies kb_buf()[0..len); details at kb_view()
///   kb_view() -> ptr           doubles: verdict, simulated, outcome, points,
///                              decision_step, moments, crossed, cross_x, cross_y,
///                              day, try, strike_step, input, steps,
///                              shot_hash_lo, shot_hash_hi, input_hash_lo, input_hash_hi
///   kb_verdict_name(v) / kb_verdict_text(v) -> NUL-terminated string
///   kb_samples() -> ptr        KICK_BOARD_MAX_SAMPLES samples of (x, y, t) doubles
///   kb_encode(...) -> len      writes a submission into kb_buf() from the fields,
///                              kb_samples() for a swipe, and the claim given
///   kb_simulate(...) -> verdict  the result of a try without a claim (kb_view)
///   kb_share(len) -> length   the share code (kick_replay.h) of the accepted try in
///                              kb_buf()[0..len) at kb_text(); 0 when refused (kb_view)
///   kb_text() -> ptr           the share code, NUL-terminated
///   kb_rules() -> KICK_BOARD_RULES
#include "kickstep/kick_board.h"

#include "export.h"

#define KB_EXPORT(name) KS_WASM_EXPORT(name)

enum { KB_VIEW_COUNT = 18 };
static uint8_t kb_bytes[KICK_BOARD_MAX_BYTES];
static kick_touch kb_pts[KICK_BOARD_MAX_SAMPLES];
static double kb_v[KB_VIEW_COUNT];
static char kb_code[KICK_REPLAY_MAX_CODE + 1];
static kick_replay kb_replay;

KB_EXPORT(kb_buf) uint8_t *kb_buf(void) { return kb_bytes; }
KB_EXPORT(kb_samples) kick_touch *kb_samples(void) { return kb_pts; }
KB_EXPORT(kb_view) double *kb_view(void) { return kb_v; }
KB_EXPORT(kb_rules) int32_t kb_rules(void) { return KICK_BOARD_RULES; }
/// The steps from the swipe's reading to the strike (KICK_BOARD_RUNUP_STEPS): a try's strike step is its reading step plus these.
KB_EXPORT(kb_runup_steps) int32_t kb_runup_steps(void) { return KICK_BOARD_RUNUP_STEPS; }
KB_EXPORT(kb_verdict_name) const char *kb_verdict_name(int32_t v) { return kick_board_verdict_name((kick_board_verdict)v); }
KB_EXPORT(kb_verdict_text) const char *kb_verdict_text(int32_t v) { return kick_board_verdict_text((kick_board_verdict)v); }

static void kb_report(const kick_board_report *r) {
  const kick_board_result *s = &r->result;
  double v[KB_VIEW_COUNT] = {(double)r->verdict,
                             r->simulated ? 1.0 : 0.0,
                             (double)s->outcome,
                             (double)s->points,
                             (double)s->decision_step,
                             (double)s->moments,
                             s->crossed ? 1.0 : 0.0,
                             s->cross_x,
                             s->cross_y,
                             (double)r->fields.day_number,
                             (double)r->fields.try_number,
                             (double)r->fields.strike_step,
                             (double)r->fields.input,
                             (double)r->steps,
                             (double)(uint32_t)r->shot_hash,
                             (double)(uint32_t)(r->shot_hash >> 32),
                             (double)(uint32_t)r->input_hash,
                             (double)(uint32_t)(r->input_hash >> 32)};
  for (int i = 0; i < KB_VIEW_COUNT; i++) kb_v[i] = v[i];
}

KB_EXPORT(kb_verify) int32_t kb_verify(int32_t len) {
  kick_board_report r;
  size_t n = len < 0 ? 0 : (size_t)len;
  kick_board_verdict v = kick_board_verify(kb_bytes, n > sizeof kb_bytes ? sizeof kb_bytes + 1 : n, &r);
  kb_report(&r);
  return (int32_t)v;
}

static kick_board_try kb_fields(int32_t day, int32_t try_number, int32_t strike_step, int32_t input, double w,
                                double h, int32_t n, double aim, double height, double bend, double key_down,
                                double key_up) {
  kick_board_try t = {0};
  t.rules = KICK_BOARD_RULES;
  t.day_number = day;
  t.try_number = try_number;
  t.strike_step = strike_step;
  t.input = (kick_board_input)input;
  t.screen_w = w;
  t.screen_h = h;
  t.sample_count = n;
  t.aim = aim;
  t.height = height;
  t.bend = bend;
  t.key_down_t = key_down;
  t.key_up_t = key_up;
  return t;
}

KB_EXPORT(kb_simulate) int32_t kb_simulate(int32_t day, int32_t try_number, int32_t strike_step, int32_t input,
                                           double w, double h, int32_t n, double aim, double height, double bend,
                                           double key_down, double key_up) {
  if (n < 0 || n > KICK_BOARD_MAX_SAMPLES) return KICK_BOARD_MALFORMED;
  kick_board_try t = kb_fields(day, try_number, strike_step, input, w, h, n, aim, height, bend, key_down, key_up);
  kick_board_report r;
  kick_board_verdict v = kick_board_simulate(&t, kb_pts, &r);
  kb_report(&r);
  return (int32_t)v;
}

KB_EXPORT(kb_encode) int32_t kb_encode(int32_t day, int32_t try_number, int32_t strike_step, int32_t input, double w,
                                       double h, int32_t n, double aim, double height, double bend, double key_down,
                                       double key_up, int32_t outcome, int32_t points, int32_t decision_step,
                                       uint32_t moments, int32_t crossed, double cross_x, double cross_y) {
  if (n < 0 || n > KICK_BOARD_MAX_SAMPLES) return 0;
  kick_board_try t = kb_fields(day, try_number, strike_step, input, w, h, n, aim, height, bend, key_down, key_up);
  t.claim.outcome = outcome;
  t.claim.points = points;
  t.claim.decision_step = decision_step;
  t.claim.moments = moments;
  t.claim.crossed = crossed != 0;
  t.claim.cross_x = cross_x;
  t.claim.cross_y = cross_y;
  return (int32_t)kick_board_encode(&t, kb_pts, kb_bytes, sizeof kb_bytes);
}

KB_EXPORT(kb_text) const char *kb_text(void) { return kb_code; }

KB_EXPORT(kb_share) int32_t kb_share(int32_t len) {
  kb_code[0] = 0;
  size_t n = len < 0 ? 0 : (size_t)len;
  if (n > sizeof kb_bytes) n = sizeof kb_bytes + 1;
  kick_board_report r;
  (void)kick_board_verify(kb_bytes, n, &r);
  kb_report(&r);
  if (kick_board_replay(kb_bytes, n, &kb_replay) != KICK_BOARD_OK) return 0;
  size_t out = 0;
  if (kick_replay_share_encode(&kb_replay, kb_code, sizeof kb_code, &out, NULL) != KS_OK) return 0;
  return (int32_t)out;
}
