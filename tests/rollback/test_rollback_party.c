// SPDX-License-Identifier: MIT
/* The party mode of the penalty duel: 3 and 4 players, each on its own peer,
   a full mesh over the simulated network (latency, jitter, 10% loss,
   reordering, duplication; a link per ordered pair of peers). Random shots
   and taps, random rules. Every match must end with every peer's final state
   equal (hash and trace line bits), equal to an offline re-simulation of the
   record (a version 2 shoot-out record, which must encode byte-identically on
   every peer, decode and verify), and the party's rules must hold: every
   round each player shoots once and keeps goal once, each shooter facing each
   other keeper equally often over the regulation rounds. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "kickstep/dmath.h"
#include "kickstep/hash.h"
#include "kickstep/kick_duel_peer.h"
#include "kickstep/kick_shootout.h"
#include "netsim.h"

#define NMAX KICK_DUEL_MAX_PLAYERS

/* ------------------------------------------------------------------ agents */

typedef struct agent {
  ks_rng r;
  int32_t shoot_kick, keep_kick;
  int64_t strike_age;
  kick_launch launch;
  int32_t tap_when; /* 0 before the strike, 1 in flight, 2 never */
  int64_t tap_age;
  double tap_x, tap_y;
} agent;

static kick_launch random_launch(ks_rng *r) {
  kick_launch k = kick_launch_default();
  k.speed_mps = ks_rng_range(r, 12.0, 32.0);
  k.elevation = ks_rng_range(r, -0.05, 0.4);
  k.direction = ks_rng_range(r, -0.45, 0.45);
  return k;
}

static void act(agent *a, kick_duel_peer *p, int32_t me) {
  const kick_duel *d = kick_duel_peer_view(p);
  if (d->phase == KICK_DUEL_OVER || d->phase == KICK_DUEL_READY) return;
  int64_t age = d->step - d->phase_step;
  if (d->shooter == me) {
    if (a->shoot_kick != d->kick) {
      a->shoot_kick = d->kick;
      a->strike_age = (int64_t)ks_rng_below(&a->r, ks_rng_chance(&a->r, 0.05) ? 900u : 200u);
      a->launch = random_launch(&a->r);
    }
    if (d->phase == KICK_DUEL_AIM && age >= a->strike_age) (void)kick_duel_peer_strike(p, &a->launch);
  } else if (kick_duel_keeper(d) == me) {
    if (a->keep_kick != d->kick) {
      a->keep_kick = d->kick;
      uint32_t u = ks_rng_below(&a->r, 10u);
      a->tap_when = u < 3u ? 0 : u < 8u ? 1 : 2;
      a->tap_age = (int64_t)ks_rng_below(&a->r, a->tap_when == 0 ? 150u : 240u);
      a->tap_x = ks_rng_range(&a->r, -4.0, 4.0);
      a->tap_y = ks_rng_range(&a->r, 0.2, 2.4);
    }
    bool now = (a->tap_when == 0 && d->phase == KICK_DUEL_AIM && age >= a->tap_age) ||
               (a->tap_when == 1 && d->phase == KICK_DUEL_FLIGHT && age >= a->tap_age);
    if (now) (void)kick_duel_peer_tap(p, a->tap_x, a->tap_y);
  } else {
    /* A bystander's device tries to play out of turn: refused, nothing sent. */
    kick_launch k = kick_launch_default();
    assert_int_equal(kick_duel_peer_strike(p, &k), KS_ERR_STATE);
    assert_int_equal(kick_duel_peer_tap(p, 0.0, 1.0), KS_ERR_STATE);
  }
}

static void trace_of(const kick_duel *d, char *buf, size_t cap, size_t *len) {
  ks_tl_writer w;
  ks_tl_writer_init(&w, buf, cap);
  kick_duel_trace_line(&w, d);
  *len = w.len;
}

/* --------------------------------------------------------- a whole party */

typedef struct totals {
  int64_t matches, kicks, goals, draws, extra_rounds, rollbacks, lost;
  /* comeback parties */
  int64_t comebacks, live_comebacks, creator_comebacks, played_after, out_of_turn, away_steps, parts, refused_after_drop;
} totals;

/* A comeback party: player r's device loses its peer (memory wiped) when the
   match reaches kick `at_kick`; it is silent, the others drop it once its
   link is disconnected (kick_duel_peer_set_time) and play on; `back_after`
   ticks after it was lost it gathers a handover, asking every device over
   the lossy links, and resumes. */
