// SPDX-License-Identifier: MIT
/* Replay files and share codes: round trips, every corruption and truncation
   detected and named, nothing half-loaded, verification naming the first
   diverging step and field, atomic writes. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "director_test_util.h"
#include "kickstep/hash.h"
#include "support/replay_file.h"
#include "kickstep/host_file.h"
#include "kickstep/host_timeline.h"
#include "kickstep/kick_levels.h"
#include "kickstep/kick_replay.h"

/* A full setup: keeper, wall, wind, rings, history. */
static kick_setup busy_setup(void) {
  kick_setup su = kick_setup_default();
  su.spot_x = -3.0;
  su.spot_z = -22.0;
  kick_setup_wall_at(&su, 4);
  su.wall.jump_mask = 0xfu;
  su.keeper.kind = KICK_KEEPER_LEARNER;
  su.wind.mean_speed_mps = 6.0;
  su.wind.bearing = 1.1;
  su.wind.gustiness = 0.5;
  su.wind.gust_seed = 99;
  su.pitch = kick_pitch_default(true);
  su.ring_count = 2;
  su.rings[0] = kick_ring_default(2.0, 1.5);
  su.rings[1] = kick_ring_default(-2.5, 1.0);
  su.rings[1].motion = KICK_RING_BOB;
  su.rings[1].amplitude = 0.3;
  su.history_count = 3;
  for (int i = 0; i < 3; i++) {
    su.history[i].x = 1.0 + i;
    su.history[i].y = 0.5;
    su.history[i].outcome = KICK_OUTCOME_GOAL;
  }
  su.match_seed = 1234567;
  su.kick_number = 9;
  return su;
}

static kick_replay recorded(void) {
  kick_replay r;
  kick_launch k = dt_top_corner();
  kick_setup raw = dt_penalty();
  raw.cookie = 0;
  assert_int_equal(kick_replay_record(&raw, 0, &k, NULL, 0, &r), KS_ERR_UNINITIALISED);
  kick_setup su = dt_penalty();
  assert_int_equal(kick_replay_record(&su, 300, &k, NULL, 0, &r), KS_OK);
  return r;
}

static kick_replay busy_recorded(void) {
  kick_setup su = busy_setup();
  kick_launch k = dt_launch(26.0, 0.25, 0.15);
  k.spin_axis = ks_v3(0.0, 1.0, 0.0);
  k.spin_rate = 40.0;
  kick_replay r;
  assert_int_equal(kick_replay_record(&su, 123, &k, NULL, 0, &r), KS_OK);
  return r;
}

static size_t encode(const kick_replay *r, uint8_t *buf) {
  size_t n = 0;
  kick_replay_error e;
  assert_int_equal(kick_replay_encode(r, buf, KICK_REPLAY_MAX_BYTES, &n, &e), KS_OK);
  assert_int_equal(e.status, KS_OK);
  assert_int_equal(n, kick_replay_encoded_size(r));
  return n;
}

static void assert_same_bytes(const kick_replay *a, const kick_replay *b) {
  uint8_t x[KICK_REPLAY_MAX_BYTES], y[KICK_REPLAY_MAX_BYTES];
  size_t nx = encode(a, x), ny = encode(b, y);
  assert_int_equal(nx, ny);
  assert_memory_equal(x, y, nx);
}

static void test_replay_round_trips_through_bytes(void **st) {
  (void)st;
  kick_replay reps[2] = {recorded(), busy_recorded()};
  for (int i = 0; i < 2; i++) {
    uint8_t buf[KICK_REPLAY_MAX_BYTES];
    size_t n = encode(&reps[i], buf);
    kick_replay back;
    kick_replay_error e;
    assert_int_equal(kick_replay_decode(buf, n, &back, &e), KS_OK);
    assert_same_bytes(&reps[i], &back);
    assert_int_equal(back.decision_step, reps[i].decision_step);
    assert_memory_equal(back.crossing_bits, reps[i].crossing_bits, sizeof back.crossing_bits);
    assert_int_equal(back.final_hash, reps[i].final_hash);
    assert_int_equal(ks_f64_bits(back.launch.speed_mps), ks_f64_bits(reps[i].launch.speed_mps));
    assert_int_equal(back.setup.ring_count, reps[i].setup.ring_count);
    kick_replay_verify_result v;
    assert_int_equal(kick_replay_verify(&back, &v), KS_OK);
    assert_true(v.identical);
  }
}

