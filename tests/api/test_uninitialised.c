// SPDX-License-Identifier: MIT
/* Every public step, frame and advance function of the core and of every
   game, handed a struct its init function never made (all zero bytes, or
   never-written memory: 0xA5 and 0xFF bytes), answers 0 (or
   KS_ERR_UNINITIALISED, or nothing for a void function), leaves the struct
   byte for byte as it was and pushes no event. Before this test
   brake_sim_step divided by zero (SIGFPE), ks_clock_advance returned
   billions of steps for 0xA5 bytes, and lab_loop_set made an OK loop out of
   garbage with no frame clamp and no step cap. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "kickstep/brake.h"
#include "kickstep/clock.h"
#include "kickstep/kick.h"
#include "kickstep/kick_batch.h"
#include "kickstep/kick_director.h"
#include "kickstep/kick_player.h"
#include "kickstep/kick_duel.h"
#include "kickstep/kick_duel_peer.h"
#include "kickstep/lab.h"
#include "kickstep/rollback.h"
#include "kickstep/walk.h"

static const unsigned char fills[] = {0x00, 0xA5, 0xFF};
#define NFILLS (sizeof fills / sizeof fills[0])

/* A buffer of `size` bytes of `fill`, and a copy to compare against. */
typedef struct {
  unsigned char *p, *keep;
  size_t size;
} blob;

static blob blob_new(size_t size, unsigned char fill) {
  blob b = {malloc(size), malloc(size), size};
  assert_non_null(b.p);
  assert_non_null(b.keep);
  memset(b.p, fill, size);
  memcpy(b.keep, b.p, size);
  return b;
}

static void blob_untouched(blob *b, const char *what, unsigned fill) {
  if (memcmp(b->p, b->keep, b->size) != 0) fail_msg("%s changed a never-initialised struct (bytes 0x%02x)", what, fill);
  free(b->p);
  free(b->keep);
}

static ks_events *events_new(void) {
  ks_events *e = malloc(sizeof *e);
  assert_non_null(e);
  ks_events_clear(e);
  return e;
}

static void test_core(void **state) {
  (void)state;
  for (size_t f = 0; f < NFILLS; f++) {
    blob b = blob_new(sizeof(ks_clock), fills[f]);
    assert_int_equal(ks_clock_advance((ks_clock *)b.p, 1.0 / 60.0), 0);
    assert_int_equal(ks_clock_advance((ks_clock *)b.p, 1e9), 0);
    blob_untouched(&b, "ks_clock_advance", fills[f]);

    b = blob_new(sizeof(ks_rb_session), fills[f]);
    uint8_t input[8] = {0};
    ks_rb_advance_result r;
    assert_int_equal(ks_rb_advance((ks_rb_session *)b.p, input, &r), KS_ERR_UNINITIALISED);
    assert_int_equal(ks_rb_settle((ks_rb_session *)b.p), 0);
    blob_untouched(&b, "ks_rb_advance", fills[f]);
  }
  assert_int_equal(ks_rb_advance(NULL, NULL, NULL), KS_ERR_NULL);
}

static void test_brake(void **state) {
  (void)state;
  ks_events *e = events_new();
  brake_policy late = {BRAKE_POLICY_LATE, 0, 0.0};
  for (size_t f = 0; f < NFILLS; f++) {
    blob b = blob_new(sizeof(brake_sim), fills[f]);
    brake_sim_step((brake_sim *)b.p, true, e);
    brake_sim_step((brake_sim *)b.p, false, e);
    brake_result r = brake_sim_run_out((brake_sim *)b.p, &late, 1000000);
    assert_int_equal(r.score, 0);
    assert_int_equal(r.steps, 0);
    r = brake_sim_run_out((brake_sim *)b.p, NULL, 1000000);
    assert_int_equal(r.steps, 0);
    blob_untouched(&b, "brake_sim_step / brake_sim_run_out", fills[f]);

    b = blob_new(sizeof(brake_director), fills[f]);
    assert_int_equal(brake_director_frame((brake_director *)b.p, 1.0 / 60.0, true, e), 0);
    assert_int_equal(brake_director_begin_frame((brake_director *)b.p, 1.0), 0);
    brake_director_step((brake_director *)b.p, true, e);
    blob_untouched(&b, "brake_director_frame / begin_frame / step", fills[f]);
  }
  assert_int_equal(e->count, 0);
  free(e);
}