typedef struct comeback {
  bool on;
  int32_t r, at_kick;
  int64_t back_after;
  enum { CB_PLAYING, CB_GONE, CB_GATHERING, CB_LIVE } mode;
  int64_t gone_at;
  ks_rb_gather g;
  uint8_t *gathered;
  kick_duel_handover box[NMAX];
  int32_t answered_by;          /* the device whose answer wrote the handover (-1: none yet) */
  int64_t empty, resume;        /* the writer's drop step and resume step for r */
  bool seen_away;               /* a remaining device saw r dropped */
} comeback;

static void one_party_with(int32_t n, uint64_t seed, totals *t, bool with_comeback) {
  ks_rng r = ks_rng_seeded(seed * 6151u + (uint64_t)n * 13u + 5u);
  ns_params net = ns_random_params(&r);
  kick_duel_peer_def def = kick_duel_peer_default_def();
  def.duel = kick_duel_party_def(n);
  def.duel.match_seed = ks_rng_next(&r);
  def.duel.kicks_each = 1 + (int32_t)ks_rng_below(&r, 3u);
  def.duel.max_kicks = n * (def.duel.kicks_each + (int32_t)ks_rng_below(&r, 4u));
  def.duel.ready_steps = 30;
  def.duel.aim_steps = 600;
  def.duel.after_steps = 60;
  def.duel.replays = ks_rng_below(&r, 4u) == 0u;
  def.duel.keeper_rating = ks_rng_range(&r, 0.3, 1.0);
  def.max_prediction = 120 + (int32_t)ks_rng_below(&r, 300u);
  def.input_delay = (int32_t)ks_rng_below(&r, 8u);
  assert_int_equal(kick_duel_def_validate(&def.duel), KS_OK);

  static kick_duel_peer peers[NMAX];
  static uint8_t msg[KS_RB_MAX_MESSAGE];
  void *storage[NMAX];
  ns_link link[NMAX][NMAX]; /* link[s][q]: s's messages to q */
  agent ag[NMAX];
  for (int32_t s = 0; s < n; s++) {
    kick_duel_peer_def d = def;
    d.local_player = s;
    size_t sz = kick_duel_peer_storage_size(&d);
    assert_true(sz > 0 && sz <= KICK_DUEL_PEER_STORAGE);
    storage[s] = malloc(sz);
    assert_int_equal(kick_duel_peer_init(&peers[s], &d, storage[s], sz), KS_OK);
    for (int32_t q = 0; q < n; q++) ns_link_init(&link[s][q], &net, seed * 16u + (uint64_t)(s * NMAX + q));
    ag[s].r = ks_rng_seeded(seed * 31u + (uint64_t)s + 1000u * (uint64_t)n);
    ag[s].shoot_kick = ag[s].keep_kick = -1;
  }
  static comeback cb;
  static uint8_t part[KS_RB_MAX_MESSAGE], req[KS_RB_REQUEST_BYTES];
  memset(&cb, 0, sizeof cb);
  cb.on = with_comeback;
  cb.answered_by = -1;
  cb.empty = cb.resume = -1;
  if (cb.on) {
    cb.r = (int32_t)ks_rng_below(&r, (uint32_t)n); /* player 0 too: then player 1's device answers */
    /* Lost during a kick the match cannot have ended before: not the last of
       the first rounds (nobody can lead by more than the rest can make up). */
    cb.at_kick = (int32_t)ks_rng_below(&r, (uint32_t)(n - 1)) +
                 n * (int32_t)ks_rng_below(&r, (uint32_t)(def.duel.kicks_each + 1) / 2u); /* never past the end */
    cb.back_after = 600 + (int64_t)ks_rng_below(&r, 4800u); /* 1 to 9 s: before or after the 5 s disconnect */
    cb.gathered = malloc(KICK_DUEL_HANDOVER_MAX);
    for (int32_t s = 0; s < n; s++) {
      cb.box[s].bytes = malloc(KICK_DUEL_HANDOVER_MAX);
      cb.box[s].cap = KICK_DUEL_HANDOVER_MAX;
      cb.box[s].valid = false;
    }
  }
  kick_duel_peer_def rdef = def;
  rdef.local_player = cb.r;
  size_t rsz = kick_duel_peer_storage_size(&rdef);
#define CB_AWAY(x) (cb.on && (x) == cb.r && (cb.mode == CB_GONE || cb.mode == CB_GATHERING))
  int64_t refused = 0, now = 0;
  for (;; now++) {
    bool all = true;
    for (int32_t s = 0; s < n; s++) all = all && !CB_AWAY(s) && peers[s].over;
    if (all || now >= 4000000) break;
    if (cb.on && cb.mode == CB_PLAYING && kick_duel_peer_view(&peers[cb.r])->kick >= cb.at_kick &&
        kick_duel_peer_view(&peers[cb.r])->phase != KICK_DUEL_READY) {
      /* The page is reloaded: everything of the lost peer is gone. */
      memset(storage[cb.r], 0xa5, rsz);
      memset(&peers[cb.r], 0x5a, sizeof peers[cb.r]);
      cb.mode = CB_GONE;
      cb.gone_at = now;
    }
    if (cb.on && cb.mode == CB_GONE && now >= cb.gone_at + cb.back_after) {
      assert_int_equal(ks_rb_gather_init(&cb.g, cb.r, KICK_DUEL_INPUT_BYTES, ks_rng_next(&r), cb.gathered,
                                         KICK_DUEL_HANDOVER_MAX),
                       KS_OK);
      cb.mode = CB_GATHERING;
    }
    if (cb.on && cb.mode == CB_GATHERING && now % 30 == 0) {
      size_t len = 0;
      assert_int_equal(ks_rb_gather_request(&cb.g, req, sizeof req, &len), KS_OK);
      for (int32_t q = 0; q < n; q++)
        if (q != cb.r) ns_send(&link[cb.r][q], now, req, len);
    }
    for (int32_t s = 0; s < n; s++)
      for (int32_t q = 0; q < n; q++) {
        if (q == s) continue;
        uint8_t *b;
        long len;
        while ((len = ns_take(&link[s][q], now, &b)) >= 0) {
          ks_rb_kind kind = ks_rb_message_kind(b, (size_t)len);
          if (CB_AWAY(q)) {
            /* Nothing reads for the lost page; the gathering takes parts. */
            if (cb.mode == CB_GATHERING && kind == KS_RB_KIND_PART)
              (void)ks_rb_gather_read(&cb.g, b, (size_t)len, NULL);
          } else if (cb.on && kind == KS_RB_KIND_PART) {
            /* A late part after the gathering was complete. */
          } else if (cb.on && kind == KS_RB_KIND_REQUEST) {
            size_t plen = 0;
            ks_rb_error e;
            if (kick_duel_peer_answer(&peers[q], &cb.box[q], b, (size_t)len, part, sizeof part, &plen, &e) == KS_OK) {
              if (cb.answered_by < 0) {
                cb.answered_by = q;
                cb.empty = peers[q].rb.back_empty[cb.r];
                cb.resume = peers[q].rb.back_step[cb.r];
              }
              assert_int_equal(q, cb.answered_by); /* only one device answers */
              ns_send(&link[q][s], now, part, plen);
            } else if (e.status != KS_ERR_STATE) {
              fail_msg("party of %d, seed %llu: device %d answers %d \"%s\" (over %d, logged %lld, confirmed %lld, "
                       "frame %lld)", n, (unsigned long long)seed, q, (int)e.status, e.field, (int)peers[q].over,
                       (long long)peers[q].logged, (long long)ks_rb_confirmed(&peers[q].rb),
                       (long long)ks_rb_frame(&peers[q].rb));
            }
          } else if (kick_duel_peer_read(&peers[q], b, (size_t)len, NULL) != KS_OK) {
            if (cb.on) t->refused_after_drop++; /* the lost or the not yet taken back session's */
            else refused++;
          }
          free(b);
        }
      }
    if (cb.on && cb.mode == CB_GATHERING && cb.g.complete) {
      ks_rb_error e;
      ks_status st = kick_duel_peer_resume(&peers[cb.r], &rdef, storage[cb.r], rsz, cb.g.buf, cb.g.total, &e);
      if (st != KS_OK) fail_msg("party of %d, seed %llu: resume refused (%s)", n, (unsigned long long)seed, e.field);
      assert_true(peers[cb.r].resumed);
      cb.mode = CB_LIVE;
      ag[cb.r].shoot_kick = ag[cb.r].keep_kick = -1; /* a new page */
      t->parts += cb.g.parts;
    }
    for (int32_t s = 0; s < n; s++) {
      if (CB_AWAY(s)) continue;
      if (cb.on) assert_int_equal(kick_duel_peer_set_time(&peers[s], now * 1000 / KICK_STEPS_PER_SECOND), KS_OK);
      if (cb.on && s != cb.r && kick_duel_peer_away(&peers[s], cb.r)) cb.seen_away = true;
      act(&ag[s], &peers[s], s);
      (void)kick_duel_peer_tick(&peers[s]);
    }
    for (int32_t s = 0; s < n; s++) {
      if ((now + 3 * s) % 10 != 0 || CB_AWAY(s)) continue;
      for (int32_t q = 0; q < n; q++) {
        size_t len = 0;
        if (q != s && kick_duel_peer_write_to(&peers[s], q, msg, sizeof msg, &len) == KS_OK)
          ns_send(&link[s][q], now, msg, len);
      }
    }
  }
#undef CB_AWAY
  for (int32_t s = 0; s < n; s++)
    if (!peers[s].over) fail_msg("party of %d, seed %llu did not end", n, (unsigned long long)seed);
  assert_int_equal(refused, 0);
  if (cb.on) {
    if (cb.mode != CB_LIVE)
      fail_msg("party of %d, seed %llu: the lost player never came back (mode %d, answered by %d)", n,
               (unsigned long long)seed, (int)cb.mode, cb.answered_by);
    assert_true(cb.seen_away);
    /* The lowest-numbered remaining device wrote the handover. */
    assert_int_equal(cb.answered_by, cb.r == 0 ? 1 : 0);
    assert_true(cb.empty >= 0 && cb.resume > cb.empty);
    /* Back in a match that was still on, every device took it back (one
       that ended while it was away may end with it still dropped on a
       device that never needed its inputs again). */
    for (int32_t s = 0; s < n; s++)
      if (peers[0].end_step > cb.resume && kick_duel_peer_away(&peers[s], cb.r))
        fail_msg("party of %d, seed %llu: device %d still has %d away (end %lld, resume %lld)", n,
                 (unsigned long long)seed, s, cb.r, (long long)peers[0].end_step, (long long)cb.resume);
    if (peers[0].end_step > cb.resume) t->live_comebacks++;
    if (cb.r == 0) t->creator_comebacks++;
    t->comebacks++;
    t->away_steps += cb.resume - cb.empty;
  }

  /* Every peer on the same bits, and the same record. */
  kick_duel_peer *a = &peers[0];
  char la[4096], lb[4096];
  size_t na, nb;
  trace_of(&a->confirmed, la, sizeof la, &na);
  static uint8_t ea[KICK_SHOOTOUT_MAX_BYTES], eb[KICK_SHOOTOUT_MAX_BYTES];
  size_t sa = 0, sb = 0;
  assert_int_equal(kick_shootout_encode(&a->record, ea, sizeof ea, &sa, NULL), KS_OK);
  assert_int_equal(ea[4], 2); /* a party's record is version 2 */
  assert_int_equal(a->confirmed.phase, KICK_DUEL_OVER);
  for (int32_t s = 1; s < n; s++) {
    kick_duel_peer *b = &peers[s];
    assert_true(a->record_ok && b->record_ok);
    assert_int_equal(a->end_step, b->end_step);
    assert_int_equal(a->final_hash, b->final_hash);
    trace_of(&b->confirmed, lb, sizeof lb, &nb);
    assert_int_equal(na, nb);
    assert_memory_equal(la, lb, na);
    assert_int_equal(kick_shootout_encode(&b->record, eb, sizeof eb, &sb, NULL), KS_OK);
    assert_int_equal(sa, sb);
    assert_memory_equal(ea, eb, sa);
  }
  /* Offline: the record decodes, verifies, and re-simulates to the same end. */
  static kick_shootout back;
  assert_int_equal(kick_shootout_decode(ea, sa, &back, NULL), KS_OK);
  assert_int_equal(back.def.players, n);
  kick_replay_verify_result v;
  assert_int_equal(kick_shootout_verify(&back, &v), KS_OK);
  assert_true(v.identical);
  kick_duel off;
  assert_int_equal(kick_shootout_state_at(&back, back.end_step, &off), KS_OK);
  assert_int_equal(kick_duel_hash(&off), a->final_hash);
  for (int32_t i = 0; i < n; i++) assert_int_equal(off.score[i], back.score[i]);

  /* The rules: round by round, each shoots once and keeps once; the winner
     leads alone (or a draw only at max_kicks); nobody shot out of turn. */
  const kick_duel *f = &a->confirmed;
  int32_t kicks = back.kicks;
  int32_t sum = 0, best = -1, tied = 0;
  for (int32_t i = 0; i < n; i++) sum += f->taken[i];
  assert_int_equal(sum, kicks);
  for (int32_t i = 0; i < n; i++) {
    assert_true(f->taken[i] == kicks / n || f->taken[i] == kicks / n + 1);
    if (best < 0 || f->score[i] > best) best = f->score[i];
  }
  for (int32_t i = 0; i < n; i++) tied += f->score[i] == best;
  if (f->winner == n) {
    assert_true(tied > 1);
    assert_int_equal(kicks, def.duel.max_kicks);
    t->draws++;
  } else {
    assert_true(f->winner >= 0 && f->winner < n);
    assert_int_equal(f->score[f->winner], best);
    assert_int_equal(tied, 1);
  }
  if (kicks > n * def.duel.kicks_each) t->extra_rounds++;
  for (int32_t i = 0; i < back.input_count; i++) {
    const kick_shootout_input *in = &back.inputs[i];
    kick_duel at;
    assert_int_equal(kick_shootout_state_at(&back, in->step, &at), KS_OK);
    int32_t ought = in->input.kind == KICK_DUEL_IN_STRIKE ? at.shooter : kick_duel_keeper(&at);
    if (in->player != ought && cb.on) {
      /* A device that mispredicted whose turn it was (the lost player's kick
         struck late after its comeback, seen as untaken): the rules read
         only the shooter's and the keeper's inputs, so it changed nothing
         (the record verified above). */
      t->out_of_turn++;
    } else if (in->player != ought)
      fail_msg("party of %d, seed %llu: player %d's %s at step %lld (kick %d, phase %d) is %d's to make (lost: %d, "
               "drop %lld, resume %lld)", n, (unsigned long long)seed, in->player,
               in->input.kind == KICK_DUEL_IN_STRIKE ? "strike" : "tap", (long long)in->step, at.kick, (int)at.phase,
               ought, cb.on ? cb.r : -1, (long long)cb.empty, (long long)cb.resume);
  }

  t->matches++;
  t->kicks += kicks;
  for (int32_t i = 0; i < n; i++) t->goals += f->score[i];
  if (cb.on) {
    /* The lost player's inputs are "none" from the agreed step to the
       resume step: the record holds none of its in that stretch. */
    for (int32_t i = 0; i < back.input_count; i++)
      if (back.inputs[i].player == cb.r && back.inputs[i].step >= cb.empty && back.inputs[i].step < cb.resume)
        fail_msg("party of %d, seed %llu: an input of the lost player at step %lld while away", n,
                 (unsigned long long)seed, (long long)back.inputs[i].step);
    for (int32_t i = 0; i < back.input_count; i++)
      if (back.inputs[i].player == cb.r && back.inputs[i].step >= cb.resume) t->played_after++;
    for (int32_t s = 0; s < n; s++) assert_false(ks_rb_desync_report(&peers[s].rb)->detected);
    free(cb.gathered);
    for (int32_t s = 0; s < n; s++) free(cb.box[s].bytes);
  }
  for (int32_t s = 0; s < n; s++) {
    t->rollbacks += peers[s].rb.stats.rollbacks;
    for (int32_t q = 0; q < n; q++) {
      t->lost += link[s][q].dropped;
      ns_link_free(&link[s][q]);
    }
    free(storage[s]);
  }
}

