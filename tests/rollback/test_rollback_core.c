// SPDX-License-Identifier: MIT
/* The rollback session on a small toy game of its own (not the kick): two
   dots pushed by held directions and a dice roll. Prediction and rollback,
   the window, input delay, confirmation, the simulated network (latency,
   jitter, loss, reordering, duplication), message refusals, desyncs, and a
   peer that lost its session taking its seat up again from a handover. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <cmocka.h>

#include "kickstep/hash.h"
#include "kickstep/rng.h"
#include "pair.h"

/* ------------------------------------------------------------- the toy game */

typedef struct toy {
  int64_t n;          /* steps run */
  int64_t x[2];       /* each player's dot */
  int64_t score;      /* grows when the dots meet */
  ks_rng dice;
} toy;

typedef struct toy_user {
  int64_t plant_at;   /* this peer adds 1 to x[0] on that step (-1: honest) */
  int64_t steps;      /* step calls made */
} toy_user;

static void toy_step(void *state, const uint8_t *const in[KS_RB_PLAYERS], void *user) {
  toy *t = (toy *)state;
  toy_user *u = (toy_user *)user;
  for (int p = 0; p < 2; p++) t->x[p] += (int8_t)in[p][0];
  if (t->x[0] == t->x[1]) t->score += 1 + (int64_t)ks_rng_below(&t->dice, 6u);
  if (in[0][1] & in[1][1] & 1u) t->x[0] = -t->x[0];
  if (u) {
    if (t->n == u->plant_at) t->x[0] += 1; /* planted nondeterminism: only on one peer */
    u->steps++;
  }
  t->n++;
}

static uint64_t toy_hash(const void *state, void *user) {
  (void)user;
  const toy *t = (const toy *)state;
  ks_hash h = ks_hash_begin();
  ks_hash_i64(&h, t->n);
  ks_hash_i64(&h, t->x[0]);
  ks_hash_i64(&h, t->x[1]);
  ks_hash_i64(&h, t->score);
  ks_hash_u64(&h, t->dice.state);
  return ks_hash_end(&h);
}

static toy toy_start(void) {
  toy t;
  memset(&t, 0, sizeof t);
  t.dice = ks_rng_seeded(99);
  return t;
}

static ks_rb_def toy_def(int32_t player, int32_t window, ks_rb_predict pred, toy_user *u) {
  ks_rb_def d = ks_rb_default_def();
  d.state_size = sizeof(toy);
  d.input_size = 2;
  d.local_player = player;
  d.max_prediction = window;
  d.predict = pred;
  d.step = toy_step;
  d.hash = toy_hash;
  d.user = u;
  return d;
}

/* Agent: random held directions that change now and then. */
typedef struct agent_state {
  ks_rng r[2];
  int8_t dir[2];
  uint8_t act[2];
} agent_state;

static void toy_agent(int32_t p, const void *state, int64_t frame, uint8_t *input, void *user) {
  (void)state;
  (void)frame;
  agent_state *a = (agent_state *)user;
  if (ks_rng_below(&a->r[p], 20u) == 0u) a->dir[p] = (int8_t)((int)ks_rng_below(&a->r[p], 3u) - 1);
  a->act[p] = ks_rng_below(&a->r[p], 50u) == 0u ? 1u : 0u;
  input[0] = (uint8_t)a->dir[p];
  input[1] = a->act[p];
}

/* Re-simulates the logged confirmed inputs from the start, offline. */
static toy offline(const pair *pr, int64_t steps) {
  toy t = toy_start();
  for (int64_t n = 0; n < steps; n++) {
    const uint8_t *in[2] = {pair_log_at(pr, n, 0), pair_log_at(pr, n, 1)};
    toy_step(&t, in, NULL);
  }
  return t;
}

/* Runs a pair until both have confirmed `steps` steps; returns 0 when it did. */
static int run_to(pair *pr, agent_state *a, int64_t steps, int64_t max_ticks) {
  pr->stop = steps;
  for (int64_t i = 0; i < max_ticks; i++) {
    pair_tick(pr, toy_agent, a);
    if (pair_log(pr) != 0) return -2;
    if (ks_rb_confirmed(&pr->s[0]) >= steps && ks_rb_confirmed(&pr->s[1]) >= steps) return 0;
  }
  return -1;
}

static void both_equal_offline(pair *pr, int64_t steps) {
  toy a, b;
  assert_int_equal(ks_rb_confirmed_state(&pr->s[0], steps, &a), KS_OK);
  assert_int_equal(ks_rb_confirmed_state(&pr->s[1], steps, &b), KS_OK);
  assert_memory_equal(&a, &b, sizeof a);
  toy o = offline(pr, steps);
  assert_memory_equal(&a, &o, sizeof a);
  assert_int_equal(a.n, steps);
}

/* --------------------------------------------------------------- the tests */

static void test_definitions_are_checked(void **st) {
  (void)st;
  ks_rb_def d = toy_def(0, 8, KS_RB_PREDICT_NONE, NULL);
  assert_int_equal(ks_rb_def_validate(&d), KS_OK);
  assert_true(ks_rb_storage_size(&d) > sizeof(toy) * 9);
  ks_rb_def bad = d;
  bad.cookie = 0;
  assert_int_equal(ks_rb_def_validate(&bad), KS_ERR_UNINITIALISED);
  bad = d;
  bad.step = NULL;
  assert_int_equal(ks_rb_def_validate(&bad), KS_ERR_NULL);
  bad = d;
  bad.max_prediction = 0;
  assert_int_equal(ks_rb_def_validate(&bad), KS_ERR_RANGE);
  bad = d;
  bad.input_size = KS_RB_MAX_INPUT_BYTES + 1;
  assert_int_equal(ks_rb_def_validate(&bad), KS_ERR_RANGE);
  bad = d;
  bad.local_player = 2;
  assert_int_equal(ks_rb_def_validate(&bad), KS_ERR_RANGE);
  bad = d;
  bad.hash_every = KS_RB_MAX_HASH_EVERY + 1;
  assert_int_equal(ks_rb_def_validate(&bad), KS_ERR_RANGE);
  assert_int_equal(ks_rb_storage_size(&bad), 0);

  toy t = toy_start();
  size_t n = ks_rb_storage_size(&d);
  uint8_t *mem = malloc(n);
  ks_rb_session s;
  memset(&s, 0x77, sizeof s);
  assert_int_equal(ks_rb_init(&s, &d, mem, n - 1, &t), KS_ERR_CAPACITY);
  assert_int_equal(ks_rb_init(&s, &d, NULL, n, &t), KS_ERR_NULL);
  assert_int_equal(ks_rb_init(&s, &d, mem + 1, n - 1, &t), KS_ERR_CAPACITY);
  assert_int_equal(ks_rb_init(&s, &d, mem, n, &t), KS_OK);
  assert_int_equal(ks_rb_frame(&s), 0);
  free(mem);
}

