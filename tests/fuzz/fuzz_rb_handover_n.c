// SPDX-License-Identifier: MIT
/* Fuzz target: a dropped peer of a 3- or 4-player session coming back
 * (kickstep/rollback.h, "Resuming"; docs/rollback.md, "Coming back after a
 * drop"): the version 2 handover of ks_rb_handover_write_for, gathered
 * (ks_rb_gather_read), read (ks_rb_handover_history) and resumed
 * (ks_rb_resume); the request (ks_rb_read_request); and the version 2
 * session messages with a drop block (forwarded inputs) or a back block
 * (ks_rb_read_message).
 *
 * Input: a byte choosing the case, a byte choosing the mesh (3 or 4 players,
 * which peer is dropped, how long they played, the input delay), then an edit
 * script (fuzz_rb.h). The mesh is played in-process without loss: the
 * returner's last messages reach only the highest remaining peer, the others
 * drop it, agree on its "none" step and play on until the lowest remaining
 * peer may write its handover. Each mesh is built once and kept (every
 * session and its storage, copied back over the working ones per input):
 * one copy just after the drop (the drop block still forwards inputs), one
 * ready for the handover.
 *
 * Cases: 0 a part edited (checksum made valid again unless the case's top
 * bit says not), 1 the handover edited before it is cut into parts, 2 the
 * request edited, 3 a message with a drop block edited, 4 the writer's
 * message with a back block to another remaining peer edited, 5 the resumed
 * returner's first message edited. Checked: a refused part keeps nothing; a
 * gathering never holds more than its total; only the lowest remaining peer
 * writes the handover; the genuine handover resumes, within the resume step;
 * a resumed session is consistent (confirmed <= frame, it steps and writes
 * a message to every peer it plays with) and holds every input it counts
 * as known (none lost to its ring); a refused message changes nothing
 * the session keeps about its peers (drops and comebacks included); an
 * accepted one leaves it consistent. */
#include "fuzz_rb.h"

#include "kickstep/rollback.h"

enum { MAXP = 4, STORE = 1 << 15, NCFG = 2 * 3 * 2 * 2 };

typedef struct toy {
  int64_t step;
  uint32_t pos[MAXP]; /* wrapping: a handover's history may say anything */
  uint64_t mix;
} toy;

static int toy_players = 3;

static void toy_step(void *state, const uint8_t *const in[], void *user) {
  (void)user;
  toy *t = (toy *)state;
  for (int p = 0; p < toy_players; p++) {
    int32_t dx = (int8_t)in[p][0];
    t->pos[p] = t->pos[p] + (uint32_t)dx;
    t->mix = (t->mix ^ (uint64_t)in[p][0] ^ ((uint64_t)in[p][1] << 8)) * 1099511628211ull;
  }
  t->step++;
}

static uint64_t toy_hash(const void *state, void *user) {
  (void)user;
  const toy *t = (const toy *)state;
  uint64_t h = 1469598103934665603ull ^ (uint64_t)t->step;
  for (int p = 0; p < MAXP; p++) h = (h ^ (uint64_t)t->pos[p]) * 1099511628211ull;
  return (h ^ t->mix) * 1099511628211ull;
}

typedef struct mesh_cfg {
  int players, r, len, delay;
} mesh_cfg;

static mesh_cfg cfg_of(uint8_t c) {
  mesh_cfg m;
  m.players = 3 + (c & 1);
  m.r = 1 + (int)((c >> 1) & 3u) % (m.players - 1);
  m.len = (c & 8u) ? 26 : 10;
  m.delay = (c >> 4) & 1;
  return m;
}

static int cfg_index(const mesh_cfg *m) {
  return (((m->players - 3) * 3 + (m->r - 1)) * 2 + (m->len == 26)) * 2 + m->delay;
}

static ks_rb_def def_of(const mesh_cfg *m, int p) {
  ks_rb_def d = ks_rb_default_def();
  d.state_size = sizeof(toy);
  d.input_size = 2;
  d.players = m->players;
  d.local_player = p;
  d.max_prediction = 8;
  d.input_delay = m->delay;
  d.predict = KS_RB_PREDICT_LAST;
  d.hash_every = 4;
  d.step = toy_step;
  d.hash = toy_hash;
  return d;
}

/* The sessions point into their storage: a kept world is copied back over
   this one whole, so its pointers stay right. */