static void test_share_code_round_trips(void **st) {
  (void)st;
  kick_replay reps[2] = {recorded(), busy_recorded()};
  for (int i = 0; i < 2; i++) {
    char code[KICK_REPLAY_MAX_CODE + 1];
    size_t n = 0;
    assert_int_equal(kick_replay_share_encode(&reps[i], code, sizeof code, &n, NULL), KS_OK);
    assert_int_equal(strlen(code), n);
    print_message("share code: %zu characters\n", n);
    for (size_t j = 0; j < n; j++)
      assert_non_null(strchr("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_", code[j]));
    kick_replay back;
    assert_int_equal(kick_replay_share_decode(code, n, &back, NULL), KS_OK);
    assert_same_bytes(&reps[i], &back);
    char again[KICK_REPLAY_MAX_CODE + 1];
    size_t m = 0;
    assert_int_equal(kick_replay_share_encode(&back, again, sizeof again, &m, NULL), KS_OK);
    assert_string_equal(code, again);
  }
  /* A plain penalty is short: defaults are left out of the setup. */
  char code[KICK_REPLAY_MAX_CODE + 1];
  size_t n = 0;
  kick_replay r = recorded();
  assert_int_equal(kick_replay_share_encode(&r, code, sizeof code, &n, NULL), KS_OK);
  assert_true(n < 300);
  kick_replay_error e;
  assert_int_equal(kick_replay_share_encode(&r, code, 10, &n, &e), KS_ERR_CAPACITY);
}

static const kick_replay SENTINEL_SOURCE; /* zeroes */

static void test_every_single_byte_change_of_a_file_is_detected(void **st) {
  (void)st;
  kick_replay r = busy_recorded();
  uint8_t buf[KICK_REPLAY_MAX_BYTES];
  size_t n = encode(&r, buf);
  kick_replay out = SENTINEL_SOURCE;
  out.wait_steps = 77;
  const kick_replay keep = out;
  int counts[ks_status_count] = {0};
  for (size_t i = 0; i < n; i++) {
    uint8_t orig = buf[i];
    for (int v = 0; v < 256; v++) {
      if (v == orig) continue;
      buf[i] = (uint8_t)v;
      kick_replay_error e;
      ks_status s = kick_replay_decode(buf, n, &out, &e);
      if (s == KS_OK) fail_msg("byte %zu set to %d was not detected", i, v);
      assert_int_equal(e.status, s);
      assert_true(e.field[0] != '\0');
      counts[s]++;
    }
    buf[i] = orig;
  }
  assert_memory_equal(&out, &keep, sizeof out); /* nothing half-loaded */
  assert_true(counts[KS_ERR_CHECKSUM] > 0 && counts[KS_ERR_FORMAT] > 0 && counts[KS_ERR_VERSION] > 0 &&
              counts[KS_ERR_TRUNCATED] > 0);
}

static void test_every_truncation_of_a_file_is_detected(void **st) {
  (void)st;
  kick_replay r = recorded();
  uint8_t buf[KICK_REPLAY_MAX_BYTES];
  size_t n = encode(&r, buf);
  for (size_t len = 0; len < n; len++) {
    kick_replay out;
    kick_replay_error e;
    assert_int_equal(kick_replay_decode(buf, len, &out, &e), KS_ERR_TRUNCATED);
    assert_int_equal(e.have, len);
    assert_true(e.need > len);
    char text[200];
    kick_replay_error_text(&e, text, sizeof text);
    assert_non_null(strstr(text, "truncated"));
  }
  /* One byte too many is not a replay either. */
  buf[n] = 0;
  kick_replay out;
  kick_replay_error e;
  assert_int_equal(kick_replay_decode(buf, n + 1, &out, &e), KS_ERR_FORMAT);
  assert_string_equal(e.field, "length");
}

static void test_every_single_character_change_of_a_share_code_is_detected(void **st) {
  (void)st;
  kick_replay r = busy_recorded();
  char code[KICK_REPLAY_MAX_CODE + 1];
  size_t n = 0;
  assert_int_equal(kick_replay_share_encode(&r, code, sizeof code, &n, NULL), KS_OK);
  for (size_t i = 0; i < n; i++) {
    char orig = code[i];
    for (int v = 1; v < 256; v++) {
      if ((char)v == orig) continue;
      code[i] = (char)v;
      kick_replay out;
      kick_replay_error e;
      ks_status s = kick_replay_share_decode(code, n, &out, &e);
      if (s == KS_OK) fail_msg("character %zu set to %d was not detected", i, v);
      assert_true(e.share_code);
    }
    code[i] = orig;
  }
  /* Trailing unused bits: flip them in the last character when there are any. */
  kick_replay out;
  assert_int_equal(kick_replay_share_decode(code, n, &out, NULL), KS_OK);
}