/* With nothing heard from the peer, a peer runs the window ahead and then waits. */
static void test_the_window_is_run_then_waited(void **st) {
  (void)st;
  ks_rb_def d = toy_def(0, 12, KS_RB_PREDICT_NONE, NULL);
  toy t = toy_start();
  size_t n = ks_rb_storage_size(&d);
  uint8_t *mem = malloc(n);
  ks_rb_session s;
  assert_int_equal(ks_rb_init(&s, &d, mem, n, &t), KS_OK);
  uint8_t in[2] = {1, 0};
  ks_rb_advance_result r;
  for (int i = 0; i < 12; i++) {
    assert_int_equal(ks_rb_advance(&s, in, &r), KS_OK);
    assert_true(r.stepped);
    assert_int_equal(r.input_step, i);
  }
  for (int i = 0; i < 5; i++) {
    assert_int_equal(ks_rb_advance(&s, in, &r), KS_OK);
    assert_false(r.stepped);
    assert_true(r.waited);
  }
  assert_int_equal(ks_rb_frame(&s), 12);
  assert_int_equal(ks_rb_confirmed(&s), 0);
  assert_int_equal(s.stats.waits, 5);
  /* The peer's inputs for the first 4 steps arrive: 4 more steps may run. */
  uint8_t none[2] = {0, 0};
  for (int64_t k = 0; k < 4; k++) assert_int_equal(ks_rb_add_remote_input(&s, k, none), KS_OK);
  for (int i = 0; i < 4; i++) {
    assert_int_equal(ks_rb_advance(&s, in, &r), KS_OK);
    assert_true(r.stepped);
  }
  assert_int_equal(ks_rb_advance(&s, in, &r), KS_OK);
  assert_true(r.waited);
  assert_int_equal(ks_rb_confirmed(&s), 4);
  free(mem);
}

/* A remote input that differs from the prediction rolls back to its step
   and re-simulates: the result equals having known it all along. */
static void test_a_late_input_rolls_back_to_its_step(void **st) {
  (void)st;
  ks_rb_def d = toy_def(0, 32, KS_RB_PREDICT_NONE, NULL);
  toy t = toy_start();
  size_t n = ks_rb_storage_size(&d);
  uint8_t *mem = malloc(n);
  ks_rb_session s;
  assert_int_equal(ks_rb_init(&s, &d, mem, n, &t), KS_OK);
  uint8_t mine[2] = {1, 0}, theirs[2] = {1, 0}, none[2] = {0, 0};
  ks_rb_advance_result r;
  for (int i = 0; i < 20; i++) assert_int_equal(ks_rb_advance(&s, mine, &r), KS_OK);
  const toy *now = (const toy *)ks_rb_state(&s);
  assert_int_equal(now->x[0], 20);
  assert_int_equal(now->x[1], 0); /* predicted: none */
  for (int64_t k = 0; k < 5; k++) assert_int_equal(ks_rb_add_remote_input(&s, k, none), KS_OK);
  for (int64_t k = 5; k < 20; k++) assert_int_equal(ks_rb_add_remote_input(&s, k, theirs), KS_OK);
  assert_int_equal(ks_rb_advance(&s, mine, &r), KS_OK);
  assert_int_equal(r.rolled_back, 15); /* steps 5..19 again */
  assert_true(r.stepped);
  now = (const toy *)ks_rb_state(&s);
  assert_int_equal(now->x[1], 15);
  assert_int_equal(s.stats.rollbacks, 1);
  assert_int_equal(s.stats.max_rollback, 15);
  /* The same as a straight run with both inputs known. */
  toy o = toy_start();
  for (int64_t k = 0; k < 21; k++) {
    const uint8_t *in[2] = {mine, k < 5 ? none : k < 20 ? theirs : none};
    toy_step(&o, in, NULL);
  }
  assert_memory_equal(&o, now, sizeof o);
  /* Inputs equal to the prediction cost no rollback. */
  assert_int_equal(ks_rb_add_remote_input(&s, 20, none), KS_OK);
  assert_int_equal(ks_rb_advance(&s, mine, &r), KS_OK);
  assert_int_equal(r.rolled_back, 0);
  /* A different input for a step already known is refused. */
  assert_int_equal(ks_rb_add_remote_input(&s, 7, none), KS_ERR_STATE);
  assert_int_equal(ks_rb_add_remote_input(&s, 7, theirs), KS_OK);
  free(mem);
}

