// SPDX-License-Identifier: MIT
/* A device's seat in the duel taken up again after its peer was lost (a
   reloaded page): the other device answers with a handover whose history is
   its shoot-out record so far; the returning device rebuilds the match from
   it. See kickstep/kick_duel_peer.h and kickstep/rollback.h ("Resuming"). */
#include "duel.h"

static ks_status refuse(ks_rb_error *e, ks_status st, const char *field) {
  if (!e) return st;
  e->status = st;
  size_t i = 0;
  for (; field[i] && i + 1 < sizeof e->field; i++) e->field[i] = field[i];
  e->field[i] = '\0';
  e->offset = 0;
  return st;
}

/* An open record again after kick_shootout_finish closed it for the
   handover: the inputs stay, the expectations go (as kick_shootout_begin). */
static void reopen(kick_shootout *r) {
  int32_t inputs = r->input_count;
  kick_duel_def def = r->def; /* validated when the record was begun */
  (void)kick_shootout_begin(r, &def);
  r->input_count = inputs;
}

/* The handover: the session's part, then the record so far (closed at the
   last confirmed step, or as it was if the match is over). */
static ks_status write_handover(kick_duel_peer *p, kick_duel_handover *box, int32_t returner) {
  int64_t base = p->over ? p->end_step : p->logged;
  if (p->def.duel.players > 2) {
    /* Is this device the one to answer, now? Measured with no room (nothing
       changes short of the room): the record is only closed if so. */
    size_t need = 0, at0 = 0;
    ks_status ok = ks_rb_handover_write_for(&p->rb, returner, base, 0, box->bytes, 0, &need, &at0);
    if (ok != KS_ERR_CAPACITY) return ok == KS_OK ? KS_ERR_STATE : ok;
  }
  if (!p->over) {
    if (p->confirmed_step != base) return KS_ERR_STATE;
    ks_status st = kick_shootout_finish(&p->record, base, KICK_SHOOTOUT_PLAYED, -1);
    if (st != KS_OK) return st;
    if (p->record.final_hash != kick_duel_hash(&p->confirmed)) {
      reopen(&p->record);
      return KS_ERR_STATE; /* the record does not rebuild this device's match */
    }
  }
  size_t hist = kick_shootout_encoded_size(&p->record), len = 0, at = 0;
  ks_status st = KS_ERR_STATE;
  if (hist != 0 && p->def.duel.players <= 2)
    st = ks_rb_handover_write(&p->rb, base, hist, box->bytes, box->cap, &len, &at);
  else if (hist != 0)
    st = ks_rb_handover_write_for(&p->rb, returner, base, hist, box->bytes, box->cap, &len, &at);
  if (st == KS_OK) st = kick_shootout_encode(&p->record, box->bytes + at, box->cap - at, &hist, NULL);
  if (!p->over) reopen(&p->record);
  if (st != KS_OK) return st;
  box->len = len;
  return KS_OK;
}

ks_status kick_duel_peer_answer(kick_duel_peer *p, kick_duel_handover *box, const uint8_t *req, size_t req_len,
                                uint8_t *out, size_t cap, size_t *out_len, ks_rb_error *err) {
  if (!duel_peer_usable(p) || !box || !box->bytes || !out || !out_len) return refuse(err, KS_ERR_NULL, "argument");
  ks_rb_request rq;
  ks_status st = ks_rb_read_request(&p->rb, req, req_len, &rq, err);
  if (st != KS_OK) return st;
  if (!p->record_ok) return refuse(err, KS_ERR_STATE, "record");
  if (ks_rb_desync_report(&p->rb)->detected) return refuse(err, KS_ERR_STATE, "desync");
  if (!box->valid || box->nonce != rq.nonce) {
    box->valid = false;
    /* The asking player: a checked request's sender byte (its header's sixth). */
    st = write_handover(p, box, (int32_t)req[5]);
    if (st != KS_OK) return refuse(err, st, "handover");
    box->nonce = rq.nonce;
    box->valid = true;
  }
  uint32_t offset = (size_t)rq.offset < box->len ? rq.offset : 0u; /* past the end: from the start */
  st = ks_rb_write_part(&p->rb, rq.nonce, box->bytes, box->len, offset, out, cap, out_len);
  return st == KS_OK ? KS_OK : refuse(err, st, "part");
}

