// SPDX-License-Identifier: MIT
/* The penalty duel between two peers over the simulated network: latency
   0-300 ms, jitter, 10% loss, reordering and duplication, a seed per duel.
   Random shots, random keeper taps at random steps (before the strike, in
   flight, or never), random rules. Every duel must end with both peers'
   final states equal (every field, by the hash and the trace line's exact
   bits), equal to an offline re-simulation of the confirmed input log (the
   shoot-out record, which must verify), and with byte-identical records.
   A planted nondeterminism in one peer's step is reported by both as the
   exact first differing step and, through the per-step trace, the field.
   A page reloaded in the middle (its peer gone) takes its seat up again from
   the other device's handover, and the duel still ends on the same bits. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <cmocka.h>

#include "kickstep/dmath.h"
#include "kickstep/kick_duel_peer.h"
#include "kickstep/kick_shootout.h"
#include "pair.h"

/* ------------------------------------------------------------------ agents */

typedef struct plan {
  int32_t kick;          /* the kick this plan is for (-1: none yet) */
  int64_t strike_age;    /* AIM steps before the shooter strikes */
  kick_launch launch;
  int32_t tap_when;      /* 0 before the strike, 1 in flight, 2 never */
  int64_t tap_age;       /* steps into that phase */
  double tap_x, tap_y;
} plan;

typedef struct agent {
  ks_rng r;
  plan shoot, keep;
} agent;

static kick_launch random_launch(ks_rng *r) {
  kick_launch k = kick_launch_default();
  k.speed_mps = ks_rng_range(r, 12.0, 32.0);
  k.elevation = ks_rng_range(r, -0.05, 0.4);
  k.direction = ks_rng_range(r, -0.45, 0.45);
  if (ks_rng_chance(r, 0.5)) {
    k.spin_axis = ks_v3(ks_rng_range(r, -0.3, 0.3), 1.0, 0.0);
    k.spin_rate = ks_rng_range(r, 0.0, 60.0);
  }
  return k;
}

/* What the local player does this step, as its device sees the match. */
static void act(agent *a, kick_duel_peer *p, int32_t me) {
  const kick_duel *d = kick_duel_peer_view(p);
  if (d->phase == KICK_DUEL_OVER || d->phase == KICK_DUEL_READY) return;
  int64_t age = d->step - d->phase_step;
  if (d->shooter == me) {
    if (a->shoot.kick != d->kick) {
      a->shoot.kick = d->kick;
      a->shoot.strike_age = (int64_t)ks_rng_below(&a->r, ks_rng_chance(&a->r, 0.05) ? 900u : 200u);
      a->shoot.launch = random_launch(&a->r);
    }
    if (d->phase == KICK_DUEL_AIM && age >= a->shoot.strike_age) (void)kick_duel_peer_strike(p, &a->shoot.launch);
  } else {
    if (a->keep.kick != d->kick) {
      a->keep.kick = d->kick;
      uint32_t u = ks_rng_below(&a->r, 10u);
      a->keep.tap_when = u < 3u ? 0 : u < 8u ? 1 : 2;
      a->keep.tap_age = (int64_t)ks_rng_below(&a->r, a->keep.tap_when == 0 ? 150u : 240u);
      a->keep.tap_x = ks_rng_range(&a->r, -4.0, 4.0);
      a->keep.tap_y = ks_rng_range(&a->r, 0.2, 2.4);
    }
    bool now = (a->keep.tap_when == 0 && d->phase == KICK_DUEL_AIM && age >= a->keep.tap_age) ||
               (a->keep.tap_when == 1 && d->phase == KICK_DUEL_FLIGHT && age >= a->keep.tap_age);
    if (now) (void)kick_duel_peer_tap(p, a->keep.tap_x, a->keep.tap_y);
  }
}

/* ------------------------------------------------------------ a whole duel */

typedef struct duel_run {
  kick_duel_peer *p[2];
  void *storage[2];
  ns_link link[2];
  int64_t ticks;
  int64_t refused;
  uint8_t msg[KS_RB_MAX_MESSAGE];
} duel_run;

static void duel_tick(duel_run *u, agent ag[2], int64_t now) {
  for (int s = 0; s < 2; s++) {
    uint8_t *b;
    long n;
    while ((n = ns_take(&u->link[s], now, &b)) >= 0) {
      if (kick_duel_peer_read(u->p[1 - s], b, (size_t)n, NULL) != KS_OK) u->refused++;
      free(b);
    }
  }
  for (int s = 0; s < 2; s++) {
    act(&ag[s], u->p[s], s);
    (void)kick_duel_peer_tick(u->p[s]);
  }
  for (int s = 0; s < 2; s++) {
    if ((now + 5 * s) % 10 != 0) continue;
    size_t len = 0;
    if (kick_duel_peer_write(u->p[s], u->msg, sizeof u->msg, &len) == KS_OK) ns_send(&u->link[s], now, u->msg, len);
  }
}

static void trace_of(const kick_duel *d, char *buf, size_t cap, size_t *len) {
  ks_tl_writer w;
  ks_tl_writer_init(&w, buf, cap);
  kick_duel_trace_line(&w, d);
  *len = w.len;
}