static void test_input_delay_stamps_later(void **st) {
  (void)st;
  ks_rb_def d = toy_def(1, 16, KS_RB_PREDICT_NONE, NULL);
  d.input_delay = 3;
  toy t = toy_start();
  size_t n = ks_rb_storage_size(&d);
  uint8_t *mem = malloc(n);
  ks_rb_session s;
  assert_int_equal(ks_rb_init(&s, &d, mem, n, &t), KS_OK);
  uint8_t in[2] = {5, 0}, out[2];
  ks_rb_advance_result r;
  assert_int_equal(ks_rb_advance(&s, in, &r), KS_OK);
  assert_int_equal(r.input_step, 3);
  for (int64_t k = 0; k < 3; k++) {
    assert_int_equal(ks_rb_input(&s, 1, k, out), KS_OK);
    assert_int_equal(out[0], 0); /* the first three local inputs are "none" */
  }
  assert_int_equal(ks_rb_input(&s, 1, 3, out), KS_OK);
  assert_int_equal(out[0], 5);
  assert_int_equal(ks_rb_input(&s, 1, 4, out), KS_ERR_NOT_FOUND);
  assert_int_equal(((const toy *)ks_rb_state(&s))->x[1], 0);
  for (int i = 0; i < 3; i++) assert_int_equal(ks_rb_advance(&s, in, &r), KS_OK);
  assert_int_equal(((const toy *)ks_rb_state(&s))->x[1], 5); /* step 3 used it */
  free(mem);
}

/* Held inputs predicted as the last known one: a rollback only where they change. */
static void test_predict_last_repeats_the_last_known_input(void **st) {
  (void)st;
  ks_rb_def d = toy_def(0, 32, KS_RB_PREDICT_LAST, NULL);
  toy t = toy_start();
  size_t n = ks_rb_storage_size(&d);
  uint8_t *mem = malloc(n);
  ks_rb_session s;
  assert_int_equal(ks_rb_init(&s, &d, mem, n, &t), KS_OK);
  uint8_t mine[2] = {0, 0}, right[2] = {1, 0};
  ks_rb_advance_result r;
  assert_int_equal(ks_rb_add_remote_input(&s, 0, right), KS_OK);
  for (int i = 0; i < 10; i++) assert_int_equal(ks_rb_advance(&s, mine, &r), KS_OK);
  assert_int_equal(((const toy *)ks_rb_state(&s))->x[1], 10); /* "right" repeated */
  for (int64_t k = 1; k < 10; k++) assert_int_equal(ks_rb_add_remote_input(&s, k, right), KS_OK);
  assert_int_equal(ks_rb_settle(&s), 0);
  assert_int_equal(s.stats.rollbacks, 0);
  free(mem);
}

/* Two peers on a perfect network, then on a slow one: both end on the same
   bits, equal to an offline re-simulation of the confirmed inputs. */
static void test_two_peers_agree_on_a_clean_and_a_slow_link(void **st) {
  (void)st;
  ns_params nets[2] = {{0, 0, 0.0, 0.0, 0.0}, {90, 12, 0.0, 0.0, 0.0}};
  for (int k = 0; k < 2; k++) {
    ks_rb_def d0 = toy_def(0, 300, KS_RB_PREDICT_NONE, NULL), d1 = toy_def(1, 300, KS_RB_PREDICT_NONE, NULL);
    toy t = toy_start();
    pair pr;
    assert_int_equal(pair_init(&pr, &d0, &d1, &t, &nets[k], 7u), 0);
    agent_state a = {{ks_rng_seeded(1), ks_rng_seeded(2)}, {0, 0}, {0, 0}};
    assert_int_equal(run_to(&pr, &a, 3000, 20000), 0);
    both_equal_offline(&pr, 3000);
    if (k == 1) assert_true(pr.s[0].stats.rollbacks + pr.s[1].stats.rollbacks > 0);
    assert_int_equal(pr.refused, 0);
    pair_free(&pr);
  }
}

/* The network of the duel tests: latency 0-300 ms, jitter, 10% loss,
   reordering and duplication, a different seed per run. */
static void test_random_links_always_end_on_the_same_bits(void **st) {
  (void)st;
  ks_rng r = ks_rng_seeded(2024);
  int64_t rollbacks = 0, dropped = 0, dups = 0;
  for (int run = 0; run < 60; run++) {
    ns_params net = ns_random_params(&r);
    int32_t window = 120 + (int32_t)ks_rng_below(&r, 400u);
    ks_rb_predict pred = ks_rng_below(&r, 2u) ? KS_RB_PREDICT_LAST : KS_RB_PREDICT_NONE;
    ks_rb_def d0 = toy_def(0, window, pred, NULL), d1 = toy_def(1, window, pred, NULL);
    d0.input_delay = (int32_t)ks_rng_below(&r, 4u);
    d1.input_delay = (int32_t)ks_rng_below(&r, 4u);
    toy t = toy_start();
    pair pr;
    assert_int_equal(pair_init(&pr, &d0, &d1, &t, &net, (uint64_t)run), 0);
    agent_state a = {{ks_rng_seeded((uint64_t)run * 3u), ks_rng_seeded((uint64_t)run * 3u + 1u)}, {0, 0}, {0, 0}};
    if (run_to(&pr, &a, 2000, 40000) != 0) fail_msg("run %d (latency %lld) did not confirm", run, (long long)net.latency);
    both_equal_offline(&pr, 2000);
    assert_int_equal(pr.refused, 0);
    rollbacks += pr.s[0].stats.rollbacks + pr.s[1].stats.rollbacks;
    dropped += pr.link[0].dropped + pr.link[1].dropped;
    dups += pr.link[0].duplicated + pr.link[1].duplicated;
    pair_free(&pr);
  }
  print_message("60 runs: %lld rollbacks, %lld packets lost, %lld duplicated\n", (long long)rollbacks,
                (long long)dropped, (long long)dups);
  assert_true(rollbacks > 100 && dropped > 100 && dups > 20);
}

/* ------------------------------------------------------------ refusals */