static void one_party(int32_t n, uint64_t seed, totals *t) { one_party_with(n, seed, t, false); }

static void run_parties(int32_t n) {
  totals t = {0};
  int32_t count = 40;
  const char *env = getenv("KS_PARTIES");
  if (env) count = atoi(env);
  for (int32_t i = 0; i < count; i++) one_party(n, (uint64_t)i, &t);
  print_message("%d players: %lld matches, %lld kicks, %lld goals, %lld draws, %lld into extra rounds; "
                "%lld rollbacks, %lld packets lost\n",
                n, (long long)t.matches, (long long)t.kicks, (long long)t.goals, (long long)t.draws,
                (long long)t.extra_rounds, (long long)t.rollbacks, (long long)t.lost);
  assert_int_equal(t.matches, count);
  if (count >= 20) {
    assert_true(t.goals > 0);
    assert_true(t.rollbacks > 0);
    assert_true(t.lost > 0);
  }
}

static void test_three_player_parties_end_on_the_same_bits(void **st) {
  (void)st;
  run_parties(3);
}

static void test_four_player_parties_end_on_the_same_bits(void **st) {
  (void)st;
  run_parties(4);
}

/* A player's device loses its peer mid-match and comes back: every device
   ends on the same bits and the same record, which verifies. */
static void run_comebacks(int32_t n) {
  totals t = {0};
  int32_t count = 24;
  const char *env = getenv("KS_COMEBACKS");
  if (env) count = atoi(env);
  for (int32_t i = 0; i < count; i++) one_party_with(n, 7000u + (uint64_t)i, &t, true);
  print_message("%d players: %lld matches where a player's page was reloaded and came back; its inputs \"none\" "
                "for %.1f steps, %.1f parts on average; %lld back in a match still on, %lld of player 0 "
                "(%lld inputs of theirs after); %lld goals, %lld messages refused around the drop, "
                "%lld inputs out of turn (mispredicted, ignored by the rules)\n",
                n, (long long)t.comebacks, count ? (double)t.away_steps / count : 0.0,
                count ? (double)t.parts / count : 0.0, (long long)t.live_comebacks, (long long)t.creator_comebacks,
                (long long)t.played_after, (long long)t.goals, (long long)t.refused_after_drop,
                (long long)t.out_of_turn);
  assert_int_equal(t.comebacks, count);
  if (count >= 20) {
    assert_true(t.goals > 0);
    assert_true(t.live_comebacks >= count / 2); /* most come back into a match still on */
    assert_true(t.played_after > 0);            /* and really play again */
    assert_true(t.creator_comebacks > 0);       /* player 0 among them */
  }
}