static void test_every_truncation_of_a_share_code_is_detected(void **st) {
  (void)st;
  kick_replay reps[2] = {recorded(), busy_recorded()};
  for (int k = 0; k < 2; k++) {
    char code[KICK_REPLAY_MAX_CODE + 1];
    size_t n = 0;
    assert_int_equal(kick_replay_share_encode(&reps[k], code, sizeof code, &n, NULL), KS_OK);
    for (size_t len = 0; len < n; len++) {
      kick_replay out;
      kick_replay_error e;
      ks_status s = kick_replay_share_decode(code, len, &out, &e);
      if (s != KS_ERR_TRUNCATED) fail_msg("truncation to %zu of %zu gave %s", len, n, ks_status_name(s));
      char text[200];
      kick_replay_error_text(&e, text, sizeof text);
      assert_non_null(strstr(text, "share code is truncated"));
    }
  }
}

/* Rewrites the checksum after an edit, so the check that follows it is reached. */
static void reseal(uint8_t *buf, size_t n) {
  uint64_t c = ks_fnv1a64(buf, n - 8);
  for (int i = 0; i < 8; i++) buf[n - 8 + (size_t)i] = (uint8_t)(c >> (8 * i));
}

/* A share code made by the first release (format 1: a 7 m/s roller from 25 m
   on the open pitch, decided short at rest after 6.9 s) still opens and
   verifies: format 1 kicks are played under the original rules. The same kick
   recorded today is decided as soon as it cannot reach the line, and its
   code carries today's rules. */
static const char V1_ROLLER[] =
    "S1NSUAEAAABwAgAAAgAAAAAAAAAAADnAAAAAAAAAHEAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAADwPwAAAAAAAAAAAAAAAAAAAAAsAQAAAAcAAAAAFBAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAOQmKNPiIIkw_t7NUFPW6NtfdHg3vGxXgeMaJ570mq9f8MR44aoFxCIuKX9Vko1xx0qZZWy6mbEAcMkVT5_IjyZrWnBChzqNYabU7O76E0TegIRr_IJDXuUwMZZXPSJ1IAOgG8JzScr5QYDO2S-9TFv8JPX7QnLvQpCoVopp_mDhsRg2_thZZ--KussRd_mJnfA4PcABAuywWsyEawOJx0bGS07vnn1rBsVwYTVtbSDQf3oN-Cre01JJGlj-KuK2IoxQv3TlCtfclZs_p_EkuE3ts629NrrFjfgpNhWEyxidjHeoMcMxTZz-gBpjmKU75PC4ypKUWdolPuS1rGcUBRcAI2S2rdstnicN5WD8yRUD6wrIWQmbbGCIEyP8SCe-7VTRJbR7_beQZAfpkwjZ_57yY7IZZxFpKDrNx1rjd2SVAhR20CI6Q98-TFoTy5gZdjJ8C8X_cDB3pfGj7lXsfZDAIfvXwH5mmupD6cIyp3GsCyTr-EzDc8fR6mEt8R1TtTpC8NBnAr9jF502-je8AYdHy75h43ILvaq-ARWFwRA9lO2ucWBDsg6ZCR8fl3yq6e469y7Cik_2z8R4qy3dQBTPqHkymsDqjukrnKJUkIaliGPA8h5eTpGQaf--KCA4A26OTb2IEo4H-Us_yfG24cl472qarVZF1lJI1Kr5-DtcInv3a70C0Gfc";

static void test_a_format_1_code_replays_under_its_own_rules(void **st) {
  (void)st;
  kick_replay r;
  kick_replay_error e;
  assert_int_equal(kick_replay_share_decode(V1_ROLLER, strlen(V1_ROLLER), &r, &e), KS_OK);
  assert_int_equal(r.setup.rules, KICK_RULES_ORIGINAL);
  assert_int_equal(r.outcome, KICK_OUTCOME_SHORT);
  assert_int_equal(r.decision_step, 4116);
  kick_replay_verify_result v;
  assert_int_equal(kick_replay_verify(&r, &v), KS_OK);
  assert_true(v.identical);
  /* Re-recorded under today's rules: the same outcome, seconds sooner. */
  kick_setup now = r.setup;
  now.rules = KICK_RULES_CURRENT;
  kick_replay r2;
  assert_int_equal(kick_replay_record(&now, r.wait_steps, &r.launch, NULL, 0, &r2), KS_OK);
  assert_int_equal(r2.outcome, KICK_OUTCOME_SHORT);
  assert_true(r2.decision_step < r.decision_step - 5 * 600);
  /* Both round-trip through format 2 with their rules. */
  char code[KICK_REPLAY_MAX_CODE + 1];
  size_t len = 0;
  kick_replay back;
  assert_int_equal(kick_replay_share_encode(&r, code, sizeof code, &len, NULL), KS_OK);
  assert_int_equal(kick_replay_share_decode(code, len, &back, NULL), KS_OK);
  assert_int_equal(back.setup.rules, KICK_RULES_ORIGINAL);
  assert_int_equal(kick_replay_verify(&back, &v), KS_OK);
  assert_true(v.identical);
  assert_int_equal(kick_replay_share_encode(&r2, code, sizeof code, &len, NULL), KS_OK);
  assert_int_equal(kick_replay_share_decode(code, len, &back, NULL), KS_OK);
  assert_int_equal(back.setup.rules, KICK_RULES_CURRENT);
  assert_int_equal(back.decision_step, r2.decision_step);
  /* A format 1 file has no rules slot: a mask naming one is malformed. */
  uint8_t buf[KICK_REPLAY_MAX_BYTES];
  size_t n = encode(&r, buf); /* format 2, rules stored (not the default) */
  assert_true((buf[12 + 3] & 0x20u) != 0u);
  buf[4] = 1;
  reseal(buf, n);
  assert_int_equal(kick_replay_decode(buf, n, &back, &e), KS_ERR_FORMAT);
  assert_string_equal(e.field, "setup.mask");
}

