// SPDX-License-Identifier: MIT
/* The shoot-out record: recorded from a played match, its bytes round-trip,
   every single-byte change and every truncation is refused with nothing
   loaded, bad fields are named, verification names the first diverging
   checkpoint or field, and single-kick replays are told apart. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "kickstep/hash.h"
#include "kickstep/kick_shootout.h"

static kick_shootout rec, out, untouched;
static uint8_t bytes[KICK_SHOOTOUT_MAX_BYTES], edited[KICK_SHOOTOUT_MAX_BYTES];
static size_t nbytes;

/* Plays a short match with scripted players, recording every input. */
static void record_match(kick_shootout *r, int32_t kicks_each) {
  kick_duel_def def = kick_duel_default_def();
  def.kicks_each = kicks_each;
  def.ready_steps = 30;
  def.after_steps = 60;
  def.match_seed = 77;
  kick_duel d;
  assert_int_equal(kick_duel_init(&d, &def), KS_OK);
  assert_int_equal(kick_shootout_begin(r, &def), KS_OK);
  while (d.phase != KICK_DUEL_OVER && d.step < 200000) {
    kick_duel_input ins[2] = {{KICK_DUEL_IN_NONE, kick_launch_default(), 0, 0}, {KICK_DUEL_IN_NONE, kick_launch_default(), 0, 0}};
    int64_t age = d.step - d.phase_step;
    if (d.phase == KICK_DUEL_AIM && age == 25 + 3 * d.kick) {
      kick_launch k = kick_launch_default();
      k.speed_mps = 20.0 + d.kick;
      k.elevation = 0.1 + 0.02 * (d.kick % 4);
      k.direction = (d.kick % 3 - 1) * 0.24;
      ins[d.shooter] = kick_duel_strike_input(&k);
    }
    if (d.phase == KICK_DUEL_FLIGHT && age == 12 && d.kick % 2 == 0) ins[1 - d.shooter] = kick_duel_tap_input(2.2, 1.1);
    if (d.phase == KICK_DUEL_AIM && age == 5 && d.kick % 2 == 1) ins[1 - d.shooter] = kick_duel_tap_input(-1.5, 0.6);
    const kick_duel_input *p[2] = {&ins[0], &ins[1]};
    for (int32_t pl = 0; pl < 2; pl++) assert_int_equal(kick_shootout_add(r, d.step, pl, &ins[pl]), KS_OK);
    kick_duel_step(&d, p);
  }
  assert_int_equal(d.phase, KICK_DUEL_OVER);
  assert_int_equal(kick_shootout_finish(r, d.step, KICK_SHOOTOUT_PLAYED, -1), KS_OK);
  assert_int_equal(r->final_hash, kick_duel_hash(&d));
  assert_int_equal(r->score[0], d.score[0]);
  assert_int_equal(r->winner, d.winner);
}

static int setup(void **st) {
  (void)st;
  record_match(&rec, 3);
  kick_replay_error e;
  if (kick_shootout_encode(&rec, bytes, sizeof bytes, &nbytes, &e) != KS_OK) return -1;
  return 0;
}

static void test_a_played_match_round_trips_and_verifies(void **st) {
  (void)st;
  assert_true(rec.input_count >= 6);
  assert_true(rec.checkpoint_count >= 1);
  assert_int_equal(kick_shootout_encoded_size(&rec), nbytes);
  assert_true(kick_shootout_is_record(bytes, nbytes));
  assert_int_equal(kick_shootout_decode(bytes, nbytes, &out, NULL), KS_OK);
  static uint8_t again[KICK_SHOOTOUT_MAX_BYTES];
  size_t n2 = 0;
  assert_int_equal(kick_shootout_encode(&out, again, sizeof again, &n2, NULL), KS_OK);
  assert_int_equal(n2, nbytes);
  assert_memory_equal(again, bytes, nbytes);
  assert_int_equal(out.end_step, rec.end_step);
  assert_int_equal(out.input_count, rec.input_count);
  kick_replay_verify_result v;
  assert_int_equal(kick_shootout_verify(&out, &v), KS_OK);
  assert_true(v.identical);
  char text[200];
  kick_replay_verify_text(&v, text, sizeof text);
  assert_string_equal(text, "identical");
}