typedef struct totals {
  int64_t duels, kicks, goals, replays, rollbacks, resimulated, max_rollback, lost, duplicated, waits, taps, strikes;
} totals;

static void one_duel(uint64_t seed, totals *t) {
  ks_rng r = ks_rng_seeded(seed * 7919u + 17u);
  ns_params net = ns_random_params(&r);
  kick_duel_peer_def def = kick_duel_peer_default_def();
  def.duel.match_seed = ks_rng_next(&r);
  static const int32_t each[4] = {1, 2, 3, 5};
  def.duel.kicks_each = each[ks_rng_below(&r, 4u)];
  def.duel.max_kicks = 2 * def.duel.kicks_each + 2 * (int32_t)ks_rng_below(&r, 3u);
  def.duel.ready_steps = 30;
  def.duel.aim_steps = 600;
  def.duel.after_steps = 60;
  def.duel.replays = ks_rng_below(&r, 4u) == 0u;
  def.duel.keeper_rating = ks_rng_range(&r, 0.3, 1.0);
  def.duel.wind_mps = ks_rng_chance(&r, 0.3) ? ks_rng_range(&r, 0.0, 6.0) : 0.0;
  def.max_prediction = 120 + (int32_t)ks_rng_below(&r, 300u);
  def.input_delay = (int32_t)ks_rng_below(&r, 8u);

  static kick_duel_peer peers[2];
  duel_run u;
  memset(&u, 0, sizeof u);
  for (int s = 0; s < 2; s++) {
    kick_duel_peer_def d = def;
    d.local_player = s;
    size_t n = kick_duel_peer_storage_size(&d);
    assert_true(n > 0 && n <= KICK_DUEL_PEER_STORAGE);
    u.storage[s] = malloc(n);
    u.p[s] = &peers[s];
    assert_int_equal(kick_duel_peer_init(u.p[s], &d, u.storage[s], n), KS_OK);
    ns_link_init(&u.link[s], &net, seed * 2u + (uint64_t)s);
  }
  agent ag[2];
  for (int s = 0; s < 2; s++) {
    ag[s].r = ks_rng_seeded(seed * 31u + (uint64_t)s);
    ag[s].shoot.kick = ag[s].keep.kick = -1;
  }
  int64_t now = 0;
  for (; now < 3000000 && !(u.p[0]->over && u.p[1]->over); now++) duel_tick(&u, ag, now);
  if (!(u.p[0]->over && u.p[1]->over))
    fail_msg("duel %llu did not end (latency %lld)", (unsigned long long)seed, (long long)net.latency);

  /* Both ends on the same bits, and a record that says so offline. */
  kick_duel_peer *a = u.p[0], *b = u.p[1];
  assert_true(a->record_ok && b->record_ok);
  assert_int_equal(a->end_step, b->end_step);
  assert_int_equal(a->final_hash, b->final_hash);
  assert_int_equal(kick_duel_hash(&a->confirmed), kick_duel_hash(&b->confirmed));
  char la[4096], lb[4096];
  size_t na, nb;
  trace_of(&a->confirmed, la, sizeof la, &na);
  trace_of(&b->confirmed, lb, sizeof lb, &nb);
  assert_int_equal(na, nb);
  assert_memory_equal(la, lb, na);
  assert_int_equal(a->confirmed.phase, KICK_DUEL_OVER);
  static uint8_t ea[KICK_SHOOTOUT_MAX_BYTES], eb[KICK_SHOOTOUT_MAX_BYTES];
  size_t sa = 0, sb = 0;
  assert_int_equal(kick_shootout_encode(&a->record, ea, sizeof ea, &sa, NULL), KS_OK);
  assert_int_equal(kick_shootout_encode(&b->record, eb, sizeof eb, &sb, NULL), KS_OK);
  assert_int_equal(sa, sb);
  assert_memory_equal(ea, eb, sa);
  static kick_shootout back;
  assert_int_equal(kick_shootout_decode(ea, sa, &back, NULL), KS_OK);
  kick_replay_verify_result v;
  assert_int_equal(kick_shootout_verify(&back, &v), KS_OK);
  assert_true(v.identical);
  kick_duel off;
  assert_int_equal(kick_shootout_state_at(&back, back.end_step, &off), KS_OK);
  assert_int_equal(kick_duel_hash(&off), a->final_hash);
  char lo[4096];
  size_t no;
  trace_of(&off, lo, sizeof lo, &no);
  assert_memory_equal(lo, la, na);
  assert_int_equal(u.refused, 0);

  t->duels++;
  t->kicks += a->record.kicks;
  t->goals += a->record.score[0] + a->record.score[1];
  if (def.duel.replays) t->replays += a->record.score[0] + a->record.score[1];
  for (int s = 0; s < 2; s++) {
    const ks_rb_stats *st = &u.p[s]->rb.stats;
    t->rollbacks += st->rollbacks;
    t->resimulated += st->resimulated;
    if (st->max_rollback > t->max_rollback) t->max_rollback = st->max_rollback;
    t->waits += st->waits;
    t->lost += u.link[s].dropped;
    t->duplicated += u.link[s].duplicated;
    free(u.storage[s]);
    ns_link_free(&u.link[s]);
  }
  for (int32_t i = 0; i < back.input_count; i++) {
    if (back.inputs[i].input.kind == KICK_DUEL_IN_TAP) t->taps++;
    else t->strikes++;
  }
}