static void refused_unchanged(ks_rb_session *s, const uint8_t *m, size_t len, ks_status want, const char *field) {
  int64_t frame = s->frame, k0 = s->known_upto[0], k1 = s->known_upto[1], ack = s->remote_ack[1 - s->def.local_player];
  uint32_t seen = s->seen[1 - s->def.local_player];
  int64_t refused = s->stats.refused, received = s->stats.received;
  ks_rb_error e;
  assert_int_equal(ks_rb_read_message(s, m, len, &e), want);
  assert_int_equal(e.status, want);
  assert_string_equal(e.field, field);
  assert_int_equal(s->frame, frame);
  assert_int_equal(s->known_upto[0], k0);
  assert_int_equal(s->known_upto[1], k1);
  assert_int_equal(s->remote_ack[1 - s->def.local_player], ack);
  assert_int_equal(s->seen[1 - s->def.local_player], seen);
  assert_int_equal(s->stats.received, received);
  assert_int_equal(s->stats.refused, refused + 1);
}

static void put_checksum(uint8_t *m, size_t len) {
  uint64_t h = ks_fnv1a64(m, len - 8);
  for (int i = 0; i < 8; i++) m[len - 8 + (size_t)i] = (uint8_t)(h >> (8 * i));
}

static void test_bad_messages_are_refused_and_change_nothing(void **st) {
  (void)st;
  ks_rb_def d0 = toy_def(0, 64, KS_RB_PREDICT_NONE, NULL), d1 = toy_def(1, 64, KS_RB_PREDICT_NONE, NULL);
  toy t = toy_start();
  pair pr;
  ns_params net = {0, 0, 0.0, 0.0, 0.0};
  assert_int_equal(pair_init(&pr, &d0, &d1, &t, &net, 1u), 0);
  agent_state a = {{ks_rng_seeded(5), ks_rng_seeded(6)}, {0, 0}, {0, 0}};
  assert_int_equal(run_to(&pr, &a, 100, 1000), 0);
  uint8_t in[2] = {1, 0};
  for (int i = 0; i < 5; i++) (void)ks_rb_advance(&pr.s[1], in, NULL);
  uint8_t m[KS_RB_MAX_MESSAGE];
  size_t len = 0;
  assert_int_equal(ks_rb_write_message(&pr.s[1], m, sizeof m, &len), KS_OK);
  ks_rb_session *s = &pr.s[0];
  uint8_t b[KS_RB_MAX_MESSAGE];

  refused_unchanged(s, m, 20, KS_ERR_TRUNCATED, "header");
  memcpy(b, m, len);
  b[0] = 'X';
  refused_unchanged(s, b, len, KS_ERR_FORMAT, "magic");
  memcpy(b, m, len);
  b[4] = 9;
  refused_unchanged(s, b, len, KS_ERR_VERSION, "version");
  memcpy(b, m, len);
  b[len / 2] ^= 1u;
  refused_unchanged(s, b, len, KS_ERR_CHECKSUM, "checksum");
  memcpy(b, m, len);
  b[5] = 0; /* from ourselves */
  put_checksum(b, len);
  refused_unchanged(s, b, len, KS_ERR_STATE, "sender");
  memcpy(b, m, len);
  b[7] = 3;
  put_checksum(b, len);
  refused_unchanged(s, b, len, KS_ERR_FORMAT, "input_size");
  memcpy(b, m, len);
  b[16] = 0xff; /* acks inputs never sent */
  b[17] = 0xff;
  put_checksum(b, len);
  refused_unchanged(s, b, len, KS_ERR_RANGE, "ack");
  memcpy(b, m, len);
  assert_true(b[32] > 0);
  b[32] = (uint8_t)(b[32] - 1); /* one step fewer than the runs cover */
  put_checksum(b, len);
  refused_unchanged(s, b, len, KS_ERR_FORMAT, "inputs");
  memcpy(b, m, len);
  refused_unchanged(s, b, len - 9, KS_ERR_CHECKSUM, "checksum"); /* cut short */
  memcpy(b, m, len);
  memcpy(b + len, m, 8);
  put_checksum(b, len + 8);
  refused_unchanged(s, b, len + 8, KS_ERR_FORMAT, "length");
  /* An input for a step already known, with different bytes. */
  memcpy(b, m, len);
  uint32_t from = (uint32_t)b[28] | (uint32_t)b[29] << 8 | (uint32_t)b[30] << 16 | (uint32_t)b[31] << 24;
  assert_true(from < (uint32_t)s->known_upto[1]);
  b[KS_RB_HEADER_BYTES + 2] ^= 0x40u; /* the first run's value */
  put_checksum(b, len);
  refused_unchanged(s, b, len, KS_ERR_STATE, "inputs (changed)");
  /* The message itself is fine. */
  assert_int_equal(ks_rb_read_message(s, m, len, NULL), KS_OK);
  pair_free(&pr);
}

/* ------------------------------------------------------------- desyncs */

/* One peer's step differs on step 777: both stop, and both name step 778
   (the first state that differs) and the last agreed check, 720. */
