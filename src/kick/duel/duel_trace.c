// SPDX-License-Identifier: MIT
/* The duel's per-step trace line (the kick trace's fields and the match's)
   and a freestanding comparison of two lines that names the first field
   whose bits differ: how a desync report names the field on both devices. */
#include "kickstep/kick_duel.h"
#include "kickstep/kick_replay.h"

void kick_duel_trace_line(ks_tl_writer *w, const kick_duel *d) {
  if (!w || !d) return;
  ks_tl_field f[KICK_DUEL_TRACE_FIELDS];
  size_t n = kick_replay_trace_fields(&d->shot, f, KICK_REPLAY_TRACE_FIELDS);
  ks_tl_field m[KICK_DUEL_TRACE_FIELDS - KICK_REPLAY_TRACE_FIELDS] = {
      {"duel_phase", (double)d->phase},
      {"duel_step", (double)d->step},
      {"duel_kick", (double)d->kick},
      {"duel_shooter", (double)d->shooter},
      {"score0", (double)d->score[0]},
      {"score1", (double)d->score[1]},
      {"struck", d->struck ? 1.0 : 0.0},
      {"tapped", d->tapped ? 1.0 : 0.0},
  };
  for (size_t i = 0; i < sizeof m / sizeof m[0]; i++) f[n++] = m[i];
  ks_tl_line(w, d->step, kick_duel_hash(d), f, n);
}

/* ------------------------------------------------------------ comparison */

/* Finds the next `"name_hex":"` key at or after *pos in a line; returns the
   name's start and length and leaves *pos on the value. */
static bool next_hex(const char *s, size_t len, size_t *pos, size_t *name, size_t *nlen) {
  for (size_t i = *pos; i + 6 < len; i++) {
    if (s[i] != '"') continue;
    size_t j = i + 1;
    while (j < len && s[j] != '"') j++;
    if (j + 3 >= len) return false;
    if (j - (i + 1) < 5 || s[j - 4] != '_' || s[j - 3] != 'h' || s[j - 2] != 'e' || s[j - 1] != 'x' || s[j + 1] != ':') {
      i = j;
      continue;
    }
    *name = i + 1;
    *nlen = j - 4 - (i + 1);
    *pos = j + 2;
    return true;
  }
  return false;
}

static size_t value_len(const char *s, size_t len, size_t at) {
  size_t k = at;
  while (k < len && s[k] != ',' && s[k] != '}') k++;
  return k - at;
}

static bool same(const char *a, size_t na, const char *b, size_t nb) {
  if (na != nb) return false;
  for (size_t i = 0; i < na; i++)
    if (a[i] != b[i]) return false;
  return true;
}

static void set_name(char *out, size_t cap, const char *s, size_t n) {
  if (!out || cap == 0) return;
  size_t i = 0;
  for (; i < n && i + 1 < cap; i++) out[i] = s[i];
  out[i] = '\0';
}

/* The value of "hash" in a line (its position), or false. */
static bool hash_value(const char *s, size_t len, size_t *at) {
  static const char key[] = "\"hash\":";
  for (size_t i = 0; i + sizeof key - 1 <= len; i++) {
    size_t k = 0;
    while (k < sizeof key - 1 && s[i + k] == key[k]) k++;
    if (k == sizeof key - 1) {
      *at = i + k;
      return true;
    }
  }
  return false;
}

bool kick_duel_trace_diff(const char *a, size_t alen, const char *b, size_t blen, char *field, size_t cap) {
  set_name(field, cap, "", 0);
  if (!a || !b) {
    set_name(field, cap, "(line)", 6);
    return true;
  }
  size_t pa = 0, pb = 0, na, nla, nb, nlb;
  int fields = 0;
  for (;;) {
    bool ha = next_hex(a, alen, &pa, &na, &nla);
    bool hb = next_hex(b, blen, &pb, &nb, &nlb);
    if (!ha && !hb) break;
    if (ha != hb || !same(a + na, nla, b + nb, nlb)) {
      set_name(field, cap, "(line)", 6);
      return true;
    }
    fields++;
    if (!same(a + pa, value_len(a, alen, pa), b + pb, value_len(b, blen, pb))) {
      set_name(field, cap, a + na, nla);
      return true;
    }
  }
  size_t ha, hb;
  if (fields == 0 || !hash_value(a, alen, &ha) || !hash_value(b, blen, &hb)) {
    set_name(field, cap, "(line)", 6);
    return true;
  }
  if (!same(a + ha, value_len(a, alen, ha), b + hb, value_len(b, blen, hb))) {
    set_name(field, cap, "hash", 4);
    return true;
  }
  return false;
}