typedef struct world {
  ks_rb_session s[MAXP];
  uint8_t store[MAXP][STORE];
} world;

static world w;
static world *kept[NCFG][2]; /* [mesh][0 just after the drop, 1 ready for the handover] */
static uint8_t msg[KS_RB_MAX_MESSAGE + 64];
static uint8_t hand[1 << 14], gathered[1 << 14];

static void input_of(int i, int p, uint8_t in[2]) {
  uint32_t v = (uint32_t)(i * 7 + p * 13) % 11u;
  in[0] = v < 6 ? 0 : (uint8_t)(int8_t)((int)v - 8);
  in[1] = (uint8_t)(v == 3 ? i : 0);
}

/* Every peer in `live` writes to every other one in it, read at once. */
static void exchange(const mesh_cfg *m, uint32_t live, int only_from, int only_to) {
  for (int a = 0; a < m->players; a++)
    for (int b = 0; b < m->players; b++) {
      if (a == b || !((live >> a) & 1u) || !((live >> b) & 1u)) continue;
      if (a == only_from && b != only_to) continue;
      size_t len;
      if (ks_rb_write_message_to(&w.s[a], b, msg, KS_RB_MAX_MESSAGE, &len) == KS_OK)
        (void)ks_rb_read_message(&w.s[b], msg, len, NULL);
    }
}

static bool writer_may(const mesh_cfg *m) {
  const ks_rb_session *s = &w.s[0];
  int64_t empty = s->empty_from[m->r];
  if (empty < 0) return false;
  for (int q = 1; q < m->players; q++)
    if (q != m->r && s->announced[q][m->r] < empty) return false;
  return true;
}

static void build(const mesh_cfg *m, int at) {
  memset(&w, 0, sizeof w);
  toy t;
  memset(&t, 0, sizeof t);
  for (int p = 0; p < m->players; p++) {
    ks_rb_def d = def_of(m, p);
    FUZZ_CHECK(ks_rb_storage_size(&d) <= STORE);
    FUZZ_CHECK(ks_rb_init(&w.s[p], &d, w.store[p], STORE, &t) == KS_OK);
  }
  uint32_t all = (1u << m->players) - 1u, rest = all & ~(1u << m->r);
  int x = m->r == m->players - 1 ? m->players - 2 : m->players - 1; /* the highest remaining peer */
  for (int i = 0; i < m->len; i++) {
    for (int p = 0; p < m->players; p++) {
      uint8_t in[2];
      input_of(i, p, in);
      (void)ks_rb_advance(&w.s[p], in, NULL);
    }
    /* The returner's last messages reach only x: x forwards its inputs. */
    exchange(m, all, i >= m->len - 3 ? m->r : -1, x);
  }
  for (int p = 0; p < m->players; p++)
    if (p != m->r) FUZZ_CHECK(ks_rb_drop_peer(&w.s[p], m->r) == KS_OK);
  /* Peer 0 says what it holds of the returner's inputs. */
  for (int b = 1; b < m->players; b++) {
    size_t len;
    if (b != m->r && ks_rb_write_message_to(&w.s[0], b, msg, KS_RB_MAX_MESSAGE, &len) == KS_OK)
      (void)ks_rb_read_message(&w.s[b], msg, len, NULL);
  }
  kept[at][0] = (world *)malloc(sizeof w);
  FUZZ_CHECK(kept[at][0] != NULL);
  memcpy(kept[at][0], &w, sizeof w);
  int i = m->len, extra = 0;
  for (int guard = 0; guard < 60 && extra < 3; guard++, i++) {
    for (int p = 0; p < m->players; p++) {
      if (p == m->r) continue;
      uint8_t in[2];
      input_of(i, p, in);
      (void)ks_rb_advance(&w.s[p], in, NULL);
    }
    exchange(m, rest, -1, -1);
    if (writer_may(m)) extra++;
  }
  FUZZ_CHECK(writer_may(m));
  kept[at][1] = (world *)malloc(sizeof w);
  FUZZ_CHECK(kept[at][1] != NULL);
  memcpy(kept[at][1], &w, sizeof w);
}

static void restore(const mesh_cfg *m, int which) {
  int at = cfg_index(m);
  if (!kept[at][0]) build(m, at);
  memcpy(&w, kept[at][which], sizeof w);
}

/* Every input the session counts as known from its frame on is held (none
   lost to its ring: a session never counts more than its ring keeps). */