static void test_a_planted_nondeterminism_is_named_to_the_step(void **st) {
  (void)st;
  toy_user honest = {-1, 0}, planted = {777, 0};
  ks_rb_def d0 = toy_def(0, 200, KS_RB_PREDICT_NONE, &honest), d1 = toy_def(1, 200, KS_RB_PREDICT_NONE, &planted);
  toy t = toy_start();
  pair pr;
  ns_params net = {40, 8, 0.1, 0.05, 0.05};
  assert_int_equal(pair_init(&pr, &d0, &d1, &t, &net, 3u), 0);
  agent_state a = {{ks_rng_seeded(8), ks_rng_seeded(9)}, {0, 0}, {0, 0}};
  pr.stop = 5000;
  int64_t i = 0;
  for (; i < 20000; i++) {
    pair_tick(&pr, toy_agent, &a);
    const ks_rb_desync *x = ks_rb_desync_report(&pr.s[0]), *y = ks_rb_desync_report(&pr.s[1]);
    if (x->detected && x->exact && y->detected && y->exact) break;
  }
  assert_true(i < 20000);
  for (int p = 0; p < 2; p++) {
    const ks_rb_desync *x = ks_rb_desync_report(&pr.s[p]);
    assert_int_equal(x->check_step, 780);
    assert_int_equal(x->agreed_step, 720);
    assert_int_equal(x->first_step, 778);
    assert_true(x->local_step_hash != x->remote_step_hash);
    char text[200];
    ks_rb_desync_text(x, text, sizeof text);
    print_message("peer %d: %s\n", p, text);
    assert_non_null(strstr(text, "first differing step 778"));
    /* The session stopped: nothing more is simulated. */
    int64_t f = ks_rb_frame(&pr.s[p]);
    assert_int_equal(ks_rb_advance(&pr.s[p], NULL, NULL), KS_ERR_STATE);
    assert_int_equal(ks_rb_frame(&pr.s[p]), f);
  }
  /* Each peer's own state at that step, and the detail exchange. */
  toy s0, s1;
  assert_int_equal(ks_rb_desync_state(&pr.s[0], 778, &s0), KS_OK);
  assert_int_equal(ks_rb_desync_state(&pr.s[1], 778, &s1), KS_OK);
  assert_int_equal(s0.x[0] + 1, s1.x[0]);
  assert_int_equal(ks_rb_desync_state(&pr.s[0], 777, &s0), KS_OK);
  assert_int_equal(ks_rb_desync_state(&pr.s[1], 777, &s1), KS_OK);
  assert_memory_equal(&s0, &s1, sizeof s0);
  assert_int_equal(ks_rb_desync_state(&pr.s[0], 700, &s0), KS_ERR_RANGE);
  char line[64];
  snprintf(line, sizeof line, "x0=%lld", (long long)s1.x[0]);
  assert_int_equal(ks_rb_set_detail(&pr.s[1], 778, line, strlen(line)), KS_OK);
  for (int k = 0; k < 400; k++) pair_tick(&pr, toy_agent, &a);
  size_t n = 0;
  int64_t step = 0;
  const uint8_t *got = ks_rb_remote_detail(&pr.s[0], &n, &step);
  assert_non_null(got);
  assert_int_equal(step, 778);
  assert_int_equal(n, strlen(line));
  assert_memory_equal(got, line, n);
  pair_free(&pr);
}

/* An honest pair never reports a desync, and compares its checks. */
static void test_honest_peers_match_every_check(void **st) {
  (void)st;
  ks_rb_def d0 = toy_def(0, 100, KS_RB_PREDICT_NONE, NULL), d1 = toy_def(1, 100, KS_RB_PREDICT_NONE, NULL);
  toy t = toy_start();
  pair pr;
  ns_params net = {30, 5, 0.1, 0.05, 0.05};
  assert_int_equal(pair_init(&pr, &d0, &d1, &t, &net, 11u), 0);
  agent_state a = {{ks_rng_seeded(1), ks_rng_seeded(4)}, {0, 0}, {0, 0}};
  assert_int_equal(run_to(&pr, &a, 6000, 30000), 0);
  for (int p = 0; p < 2; p++) {
    assert_false(ks_rb_desync_report(&pr.s[p])->detected);
    assert_true(pr.s[p].stats.checks_matched >= 90); /* of 101 checks, the newest may be in flight */
  }
  pair_free(&pr);
}

/* ------------------------------------------------------------- resuming */

/* Peer 1 loses its session at tick `lose` (its memory is wiped) and comes
   back `away` ticks later with nothing: it asks peer 0 for a handover (the
   toy's "history" here is simply the confirmed state at the base, a game's
   own choice), gathers it through the lossy link, resumes, and both run to
   `steps` confirmed steps, equal to each other and to an offline
   re-simulation of peer 0's confirmed inputs. Returns the parts gathered. */
typedef struct resume_run {
  int64_t parts, refused_old, refused_other, requests, restarts;
  int64_t resumed_at, frame_lost;
} resume_run;