static void test_a_thousand_random_duels_end_on_the_same_bits(void **st) {
  (void)st;
  totals t = {0};
  int32_t n = 1000;
  const char *env = getenv("KS_DUELS");
  if (env) n = atoi(env);
  for (int32_t i = 0; i < n; i++) one_duel((uint64_t)i, &t);
  print_message("%lld duels, %lld kicks, %lld goals (%lld replayed), %lld strikes and %lld taps recorded;\n"
                "%lld rollbacks re-simulating %lld steps (longest %lld), %lld waits; %lld packets lost, %lld duplicated\n",
                (long long)t.duels, (long long)t.kicks, (long long)t.goals, (long long)t.replays, (long long)t.strikes,
                (long long)t.taps, (long long)t.rollbacks, (long long)t.resimulated, (long long)t.max_rollback,
                (long long)t.waits, (long long)t.lost, (long long)t.duplicated);
  assert_int_equal(t.duels, n);
  /* The runs exercised what they are meant to. */
  assert_true(t.rollbacks > n && t.taps > n && t.lost > 10 * n && t.duplicated > n);
  assert_true(t.replays > 0 && t.goals > 0 && t.goals < t.kicks);
}

/* ------------------------------------------------ a planted nondeterminism */

typedef struct plant {
  bool on;
  int64_t at_step;       /* filled when it fires: the step count after the step it changed */
} plant;

/* Peer 1's step nudges the ball by one ulp of vx, 100 steps into kick 1's
   flight; peer 0's does not. */
static void planted_step(void *state, const uint8_t *const in[KS_RB_PLAYERS], void *user) {
  kick_duel_rb_step(state, in, NULL);
  kick_duel *d = (kick_duel *)state;
  plant *pl = (plant *)user;
  if (pl->on && d->kick == 1 && d->phase == KICK_DUEL_FLIGHT && d->shot.clock.total_steps == d->strike_step + 100) {
    d->shot.ball.vel.x = ks_f64_from_bits(ks_f64_bits(d->shot.ball.vel.x) + 1u);
    pl->at_step = d->step;
  }
}

typedef struct duel_agent {
  ks_rng r;
} duel_agent;

/* The raw-session agent: the shooter strikes 40 steps into AIM, the keeper dives 20 steps into flight. */
static void session_agent(int32_t p, const void *state, int64_t frame, uint8_t *input, void *user) {
  (void)frame;
  (void)user;
  const kick_duel *d = (const kick_duel *)state;
  int64_t age = d->step - d->phase_step;
  kick_duel_input in = {KICK_DUEL_IN_NONE, kick_launch_default(), 0.0, 0.0};
  if (d->shooter == p && d->phase == KICK_DUEL_AIM && age == 40) {
    kick_launch k = kick_launch_default();
    k.speed_mps = 22.0 + d->kick;
    k.elevation = 0.15;
    k.direction = d->kick % 2 ? 0.2 : -0.2;
    in = kick_duel_strike_input(&k);
  }
  if (d->shooter != p && d->phase == KICK_DUEL_FLIGHT && age == 20 && !d->tapped) in = kick_duel_tap_input(1.5, 1.0);
  kick_duel_input_encode(&in, input);
}