/* The bytes are defined byte by byte (docs/replays.md): a codec change that
   changes them fails here, whatever it does to round trips. The record is
   built by hand (no simulation, so a change of the physics cannot move it)
   with every kind of field; the value is the FNV-1a 64 hash of its bytes as
   the format was first written. */
static void test_the_bytes_of_a_known_record_do_not_change(void **st) {
  (void)st;
  static kick_shootout r;
  kick_duel_def def = kick_duel_default_def();
  def.match_seed = 0x0123456789abcdefull;
  def.kicks_each = 3;
  def.max_kicks = 10;
  def.replays = false;
  def.keeper_rating = 0.55;
  def.spot_z = -12.5;
  def.wind_mps = 3.25;
  assert_int_equal(kick_shootout_begin(&r, &def), KS_OK);
  kick_launch k = kick_launch_default();
  k.speed_mps = 23.5;
  k.elevation = 0.125;
  k.direction = -0.2;
  k.spin_axis = ks_v3(0.1, 0.9, -0.3);
  k.spin_rate = 41.0;
  kick_duel_input strike = kick_duel_strike_input(&k), tap = kick_duel_tap_input(-1.75, 0.625);
  assert_int_equal(kick_shootout_add(&r, 400, 0, &strike), KS_OK);
  assert_int_equal(kick_shootout_add(&r, 400, 1, &tap), KS_OK);
  assert_int_equal(kick_shootout_add(&r, 2999, 1, &strike), KS_OK);
  r.end_step = 3601;
  r.end = KICK_SHOOTOUT_ABANDONED;
  r.abandoned_by = 1;
  r.score[0] = 1;
  r.score[1] = 0;
  r.winner = KICK_DUEL_NO_WINNER;
  r.kicks = 2;
  r.results[0] = KICK_DUEL_SCORED;
  r.results[1] = KICK_DUEL_NO_SHOT;
  r.final_hash = 0xfedcba9876543210ull;
  r.checkpoint_count = 3;
  for (int i = 0; i < 3; i++) r.checkpoints[i] = 0x1111111111111111ull * ((uint64_t)i + 1u);
  static uint8_t b[KICK_SHOOTOUT_MAX_BYTES];
  size_t n = 0;
  assert_int_equal(kick_shootout_encode(&r, b, sizeof b, &n, NULL), KS_OK);
  assert_int_equal(n, 261);
  assert_int_equal(ks_fnv1a64(b, n), 0xc77b7352ae05d105ull);
}

static void test_every_single_byte_change_is_refused(void **st) {
  (void)st;
  memset(&untouched, 0x5a, sizeof untouched);
  for (size_t i = 0; i < nbytes; i++) {
    for (int b = 0; b < 256; b++) {
      if (b == bytes[i]) continue;
      memcpy(edited, bytes, nbytes);
      edited[i] = (uint8_t)b;
      memcpy(&out, &untouched, sizeof out);
      kick_replay_error e;
      ks_status s = kick_shootout_decode(edited, nbytes, &out, &e);
      if (s == KS_OK) fail_msg("byte %zu = %d was accepted", i, b);
      assert_int_equal(e.status, s);
      assert_true(e.field[0] != '\0');
      if (memcmp(&out, &untouched, sizeof out) != 0) fail_msg("byte %zu = %d half-loaded", i, b);
    }
  }
}