static void test_three_player_party_comeback(void **st) {
  (void)st;
  run_comebacks(3);
}

static void test_four_player_party_comeback(void **st) {
  (void)st;
  run_comebacks(4);
}

/* Dropping in a duel: nobody (the front end abandons instead). */
static void test_a_duel_drops_nobody(void **st) {
  (void)st;
  static kick_duel_peer p;
  kick_duel_peer_def d = kick_duel_peer_default_def();
  size_t sz = kick_duel_peer_storage_size(&d);
  void *mem = malloc(sz);
  assert_int_equal(kick_duel_peer_init(&p, &d, mem, sz), KS_OK);
  for (int64_t ms = 0; ms <= 20000; ms += 500) assert_int_equal(kick_duel_peer_set_time(&p, ms), KS_OK);
  assert_int_equal(p.rb.dropped, 0u);
  assert_false(kick_duel_peer_away(&p, 1));
  assert_int_equal(kick_duel_peer_set_time(NULL, 0), KS_ERR_NULL);
  free(mem);
}

/* ----------------------------------------------------------------- rules */

static void test_the_keeper_rotates_fairly(void **st) {
  (void)st;
  for (int32_t n = 3; n <= 4; n++) {
    kick_duel_def d = kick_duel_party_def(n);
    assert_int_equal(kick_duel_def_validate(&d), KS_OK);
    assert_int_equal(d.players, n);
    assert_int_equal(d.max_kicks % n, 0);
    assert_int_equal(d.kicks_each % (n - 1), 0);
    int32_t faced[NMAX][NMAX] = {{0}};
    for (int32_t round = 0; round < d.kicks_each; round++) {
      int32_t kept[NMAX] = {0};
      for (int32_t s = 0; s < n; s++) {
        int32_t k = round * n + s;
        int32_t keeper = kick_duel_keeper_of(&d, k);
        assert_true(keeper >= 0 && keeper < n && keeper != s);
        kept[keeper]++;
        faced[s][keeper]++;
      }
      for (int32_t p = 0; p < n; p++) assert_int_equal(kept[p], 1);
    }
    for (int32_t s = 0; s < n; s++)
      for (int32_t q = 0; q < n; q++) assert_int_equal(faced[s][q], s == q ? 0 : d.kicks_each / (n - 1));
  }
  /* Two players: the duel's rules, unchanged. */
  kick_duel_def two = kick_duel_party_def(2);
  kick_duel_def dflt = kick_duel_default_def();
  assert_memory_equal(&two, &dflt, sizeof two);
  for (int32_t k = 0; k < 10; k++) assert_int_equal(kick_duel_keeper_of(&two, k), 1 - k % 2);
  /* Out of range. */
  kick_duel_def bad = kick_duel_party_def(5);
  assert_int_equal(kick_duel_def_validate(&bad), KS_ERR_RANGE);
  bad = kick_duel_party_def(3);
  bad.max_kicks = 40; /* not whole rounds */
  assert_int_equal(kick_duel_def_validate(&bad), KS_ERR_RANGE);
}