static void holds_inputs(const ks_rb_session *s) {
  uint8_t v[KS_RB_MAX_INPUT_BYTES];
  for (int p = 0; p < s->def.players; p++)
    for (int64_t n = s->frame; n < s->known_upto[p] && n <= s->frame + s->nin; n++)
      FUZZ_CHECK(ks_rb_input(s, p, n, v) == KS_OK);
}

/* `to` reads from `from` a message edited by the script. */
static void edited_message(fuzz_in *in, int from, int to, bool fix) {
  size_t len;
  FUZZ_CHECK(ks_rb_write_message_to(&w.s[from], to, msg, KS_RB_MAX_MESSAGE, &len) == KS_OK);
  len = fuzz_rb_edit(in, msg, len, sizeof msg, fix);
  ks_rb_session *s = &w.s[to];
  fuzz_rb_snap before = fuzz_rb_take(s);
  ks_rb_error e;
  ks_status st = ks_rb_read_message(s, msg, len, &e);
  FUZZ_CHECK(st == e.status);
  if (st != KS_OK) {
    fuzz_rb_snap after = fuzz_rb_take(s);
    FUZZ_CHECK(memcmp(&before, &after, sizeof before) == 0);
    FUZZ_CHECK(e.field[0] != '\0');
    return;
  }
  (void)ks_rb_settle(s);
  FUZZ_CHECK(ks_rb_confirmed(s) <= ks_rb_frame(s));
  for (int p = 0; p < MAXP; p++) FUZZ_CHECK(s->known_upto[p] >= before.known[p]);
  holds_inputs(s);
}

