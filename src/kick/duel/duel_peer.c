// SPDX-License-Identifier: MIT
/* One device's side of the penalty duel: the rollback session over the
   duel, real time in steps, the record of the shoot-out as steps are
   confirmed, and the desync report's field. See kickstep/kick_duel_peer.h. */
#include "kickstep/kick_duel_peer.h"
#include "duel.h"


kick_duel_peer_def kick_duel_peer_default_def(void) {
  kick_duel_peer_def d;
  d.duel = kick_duel_default_def();
  d.local_player = 0;
  d.max_prediction = 300;
  d.input_delay = 6;
  d.hash_every = 120;
  d.step = kick_duel_rb_step;
  d.step_user = NULL;
  d.cookie = KS_DEF_COOKIE;
  return d;
}

ks_status duel_peer_rb_def(const kick_duel_peer_def *def, ks_rb_def *out) {
  if (!def) return KS_ERR_NULL;
  if (def->cookie != KS_DEF_COOKIE) return KS_ERR_UNINITIALISED;
  ks_status st = kick_duel_def_validate(&def->duel);
  if (st != KS_OK) return st;
  ks_rb_def r = ks_rb_default_def();
  r.state_size = sizeof(kick_duel);
  r.input_size = KICK_DUEL_INPUT_BYTES;
  r.players = (int32_t)def->duel.players;
  r.local_player = def->local_player;
  r.max_prediction = def->max_prediction;
  r.input_delay = def->input_delay;
  r.predict = KS_RB_PREDICT_NONE; /* a kick or a tap is an event, not a held input */
  r.hash_every = def->hash_every;
  r.checks_kept = 8;
  r.step = def->step;
  r.user = def->step_user;
  r.hash = kick_duel_rb_hash;
  st = ks_rb_def_validate(&r);
  if (st != KS_OK) return st;
  *out = r;
  return KS_OK;
}

size_t kick_duel_peer_storage_size(const kick_duel_peer_def *def) {
  ks_rb_def r;
  return duel_peer_rb_def(def, &r) == KS_OK ? ks_rb_storage_size(&r) : 0;
}

ks_status duel_peer_clock(ks_clock *out) {
  ks_clock_def cd = ks_clock_default_def();
  cd.steps_per_second = KICK_STEPS_PER_SECOND;
  cd.max_frame_seconds = 1.0 / 20.0;
  return ks_clock_init(out, &cd);
}

void duel_peer_reset(kick_duel_peer *p, const kick_duel_peer_def *def, const ks_clock *clock, const kick_duel *d) {
  p->def = *def;
  p->clock = *clock;
  p->has_pending = false;
  p->pending = kick_duel_tap_input(0.0, 0.0);
  p->pending.kind = KICK_DUEL_IN_NONE;
  p->sent_kind = KICK_DUEL_IN_NONE;
  p->sent_kick = -1;
  p->sent_step = -1;
  p->logged = 0;
  p->sync_turn = 0;
  p->over = false;
  p->record_ok = true;
  p->end_step = -1;
  p->final_hash = 0;
  p->abandoned_by = -1;
  p->confirmed = *d;
  p->confirmed_step = 0;
  p->stepped = p->waited = p->skipped = 0;
  p->detail_sent = false;
  p->field_known = false;
  p->desync_field[0] = '\0';
  p->resumed = false;
  p->resumed_at = -1;
  p->cookie = PEER_COOKIE;
}

ks_status kick_duel_peer_init(kick_duel_peer *p, const kick_duel_peer_def *def, void *storage, size_t size) {
  ks_rb_def r;
  ks_status st = duel_peer_rb_def(def, &r);
  if (st != KS_OK) return st;
  if (!p || !storage) return KS_ERR_NULL;
  kick_duel d;
  st = kick_duel_init(&d, &def->duel);
  if (st != KS_OK) return st;
  ks_clock clock;
  st = duel_peer_clock(&clock);
  if (st != KS_OK) return st;
  st = ks_rb_init(&p->rb, &r, storage, size, &d);
  if (st != KS_OK) return st;
  duel_peer_reset(p, def, &clock, &d);
  (void)kick_shootout_begin(&p->record, &def->duel);
  return KS_OK;
}

bool duel_peer_usable(const kick_duel_peer *p) { return p && p->cookie == PEER_COOKIE; }
static bool usable(const kick_duel_peer *p) { return duel_peer_usable(p); }

/* ----------------------------------------------------------------- record */

static void log_confirmed(kick_duel_peer *p, int64_t upto) {
  for (; p->logged < upto; p->logged++)
    for (int32_t pl = 0; pl < (int32_t)p->def.duel.players; pl++) {
      uint8_t b[KICK_DUEL_INPUT_BYTES];
      kick_duel_input in;
      if (ks_rb_input(&p->rb, pl, p->logged, b) != KS_OK) {
        p->record_ok = false; /* no longer kept: the record would be incomplete */
        continue;
      }
      if (kick_duel_input_decode(b, &in) != KS_OK || in.kind == KICK_DUEL_IN_NONE) continue;
      if (kick_shootout_add(&p->record, p->logged, pl, &in) != KS_OK) p->record_ok = false;
    }
}