static void test_a_planted_nondeterminism_is_named_to_the_step_and_field(void **st) {
  (void)st;
  plant honest = {false, -1}, planted = {true, -1};
  kick_duel_def dd = kick_duel_default_def();
  dd.ready_steps = 30;
  dd.after_steps = 60;
  static kick_duel start;
  assert_int_equal(kick_duel_init(&start, &dd), KS_OK);
  ks_rb_def d0 = ks_rb_default_def();
  d0.state_size = sizeof(kick_duel);
  d0.input_size = KICK_DUEL_INPUT_BYTES;
  d0.max_prediction = 200;
  d0.hash_every = 120;
  d0.step = planted_step;
  d0.hash = kick_duel_rb_hash;
  d0.user = &honest;
  ks_rb_def d1 = d0;
  d1.local_player = 1;
  d1.user = &planted;
  ns_params net = {60, 10, 0.1, 0.05, 0.05};
  static pair pr;
  assert_int_equal(pair_init(&pr, &d0, &d1, &start, &net, 5u), 0);
  duel_agent ag = {ks_rng_seeded(1)};
  int64_t i = 0;
  const ks_rb_desync *x = NULL, *y = NULL;
  for (; i < 40000; i++) {
    pair_tick(&pr, session_agent, &ag);
    x = ks_rb_desync_report(&pr.s[0]);
    y = ks_rb_desync_report(&pr.s[1]);
    if (x->detected && x->exact && y->detected && y->exact) break;
  }
  assert_true(i < 40000);
  assert_true(planted.at_step > 0);
  /* "Step n" is the state after n steps: the nudge shows in the state it made. */
  assert_int_equal(x->first_step, planted.at_step);
  assert_int_equal(y->first_step, planted.at_step);
  assert_true(x->agreed_step < x->first_step && x->first_step <= x->check_step);
  char text[256];
  ks_rb_desync_text(x, text, sizeof text);
  print_message("peer 0: %s\n", text);

  /* Each side's trace line of that step, sent as the detail; the other side
     names the field (what kick_duel_peer does on a device). */
  static kick_duel s0, s1;
  assert_int_equal(ks_rb_desync_state(&pr.s[0], x->first_step, &s0), KS_OK);
  assert_int_equal(ks_rb_desync_state(&pr.s[1], y->first_step, &s1), KS_OK);
  char l0[KICK_REPLAY_TRACE_LINE_MAX], l1[KICK_REPLAY_TRACE_LINE_MAX];
  size_t n0, n1;
  trace_of(&s0, l0, sizeof l0, &n0);
  trace_of(&s1, l1, sizeof l1, &n1);
  assert_int_equal(ks_rb_set_detail(&pr.s[0], x->first_step, l0, n0), KS_OK);
  assert_int_equal(ks_rb_set_detail(&pr.s[1], y->first_step, l1, n1), KS_OK);
  for (int k = 0; k < 600; k++) pair_tick(&pr, session_agent, &ag);
  size_t rn = 0;
  int64_t rstep = -1;
  const uint8_t *theirs = ks_rb_remote_detail(&pr.s[0], &rn, &rstep);
  assert_non_null(theirs);
  assert_int_equal(rstep, x->first_step);
  char field[40];
  assert_true(kick_duel_trace_diff(l0, n0, (const char *)theirs, rn, field, sizeof field));
  print_message("the first differing field: %s\n", field);
  assert_string_equal(field, "vx");
  /* The line before it agrees. */
  assert_int_equal(ks_rb_desync_state(&pr.s[0], x->first_step - 1, &s0), KS_OK);
  assert_int_equal(ks_rb_desync_state(&pr.s[1], x->first_step - 1, &s1), KS_OK);
  trace_of(&s0, l0, sizeof l0, &n0);
  trace_of(&s1, l1, sizeof l1, &n1);
  assert_false(kick_duel_trace_diff(l0, n0, l1, n1, field, sizeof field));
  pair_free(&pr);
}

/* --------------------------------------------- two peers, one of them gone */

typedef struct peers {
  kick_duel_peer p[2];
  void *storage[2];
  ns_link link[2];
} peers;

static void agents_init(agent ag[2], uint64_t seed) {
  for (int s = 0; s < 2; s++) {
    memset(&ag[s], 0, sizeof ag[s]);
    ag[s].r = ks_rng_seeded(seed + (uint64_t)s);
    ag[s].shoot.kick = ag[s].keep.kick = -1;
  }
}

static peers *peers_new(const kick_duel_peer_def *base, const ns_params *net, const kick_duel_peer_def *override1) {
  peers *u = calloc(1, sizeof *u);
  for (int s = 0; s < 2; s++) {
    kick_duel_peer_def d = s == 1 && override1 ? *override1 : *base;
    d.local_player = s;
    size_t n = kick_duel_peer_storage_size(&d);
    u->storage[s] = malloc(n);
    assert_int_equal(kick_duel_peer_init(&u->p[s], &d, u->storage[s], n), KS_OK);
    ns_link_init(&u->link[s], net, 40u + (uint64_t)s);
  }
  return u;
}

static void peers_free(peers *u) {
  for (int s = 0; s < 2; s++) {
    free(u->storage[s]);
    ns_link_free(&u->link[s]);
  }
  free(u);
}

/* One tick; `alive[s]` false: that device neither reads, steps nor sends. */
static void peers_tick(peers *u, agent ag[2], int64_t now, const bool alive[2]) {
  static uint8_t m[KS_RB_MAX_MESSAGE];
  for (int s = 0; s < 2; s++) {
    uint8_t *b;
    long n;
    while ((n = ns_take(&u->link[s], now, &b)) >= 0) {
      if (alive[1 - s]) (void)kick_duel_peer_read(&u->p[1 - s], b, (size_t)n, NULL);
      free(b);
    }
  }
  for (int s = 0; s < 2; s++) {
    if (!alive[s]) continue;
    act(&ag[s], &u->p[s], s);
    (void)kick_duel_peer_tick(&u->p[s]);
    size_t len = 0;
    if ((now + 5 * s) % 10 == 0 && kick_duel_peer_write(&u->p[s], m, sizeof m, &len) == KS_OK) ns_send(&u->link[s], now, m, len);
  }
}

/* Player 1's device goes silent in the third kick: player 0's waits (its
   window fills), then ends the match as abandoned by player 1. The record
   stops at the last confirmed step, says who left, and verifies. */