static void test_every_truncation_is_refused(void **st) {
  (void)st;
  memset(&untouched, 0x5a, sizeof untouched);
  for (size_t n = 0; n < nbytes; n++) {
    memcpy(&out, &untouched, sizeof out);
    kick_replay_error e;
    ks_status s = kick_shootout_decode(bytes, n, &out, &e);
    assert_true(s == KS_ERR_TRUNCATED || s == KS_ERR_FORMAT);
    assert_memory_equal(&out, &untouched, sizeof out);
  }
  memcpy(edited, bytes, nbytes);
  edited[nbytes] = 0;
  kick_replay_error e;
  assert_int_equal(kick_shootout_decode(edited, nbytes + 1, &out, &e), KS_ERR_FORMAT);
  assert_string_equal(e.field, "length");
}

/* Edits behind a recomputed checksum: each bad field is named. */
static void reseal(uint8_t *b, size_t n) {
  uint64_t h = ks_fnv1a64(b, n - 8);
  for (int i = 0; i < 8; i++) b[n - 8 + (size_t)i] = (uint8_t)(h >> (8 * i));
}

static void expect_field(size_t at, uint8_t value, ks_status want, const char *field) {
  memcpy(edited, bytes, nbytes);
  edited[at] = value;
  reseal(edited, nbytes);
  kick_replay_error e;
  assert_int_equal(kick_shootout_decode(edited, nbytes, &out, &e), want);
  assert_string_equal(e.field, field);
}

static void test_bad_fields_are_named(void **st) {
  (void)st;
  const size_t H = KICK_SHOOTOUT_HEADER_BYTES;
  expect_field(H + 8, 0, KS_ERR_FORMAT, "def");          /* kicks_each 0 */
  expect_field(H + 22, 7, KS_ERR_FORMAT, "def.replays");
  expect_field(H + 51, 9, KS_ERR_FORMAT, "end");
  size_t first = H + 47 + 4 + 1 + 1 + 2;                  /* the first input */
  expect_field(first + 4, 2, KS_ERR_FORMAT, "inputs.player");
  expect_field(first + 5, 0, KS_ERR_FORMAT, "inputs.kind");
  expect_field(first + 3, 0xff, KS_ERR_FORMAT, "inputs.step"); /* past the end */
  kick_replay_error e;
  memcpy(edited, bytes, nbytes);
  edited[4] = KICK_SHOOTOUT_VERSION + 1; /* a newer version */
  assert_int_equal(kick_shootout_decode(edited, nbytes, &out, &e), KS_ERR_VERSION);
  assert_int_equal(e.version, KICK_SHOOTOUT_VERSION + 1);
  char text[200];
  kick_replay_error_text(&e, text, sizeof text);
  assert_non_null(strstr(text, "newer format version 3"));
  memcpy(edited, bytes, nbytes);
  edited[6] = 1;
  assert_int_equal(kick_shootout_decode(edited, nbytes, &out, &e), KS_ERR_FORMAT);
  assert_string_equal(e.field, "flags");
  memcpy(edited, bytes, nbytes);
  edited[nbytes - 9] ^= 1u;
  assert_int_equal(kick_shootout_decode(edited, nbytes, &out, &e), KS_ERR_CHECKSUM);
}

/* A single-kick replay is not a shoot-out, and the reverse. */
static void test_the_two_kinds_of_record_are_told_apart(void **st) {
  (void)st;
  kick_replay r;
  kick_replay_error e;
  assert_int_equal(kick_replay_decode(bytes, nbytes, &r, &e), KS_ERR_FORMAT);
  assert_string_equal(e.field, "magic");
  kick_setup su = kick_setup_default();
  kick_launch k = kick_launch_default();
  assert_int_equal(kick_replay_record(&su, 10, &k, NULL, 0, &r), KS_OK);
  uint8_t rb[KICK_REPLAY_MAX_BYTES];
  size_t n = 0;
  assert_int_equal(kick_replay_encode(&r, rb, sizeof rb, &n, NULL), KS_OK);
  assert_false(kick_shootout_is_record(rb, n));
  assert_int_equal(kick_shootout_decode(rb, n, &out, &e), KS_ERR_FORMAT);
  assert_string_equal(e.field, "magic");
  kick_replay back;
  assert_int_equal(kick_replay_decode(rb, n, &back, NULL), KS_OK); /* still loads */
}