static void lose_and_resume(const ks_rb_def *d0, const ks_rb_def *d1, const ns_params *net, uint64_t seed,
                            int64_t lose, int64_t away, int64_t steps, resume_run *out) {
  toy t = toy_start();
  static pair pr;
  assert_int_equal(pair_init(&pr, d0, d1, &t, net, seed), 0);
  agent_state a = {{ks_rng_seeded(seed * 5u + 1u), ks_rng_seeded(seed * 5u + 2u)}, {0, 0}, {0, 0}};
  static uint8_t handover[1 << 16], gathered[1 << 16], part[KS_RB_MAX_MESSAGE];
  size_t hlen = 0;
  uint64_t answered = 0;
  ks_rb_gather g;
  enum { LIVE, GONE, GATHERING } mode = LIVE;
  memset(out, 0, sizeof *out);
  out->resumed_at = -1;
  ks_rng nonces = ks_rng_seeded(seed + 77u);
  size_t storage1 = ks_rb_storage_size(d1);
  for (int64_t tick = 0; tick < 200000; tick++) {
    if (tick == lose) {
      out->frame_lost = ks_rb_frame(&pr.s[1]);
      memset(pr.storage[1], 0xa5, storage1);
      memset(&pr.s[1], 0x5a, sizeof pr.s[1]);
      mode = GONE;
    }
    if (mode == GONE && tick == lose + away) {
      assert_int_equal(ks_rb_gather_init(&g, 1, d1->input_size, ks_rng_next(&nonces), gathered, sizeof gathered), KS_OK);
      mode = GATHERING;
    }
    /* Deliveries: the keeper reads everything; the lost side nothing, the gathering side parts only. */
    for (int p = 0; p < 2; p++) {
      uint8_t *b;
      long n;
      while ((n = ns_take(&pr.link[p], pr.now, &b)) >= 0) {
        ks_rb_kind kind = ks_rb_message_kind(b, (size_t)n);
        ks_rb_error e;
        if (p == 1) { /* to the keeper */
          if (kind == KS_RB_KIND_REQUEST) {
            ks_rb_request rq;
            assert_int_equal(ks_rb_read_request(&pr.s[0], b, (size_t)n, &rq, &e), KS_OK);
            if (!hlen || rq.nonce != answered) {
              int64_t base = ks_rb_confirmed(&pr.s[0]);
              size_t at = 0;
              assert_int_equal(ks_rb_handover_write(&pr.s[0], base, sizeof(toy), handover, sizeof handover, &hlen, &at), KS_OK);
              assert_int_equal(ks_rb_confirmed_state(&pr.s[0], base, handover + at), KS_OK);
              answered = rq.nonce;
            }
            size_t plen = 0;
            uint32_t off = rq.offset < hlen ? rq.offset : 0u;
            assert_int_equal(ks_rb_write_part(&pr.s[0], rq.nonce, handover, hlen, off, part, sizeof part, &plen), KS_OK);
            ns_send(&pr.link[0], pr.now, part, plen);
          } else if (ks_rb_read_message(&pr.s[0], b, (size_t)n, &e) != KS_OK) {
            if (strcmp(e.field, "seq (before a handover)") == 0) out->refused_old++;
            else {
              out->refused_other++;
              print_message("keeper refused: %s (%s) at tick %lld\n", e.field, ks_status_name(e.status), (long long)tick);
            }
          }
        } else if (mode == LIVE && kind == KS_RB_KIND_INPUTS) { /* late parts are answers no longer needed */
          if (ks_rb_read_message(&pr.s[1], b, (size_t)n, &e) != KS_OK) {
            out->refused_other++;
            print_message("returner refused: %s (%s) at tick %lld\n", e.field, ks_status_name(e.status), (long long)tick);
          }
        } else if (mode == GATHERING && kind == KS_RB_KIND_PART) {
          assert_int_equal(ks_rb_gather_read(&g, b, (size_t)n, &e), KS_OK);
          if (g.complete) {
            int64_t base = -1;
            const uint8_t *hist = NULL;
            size_t hl = 0;
            assert_int_equal(ks_rb_handover_history(g.buf, g.total, &base, &hist, &hl), KS_OK);
            assert_int_equal(hl, sizeof(toy));
            toy at;
            memcpy(&at, hist, sizeof at);
            assert_int_equal(at.n, base);
            assert_int_equal(ks_rb_resume(&pr.s[1], d1, pr.storage[1], storage1, &at, g.buf, g.total, &e), KS_OK);
            out->resumed_at = base;
            out->parts = g.parts;
            out->restarts = g.restarts;
            mode = LIVE;
          }
        }
        free(b);
      }
    }
    for (int p = 0; p < 2; p++) {
      if (p == 1 && mode != LIVE) continue;
      ks_rb_session *s = &pr.s[p];
      if (ks_rb_frame(s) >= steps) {
        (void)ks_rb_settle(s);
        continue;
      }
      if (ks_rb_recommended_wait(s) > 0 && pr.now % 3 == p) {
        (void)ks_rb_settle(s);
        continue;
      }
      uint8_t in[KS_RB_MAX_INPUT_BYTES];
      memset(in, 0, sizeof in);
      toy_agent(p, ks_rb_state(s), ks_rb_frame(s), in, &a);
      (void)ks_rb_advance(s, in, NULL);
    }
    for (int p = 0; p < 2; p++) {
      if ((pr.now + p * 5) % pr.send_every != 0) continue;
      size_t len = 0;
      if (p == 1 && mode == GATHERING) {
        assert_int_equal(ks_rb_gather_request(&g, pr.msg, sizeof pr.msg, &len), KS_OK);
        out->requests++;
        ns_send(&pr.link[1], pr.now, pr.msg, len);
      } else if ((p == 0 || mode == LIVE) && ks_rb_write_message(&pr.s[p], pr.msg, sizeof pr.msg, &len) == KS_OK) {
        ns_send(&pr.link[p], pr.now, pr.msg, len);
      }
    }
    pr.now++;
    assert_int_equal(pair_log(&pr), 0);
    if (mode == LIVE && ks_rb_confirmed(&pr.s[0]) >= steps && ks_rb_confirmed(&pr.s[1]) >= steps) break;
  }
  assert_true(out->resumed_at >= 0);
  assert_true(ks_rb_confirmed(&pr.s[0]) >= steps && ks_rb_confirmed(&pr.s[1]) >= steps);
  both_equal_offline(&pr, steps);
  assert_int_equal(pr.s[1].start_step, out->resumed_at);
  assert_int_equal(pr.s[0].stats.peer_resumes, 1);
  assert_false(pr.s[0].resume_pending);
  assert_false(ks_rb_desync_report(&pr.s[0])->detected || ks_rb_desync_report(&pr.s[1])->detected);
  assert_int_equal(out->refused_other, 0);
  pair_free(&pr);
}