static void test_a_player_who_leaves_loses_and_the_record_says_so(void **st) {
  (void)st;
  kick_duel_peer_def def = kick_duel_peer_default_def();
  def.duel.ready_steps = 30;
  def.duel.after_steps = 60;
  ns_params net = {30, 6, 0.1, 0.05, 0.05};
  peers *u = peers_new(&def, &net, NULL);
  agent ag[2];
  agents_init(ag, 3);
  bool both[2] = {true, true}, one[2] = {true, false};
  int64_t now = 0;
  for (; now < 200000 && kick_duel_peer_view(&u->p[0])->kick < 2; now++) peers_tick(u, ag, now, both);
  int64_t frame_then = ks_rb_frame(&u->p[0].rb);
  for (int64_t i = 0; i < 3000; i++, now++) peers_tick(u, ag, now, one);
  kick_duel_peer *p = &u->p[0];
  assert_true(ks_rb_frame(&p->rb) - frame_then <= def.max_prediction + 40); /* it waited */
  assert_true(p->waited + p->skipped > 2500); /* waited (window full) or held back (time sync) */
  assert_false(p->over);
  assert_int_equal(kick_duel_peer_abandon(p, 1), KS_OK);
  assert_true(p->over && p->record_ok);
  assert_int_equal(kick_duel_peer_abandon(p, 1), KS_ERR_STATE);
  kick_launch k = kick_launch_default();
  assert_int_equal(kick_duel_peer_strike(p, &k), KS_ERR_STATE);
  const kick_shootout *r = kick_duel_peer_record(p);
  assert_non_null(r);
  assert_int_equal(r->end, KICK_SHOOTOUT_ABANDONED);
  assert_int_equal(r->abandoned_by, 1);
  assert_int_equal(r->end_step, ks_rb_confirmed(&p->rb));
  assert_true(r->kicks >= 2);
  kick_replay_verify_result v;
  assert_int_equal(kick_shootout_verify(r, &v), KS_OK);
  assert_true(v.identical);
  static kick_duel at;
  assert_int_equal(kick_shootout_state_at(r, r->end_step, &at), KS_OK);
  assert_int_equal(kick_duel_hash(&at), p->final_hash);
  peers_free(u);
}

/* The same planted nudge, in one device's peer: both devices' peers name
   the step and, from each other's trace lines, the field. */
static void test_two_peers_name_the_desync_step_and_field(void **st) {
  (void)st;
  plant planted = {true, -1};
  kick_duel_peer_def def = kick_duel_peer_default_def();
  def.duel.ready_steps = 30;
  def.duel.after_steps = 60;
  kick_duel_peer_def bad = def;
  bad.step = planted_step;
  bad.step_user = &planted;
  ns_params net = {50, 10, 0.1, 0.05, 0.05};
  peers *u = peers_new(&def, &net, &bad);
  agent ag[2];
  agents_init(ag, 5);
  bool both[2] = {true, true};
  int64_t now = 0;
  for (; now < 300000; now++) {
    peers_tick(u, ag, now, both);
    if (kick_duel_peer_desync_field(&u->p[0])[0] && kick_duel_peer_desync_field(&u->p[1])[0]) break;
  }
  assert_true(now < 300000);
  for (int s = 0; s < 2; s++) {
    const ks_rb_desync *d = kick_duel_peer_desync(&u->p[s]);
    assert_true(d->detected && d->exact);
    assert_int_equal(d->first_step, planted.at_step);
    assert_string_equal(kick_duel_peer_desync_field(&u->p[s]), "vx");
    assert_false(u->p[s].over);
  }
  peers_free(u);
}

/* ------------------------------------------- a device that reloads its page */

/* Two devices whose pages may be reloaded: a reloaded device loses its peer
   (memory wiped), is away for a while, then gathers a handover from the
   other (requests every 10 ticks, answered by kick_duel_peer_answer) and
   resumes with kick_duel_peer_resume; messages are dispatched by kind, as
   the page does. */
typedef struct device {
  kick_duel_peer *p;
  void *storage;
  size_t size;
  kick_duel_peer_def def;
  int mode;                  /* 0 live, 1 gone, 2 gathering */
  int64_t back_at;           /* gone: the tick it comes back */
  ks_rb_gather g;
  uint8_t *gathered;
  kick_duel_handover box;
  int32_t resumes;
  int64_t refused_old, refused_other;
} device;

enum { DEV_LIVE, DEV_GONE, DEV_GATHERING };

typedef struct reloads {
  device d[2];
  ns_link link[2];
  ks_rng nonces;
  uint8_t msg[KS_RB_MAX_MESSAGE];
} reloads;

static reloads *reloads_new(const kick_duel_peer_def *base, const ns_params *net, uint64_t seed) {
  reloads *u = calloc(1, sizeof *u);
  u->nonces = ks_rng_seeded(seed * 13u + 5u);
  for (int s = 0; s < 2; s++) {
    device *v = &u->d[s];
    v->def = *base;
    v->def.local_player = s;
    v->size = kick_duel_peer_storage_size(&v->def);
    v->storage = malloc(v->size);
    v->p = malloc(sizeof *v->p);
    assert_int_equal(kick_duel_peer_init(v->p, &v->def, v->storage, v->size), KS_OK);
    v->gathered = malloc(KICK_DUEL_HANDOVER_MAX);
    v->box.bytes = malloc(KICK_DUEL_HANDOVER_MAX);
    v->box.cap = KICK_DUEL_HANDOVER_MAX;
    v->box.valid = false;
    ns_link_init(&u->link[s], net, seed * 2u + (uint64_t)s + 9u);
  }
  return u;
}

static void reloads_free(reloads *u) {
  for (int s = 0; s < 2; s++) {
    free(u->d[s].storage);
    free(u->d[s].p);
    free(u->d[s].gathered);
    free(u->d[s].box.bytes);
    ns_link_free(&u->link[s]);
  }
  free(u);
}

