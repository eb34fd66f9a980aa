// SPDX-License-Identifier: MIT
/* Shared by rollback.c (the session), rollback_check.c (checks and desyncs),
   rollback_wire.c (messages) and rollback_handover.c (resuming). Not public. */
#ifndef KICKSTEP_ROLLBACK_INTERNAL_H
#define KICKSTEP_ROLLBACK_INTERNAL_H

#include "kickstep/rollback.h"

bool rb_usable(const ks_rb_session *s);
void rb_copy(void *dst, const void *src, size_t n);
bool rb_equal(const void *a, const void *b, size_t n);

uint8_t *rb_state_at(const ks_rb_session *s, int64_t step);
uint8_t *rb_input_slot(const ks_rb_session *s, int32_t p, int64_t step);
bool rb_known(const ks_rb_session *s, int32_t p, int64_t step);
const uint8_t *rb_input_now(const ks_rb_session *s, int32_t p, int64_t step);
void rb_store_input(ks_rb_session *s, int32_t p, int64_t step, const void *input);
int64_t rb_sync_frame(const ks_rb_session *s);
int64_t rb_peer_known(const ks_rb_session *s, int32_t q);
int64_t rb_advantage_over(const ks_rb_session *s, int32_t q);
int32_t rb_first_local(const ks_rb_session *s);
/* Health: a message of peer q accepted (its `seen` of ours, its length), one written for q. */
void rb_heard(ks_rb_session *s, int32_t q, uint32_t seen, size_t len);
void rb_sent(ks_rb_session *s, int32_t q, uint32_t seq, size_t len);
void rb_event(ks_rb_session *s, ks_rb_event_kind kind, int32_t peer);
/* Dropping a peer: the mask and the checks; "none" inputs once the step is agreed. */
void rb_drop(ks_rb_session *s, int32_t q);
void rb_fill_dropped(ks_rb_session *s);
/* Taking a dropped peer back from `resume` on (rollback.c). */
ks_status rb_back(ks_rb_session *s, int32_t q, uint32_t epoch, int64_t empty, int64_t resume, uint32_t seq,
                  int64_t ack);
/* State copies through the game's hooks when it gave them, else bytes. */
void rb_save_copy(const ks_rb_session *s, void *dst, const void *src);
void rb_load_copy(const ks_rb_session *s, void *dst, const void *src);
void rb_export(const ks_rb_session *s, void *out, const void *src);
uint64_t rb_hash_state(const ks_rb_session *s, const void *st);
/* Zeroes every state copy (before any is used, when the game gave hooks). */
void rb_setup_states(ks_rb_session *s);
int64_t rb_retain_from(const ks_rb_session *s);
const uint8_t *rb_check_state(const ks_rb_session *s, int64_t step);
int32_t rb_input_slots(const ks_rb_def *def);
ks_status rb_check_storage(const ks_rb_def *def, size_t storage_size);
/* An empty session at step 0 (def and storage checked); no state copied yet. */
void rb_setup(ks_rb_session *s, const ks_rb_def *def, void *storage);
/* Simulates step n (state n -> n + 1) with the inputs it uses now. */
void rb_simulate(ks_rb_session *s, int64_t n);

/* Hashes the check steps that are now confirmed and compares what it can. */
void rb_process_checks(ks_rb_session *s);
/* A check hash from the peer. */
void rb_remote_check(ks_rb_session *s, int32_t peer, int64_t step, uint64_t hash);
/* The peer's desync block: its check step and hash there, its per-step hashes. */
void rb_remote_narrow(ks_rb_session *s, int32_t peer, int64_t check_step, uint64_t check_hash, int64_t base, int32_t count,
                      const uint64_t *hashes);
/* The peer's detail. */
void rb_remote_detail(ks_rb_session *s, int64_t step, const uint8_t *bytes, int32_t len);

/* The little-endian byte writer of the messages (rollback_wire.c) and the
   handover (rollback_handover.c): bytes past cap are counted, not written. */
typedef struct wb {
  uint8_t *p;
  size_t cap, len;
} wb;

static inline void w8(wb *w, uint32_t v) {
  if (w->len < w->cap) w->p[w->len] = (uint8_t)(v & 0xffu);
  w->len++;
}
static inline void w16(wb *w, uint32_t v) {
  w8(w, v);
  w8(w, v >> 8);
}
static inline void w32(wb *w, uint32_t v) {
  for (int i = 0; i < 4; i++) w8(w, v >> (8 * i));
}
static inline void w64(wb *w, uint64_t v) {
  for (int i = 0; i < 8; i++) w8(w, (uint32_t)(v >> (8 * i)));
}
static inline void wbytes(wb *w, const uint8_t *b, size_t n) {
  for (size_t i = 0; i < n; i++) w8(w, b[i]);
}
/* A step or count as a u32 field (clamped). */
static inline uint32_t u32_of(int64_t v) { return v < 0 ? 0u : v > (int64_t)UINT32_MAX ? UINT32_MAX : (uint32_t)v; }

/* Little-endian reads of bytes already checked for length, and the refusal
   (status, field, offset) of the request, part, handover and spectator
   readers; err may be NULL. */
static inline uint32_t g16(const uint8_t *b) { return (uint32_t)b[0] | ((uint32_t)b[1] << 8); }
static inline uint32_t g32(const uint8_t *b) {
  return (uint32_t)b[0] | ((uint32_t)b[1] << 8) | ((uint32_t)b[2] << 16) | ((uint32_t)b[3] << 24);
}
static inline uint64_t g64(const uint8_t *b) { return (uint64_t)g32(b) | ((uint64_t)g32(b + 4) << 32); }

static inline ks_status rb_refuse(ks_rb_error *e, ks_status st, const char *field, size_t at) {
  if (!e) return st;
  e->status = st;
  size_t i = 0;
  for (; field[i] && i + 1 < sizeof e->field; i++) e->field[i] = field[i];
  e->field[i] = '\0';
  e->offset = at;
  return st;
}

static inline void rb_clear(ks_rb_error *e) {
  if (!e) return;
  ks_rb_error z = {KS_OK, "", 0};
  *e = z;
}

#endif