/* Closes the record at end_step (inputs at or after it stepped nothing). */
static void close_record(kick_duel_peer *p, int64_t end_step, kick_shootout_end end, int32_t by) {
  log_confirmed(p, end_step);
  while (p->record.input_count > 0 && p->record.inputs[p->record.input_count - 1].step >= end_step)
    p->record.input_count--;
  if (kick_shootout_finish(&p->record, end_step, end, by) != KS_OK || p->record.final_hash != p->final_hash)
    p->record_ok = false;
  p->end_step = end_step;
  p->over = true;
}

static void follow_confirmed(kick_duel_peer *p) {
  int64_t c = ks_rb_confirmed(&p->rb);
  if (c == p->confirmed_step || p->over) return;
  if (ks_rb_confirmed_state(&p->rb, c, &p->confirmed) != KS_OK) return;
  p->confirmed_step = c;
  if (p->confirmed.phase != KICK_DUEL_OVER) {
    log_confirmed(p, c);
    return;
  }
  p->final_hash = kick_duel_hash(&p->confirmed);
  close_record(p, p->confirmed.step, KICK_SHOOTOUT_PLAYED, -1);
}

/* ----------------------------------------------------------------- desync */

static void follow_desync(kick_duel_peer *p) {
  const ks_rb_desync *d = ks_rb_desync_report(&p->rb);
  if (!d->detected || !d->exact) return;
  if (!p->detail_sent) {
    char line[KICK_REPLAY_TRACE_LINE_MAX];
    if (ks_rb_desync_state(&p->rb, d->first_step, &p->scratch) == KS_OK) {
      ks_tl_writer w;
      ks_tl_writer_init(&w, line, sizeof line);
      kick_duel_trace_line(&w, &p->scratch);
      if (!w.overflow) (void)ks_rb_set_detail(&p->rb, d->first_step, line, w.len);
    }
    p->detail_sent = true;
  }
  size_t n = 0;
  int64_t step = -1;
  const uint8_t *theirs = ks_rb_remote_detail(&p->rb, &n, &step);
  if (!p->field_known && theirs && step == d->first_step && p->rb.detail_step == step) {
    (void)kick_duel_trace_diff((const char *)p->rb.detail, (size_t)p->rb.detail_len, (const char *)theirs, n,
                               p->desync_field, sizeof p->desync_field);
    p->field_known = true;
  }
}

/* ------------------------------------------------------------------ ticks */

bool kick_duel_peer_tick(kick_duel_peer *p) {
  if (!usable(p)) return false;
  bool stepped = false;
  if (p->over && p->def.duel.players > 2) {
    /* A party that is over steps no further: its inputs from the end on stay
       kept, for a handover to a player who comes back after the end (the
       others need nothing past the end; messages still go out). */
    (void)ks_rb_settle(&p->rb);
  } else if (ks_rb_recommended_wait(&p->rb) > 0 && p->sync_turn++ % 3 == 0) {
    p->skipped++;
    (void)ks_rb_settle(&p->rb);
  } else {
    uint8_t b[KICK_DUEL_INPUT_BYTES];
    kick_duel_input_encode(p->has_pending ? &p->pending : NULL, b);
    ks_rb_advance_result r;
    int32_t kick = kick_duel_peer_view(p)->kick;
    if (ks_rb_advance(&p->rb, b, &r) == KS_OK && r.stepped) {
      if (p->has_pending && r.input_step < 0 && p->def.duel.players > 2) {
        /* A party's returning player before its resume step: not taken, it waits. */
      } else if (p->has_pending) {
        p->sent_kind = p->pending.kind;
        p->sent_kick = kick;
        p->sent_step = r.input_step;
      }
      if (r.input_step >= 0 || p->def.duel.players <= 2) p->has_pending = false;
      p->stepped++;
      stepped = true;
    } else {
      p->waited++;
    }
  }
  follow_confirmed(p);
  follow_desync(p);
  return stepped;
}

int64_t kick_duel_peer_frame(kick_duel_peer *p, double seconds) {
  if (!usable(p)) return 0;
  int64_t due = ks_clock_advance(&p->clock, seconds), ran = 0;
  for (int64_t i = 0; i < due; i++)
    if (kick_duel_peer_tick(p)) ran++;
  return ran;
}

/* ----------------------------------------------------------------- inputs */

/* A party's returning player whose inputs are still agreed "none" (up to
   the resume step of its handover): the session would not take a kick. */
static bool still_away(const kick_duel_peer *p) {
  if (p->def.duel.players <= 2) return false;
  int32_t me = p->def.local_player;
  return ks_rb_frame(&p->rb) + p->def.input_delay < p->rb.known_upto[me];
}

/* An input of this kind for the kick on screen is waiting, or stamped for a
   step this device has not simulated yet. */