/* The page is reloaded: everything it held is gone. */
static void reload(reloads *u, int s, int64_t now, int64_t away) {
  device *v = &u->d[s];
  memset(v->p, 0xa5, sizeof *v->p);
  memset(v->storage, 0x5a, v->size);
  v->box.valid = false;
  v->mode = DEV_GONE;
  v->back_at = now + away;
}

static void deliver(reloads *u, int to, const uint8_t *b, size_t n, int64_t now) {
  device *v = &u->d[to];
  ks_rb_kind kind = ks_rb_message_kind(b, n);
  ks_rb_error e;
  if (v->mode == DEV_GONE) return;
  if (v->mode == DEV_GATHERING) {
    if (kind != KS_RB_KIND_PART) return;
    ks_status st = ks_rb_gather_read(&v->g, b, n, &e);
    if (st != KS_OK) { /* an answer to the request of an earlier reload of this page */
      assert_int_equal(st, KS_ERR_STATE);
      assert_string_equal(e.field, "nonce");
      return;
    }
    if (!v->g.complete) return;
    assert_int_equal(kick_duel_peer_resume(v->p, &v->def, v->storage, v->size, v->g.buf, v->g.total, &e), KS_OK);
    v->mode = DEV_LIVE;
    v->resumes++;
    return;
  }
  if (kind == KS_RB_KIND_REQUEST) {
    size_t len = 0;
    ks_status st = kick_duel_peer_answer(v->p, &v->box, b, n, u->msg, sizeof u->msg, &len, &e);
    if (st != KS_OK) fail_msg("answer: %s (%s)", e.field, ks_status_name(st));
    ns_send(&u->link[to], now, u->msg, len);
    return;
  }
  if (kind != KS_RB_KIND_INPUTS) return; /* a late part: no longer needed */
  if (kick_duel_peer_read(v->p, b, n, &e) == KS_OK) return;
  if (strcmp(e.field, "seq (before a handover)") == 0) v->refused_old++;
  else v->refused_other++;
}

static void reloads_tick(reloads *u, agent ag[2], int64_t now) {
  for (int s = 0; s < 2; s++) {
    uint8_t *b;
    long n;
    while ((n = ns_take(&u->link[s], now, &b)) >= 0) {
      deliver(u, 1 - s, b, (size_t)n, now);
      free(b);
    }
  }
  for (int s = 0; s < 2; s++) {
    device *v = &u->d[s];
    if (v->mode == DEV_GONE && now >= v->back_at) {
      assert_int_equal(ks_rb_gather_init(&v->g, s, KICK_DUEL_INPUT_BYTES, ks_rng_next(&u->nonces), v->gathered,
                                         KICK_DUEL_HANDOVER_MAX), KS_OK);
      v->mode = DEV_GATHERING;
    }
    if (v->mode != DEV_LIVE) continue;
    act(&ag[s], v->p, s);
    (void)kick_duel_peer_tick(v->p);
  }
  for (int s = 0; s < 2; s++) {
    device *v = &u->d[s];
    if ((now + 5 * s) % 10 != 0) continue;
    size_t len = 0;
    if (v->mode == DEV_GATHERING) {
      assert_int_equal(ks_rb_gather_request(&v->g, u->msg, sizeof u->msg, &len), KS_OK);
      ns_send(&u->link[s], now, u->msg, len);
    } else if (v->mode == DEV_LIVE && kick_duel_peer_write(v->p, u->msg, sizeof u->msg, &len) == KS_OK) {
      ns_send(&u->link[s], now, u->msg, len);
    }
  }
}

/* Both devices end on the same bits with byte-identical records that verify. */
static void same_end(kick_duel_peer *a, kick_duel_peer *b) {
  assert_true(a->over && b->over);
  assert_true(a->record_ok && b->record_ok);
  assert_int_equal(a->end_step, b->end_step);
  assert_int_equal(a->final_hash, b->final_hash);
  char la[4096], lb[4096];
  size_t na, nb;
  trace_of(&a->confirmed, la, sizeof la, &na);
  trace_of(&b->confirmed, lb, sizeof lb, &nb);
  assert_int_equal(na, nb);
  assert_memory_equal(la, lb, na);
  static uint8_t ea[KICK_SHOOTOUT_MAX_BYTES], eb[KICK_SHOOTOUT_MAX_BYTES];
  size_t sa = 0, sb = 0;
  assert_int_equal(kick_shootout_encode(&a->record, ea, sizeof ea, &sa, NULL), KS_OK);
  assert_int_equal(kick_shootout_encode(&b->record, eb, sizeof eb, &sb, NULL), KS_OK);
  assert_int_equal(sa, sb);
  assert_memory_equal(ea, eb, sa);
  kick_replay_verify_result v;
  assert_int_equal(kick_shootout_verify(&a->record, &v), KS_OK);
  assert_true(v.identical);
  static kick_duel off;
  assert_int_equal(kick_shootout_state_at(&a->record, a->record.end_step, &off), KS_OK);
  assert_int_equal(kick_duel_hash(&off), a->final_hash);
}

