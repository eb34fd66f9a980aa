// SPDX-License-Identifier: MIT
/* The rollback session on a small toy game of its own (not the kick): two
   dots pushed by held directions and a dice roll. Prediction and rollback,
   the window, input delay, confirmation, the simulated network (latency,
   jitter, loss, reordering, duplication), message refusals and desyncs. */
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
  int64_t frame = s->frame, k0 = s->known_upto[0], k1 = s->known_upto[1], ack = s->remote_ack;
  uint32_t seen = s->seen;
  int64_t refused = s->stats.refused, received = s->stats.received;
  ks_rb_error e;
  assert_int_equal(ks_rb_read_message(s, m, len, &e), want);
  assert_int_equal(e.status, want);
  assert_string_equal(e.field, field);
  assert_int_equal(s->frame, frame);
  assert_int_equal(s->known_upto[0], k0);
  assert_int_equal(s->known_upto[1], k1);
  assert_int_equal(s->remote_ack, ack);
  assert_int_equal(s->seen, seen);
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
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