static bool already(const kick_duel_peer *p, kick_duel_input_kind kind) {
  const kick_duel *v = kick_duel_peer_view(p);
  if (p->has_pending && p->pending.kind == kind) return true;
  return p->sent_kind == kind && p->sent_kick == v->kick && v->step <= p->sent_step;
}

ks_status kick_duel_peer_strike(kick_duel_peer *p, const kick_launch *launch) {
  if (!usable(p) || !launch) return KS_ERR_NULL;
  ks_status st = kick_launch_validate(launch);
  if (st != KS_OK) return st;
  if (p->over || still_away(p) || !kick_duel_may_strike(kick_duel_peer_view(p), p->def.local_player) ||
      already(p, KICK_DUEL_IN_STRIKE))
    return KS_ERR_STATE;
  p->pending = kick_duel_strike_input(launch);
  p->has_pending = true;
  return KS_OK;
}

ks_status kick_duel_peer_tap(kick_duel_peer *p, double x, double y) {
  if (!usable(p)) return KS_ERR_NULL;
  if (!ks_is_finite(x) || !ks_is_finite(y)) return KS_ERR_NOT_FINITE;
  if (p->over || still_away(p) || !kick_duel_may_tap(kick_duel_peer_view(p), p->def.local_player) ||
      already(p, KICK_DUEL_IN_TAP))
    return KS_ERR_STATE;
  p->pending = kick_duel_tap_input(x, y);
  p->has_pending = true;
  return KS_OK;
}

/* --------------------------------------------------------------- messages */

ks_status kick_duel_peer_write(kick_duel_peer *p, uint8_t *buf, size_t cap, size_t *len) {
  if (!usable(p)) return KS_ERR_NULL;
  return ks_rb_write_message(&p->rb, buf, cap, len);
}

ks_status kick_duel_peer_write_to(kick_duel_peer *p, int32_t player, uint8_t *buf, size_t cap, size_t *len) {
  if (!usable(p)) return KS_ERR_NULL;
  return ks_rb_write_message_to(&p->rb, player, buf, cap, len);
}

ks_status kick_duel_peer_read(kick_duel_peer *p, const uint8_t *buf, size_t len, ks_rb_error *err) {
  if (!usable(p)) return KS_ERR_NULL;
  ks_status st = ks_rb_read_message(&p->rb, buf, len, err);
  if (st == KS_OK) follow_desync(p);
  return st;
}

/* ------------------------------------------------------------- party drops */

ks_status kick_duel_peer_set_time(kick_duel_peer *p, int64_t now_ms) {
  if (!usable(p)) return KS_ERR_NULL;
  ks_rb_set_time(&p->rb, now_ms);
  if (p->def.duel.players <= 2 || p->over) return KS_OK; /* a duel: the front end ends it (kick_duel_peer_abandon) */
  /* The link's state, not the events: those stay for the front end to poll. */
  for (int32_t q = 0; q < (int32_t)p->def.duel.players; q++) {
    ks_rb_health h;
    if (q == p->def.local_player || !((p->rb.peers >> q) & 1u)) continue;
    if (ks_rb_peer_health(&p->rb, q, &h) == KS_OK && h.link == KS_RB_LINK_DISCONNECTED)
      (void)ks_rb_drop_peer(&p->rb, q);
  }
  return KS_OK;
}

bool kick_duel_peer_away(const kick_duel_peer *p, int32_t player) {
  if (!usable(p) || player < 0 || player >= (int32_t)p->def.duel.players) return false;
  return ((p->rb.dropped >> player) & 1u) != 0u;
}

/* ---------------------------------------------------------------- queries */

const kick_duel *kick_duel_peer_view(const kick_duel_peer *p) {
  return usable(p) ? (const kick_duel *)ks_rb_state(&p->rb) : NULL;
}

ks_status kick_duel_peer_abandon(kick_duel_peer *p, int32_t player) {
  if (!usable(p)) return KS_ERR_NULL;
  if (player < 0 || player >= (int32_t)p->def.duel.players) return KS_ERR_RANGE;
  if (p->over) return KS_ERR_STATE;
  int64_t c = ks_rb_confirmed(&p->rb);
  kick_duel d;
  if (ks_rb_confirmed_state(&p->rb, c, &d) != KS_OK) {
    c = p->confirmed_step;
    d = p->confirmed;
  }
  p->confirmed = d;
  p->confirmed_step = c;
  p->final_hash = kick_duel_hash(&d);
  p->abandoned_by = player;
  close_record(p, d.step < c ? d.step : c, KICK_SHOOTOUT_ABANDONED, player);
  return KS_OK;
}

const kick_shootout *kick_duel_peer_record(const kick_duel_peer *p) { return usable(p) && p->over ? &p->record : NULL; }

const ks_rb_desync *kick_duel_peer_desync(const kick_duel_peer *p) {
  return usable(p) ? ks_rb_desync_report(&p->rb) : NULL;
}

const char *kick_duel_peer_desync_field(const kick_duel_peer *p) {
  return usable(p) && p->field_known ? p->desync_field : "";
}