/* Player 1's page is reloaded in the middle of kick 3's flight and comes
   back after 1.5 s: it takes its seat up again and the match ends on the
   same bits on both devices, the records byte for byte equal. */
static void test_a_reloaded_page_takes_its_seat_up_again(void **st) {
  (void)st;
  kick_duel_peer_def def = kick_duel_peer_default_def();
  def.duel.ready_steps = 30;
  def.duel.after_steps = 60;
  ns_params net = {40, 15, 0.08, 0.05, 0.05};
  reloads *u = reloads_new(&def, &net, 1u);
  agent ag[2];
  agents_init(ag, 21);
  int64_t now = 0, lost_frame = -1;
  bool reloaded = false;
  for (; now < 2000000 && !(u->d[0].mode == DEV_LIVE && u->d[1].mode == DEV_LIVE && u->d[0].p->over && u->d[1].p->over); now++) {
    reloads_tick(u, ag, now);
    const kick_duel *v = kick_duel_peer_view(u->d[1].p);
    if (!reloaded && v->kick == 3 && v->phase == KICK_DUEL_FLIGHT && v->step - v->phase_step == 50) {
      lost_frame = ks_rb_frame(&u->d[1].p->rb);
      reload(u, 1, now, 900);
      reloaded = true;
    }
  }
  assert_true(reloaded);
  assert_int_equal(u->d[1].resumes, 1);
  kick_duel_peer *a = u->d[0].p, *b = u->d[1].p;
  assert_true(b->resumed && !a->resumed);
  print_message("lost at step %lld, resumed at step %lld; the match ended at step %lld, %d-%d after %d kicks\n",
                (long long)lost_frame, (long long)b->resumed_at, (long long)a->end_step, a->record.score[0],
                a->record.score[1], a->record.kicks);
  assert_true(b->resumed_at > 0 && b->resumed_at <= lost_frame + def.input_delay);
  assert_true(a->record.kicks > 4); /* it went on well past the reload */
  assert_int_equal(a->rb.stats.handovers, 1);
  assert_int_equal(a->rb.stats.peer_resumes, 1);
  same_end(a, b);
  assert_int_equal(u->d[0].refused_other + u->d[1].refused_other, 0);
  reloads_free(u);
}

/* 200 duels on random links, each with one or two reloads of either page
   at random moments (the second may come before the first is back in),
   away from 0 to 5 s: every one ends on the same bits on both devices. */
static void test_random_reloads_always_end_on_the_same_bits(void **st) {
  (void)st;
  int64_t resumes = 0, old = 0, kicks = 0;
  int32_t n = 200;
  const char *env = getenv("KS_RELOAD_DUELS");
  if (env) n = atoi(env);
  for (int32_t i = 0; i < n; i++) {
    ks_rng r = ks_rng_seeded((uint64_t)i * 104729u + 3u);
    ns_params net = ns_random_params(&r);
    kick_duel_peer_def def = kick_duel_peer_default_def();
    def.duel.match_seed = ks_rng_next(&r);
    def.duel.kicks_each = 1 + (int32_t)ks_rng_below(&r, 3u);
    def.duel.max_kicks = 2 * def.duel.kicks_each + 4;
    def.duel.ready_steps = 30;
    def.duel.aim_steps = 600;
    def.duel.after_steps = 60;
    def.duel.replays = ks_rng_chance(&r, 0.5);
    def.max_prediction = 120 + (int32_t)ks_rng_below(&r, 300u);
    def.input_delay = (int32_t)ks_rng_below(&r, 8u);
    reloads *u = reloads_new(&def, &net, (uint64_t)i);
    agent ag[2];
    agents_init(ag, (uint64_t)i * 7u + 1u);
    int32_t planned = 1 + (int32_t)ks_rng_below(&r, 2u), done = 0, episodes = 0;
    int64_t next = 300 + (int64_t)ks_rng_below(&r, 3000u);
    int64_t now = 0;
    for (; now < 3000000; now++) {
      reloads_tick(u, ag, now);
      if (done < planned && now >= next) {
        int who = (int)ks_rng_below(&r, 2u);
        if (u->d[1 - who].mode == DEV_LIVE) { /* someone must keep the match */
          if (u->d[who].mode == DEV_LIVE) episodes++; /* else reloaded again before it was back in */
          reload(u, who, now, (int64_t)ks_rng_below(&r, 3000u));
          done++;
        }
        next = now + 200 + (int64_t)ks_rng_below(&r, 6000u);
      }
      bool live = u->d[0].mode == DEV_LIVE && u->d[1].mode == DEV_LIVE;
      if (live && u->d[0].p->over && u->d[1].p->over) break;
    }
    if (!(u->d[0].mode == DEV_LIVE && u->d[1].mode == DEV_LIVE && u->d[0].p->over && u->d[1].p->over))
      fail_msg("duel %d did not end (latency %lld)", i, (long long)net.latency);
    same_end(u->d[0].p, u->d[1].p);
    assert_int_equal(u->d[0].refused_other + u->d[1].refused_other, 0);
    assert_int_equal(u->d[0].resumes + u->d[1].resumes, episodes);
    resumes += episodes;
    old += u->d[0].refused_old + u->d[1].refused_old;
    kicks += u->d[0].p->record.kicks;
    reloads_free(u);
  }
  print_message("%d duels, %lld kicks, %lld reloads taken up again, %lld messages of lost pages refused\n", n,
                (long long)kicks, (long long)resumes, (long long)old);
  assert_true(resumes >= n);
}