static void test_a_lost_session_resumes_from_a_handover(void **st) {
  (void)st;
  /* A clean link, then the duel tests' network: loss, duplication, reordering. */
  ks_rb_def d0 = toy_def(0, 200, KS_RB_PREDICT_NONE, NULL), d1 = toy_def(1, 200, KS_RB_PREDICT_NONE, NULL);
  d0.input_delay = d1.input_delay = 3;
  ns_params clean = {0, 0, 0.0, 0.0, 0.0}, rough = {60, 20, 0.1, 0.05, 0.05};
  resume_run r;
  lose_and_resume(&d0, &d1, &clean, 1u, 1500, 400, 4000, &r);
  print_message("clean: lost at step %lld, resumed at %lld in %lld part(s)\n", (long long)r.frame_lost,
                (long long)r.resumed_at, (long long)r.parts);
  assert_true(r.resumed_at > 1000 && r.resumed_at <= r.frame_lost + 6);
  lose_and_resume(&d0, &d1, &rough, 2u, 1500, 600, 4000, &r);
  print_message("rough: lost at step %lld, resumed at %lld, %lld requests\n", (long long)r.frame_lost,
                (long long)r.resumed_at, (long long)r.requests);
  /* Back at once on a link that holds half its packets back: the lost
     session's last messages arrive after the handover, and are refused. */
  ns_params reorder = {60, 0, 0.0, 0.0, 0.5};
  lose_and_resume(&d0, &d1, &reorder, 3u, 1500, 0, 4000, &r);
  print_message("back at once: %lld messages of the lost session refused after the handover\n", (long long)r.refused_old);
  assert_true(r.refused_old > 0);
  /* Random moments, links, windows, delays and predictions. */
  ks_rng g = ks_rng_seeded(77);
  for (int run = 0; run < 40; run++) {
    ns_params net = ns_random_params(&g);
    int32_t window = 120 + (int32_t)ks_rng_below(&g, 400u);
    ks_rb_predict pred = ks_rng_below(&g, 2u) ? KS_RB_PREDICT_LAST : KS_RB_PREDICT_NONE;
    ks_rb_def a = toy_def(0, window, pred, NULL), b = toy_def(1, window, pred, NULL);
    a.input_delay = (int32_t)ks_rng_below(&g, 8u);
    b.input_delay = (int32_t)ks_rng_below(&g, 8u);
    lose_and_resume(&a, &b, &net, 100u + (uint64_t)run, 200 + (int64_t)ks_rng_below(&g, 2000u),
                    (int64_t)ks_rng_below(&g, 3000u), 3000, &r);
  }
}