static void test_verify_names_the_first_diverging_checkpoint_or_field(void **st) {
  (void)st;
  kick_replay_verify_result v;
  out = rec;
  out.checkpoints[0] ^= 1u;
  assert_int_equal(kick_shootout_verify(&out, &v), KS_OK);
  assert_false(v.identical);
  assert_int_equal(v.step, KICK_SHOOTOUT_CHECKPOINT_STEPS);
  assert_string_equal(v.field, "state_hash");
  out = rec;
  out.score[1] += 1;
  out.final_hash = rec.final_hash;
  assert_int_equal(kick_shootout_verify(&out, &v), KS_OK);
  assert_string_equal(v.field, "score1");
  assert_int_equal(v.step, rec.end_step);
  /* A tap moved by 1 cm: the first checkpoint after it differs. */
  out = rec;
  int32_t i = 0;
  while (i < out.input_count && out.inputs[i].input.kind != KICK_DUEL_IN_TAP) i++;
  assert_true(i < out.input_count);
  out.inputs[i].input.tap_x += 0.01;
  assert_int_equal(kick_shootout_verify(&out, &v), KS_OK);
  assert_false(v.identical);
  int64_t want = (out.inputs[i].step / KICK_SHOOTOUT_CHECKPOINT_STEPS + 1) * KICK_SHOOTOUT_CHECKPOINT_STEPS;
  if (want > rec.end_step) want = rec.end_step;
  assert_int_equal(v.step, want);
  assert_string_equal(v.field, "state_hash");
}

static void test_building_errors(void **st) {
  (void)st;
  kick_duel_def def = kick_duel_default_def();
  static kick_shootout r;
  assert_int_equal(kick_shootout_begin(&r, &def), KS_OK);
  kick_duel_input tap = kick_duel_tap_input(1.0, 1.0), none = {KICK_DUEL_IN_NONE, kick_launch_default(), 0, 0};
  assert_int_equal(kick_shootout_add(&r, 10, 1, &none), KS_OK);
  assert_int_equal(r.input_count, 0);
  assert_int_equal(kick_shootout_add(&r, 10, 1, &tap), KS_OK);
  assert_int_equal(kick_shootout_add(&r, 10, 0, &tap), KS_ERR_RANGE); /* out of order */
  assert_int_equal(kick_shootout_add(&r, 10, 2, &tap), KS_ERR_RANGE);
  assert_int_equal(kick_shootout_finish(&r, 10, KICK_SHOOTOUT_PLAYED, -1), KS_ERR_RANGE); /* input at the end */
  assert_int_equal(kick_shootout_finish(&r, 20, KICK_SHOOTOUT_ABANDONED, -1), KS_ERR_RANGE);
  assert_int_equal(kick_shootout_finish(&r, 20, KICK_SHOOTOUT_ABANDONED, 1), KS_OK);
  assert_int_equal(r.abandoned_by, 1);
  for (int64_t s = 11; s < 11 + KICK_SHOOTOUT_MAX_INPUTS; s++) {
    ks_status want = r.input_count < KICK_SHOOTOUT_MAX_INPUTS ? KS_OK : KS_ERR_CAPACITY;
    assert_int_equal(kick_shootout_add(&r, s, 0, &tap), want);
  }
  assert_int_equal(kick_shootout_add(&r, 100000, 0, &tap), KS_ERR_CAPACITY);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_a_played_match_round_trips_and_verifies),
      cmocka_unit_test(test_the_bytes_of_a_known_record_do_not_change),
      cmocka_unit_test(test_every_single_byte_change_is_refused),
      cmocka_unit_test(test_every_truncation_is_refused),
      cmocka_unit_test(test_bad_fields_are_named),
      cmocka_unit_test(test_the_two_kinds_of_record_are_told_apart),
      cmocka_unit_test(test_verify_names_the_first_diverging_checkpoint_or_field),
      cmocka_unit_test(test_building_errors),
  };
  return cmocka_run_group_tests(tests, setup, NULL);
}