static void test_kick(void **state) {
  (void)state;
  ks_events *e = events_new();
  for (size_t f = 0; f < NFILLS; f++) {
    blob b = blob_new(sizeof(kick_shot), fills[f]);
    kick_shot_step((kick_shot *)b.p, NULL, e);
    assert_int_equal(kick_shot_advance((kick_shot *)b.p, 1.0 / 60.0, NULL, e), 0);
    assert_int_equal(kick_shot_advance((kick_shot *)b.p, 1e9, NULL, e), 0);
    {
      kick_shot_cache *cache = malloc(sizeof *cache);
      assert_non_null(cache);
      kick_shot_cache_init(cache);
      kick_shot_step_cached((kick_shot *)b.p, cache, NULL, e);
      kick_shot_step_cached((kick_shot *)b.p, cache, NULL, NULL);
      free(cache);
    }
    blob_untouched(&b, "kick_shot_step / kick_shot_advance / kick_shot_step_cached", fills[f]);

    b = blob_new(sizeof(kick_shot), fills[f]);
    {
      kick_player_def pd = kick_player_default_def();
      assert_int_equal(kick_player_play(&pd, (kick_shot *)b.p), KS_ERR_UNINITIALISED);
    }
    blob_untouched(&b, "kick_player_play", fills[f]);

    b = blob_new(sizeof(kick_batch), fills[f]);
    kick_batch_step((kick_batch *)b.p, NULL, e);
    assert_int_equal(kick_batch_run((kick_batch *)b.p, 6000), 0);
    blob_untouched(&b, "kick_batch_step / kick_batch_run", fills[f]);

    b = blob_new(sizeof(kick_director), fills[f]);
    assert_int_equal(kick_director_frame((kick_director *)b.p, 1.0 / 60.0, e), KS_ERR_UNINITIALISED);
    assert_int_equal(kick_director_skip_to_decision((kick_director *)b.p, e), KS_ERR_UNINITIALISED);
    blob_untouched(&b, "kick_director_frame / skip_to_decision", fills[f]);

    b = blob_new(sizeof(kick_duel), fills[f]);
    kick_duel_input tap = kick_duel_tap_input(0.5, 0.5);
    const kick_duel_input *in[KICK_DUEL_PLAYERS] = {&tap, &tap};
    kick_duel_step((kick_duel *)b.p, in);
    kick_duel_step((kick_duel *)b.p, NULL);
    kick_duel_rb_step(b.p, NULL, NULL);
    blob_untouched(&b, "kick_duel_step / kick_duel_rb_step", fills[f]);

    b = blob_new(sizeof(kick_duel_peer), fills[f]);
    assert_false(kick_duel_peer_tick((kick_duel_peer *)b.p));
    assert_int_equal(kick_duel_peer_frame((kick_duel_peer *)b.p, 1.0 / 60.0), 0);
    blob_untouched(&b, "kick_duel_peer_tick / frame", fills[f]);
  }
  assert_int_equal(kick_director_frame(NULL, 0.0, NULL), KS_ERR_NULL);
  assert_int_equal(e->count, 0);
  free(e);
}