static void test_handover_messages_are_checked(void **st) {
  (void)st;
  ks_rb_def d0 = toy_def(0, 100, KS_RB_PREDICT_NONE, NULL), d1 = toy_def(1, 100, KS_RB_PREDICT_NONE, NULL);
  toy t = toy_start();
  static pair pr;
  ns_params net = {0, 0, 0.0, 0.0, 0.0};
  assert_int_equal(pair_init(&pr, &d0, &d1, &t, &net, 3u), 0);
  agent_state a = {{ks_rng_seeded(1), ks_rng_seeded(2)}, {0, 0}, {0, 0}};
  assert_int_equal(run_to(&pr, &a, 3000, 20000), 0);
  static uint8_t buf[1 << 14], hand[1 << 14], msg[KS_RB_MAX_MESSAGE];
  ks_rb_gather g;
  size_t n = 0, hl = 0, at = 0;
  ks_rb_error e;
  /* Requests: the wrong sender, a flipped byte, a short one. */
  assert_int_equal(ks_rb_gather_init(&g, 1, 2, 42u, buf, sizeof buf), KS_OK);
  assert_int_equal(ks_rb_gather_request(&g, msg, sizeof msg, &n), KS_OK);
  assert_int_equal(n, KS_RB_REQUEST_BYTES);
  assert_int_equal(ks_rb_message_kind(msg, n), KS_RB_KIND_REQUEST);
  ks_rb_request rq;
  assert_int_equal(ks_rb_read_request(&pr.s[0], msg, n, &rq, &e), KS_OK);
  assert_true(rq.nonce == 42u && rq.offset == 0u);
  assert_int_equal(ks_rb_read_request(&pr.s[1], msg, n, &rq, &e), KS_ERR_STATE);
  assert_string_equal(e.field, "sender");
  msg[17] ^= 1u;
  assert_int_equal(ks_rb_read_request(&pr.s[0], msg, n, &rq, &e), KS_ERR_CHECKSUM);
  assert_int_equal(ks_rb_read_request(&pr.s[0], msg, 20, &rq, &e), KS_ERR_TRUNCATED);
  /* A handover of a step not confirmed, one too big for its buffer. */
  assert_int_equal(ks_rb_handover_write(&pr.s[0], ks_rb_confirmed(&pr.s[0]) + 1, 0, hand, sizeof hand, &hl, &at), KS_ERR_RANGE);
  assert_int_equal(ks_rb_handover_write(&pr.s[0], 0, 0, hand, sizeof hand, &hl, &at), KS_ERR_RANGE); /* no longer kept */
  int64_t base = ks_rb_confirmed(&pr.s[0]);
  assert_int_equal(ks_rb_handover_write(&pr.s[0], base, 9000, hand, 4000, &hl, &at), KS_ERR_CAPACITY);
  assert_true(hl > 9000);
  assert_int_equal(ks_rb_handover_write(&pr.s[0], base, sizeof(toy), hand, sizeof hand, &hl, &at), KS_OK);
  assert_int_equal(ks_rb_confirmed_state(&pr.s[0], base, hand + at), KS_OK);
  /* A part: another nonce, a flipped byte; a good part completes it. */
  size_t pl = 0;
  assert_int_equal(ks_rb_write_part(&pr.s[0], 43u, hand, hl, 0, msg, sizeof msg, &pl), KS_OK);
  assert_int_equal(ks_rb_message_kind(msg, pl), KS_RB_KIND_PART);
  assert_int_equal(ks_rb_gather_read(&g, msg, pl, &e), KS_ERR_STATE);
  assert_string_equal(e.field, "nonce");
  assert_int_equal(ks_rb_write_part(&pr.s[0], 42u, hand, hl, 0, msg, sizeof msg, &pl), KS_OK);
  msg[40] ^= 4u;
  assert_int_equal(ks_rb_gather_read(&g, msg, pl, &e), KS_ERR_CHECKSUM);
  assert_int_equal(g.have, 0);
  msg[40] ^= 4u;
  assert_int_equal(ks_rb_write_part(&pr.s[0], 42u, hand, hl, (uint32_t)hl, msg, sizeof msg, &pl), KS_ERR_RANGE);
  /* Small parts, out of order and repeated: gathered in order all the same. */
  size_t step = 24;
  for (size_t off = hl; off-- > 0;) {
    if (off % step) continue;
    assert_int_equal(ks_rb_write_part(&pr.s[0], 42u, hand, hl, (uint32_t)off, msg, KS_RB_PART_HEADER_BYTES + 8 + step, &pl), KS_OK);
    assert_int_equal(ks_rb_gather_read(&g, msg, pl, &e), KS_OK);
  }
  assert_false(g.complete);
  for (size_t off = 0; off < hl; off += step) {
    assert_int_equal(ks_rb_write_part(&pr.s[0], 42u, hand, hl, (uint32_t)off, msg, KS_RB_PART_HEADER_BYTES + 8 + step, &pl), KS_OK);
    assert_int_equal(ks_rb_gather_read(&g, msg, pl, &e), KS_OK);
    assert_int_equal(ks_rb_gather_read(&g, msg, pl, &e), KS_OK);
  }
  assert_true(g.complete && g.total == hl);
  assert_memory_equal(g.buf, hand, hl);
  assert_int_equal(ks_rb_gather_request(&g, msg, sizeof msg, &n), KS_ERR_STATE);
  /* Resuming: the keeper's own player, a cut handover, another input size. */
  static uint8_t store[1 << 20];
  static ks_rb_session s;
  toy base_state;
  memcpy(&base_state, hand + at, sizeof base_state);
  assert_true(ks_rb_storage_size(&d1) <= sizeof store);
  assert_int_equal(ks_rb_resume(&s, &d0, store, sizeof store, &base_state, hand, hl, &e), KS_ERR_STATE);
  assert_string_equal(e.field, "keeper");
  assert_int_equal(ks_rb_resume(&s, &d1, store, sizeof store, &base_state, hand, hl - 1, &e), KS_ERR_FORMAT);
  assert_int_equal(ks_rb_resume(&s, &d1, store, sizeof store, &base_state, hand, 10, &e), KS_ERR_TRUNCATED);
  hand[0] = 3;
  assert_int_equal(ks_rb_resume(&s, &d1, store, sizeof store, &base_state, hand, hl, &e), KS_ERR_VERSION);
  hand[0] = 2; /* a handover of a session of three or more peers */
  assert_int_equal(ks_rb_resume(&s, &d1, store, sizeof store, &base_state, hand, hl, &e), KS_ERR_STATE);
  hand[0] = 1;
  ks_rb_def wide = d1;
  wide.input_size = 3;
  assert_int_equal(ks_rb_resume(&s, &wide, store, sizeof store, &base_state, hand, hl, &e), KS_ERR_STATE);
  assert_int_equal(ks_rb_resume(&s, &d1, store, 100, &base_state, hand, hl, &e), KS_ERR_CAPACITY);
  /* Every cut of the handover is refused; every byte changed either is or
     (a changed input, a changed counter) still builds a session: never a
     read past the end. Every byte changed in a part fails its checksum and
     leaves the gathering as it was. */
  for (size_t cut = 0; cut < hl; cut++)
    assert_int_not_equal(ks_rb_resume(&s, &d1, store, sizeof store, &base_state, hand, cut, &e), KS_OK);
  static uint8_t bent[1 << 14];
  for (size_t i = 0; i < hl; i++) {
    memcpy(bent, hand, hl);
    bent[i] ^= 0x81u;
    (void)ks_rb_resume(&s, &d1, store, sizeof store, &base_state, bent, hl, &e);
  }
  {
    ks_rb_gather g2;
    static uint8_t buf2[1 << 14];
    assert_int_equal(ks_rb_gather_init(&g2, 1, 2, 42u, buf2, sizeof buf2), KS_OK);
    assert_int_equal(ks_rb_write_part(&pr.s[0], 42u, hand, hl, 0, msg, KS_RB_PART_HEADER_BYTES + 8 + 40, &pl), KS_OK);
    for (size_t i = 0; i < pl; i++) {
      memcpy(bent, msg, pl);
      bent[i] ^= 0x10u;
      assert_int_not_equal(ks_rb_gather_read(&g2, bent, pl, &e), KS_OK);
      assert_true(g2.have == 0 && g2.total == 0 && !g2.complete);
    }
    assert_int_equal(ks_rb_gather_read(&g2, msg, pl, &e), KS_OK);
    assert_int_equal(g2.have, 40);
  }
  assert_int_equal(ks_rb_resume(&s, &d1, store, sizeof store, &base_state, hand, hl, &e), KS_OK);
  assert_int_equal(s.start_step, base);
  assert_true(ks_rb_frame(&s) >= base);
  /* The keeper now refuses what the lost session had sent. */
  static ks_rb_session old;
  (void)old;
  size_t ml = 0;
  assert_int_equal(ks_rb_write_message(&pr.s[1], msg, sizeof msg, &ml), KS_OK); /* the "lost" session's message */
  assert_int_equal(ks_rb_read_message(&pr.s[0], msg, ml, &e), KS_ERR_STATE);
  assert_string_equal(e.field, "seq (before a handover)");
  assert_int_equal(ks_rb_write_message(&s, msg, sizeof msg, &ml), KS_OK); /* the resumed one's */
  assert_int_equal(ks_rb_read_message(&pr.s[0], msg, ml, &e), KS_OK);
  assert_int_equal(pr.s[0].stats.peer_resumes, 1);
  assert_int_equal(pr.s[0].stats.handovers, 1);
  pair_free(&pr);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_definitions_are_checked),
      cmocka_unit_test(test_the_window_is_run_then_waited),
      cmocka_unit_test(test_a_late_input_rolls_back_to_its_step),
      cmocka_unit_test(test_input_delay_stamps_later),
      cmocka_unit_test(test_predict_last_repeats_the_last_known_input),
      cmocka_unit_test(test_two_peers_agree_on_a_clean_and_a_slow_link),
      cmocka_unit_test(test_random_links_always_end_on_the_same_bits),
      cmocka_unit_test(test_bad_messages_are_refused_and_change_nothing),
      cmocka_unit_test(test_a_planted_nondeterminism_is_named_to_the_step),
      cmocka_unit_test(test_honest_peers_match_every_check),
      cmocka_unit_test(test_a_lost_session_resumes_from_a_handover),
      cmocka_unit_test(test_handover_messages_are_checked),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