static void test_a_newer_version_is_named(void **st) {
  (void)st;
  kick_replay r = recorded();
  uint8_t buf[KICK_REPLAY_MAX_BYTES];
  size_t n = encode(&r, buf);
  buf[4] = 7;
  buf[5] = 0;
  reseal(buf, n);
  kick_replay out;
  kick_replay_error e;
  assert_int_equal(kick_replay_decode(buf, n, &out, &e), KS_ERR_VERSION);
  assert_int_equal(e.version, 7u);
  char text[200];
  kick_replay_error_text(&e, text, sizeof text);
  assert_string_equal(text, "replay is from a newer format version 7; this build reads version 2 and older");
  buf[4] = 0;
  reseal(buf, n);
  assert_int_equal(kick_replay_decode(buf, n, &out, &e), KS_ERR_FORMAT);
  assert_string_equal(e.field, "version");
}

static void test_a_corrupt_file_fails_its_checksum(void **st) {
  (void)st;
  kick_replay r = recorded();
  uint8_t buf[KICK_REPLAY_MAX_BYTES];
  size_t n = encode(&r, buf);
  buf[n / 2] ^= 0x10u;
  kick_replay out;
  kick_replay_error e;
  assert_int_equal(kick_replay_decode(buf, n, &out, &e), KS_ERR_CHECKSUM);
  char text[200];
  kick_replay_error_text(&e, text, sizeof text);
  assert_string_equal(text, "replay is corrupt: its checksum does not match its contents");
  buf[n / 2] ^= 0x10u;
  buf[1] = 'X';
  assert_int_equal(kick_replay_decode(buf, n, &out, &e), KS_ERR_FORMAT);
  assert_string_equal(e.field, "magic");
}