/* A page reloaded after the match ended comes back to the same result; a
   handover refuses other rules, a cut history and the wrong player. */
static void test_a_page_reloaded_after_the_end_sees_the_result(void **st) {
  (void)st;
  kick_duel_peer_def def = kick_duel_peer_default_def();
  def.duel.ready_steps = 30;
  def.duel.after_steps = 60;
  def.duel.kicks_each = 1;
  def.duel.max_kicks = 2;
  ns_params net = {20, 5, 0.0, 0.0, 0.0};
  reloads *u = reloads_new(&def, &net, 9u);
  agent ag[2];
  agents_init(ag, 4);
  int64_t now = 0;
  for (; now < 500000 && !(u->d[0].p->over && u->d[1].p->over); now++) reloads_tick(u, ag, now);
  for (int i = 0; i < 200; i++, now++) reloads_tick(u, ag, now);
  static uint8_t before[KICK_SHOOTOUT_MAX_BYTES];
  size_t nb = 0;
  assert_int_equal(kick_shootout_encode(&u->d[0].p->record, before, sizeof before, &nb, NULL), KS_OK);
  reload(u, 0, now, 100);
  for (int i = 0; i < 2000 && u->d[0].resumes == 0; i++, now++) reloads_tick(u, ag, now);
  assert_int_equal(u->d[0].resumes, 1);
  assert_true(u->d[0].p->over && u->d[0].p->resumed);
  same_end(u->d[0].p, u->d[1].p);

  /* Refusals, on a handover answered by player 1 for player 0. */
  device *k = &u->d[1];
  ks_rb_gather g;
  static uint8_t buf[KICK_DUEL_HANDOVER_MAX], out[KS_RB_MAX_MESSAGE];
  size_t n = 0, len = 0;
  ks_rb_error e;
  assert_int_equal(ks_rb_gather_init(&g, 0, KICK_DUEL_INPUT_BYTES, 99u, buf, sizeof buf), KS_OK);
  while (!g.complete) {
    assert_int_equal(ks_rb_gather_request(&g, out, sizeof out, &n), KS_OK);
    static uint8_t part[KS_RB_MAX_MESSAGE];
    assert_int_equal(kick_duel_peer_answer(k->p, &k->box, out, n, part, sizeof part, &len, &e), KS_OK);
    assert_int_equal(ks_rb_gather_read(&g, part, len, &e), KS_OK);
  }
  /* A request from the answering side's own player is refused. */
  ks_rb_gather mine;
  assert_int_equal(ks_rb_gather_init(&mine, 1, KICK_DUEL_INPUT_BYTES, 5u, buf + 1, 100), KS_OK);
  assert_int_equal(ks_rb_gather_request(&mine, out, sizeof out, &n), KS_OK);
  assert_int_equal(kick_duel_peer_answer(k->p, &k->box, out, n, out + 64, sizeof out - 64, &len, &e), KS_ERR_STATE);
  assert_string_equal(e.field, "sender");
  static kick_duel_peer q;
  void *store = malloc(u->d[0].size);
  kick_duel_peer_def other = u->d[0].def;
  other.duel.match_seed ^= 1u;
  assert_int_equal(kick_duel_peer_resume(&q, &other, store, u->d[0].size, g.buf, g.total, &e), KS_ERR_STATE);
  assert_string_equal(e.field, "rules");
  assert_true(kick_duel_peer_view(&q) == NULL); /* unusable after an error */
  kick_duel_peer_def wrong = u->d[1].def;
  assert_int_equal(kick_duel_peer_resume(&q, &wrong, store, u->d[0].size, g.buf, g.total, &e), KS_ERR_STATE);
  assert_string_equal(e.field, "keeper");
  g.buf[g.total - 20] ^= 1u; /* inside the history's checksum */
  assert_int_equal(kick_duel_peer_resume(&q, &u->d[0].def, store, u->d[0].size, g.buf, g.total, &e), KS_ERR_FORMAT);
  assert_string_equal(e.field, "history");
  g.buf[g.total - 20] ^= 1u;
  assert_int_equal(kick_duel_peer_resume(&q, &u->d[0].def, store, u->d[0].size, g.buf, g.total, &e), KS_OK);
  assert_true(q.over && q.final_hash == u->d[1].p->final_hash);
  free(store);
  reloads_free(u);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_a_planted_nondeterminism_is_named_to_the_step_and_field),
      cmocka_unit_test(test_a_player_who_leaves_loses_and_the_record_says_so),
      cmocka_unit_test(test_two_peers_name_the_desync_step_and_field),
      cmocka_unit_test(test_a_thousand_random_duels_end_on_the_same_bits),
      cmocka_unit_test(test_a_reloaded_page_takes_its_seat_up_again),
      cmocka_unit_test(test_random_reloads_always_end_on_the_same_bits),
      cmocka_unit_test(test_a_page_reloaded_after_the_end_sees_the_result),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