/* Every playing peer (bit p of `playing`) steps and writes to every peer it plays with. */
static void play_on(const mesh_cfg *m, uint32_t playing, int rounds) {
  for (int i = 0; i < rounds; i++) {
    for (int p = 0; p < m->players; p++) {
      if (!((playing >> p) & 1u)) continue;
      uint8_t in[2];
      input_of(100 + i, p, in);
      (void)ks_rb_advance(&w.s[p], in, NULL);
      FUZZ_CHECK(ks_rb_confirmed(&w.s[p]) <= ks_rb_frame(&w.s[p]));
    }
    for (int a = 0; a < m->players; a++)
      for (int b = 0; b < m->players; b++) {
        size_t len;
        if (a == b || !((playing >> a) & 1u) || !((w.s[a].peers >> b) & 1u)) continue;
        FUZZ_CHECK(ks_rb_write_message_to(&w.s[a], b, msg, KS_RB_MAX_MESSAGE, &len) == KS_OK);
        (void)ks_rb_read_message(&w.s[b], msg, len, NULL);
      }
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fuzz_in in = {data, size, 0};
  uint8_t mode = fuzz_u8(&in), c = fuzz_u8(&in);
  int target = (int)((mode & 0x7fu) % 6u);
  bool fix = (mode & 0x80u) == 0u;
  mesh_cfg m = cfg_of(c);
  int r = m.r, y = r == 1 ? 2 : 1; /* y: a remaining peer other than the writer */
  int x = r == m.players - 1 ? m.players - 2 : m.players - 1;
  toy_players = m.players;

  if (target == 3) { /* a drop block: x forwards the returner's inputs to peer 0, or after the agreement */
    restore(&m, (int)((mode >> 3) & 1u));
    edited_message(&in, x, 0, fix);
    play_on(&m, ((1u << m.players) - 1u) & ~(1u << r), 1);
    return 0;
  }
  restore(&m, 1);
  ks_rb_gather g;
  FUZZ_CHECK(ks_rb_gather_init(&g, r, 2, 0x5eedull * (c + 1u), gathered, sizeof gathered) == KS_OK);
  size_t rlen;
  uint8_t req[KS_RB_MAX_MESSAGE + 64];
  FUZZ_CHECK(ks_rb_gather_request(&g, req, sizeof req, &rlen) == KS_OK);
  if (target == 2) rlen = fuzz_rb_edit(&in, req, rlen, sizeof req, fix);
  /* The request goes to every remaining peer; only the lowest answers. */
  ks_rb_request rq;
  ks_rb_error e;
  for (int p = m.players - 1; p >= 1; p--) {
    if (p == r || ks_rb_read_request(&w.s[p], req, rlen, &rq, &e) != KS_OK) continue;
    size_t hl, at;
    FUZZ_CHECK(ks_rb_handover_write_for(&w.s[p], r, ks_rb_confirmed(&w.s[p]), sizeof(toy), hand, sizeof hand, &hl,
                                        &at) == KS_ERR_STATE);
  }
  if (ks_rb_read_request(&w.s[0], req, rlen, &rq, &e) != KS_OK) {
    FUZZ_CHECK(e.status != KS_OK && target == 2);
    return 0;
  }
  int64_t base = ks_rb_confirmed(&w.s[0]);
  size_t hlen, at;
  FUZZ_CHECK(ks_rb_handover_write_for(&w.s[0], r, base, sizeof(toy), hand, sizeof hand, &hlen, &at) == KS_OK);
  FUZZ_CHECK(hand[0] == 2u && ((w.s[0].peers >> r) & 1u));
  FUZZ_CHECK(ks_rb_confirmed_state(&w.s[0], base, hand + at) == KS_OK);
  int64_t resume_step = w.s[0].back_step[r];
  size_t genuine = hlen;
  if (target == 1) hlen = fuzz_rb_edit(&in, hand, hlen, sizeof hand, false);
  if (hlen == 0) return 0;
  size_t cap = 64u + 32u * ((mode >> 3) & 7u);
  for (int guard = 0; !g.complete && guard < 96; guard++) {
    size_t plen;
    if (ks_rb_write_part(&w.s[0], rq.nonce, hand, hlen, (uint32_t)g.have, msg, cap, &plen) != KS_OK) break;
    if (target == 0 && guard == 0) plen = fuzz_rb_edit(&in, msg, plen, sizeof msg, fix);
    size_t have = g.have;
    ks_status st = ks_rb_gather_read(&g, msg, plen, &e);
    if (st != KS_OK && st != KS_ERR_CHECKSUM) FUZZ_CHECK(g.have == have);
    FUZZ_CHECK(g.have <= g.total || g.total == 0);
    FUZZ_CHECK(g.have <= g.cap);
  }
  if (!g.complete) {
    FUZZ_CHECK(target <= 2);
    return 0;
  }
  bool whole = target != 1 && g.total == genuine && memcmp(g.buf, hand, genuine) == 0;
  int64_t hbase;
  const uint8_t *hist;
  size_t hist_len;
  if (ks_rb_handover_history(g.buf, g.total, &hbase, &hist, &hist_len) != KS_OK) {
    FUZZ_CHECK(!whole);
    return 0;
  }
  FUZZ_CHECK(hist >= g.buf && hist + hist_len <= g.buf + g.total);
  toy base_state;
  memset(&base_state, 0, sizeof base_state);
  if (hist_len == sizeof base_state) memcpy(&base_state, hist, sizeof base_state);
  if (whole) FUZZ_CHECK(hbase == base && base_state.step == base);
  /* The returner lost everything: its session is rebuilt from the handover. */
  memset(w.store[r], 0xa5, STORE);
  memset(&w.s[r], 0x5a, sizeof w.s[r]);
  ks_rb_def d = def_of(&m, r);
  if (ks_rb_resume(&w.s[r], &d, w.store[r], STORE, &base_state, g.buf, g.total, &e) != KS_OK) {
    FUZZ_CHECK(e.status != KS_OK && !whole);
    return 0;
  }
  ks_rb_session *s = &w.s[r];
  FUZZ_CHECK(ks_rb_confirmed(s) <= ks_rb_frame(s));
  holds_inputs(s);
  if (whole) FUZZ_CHECK(ks_rb_frame(s) <= resume_step);
  if (target == 4) edited_message(&in, 0, y, fix); /* the back block */
  uint8_t x_in[2] = {1, 0};
  (void)ks_rb_advance(s, x_in, NULL);
  FUZZ_CHECK(ks_rb_confirmed(s) <= ks_rb_frame(s));
  if (target == 5) edited_message(&in, r, (mode & 8u) ? y : 0, fix);
  for (int q = 0; q < m.players; q++) {
    size_t len;
    if (q == r || !((s->peers >> q) & 1u)) continue;
    FUZZ_CHECK(ks_rb_write_message_to(s, q, msg, KS_RB_MAX_MESSAGE, &len) == KS_OK);
    (void)ks_rb_read_message(&w.s[q], msg, len, NULL);
  }
  play_on(&m, (1u << m.players) - 1u, 2);
  return 0;
}