static bool same_rules(const kick_duel_def *a, const kick_duel_def *b) {
  return a->match_seed == b->match_seed && a->kicks_each == b->kicks_each && a->max_kicks == b->max_kicks &&
         a->ready_steps == b->ready_steps && a->aim_steps == b->aim_steps && a->after_steps == b->after_steps &&
         a->replays == b->replays && ks_f64_bits(a->keeper_rating) == ks_f64_bits(b->keeper_rating) &&
         ks_f64_bits(a->spot_z) == ks_f64_bits(b->spot_z) && ks_f64_bits(a->wind_mps) == ks_f64_bits(b->wind_mps);
}

ks_status kick_duel_peer_resume(kick_duel_peer *p, const kick_duel_peer_def *def, void *storage, size_t size,
                                const uint8_t *handover, size_t len, ks_rb_error *err) {
  ks_rb_def r;
  ks_status st = duel_peer_rb_def(def, &r);
  if (st != KS_OK) return refuse(err, st, "def");
  if (!p || !storage || !handover) return refuse(err, KS_ERR_NULL, "argument");
  ks_clock clock;
  if ((st = duel_peer_clock(&clock)) != KS_OK) return refuse(err, st, "clock");
  int64_t base = 0;
  const uint8_t *hist = NULL;
  size_t hlen = 0;
  if ((st = ks_rb_handover_history(handover, len, &base, &hist, &hlen)) != KS_OK) return refuse(err, st, "handover");
  p->cookie = 0;
  if (kick_shootout_decode(hist, hlen, &p->record, NULL) != KS_OK) return refuse(err, KS_ERR_FORMAT, "history");
  if (!same_rules(&p->record.def, &def->duel)) return refuse(err, KS_ERR_STATE, "rules");
  if (p->record.end_step != base) return refuse(err, KS_ERR_FORMAT, "history");
  kick_duel d;
  if ((st = kick_shootout_state_at(&p->record, base, &d)) != KS_OK) return refuse(err, st, "history");
  if (kick_duel_hash(&d) != p->record.final_hash) return refuse(err, KS_ERR_STATE, "history hash");
  if ((st = ks_rb_resume(&p->rb, &r, storage, size, &d, handover, len, err)) != KS_OK) return st;
  duel_peer_reset(p, def, &clock, &d);
  p->logged = base;
  p->confirmed_step = base;
  p->resumed = true;
  p->resumed_at = base;
  if (p->record.end == KICK_SHOOTOUT_ABANDONED || d.phase == KICK_DUEL_OVER) {
    p->over = true;
    p->end_step = base;
    p->final_hash = p->record.final_hash;
    p->abandoned_by = p->record.end == KICK_SHOOTOUT_ABANDONED ? p->record.abandoned_by : -1;
  } else {
    reopen(&p->record);
  }
  /* A local input already stamped for a step not simulated yet counts as
     sent (one strike, one tap a kick, as kick_duel_peer_strike says). */
  int32_t me = def->local_player;
  int64_t frame = ks_rb_frame(&p->rb);
  for (int64_t n = frame; n < frame + def->input_delay; n++) {
    uint8_t b[KICK_DUEL_INPUT_BYTES];
    kick_duel_input in;
    if (ks_rb_input(&p->rb, me, n, b) != KS_OK || kick_duel_input_decode(b, &in) != KS_OK) continue;
    if (in.kind == KICK_DUEL_IN_NONE) continue;
    p->sent_kind = in.kind;
    p->sent_kick = kick_duel_peer_view(p)->kick;
    p->sent_step = n;
  }
  return KS_OK;
}