/* Field checks behind a valid checksum: each names its field. */
static void test_invalid_fields_are_named(void **st) {
  (void)st;
  kick_replay r = recorded();
  uint8_t buf[KICK_REPLAY_MAX_BYTES];
  size_t n = encode(&r, buf);
  /* Layout of the tail: ... outcome u8, moments u32, decision i64, crossed u8,
     crossing 3 x u64, final hash u64, checkpoint count u8, checkpoints, checksum. */
  size_t tail = 8 + (size_t)r.checkpoint_count * 8 + 1 + 8 + 24 + 1 + 8 + 4 + 1;
  size_t outcome_at = n - tail;
  struct {
    size_t at;
    uint8_t value;
    const char *field;
  } cases[] = {
      {outcome_at, 99, "outcome"},
      {outcome_at, 0, "outcome"},
      {outcome_at + 1 + 3, 0x80, "moments"},
      {outcome_at + 1 + 4 + 1, 0x7f, "decision_step"},
      {outcome_at + 1 + 4 + 8, 2, "crossed"},
      {n - 8 - (size_t)r.checkpoint_count * 8 - 1, (uint8_t)(r.checkpoint_count + 1), "checkpoint_count"},
      {outcome_at - 1, 9, "input_count"},
      {outcome_at - 1 - 1, 0xff, "wait_steps"},
      {12 + 3, 0x80, "setup.mask"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    uint8_t copy[KICK_REPLAY_MAX_BYTES];
    memcpy(copy, buf, n);
    copy[cases[i].at] = cases[i].value;
    reseal(copy, n);
    kick_replay out = r;
    const kick_replay keep = r;
    kick_replay_error e;
    ks_status s = kick_replay_decode(copy, n, &out, &e);
    if (s != KS_ERR_FORMAT || strcmp(e.field, cases[i].field) != 0)
      fail_msg("case %zu: %s '%s', wanted format '%s'", i, ks_status_name(s), e.field, cases[i].field);
    assert_memory_equal(&out, &keep, sizeof out);
    char text[200];
    kick_replay_error_text(&e, text, sizeof text);
    assert_non_null(strstr(text, cases[i].field));
  }
  /* A setup the simulation rejects: the spot's x (the first slot) out of range. */
  kick_replay bad = r;
  bad.setup.spot_x = 1000.0;
  kick_replay_error e;
  size_t m = 0;
  assert_int_equal(kick_replay_encode(&bad, buf, sizeof buf, &m, &e), KS_ERR_FORMAT);
  assert_string_equal(e.field, "setup (range)");
}

static void test_verify_says_identical(void **st) {
  (void)st;
  kick_replay r = busy_recorded();
  kick_replay_verify_result v;
  assert_int_equal(kick_replay_verify(&r, &v), KS_OK);
  assert_true(v.identical);
  assert_int_equal(v.step, -1);
  char text[200];
  kick_replay_verify_text(&v, text, sizeof text);
  assert_string_equal(text, "identical");
}

static void test_verify_names_the_first_diverging_step_and_field(void **st) {
  (void)st;
  kick_replay r = recorded();
  assert_true(r.checkpoint_count >= 2);
  kick_replay_verify_result v;
  kick_replay a = r;
  a.checkpoints[1] ^= 1u;
  a.crossing_bits[0] ^= 1u;
  assert_int_equal(kick_replay_verify(&a, &v), KS_OK);
  assert_false(v.identical);
  assert_int_equal(v.step, r.wait_steps + 120);
  assert_string_equal(v.field, "state_hash");
  a = r;
  a.crossing_bits[0] ^= 1u;
  assert_int_equal(kick_replay_verify(&a, &v), KS_OK);
  assert_int_equal(v.step, r.decision_step);
  assert_string_equal(v.field, "crossing.x");
  assert_int_equal(v.actual, r.crossing_bits[0]);
  a = r;
  a.final_hash ^= 1u;
  assert_int_equal(kick_replay_verify(&a, &v), KS_OK);
  assert_string_equal(v.field, "state_hash");
  assert_int_equal(v.step, r.decision_step);
  /* A changed input (the kick a hair faster): the state parts at the first checkpoint. */
  a = r;
  a.launch.speed_mps = ks_f64_from_bits(ks_f64_bits(a.launch.speed_mps) + 1u);
  assert_int_equal(kick_replay_verify(&a, &v), KS_OK);
  assert_false(v.identical);
  assert_int_equal(v.step, r.wait_steps + 60);
  char text[200];
  kick_replay_verify_text(&v, text, sizeof text);
  assert_non_null(strstr(text, "diverges at step"));
  assert_non_null(strstr(text, "state_hash"));
}

/* With the trace saved at recording time, a re-simulation is compared step by
   step: the exact first diverging step and field are named. A kick one ulp
   faster parts on the strike step itself, in the ball's velocity; the
   checkpoints alone could only say "by step wait + 60". */
static void test_a_trace_names_the_exact_first_diverging_step_and_field(void **st) {
  (void)st;
  kick_replay r = busy_recorded();
  size_t cap = (size_t)(r.decision_step - r.wait_steps + 1) * KICK_REPLAY_TRACE_LINE_MAX;
  char *want = malloc(cap), *again = malloc(cap), *have = malloc(cap);
  assert_non_null(want);
  assert_non_null(again);
  assert_non_null(have);
  size_t nw = 0, na = 0, nh = 0;
  assert_int_equal(kick_replay_trace(&r, want, cap, &nw), KS_OK);
  assert_int_equal(kick_replay_trace(&r, again, cap, &na), KS_OK);
  assert_true(nw == na && memcmp(want, again, nw) == 0); /* the same bytes every time */
  size_t lines = 0, bad = 0;
  assert_int_equal(ks_tl_validate_text(want, nw, &lines, &bad), KS_OK);
  assert_int_equal((int64_t)lines, r.decision_step - r.wait_steps + 1);
  ks_tl_diff d;
  assert_int_equal(ks_tl_compare_text(want, nw, again, na, &d), KS_OK);
  assert_true(d.identical);
  /* one ulp faster */
  kick_replay a = r;
  a.launch.speed_mps = ks_f64_from_bits(ks_f64_bits(a.launch.speed_mps) + 1u);
  assert_int_equal(kick_replay_trace(&a, have, cap, &nh), KS_OK);
  assert_int_equal(ks_tl_compare_text(want, nw, have, nh, &d), KS_OK);
  assert_false(d.identical);
  assert_true(d.has_step);
  assert_int_equal(d.step, r.wait_steps);
  assert_true(strcmp(d.field, "vx") == 0 || strcmp(d.field, "vy") == 0 || strcmp(d.field, "vz") == 0);
  /* a later divergence: the keeper's read, from other dice; named where it happens */
  a = r;
  a.setup.match_seed ^= 1u;
  nh = 0;
  if (kick_replay_trace(&a, have, cap, &nh) == KS_OK) {
    assert_int_equal(ks_tl_compare_text(want, nw, have, nh, &d), KS_OK);
    assert_false(d.identical);
    assert_true(d.has_step);
  }
  /* too small a buffer is refused */
  assert_int_equal(kick_replay_trace(&r, want, 100, &nw), KS_ERR_CAPACITY);
  assert_int_equal(kick_replay_trace(NULL, want, cap, &nw), KS_ERR_NULL);
  free(want);
  free(again);
  free(have);
}

static void test_replay_from_the_director_matches_the_live_kick(void **st) {
  (void)st;
  dt_rig rig;
  kick_setup su = dt_penalty();
  su.keeper.kind = KICK_KEEPER_PLAIN;
  su.person_in_goal = true;
  assert_int_equal(dt_init(&rig, su, true), KS_OK);
  for (int i = 0; i < 20; i++) dt_frame(&rig, 1.0 / 60.0, NULL);
  kick_launch k = dt_top_corner();
  kick_replay r;
  assert_int_equal(kick_replay_from_director(&rig.d, &r), KS_ERR_STATE);
  assert_int_equal(kick_director_kick(&rig.d, &k), KS_OK);
  for (int i = 0; i < 5; i++) dt_frame(&rig, 1.0 / 90.0, NULL);
  assert_int_equal(kick_director_tap(&rig.d, -2.0, 1.2), KS_OK);
  for (int i = 0; i < 200 && !kick_shot_decided(&rig.d.live); i++) dt_frame(&rig, 1.0 / 37.0, NULL);
  assert_int_equal(kick_replay_from_director(&rig.d, &r), KS_OK);
  assert_int_equal(r.input_count, 1);
  assert_int_equal(r.decision_step, rig.d.live.decision_step);
  assert_int_equal(r.crossing_bits[0], ks_f64_bits(rig.d.live.crossing.x));
  assert_int_equal(r.wait_steps, rig.d.live.strike_step);
  char code[KICK_REPLAY_MAX_CODE + 1];
  size_t n = 0;
  assert_int_equal(kick_replay_share_encode(&r, code, sizeof code, &n, NULL), KS_OK);
  kick_replay back;
  assert_int_equal(kick_replay_share_decode(code, n, &back, NULL), KS_OK);
  kick_replay_verify_result v;
  assert_int_equal(kick_replay_verify(&back, &v), KS_OK);
  assert_true(v.identical);
  /* Without the keeper's tap the kick is another kick. */
  back.input_count = 0;
  assert_int_equal(kick_replay_verify(&back, &v), KS_OK);
  assert_false(v.identical);
}

static char DIR_PATH[256];

static int count_entries(const char *dir) {
  DIR *d = opendir(dir);
  assert_non_null(d);
  int n = 0;
  struct dirent *e;
  while ((e = readdir(d)) != NULL)
    if (e->d_name[0] != '.') n++;
  closedir(d);
  return n;
}

static void test_atomic_write_replaces_the_file_and_leaves_no_temporary(void **st) {
  (void)st;
  snprintf(DIR_PATH, sizeof DIR_PATH, "/tmp/ks_replay_test_XXXXXX");
  assert_non_null(mkdtemp(DIR_PATH));
  char path[400];
  snprintf(path, sizeof path, "%s/kick.ksr", DIR_PATH);
  kick_replay a = recorded(), b = busy_recorded();
  kick_replay_error e;
  assert_int_equal(kick_replay_file_save(path, &a, &e), KS_OK);
  assert_int_equal(count_entries(DIR_PATH), 1);
  kick_replay back;
  assert_int_equal(kick_replay_file_load(path, &back, &e), KS_OK);
  assert_same_bytes(&a, &back);
  assert_int_equal(kick_replay_file_save(path, &b, &e), KS_OK); /* replaces */
  assert_int_equal(count_entries(DIR_PATH), 1);
  assert_int_equal(kick_replay_file_load(path, &back, &e), KS_OK);
  assert_same_bytes(&b, &back);
  /* A write that cannot happen leaves the old file whole. */
  char bad[400];
  snprintf(bad, sizeof bad, "%s/no/such/dir/kick.ksr", DIR_PATH);
  assert_int_equal(kick_replay_file_save(bad, &a, &e), KS_ERR_STATE);
  assert_non_null(strstr(e.field, "write"));
  assert_int_equal(kick_replay_file_load(path, &back, &e), KS_OK);
  assert_same_bytes(&b, &back);
  /* An invalid replay is refused before anything touches the disk. */
  kick_replay inv = a;
  inv.outcome = KICK_OUTCOME_NONE;
  assert_int_equal(kick_replay_file_save(path, &inv, &e), KS_ERR_FORMAT);
  assert_int_equal(kick_replay_file_load(path, &back, &e), KS_OK);
  assert_same_bytes(&b, &back);
  assert_int_equal(count_entries(DIR_PATH), 1);
  remove(path);
  rmdir(DIR_PATH);
}

static void test_loading_says_exactly_what_is_wrong_with_a_file(void **st) {
  (void)st;
  char dir[64];
  snprintf(dir, sizeof dir, "/tmp/ks_replay_load_XXXXXX");
  assert_non_null(mkdtemp(dir));
  char path[200];
  snprintf(path, sizeof path, "%s/k.ksr", dir);
  kick_replay out = recorded();
  const kick_replay keep = out;
  kick_replay_error e;
  assert_int_equal(kick_replay_file_load(path, &out, &e), KS_ERR_NOT_FOUND);
  assert_non_null(strstr(e.field, "file"));
  uint8_t buf[KICK_REPLAY_MAX_BYTES + 10];
  size_t n = encode(&keep, buf);
  assert_int_equal(ks_host_write_file(path, buf, n - 3, NULL), KS_OK);
  assert_int_equal(kick_replay_file_load(path, &out, &e), KS_ERR_TRUNCATED);
  char text[200];
  kick_replay_error_text(&e, text, sizeof text);
  char want[200];
  snprintf(want, sizeof want, "replay is truncated: %zu bytes, at least %zu needed (length)", n - 3, n);
  assert_string_equal(text, want);
  memset(buf, 'K', sizeof buf);
  assert_int_equal(ks_host_write_file(path, buf, sizeof buf, NULL), KS_OK);
  assert_int_equal(kick_replay_file_load(path, &out, &e), KS_ERR_FORMAT);
  assert_memory_equal(&out, &keep, sizeof out);
  remove(path);
  rmdir(dir);
}

/* Every World Tour level: a kick played by the director in uneven frames,
   saved as a share code, loaded and re-simulated, ends identically. */
static void test_every_world_tour_level_replays_identically_through_a_share_code(void **st) {
  (void)st;
  const double gaps[5] = {1.0 / 60.0, 1.0 / 120.0, 1.0 / 37.0, 0.3 / 60.0, 1.0 / 90.0};
  assert_true(kick_level_count() >= 1);
  for (int32_t i = 0; i < kick_level_count(); i++) {
    const kick_level *lv = kick_level_at(i);
    kick_setup su;
    assert_int_equal(kick_level_setup(lv, 1000u + (uint64_t)i, 2u, &su), KS_OK);
    dt_rig rig;
    assert_int_equal(dt_init(&rig, su, true), KS_OK);
    for (int f = 0; f < 30; f++) dt_frame(&rig, gaps[f % 5], NULL);
    kick_launch k = dt_launch(lv->aim.speed_mps, 0.2, 0.0);
    k.direction = 0.05 - lv->spot_x / (-lv->spot_z);
    assert_int_equal(kick_director_kick(&rig.d, &k), KS_OK);
    for (int f = 0; f < 5000 && !kick_shot_decided(&rig.d.live); f++) dt_frame(&rig, gaps[f % 5], NULL);
    assert_true(kick_shot_decided(&rig.d.live));
    kick_replay r;
    assert_int_equal(kick_replay_from_director(&rig.d, &r), KS_OK);
    assert_int_equal(r.decision_step, rig.d.live.decision_step);
    char code[KICK_REPLAY_MAX_CODE + 1];
    size_t n = 0;
    assert_int_equal(kick_replay_share_encode(&r, code, sizeof code, &n, NULL), KS_OK);
    kick_replay back;
    assert_int_equal(kick_replay_share_decode(code, n, &back, NULL), KS_OK);
    kick_replay_verify_result v;
    assert_int_equal(kick_replay_verify(&back, &v), KS_OK);
    if (!v.identical) fail_msg("level %s: %s at step %lld", lv->id, v.field, (long long)v.step);
    uint32_t mask = 0;
    if (rig.d.runs[KICK_RUN_LOOKAHEAD].valid) assert_true(kick_director_runs_agree(&rig.d, &mask));
  }
}

/* Opening a share code in a director plays the same kick: same decision step,
   same crossing bits, the keeper's tap included, whatever the frames. */
static void test_a_share_code_opened_in_a_director_plays_the_same_kick(void **st) {
  (void)st;
  kick_setup su = dt_penalty();
  su.keeper.kind = KICK_KEEPER_PLAIN;
  su.person_in_goal = true;
  dt_rig rig;
  assert_int_equal(dt_init(&rig, su, true), KS_OK);
  for (int i = 0; i < 23; i++) dt_frame(&rig, 1.0 / 60.0, NULL);
  kick_launch k = dt_top_corner();
  assert_int_equal(kick_director_kick(&rig.d, &k), KS_OK);
  for (int i = 0; i < 6; i++) dt_frame(&rig, 1.0 / 120.0, NULL);
  assert_int_equal(kick_director_tap(&rig.d, -1.5, 1.0), KS_OK);
  for (int i = 0; i < 2000 && rig.d.replay_state != KICK_REPLAY_Q_FINISHED; i++) dt_frame(&rig, 1.0 / 60.0, NULL);
  kick_replay r;
  assert_int_equal(kick_replay_from_director(&rig.d, &r), KS_OK);
  char code[KICK_REPLAY_MAX_CODE + 1];
  size_t n = 0;
  assert_int_equal(kick_replay_share_encode(&r, code, sizeof code, &n, NULL), KS_OK);
  kick_replay back;
  assert_int_equal(kick_replay_share_decode(code, n, &back, NULL), KS_OK);

  dt_rig other;
  assert_int_equal(dt_init(&other, dt_penalty(), true), KS_OK);
  dt_frame(&other, 0.0, NULL);
  kick_director keep = other.d;
  kick_replay broken = back;
  broken.launch.speed_mps = -1.0;
  assert_int_equal(kick_replay_start_director(&broken, &other.d), KS_ERR_RANGE);
  assert_memory_equal(&other.d, &keep, sizeof keep);
  assert_int_equal(kick_replay_start_director(&back, &other.d), KS_OK);
  assert_int_equal(other.d.live.strike_step, rig.d.live.strike_step);
  assert_int_equal(other.d.input_count, 1);
  const double gaps[3] = {1.0 / 37.0, 1.0 / 144.0, 0.2};
  for (int i = 0; i < 5000 && other.d.replay_state != KICK_REPLAY_Q_FINISHED; i++) dt_frame(&other, gaps[i % 3], NULL);
  assert_int_equal(other.d.replay_state, KICK_REPLAY_Q_FINISHED);
  assert_memory_equal(&other.d.runs, &rig.d.runs, sizeof rig.d.runs);
  assert_int_equal(other.d.live.keeper.tap_applied_step, rig.d.live.keeper.tap_applied_step);
  assert_true(kick_director_runs_agree(&other.d, NULL));
}

/* A replay carries up to ten minutes on the spot; a longer wait is refused by
   name, and nothing is written. */
static void test_a_wait_over_ten_minutes_cannot_be_saved(void **st) {
  (void)st;
  kick_setup su = dt_penalty();
  su.keeper.kind = KICK_KEEPER_SHOWMAN;
  kick_launch k = dt_top_corner();
  kick_replay r;
  assert_int_equal(kick_replay_record(&su, KICK_REPLAY_MAX_WAIT_STEPS, &k, NULL, 0, &r), KS_OK);
  kick_replay_verify_result v;
  assert_int_equal(kick_replay_verify(&r, &v), KS_OK);
  assert_true(v.identical);
  kick_replay keep = r;
  assert_int_equal(kick_replay_record(&su, KICK_REPLAY_MAX_WAIT_STEPS + 1, &k, NULL, 0, &r), KS_ERR_RANGE);
  assert_memory_equal(&r, &keep, sizeof r);
  r.wait_steps = KICK_REPLAY_MAX_WAIT_STEPS + 1;
  uint8_t buf[KICK_REPLAY_MAX_BYTES];
  size_t n = 0;
  kick_replay_error e;
  assert_int_equal(kick_replay_encode(&r, buf, sizeof buf, &n, &e), KS_ERR_FORMAT);
  assert_string_equal(e.field, "wait_steps");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_replay_round_trips_through_bytes),
      cmocka_unit_test(test_share_code_round_trips),
      cmocka_unit_test(test_every_single_byte_change_of_a_file_is_detected),
      cmocka_unit_test(test_every_truncation_of_a_file_is_detected),
      cmocka_unit_test(test_every_single_character_change_of_a_share_code_is_detected),
      cmocka_unit_test(test_every_truncation_of_a_share_code_is_detected),
      cmocka_unit_test(test_a_newer_version_is_named),
      cmocka_unit_test(test_a_format_1_code_replays_under_its_own_rules),
      cmocka_unit_test(test_a_corrupt_file_fails_its_checksum),
      cmocka_unit_test(test_invalid_fields_are_named),
      cmocka_unit_test(test_verify_says_identical),
      cmocka_unit_test(test_verify_names_the_first_diverging_step_and_field),
      cmocka_unit_test(test_a_trace_names_the_exact_first_diverging_step_and_field),
      cmocka_unit_test(test_replay_from_the_director_matches_the_live_kick),
      cmocka_unit_test(test_atomic_write_replaces_the_file_and_leaves_no_temporary),
      cmocka_unit_test(test_loading_says_exactly_what_is_wrong_with_a_file),
      cmocka_unit_test(test_every_world_tour_level_replays_identically_through_a_share_code),
      cmocka_unit_test(test_a_share_code_opened_in_a_director_plays_the_same_kick),
      cmocka_unit_test(test_a_wait_over_ten_minutes_cannot_be_saved),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