/* A tie at the top plays whole rounds, everyone shooting, up to max_kicks:
   nobody strikes, every kick is "no shot", and the party ends a draw. */
static void test_a_tied_party_plays_whole_rounds_to_a_draw(void **st) {
  (void)st;
  kick_duel_def def = kick_duel_party_def(3);
  def.kicks_each = 2;
  def.max_kicks = 12;
  def.ready_steps = 0;
  def.aim_steps = 60;
  def.after_steps = 0;
  def.replays = false;
  def.keeper_rating = 0.0;
  kick_duel d;
  assert_int_equal(kick_duel_init(&d, &def), KS_OK);
  for (int64_t i = 0; i < 200000 && d.phase != KICK_DUEL_OVER; i++) kick_duel_step(&d, NULL);
  assert_int_equal(d.phase, KICK_DUEL_OVER);
  assert_int_equal(d.winner, 3);
  assert_int_equal(d.kick + 1, 12);
  for (int32_t i = 0; i < 3; i++) assert_int_equal(d.taken[i], 4);
}

/* A version 2 record refuses a party size out of range, and a duel's record
   is still version 1, byte for byte what it was. */
static void test_party_record_fields(void **st) {
  (void)st;
  static kick_shootout r, back;
  kick_duel_def def = kick_duel_party_def(4);
  def.kicks_each = 1;
  def.max_kicks = 4;
  def.ready_steps = 0;
  def.aim_steps = 60;
  def.after_steps = 0;
  assert_int_equal(kick_shootout_begin(&r, &def), KS_OK);
  kick_duel_input tap = kick_duel_tap_input(1.0, 1.0);
  assert_int_equal(kick_shootout_add(&r, 3, 1, &tap), KS_OK);
  assert_int_equal(kick_shootout_add(&r, 5, 4, &tap), KS_ERR_RANGE);
  assert_int_equal(kick_shootout_finish(&r, 400, KICK_SHOOTOUT_PLAYED, -1), KS_OK);
  static uint8_t b[KICK_SHOOTOUT_MAX_BYTES];
  size_t n = 0;
  assert_int_equal(kick_shootout_encode(&r, b, sizeof b, &n, NULL), KS_OK);
  assert_int_equal(b[4], 2);
  assert_int_equal(kick_shootout_decode(b, n, &back, NULL), KS_OK);
  assert_int_equal(back.def.players, 4);
  assert_int_equal(back.final_hash, r.final_hash);
  /* The players byte follows the def (header 12, def 47): 5 is refused by name. */
  static uint8_t e[KICK_SHOOTOUT_MAX_BYTES];
  memcpy(e, b, n);
  e[12 + 47] = 5;
  size_t body = n - 8;
  uint64_t h = ks_fnv1a64(e, body);
  for (int i = 0; i < 8; i++) e[body + (size_t)i] = (uint8_t)(h >> (8 * i));
  kick_replay_error err;
  assert_int_equal(kick_shootout_decode(e, n, &back, &err), KS_ERR_FORMAT);
  assert_string_equal(err.field, "def.players");
  /* A duel writes version 1. */
  kick_duel_def two = kick_duel_default_def();
  assert_int_equal(kick_shootout_begin(&r, &two), KS_OK);
  assert_int_equal(kick_shootout_finish(&r, 100, KICK_SHOOTOUT_PLAYED, -1), KS_OK);
  assert_int_equal(kick_shootout_encode(&r, b, sizeof b, &n, NULL), KS_OK);
  assert_int_equal(b[4], 1);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_the_keeper_rotates_fairly),
      cmocka_unit_test(test_a_tied_party_plays_whole_rounds_to_a_draw),
      cmocka_unit_test(test_party_record_fields),
      cmocka_unit_test(test_three_player_parties_end_on_the_same_bits),
      cmocka_unit_test(test_four_player_parties_end_on_the_same_bits),
      cmocka_unit_test(test_a_duel_drops_nobody),
      cmocka_unit_test(test_three_player_party_comeback),
      cmocka_unit_test(test_four_player_party_comeback),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