static void test_lab(void **state) {
  (void)state;
  for (size_t f = 0; f < NFILLS; f++) {
    blob b = blob_new(sizeof(lab_loop), fills[f]);
    assert_int_equal(lab_loop_frame((lab_loop *)b.p, 1.0 / 60.0), 0);
    assert_int_equal(lab_loop_frame((lab_loop *)b.p, 1e9), 0);
    /* A loop never initialised is not made one by lab_loop_set. */
    assert_int_equal(lab_loop_set((lab_loop *)b.p, 30, 1), KS_ERR_UNINITIALISED);
    assert_int_equal(lab_loop_set((lab_loop *)b.p, 60, 0), KS_ERR_UNINITIALISED);
    assert_int_equal(lab_loop_frame((lab_loop *)b.p, 1e9), 0);
    blob_untouched(&b, "lab_loop_frame / lab_loop_set", fills[f]);

    b = blob_new(sizeof(lab_jump), fills[f]);
    assert_int_equal(lab_jump_frame((lab_jump *)b.p, 1.0 / 20.0), 0);
    assert_true(lab_jump_next_frame((lab_jump *)b.p) == 0.0);
    blob_untouched(&b, "lab_jump_frame / lab_jump_next_frame", fills[f]);

    b = blob_new(sizeof(lab_spring), fills[f]);
    lab_spring_step((lab_spring *)b.p);
    blob_untouched(&b, "lab_spring_step", fills[f]);
  }
  assert_int_equal(lab_loop_set(NULL, 60, 1), KS_ERR_NULL);
  /* An initialised loop still changes rate. */
  lab_loop_def d = lab_loop_default_def();
  lab_loop l;
  assert_int_equal(lab_loop_init(&l, &d), KS_OK);
  assert_int_equal(lab_loop_set(&l, 30, 0), KS_OK);
  assert_int_equal(l.def.sim_hz, 30);
  assert_int_equal(lab_loop_frame(&l, 1e9), 5); /* the clamp and the cap still hold */
}

static void test_walk(void **state) {
  (void)state;
  ks_events *e = events_new();
  walk_def def = walk_default_def();
  for (size_t f = 0; f < NFILLS; f++) {
    /* A body never made, with a good def; and a good body with a def never made. */
    blob b = blob_new(sizeof(walk_body), fills[f]);
    walk_body_step((walk_body *)b.p, &def, WALK_KEY_FORWARD | WALK_KEY_JUMP, e);
    walk_body_step_pressed((walk_body *)b.p, &def, WALK_KEY_FORWARD, WALK_KEY_JUMP, e);
    walk_course_step((walk_body *)b.p, &def, e);
    blob_untouched(&b, "walk_body_step / step_pressed / walk_course_step", fills[f]);

    walk_body good;
    assert_int_equal(walk_body_init(&good, &def, 0.0), KS_OK);
    walk_body keep = good;
    blob bd = blob_new(sizeof(walk_def), fills[f]);
    walk_body_step(&good, (const walk_def *)bd.p, WALK_KEY_FORWARD, e);
    walk_course_step(&good, (const walk_def *)bd.p, e);
    assert_memory_equal(&good, &keep, sizeof good);
    blob_untouched(&bd, "walk_body_step with a def never made", fills[f]);

    b = blob_new(sizeof(walk_game), fills[f]);
    walk_input in = {WALK_KEY_FORWARD, WALK_KEY_JUMP, 3.0, 1.0};
    assert_int_equal(walk_game_frame((walk_game *)b.p, 1.0 / 60.0, &in, e), 0);
    assert_int_equal(walk_game_frame((walk_game *)b.p, 1e9, NULL, e), 0);
    blob_untouched(&b, "walk_game_frame", fills[f]);
  }
  assert_int_equal(e->count, 0);
  /* A body walk_body_init made still steps. */
  walk_body body;
  assert_int_equal(walk_body_init(&body, &def, 0.0), KS_OK);
  walk_body_step(&body, &def, WALK_KEY_FORWARD, NULL);
  assert_int_equal(body.step, 1);
  free(e);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_core), cmocka_unit_test(test_brake), cmocka_unit_test(test_kick),
      cmocka_unit_test(test_lab),  cmocka_unit_test(test_walk),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
