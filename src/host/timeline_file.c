// SPDX-License-Identifier: MIT
/* Timeline files: read, validate and compare JSON-lines timelines (hosted, cJSON). */
#include "kickstep/host_timeline.h"

#include <cJSON.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kickstep/host_file.h"
#include "kickstep/timeline.h"

#include "host_internal.h"

typedef struct span {
  const char *p;
  size_t n;
} span;

/* The i-th line (0-based) of text; false past the end. A final line without
   '\n' is a line; an empty text has no lines. */
static bool nth_line(const char *text, size_t len, size_t *pos, span *out) {
  if (*pos >= len) return false;
  const char *start = text + *pos;
  const char *nl = memchr(start, '\n', len - *pos);
  size_t n = nl ? (size_t)(nl - start) : len - *pos;
  out->p = start;
  out->n = n;
  *pos += n + (nl ? 1 : 0);
  return true;
}

/* The largest cut at or before k that is not inside a UTF-8 sequence. */
static size_t utf8_cut(const char *s, size_t k) {
  while (k > 0 && ((unsigned char)s[k] & 0xc0) == 0x80) k--;
  return k;
}

/* Drops a UTF-8 sequence that a cut left unfinished at the end of s. */
static void utf8_trim(char *s) {
  size_t n = strlen(s), i = n, back = 0;
  while (i > 0 && back < 3 && ((unsigned char)s[i - 1] & 0xc0) == 0x80) {
    i--;
    back++;
  }
  if (i == 0) return;
  unsigned lead = (unsigned char)s[i - 1];
  size_t need = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
  if (lead >= 0xc0 && back + 1 < need) s[i - 1] = '\0';
}

/* A piece of a line for a report: cut to fit (never inside a UTF-8
   character, so that a report in JSON stays UTF-8), control bytes shown as
   '?' so that a report stays one line. */
static void clip(char *dst, size_t cap, const char *src, size_t n) {
  if (cap == 0) return;
  bool cut = n > cap - 1;
  size_t k = cut ? utf8_cut(src, cap > 4 ? cap - 4 : cap - 1) : n;
  for (size_t i = 0; i < k; i++) dst[i] = (unsigned char)src[i] < 0x20 || src[i] == 0x7f ? '?' : src[i];
  dst[k] = '\0';
  if (cut && cap > 4) memcpy(dst + k, "...", 4);
}

/* printf into dst; a text cut to fit is cut between UTF-8 characters. */
static void setf(char *dst, size_t cap, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void setf(char *dst, size_t cap, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(dst, cap, fmt, ap);
  va_end(ap);
  if (n >= 0 && (size_t)n >= cap) utf8_trim(dst);
}

static bool json_int(const cJSON *o, const char *key, int64_t *v) {
  const cJSON *it = cJSON_GetObjectItemCaseSensitive(o, key);
  if (!cJSON_IsNumber(it)) return false;
  double d = it->valuedouble;
  if (!(d >= -9.2e18 && d <= 9.2e18)) return false;
  *v = (int64_t)d;
  return (double)*v == d;
}

static bool is_hex16(const cJSON *it) {
  if (!cJSON_IsString(it) || strlen(it->valuestring) != 16) return false;
  for (const char *p = it->valuestring; *p; p++)
    if (!((*p >= '0' && *p <= '9') || (*p >= 'a' && *p <= 'f'))) return false;
  return true;
}

/* A field's value as text: decimal as the writer prints it, plus its bits when known. */
static void value_text(char *dst, size_t cap, const cJSON *item, const cJSON *hex) {
  if (!item) {
    setf(dst, cap, "(missing)");
    return;
  }
  char num[64];
  if (is_hex16(hex)) {
    double v = ks_f64_from_bits(strtoull(hex->valuestring, NULL, 16));
    ks_fmt_f64(num, sizeof num, v);
    setf(dst, cap, "%s (bits %s)", num, hex->valuestring);
    return;
  }
  char *s = cJSON_PrintUnformatted(item);
  clip(dst, cap, s ? s : "?", s ? strlen(s) : 1);
  cJSON_free(s);
}

/* Two values: scalars by value (cJSON_Compare); arrays and objects by their
   printed text, which is linear where cJSON_Compare of objects is quadratic. */
static bool same_item(const cJSON *a, const cJSON *b) {
  if (!a || !b) return a == b;
  bool ca = cJSON_IsArray(a) || cJSON_IsObject(a), cb = cJSON_IsArray(b) || cJSON_IsObject(b);
  if (!ca && !cb) return cJSON_Compare(a, b, true) != 0;
  if (ca != cb || a->type != b->type) return false;
  char *pa = cJSON_PrintUnformatted(a), *pb = cJSON_PrintUnformatted(b);
  bool same = pa && pb && strcmp(pa, pb) == 0;
  cJSON_free(pa);
  cJSON_free(pb);
  return same;
}

static bool ends_with_hex(const char *k) {
  size_t n = strlen(k);
  return n > 4 && strcmp(k + n - 4, "_hex") == 0;
}

/* A line's keys in a hash table, so that comparing two lines takes time linear
   in their keys (a key looked up with cJSON_GetObjectItem is a walk down the
   list: 40,000 keys took 20 s). The first of two equal keys wins, as in cJSON. */
typedef struct key_index {
  const cJSON *obj;
  const cJSON **slots; /* NULL: fall back to cJSON's lookup (out of memory) */
  size_t mask;
} key_index;

static uint64_t key_hash(const char *s) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (; *s; s++) h = (h ^ (unsigned char)*s) * 0x100000001b3ull;
  return h;
}

static void index_build(key_index *ix, const cJSON *obj) {
  ix->obj = obj;
  ix->slots = NULL;
  ix->mask = 0;
  size_t n = 0;
  for (const cJSON *c = obj->child; c; c = c->next) n++;
  size_t cap = 16;
  while (cap < 2 * n) cap *= 2;
  ix->slots = calloc(cap, sizeof *ix->slots);
  if (!ix->slots) return;
  ix->mask = cap - 1;
  for (const cJSON *c = obj->child; c; c = c->next) {
    if (!c->string) continue;
    size_t i = (size_t)key_hash(c->string) & ix->mask;
    while (ix->slots[i] && strcmp(ix->slots[i]->string, c->string) != 0) i = (i + 1) & ix->mask;
    if (!ix->slots[i]) ix->slots[i] = c;
  }
}

static const cJSON *index_get(const key_index *ix, const char *key) {
  if (!ix->slots) return cJSON_GetObjectItemCaseSensitive(ix->obj, key);
  size_t i = (size_t)key_hash(key) & ix->mask;
  while (ix->slots[i]) {
    if (strcmp(ix->slots[i]->string, key) == 0) return ix->slots[i];
    i = (i + 1) & ix->mask;
  }
  return NULL;
}

static const cJSON *hex_twin(const key_index *ix, const char *key) {
  char name[256];
  if (strlen(key) + 5 > sizeof name) return NULL;
  setf(name, sizeof name, "%s_hex", key);
  return index_get(ix, name);
}

/* Names the first differing field of two parsed lines; false if none differs. */
static bool first_field_in(const cJSON *e, const cJSON *a, const key_index *ei, const key_index *ai, ks_tl_diff *d) {
  /* 1. the step itself */
  const cJSON *es = index_get(ei, "step"), *as = index_get(ai, "step");
  if (!same_item(es, as)) {
    setf(d->field, sizeof d->field, "step");
    value_text(d->expected, sizeof d->expected, es, NULL);
    value_text(d->actual, sizeof d->actual, as, NULL);
    return true;
  }
  /* 2. the named fields, in the expected line's order; hex bits decide */
  for (const cJSON *it = e->child; it; it = it->next) {
    const char *k = it->string;
    if (!k || strcmp(k, "step") == 0 || strcmp(k, "hash") == 0 || ends_with_hex(k)) continue;
    const cJSON *other = index_get(ai, k);
    const cJSON *eh = hex_twin(ei, k), *ah = hex_twin(ai, k);
    bool differ = eh ? !same_item(eh, ah) || !other : !same_item(it, other);
    if (differ) {
      setf(d->field, sizeof d->field, "%s", k);
      value_text(d->expected, sizeof d->expected, it, eh);
      value_text(d->actual, sizeof d->actual, other, other ? ah : NULL);
      return true;
    }
  }
  /* 3. the state hash (fields all equal but the hidden state differs) */
  const cJSON *eh = index_get(ei, "hash"), *ah = index_get(ai, "hash");
  if (!same_item(eh, ah)) {
    setf(d->field, sizeof d->field, "hash");
    value_text(d->expected, sizeof d->expected, eh, NULL);
    value_text(d->actual, sizeof d->actual, ah, NULL);
    return true;
  }
  /* 4. everything else the expected line has (hex without a decimal twin, ...) */
  for (const cJSON *it = e->child; it; it = it->next) {
    const cJSON *other = it->string ? index_get(ai, it->string) : NULL;
    if (!same_item(it, other)) {
      setf(d->field, sizeof d->field, "%s", it->string ? it->string : "?");
      value_text(d->expected, sizeof d->expected, it, NULL);
      value_text(d->actual, sizeof d->actual, other, NULL);
      return true;
    }
  }
  /* 5. keys only the actual line has */
  for (const cJSON *it = a->child; it; it = it->next) {
    if (it->string && !index_get(ei, it->string)) {
      setf(d->field, sizeof d->field, "%s", it->string);
      setf(d->expected, sizeof d->expected, "(missing)");
      value_text(d->actual, sizeof d->actual, it, NULL);
      return true;
    }
  }
  return false;
}

static bool first_field(const cJSON *e, const cJSON *a, ks_tl_diff *d) {
  key_index ei, ai;
  index_build(&ei, e);
  index_build(&ai, a);
  bool found = first_field_in(e, a, &ei, &ai, d);
  free(ei.slots);
  free(ai.slots);
  return found;
}

static void describe(ks_tl_diff *d, bool has_prev, int64_t prev_step) {
  char where[96] = "";
  if (d->has_step) {
    if (has_prev)
      setf(where, sizeof where, " (step %lld; the line for step %lld matched)", (long long)d->step, (long long)prev_step);
    else
      setf(where, sizeof where, " (step %lld, the first line)", (long long)d->step);
  }
  setf(d->message, sizeof d->message, "line %lld%s: %s differs: expected %s, actual %s", (long long)d->line, where,
       d->field, d->expected, d->actual);
}

ks_status ks_tl_compare_text(const char *expected, size_t elen, const char *actual, size_t alen, ks_tl_diff *d) {
  if (!d) return KS_ERR_NULL;
  memset(d, 0, sizeof *d);
  if ((!expected && elen) || (!actual && alen)) {
    setf(d->message, sizeof d->message, "a timeline text is missing");
    return KS_ERR_NULL;
  }
  if (elen == alen && (elen == 0 || memcmp(expected, actual, elen) == 0)) {
    d->identical = true;
    setf(d->message, sizeof d->message, "identical");
    return KS_OK;
  }
  size_t epos = 0, apos = 0;
  bool has_prev = false;
  int64_t prev_step = 0;
  for (int64_t line = 1;; line++) {
    span el = {0}, al = {0};
    bool he = nth_line(expected, elen, &epos, &el), ha = nth_line(actual, alen, &apos, &al);
    if (!he && !ha) break;
    d->line = line;
    bool same = he && ha && el.n == al.n && memcmp(el.p, al.p, el.n) == 0;
    /* Lines past the limit are compared as text, never parsed (bounded memory). */
    cJSON *e = he && el.n <= KS_TL_MAX_LINE_BYTES ? cJSON_ParseWithLength(el.p, el.n) : NULL;
    cJSON *a = ha && !same && al.n <= KS_TL_MAX_LINE_BYTES ? cJSON_ParseWithLength(al.p, al.n) : NULL;
    int64_t st = 0;
    if (e && cJSON_IsObject(e) && json_int(e, "step", &st)) {
      d->has_step = true;
      d->step = st;
    } else {
      d->has_step = false;
    }
    if (same) {
      has_prev = d->has_step;
      prev_step = st;
      cJSON_Delete(e);
      cJSON_Delete(a);
      continue;
    }
    if (!he || !ha) {
      setf(d->field, sizeof d->field, "(line)");
      if (he) clip(d->expected, sizeof d->expected, el.p, el.n);
      else setf(d->expected, sizeof d->expected, "(end of timeline)");
      if (ha) clip(d->actual, sizeof d->actual, al.p, al.n);
      else setf(d->actual, sizeof d->actual, "(end of timeline)");
    } else if (!e || !a || !cJSON_IsObject(e) || !cJSON_IsObject(a)) {
      setf(d->field, sizeof d->field, "(line)");
      clip(d->expected, sizeof d->expected, el.p, el.n);
      clip(d->actual, sizeof d->actual, al.p, al.n);
    } else if (!first_field(e, a, d)) {
      /* same JSON, different bytes: spacing, key order or decimal text */
      size_t col = 0;
      while (col < el.n && col < al.n && el.p[col] == al.p[col]) col++;
      setf(d->field, sizeof d->field, "(text)");
      size_t from = col > 20 ? col - 20 : 0;
      clip(d->expected, sizeof d->expected, el.p + from, el.n - from);
      clip(d->actual, sizeof d->actual, al.p + from, al.n - from);
    }
    cJSON_Delete(e);
    cJSON_Delete(a);
    describe(d, has_prev, prev_step);
    return KS_OK;
  }
  /* every line equal but the bytes differ: a final newline. The difference
     is at the end of the last line, which d->line still names. */
  if (d->line < 1) d->line = 1;
  setf(d->field, sizeof d->field, "(text)");
  setf(d->expected, sizeof d->expected, "%s", elen && expected[elen - 1] == '\n' ? "final newline" : "no final newline");
  setf(d->actual, sizeof d->actual, "%s", alen && actual[alen - 1] == '\n' ? "final newline" : "no final newline");
  setf(d->message, sizeof d->message, "line %lld: the texts differ only in their ending: expected %s, actual %s",
       (long long)d->line, d->expected, d->actual);
  return KS_OK;
}

ks_status ks_tl_compare_files(const char *expected_path, const char *actual_path, ks_tl_diff *out) {
  if (!out) return KS_ERR_NULL;
  memset(out, 0, sizeof *out);
  if (!expected_path || !actual_path) return KS_ERR_NULL;
  char *e = NULL, *a = NULL;
  size_t el = 0, al = 0;
  ks_host_error err;
  ks_status s = ks_host_read_all(expected_path, KS_TL_MAX_BYTES, "a timeline", &e, &el, &err);
  if (s != KS_OK) {
    setf(out->message, sizeof out->message, "expected timeline: %s", err.message);
    return s;
  }
  s = ks_host_read_all(actual_path, KS_TL_MAX_BYTES, "a timeline", &a, &al, &err);
  if (s != KS_OK) {
    setf(out->message, sizeof out->message, "actual timeline: %s", err.message);
    free(e);
    return s;
  }
  s = ks_tl_compare_text(e, el, a, al, out);
  free(e);
  free(a);
  return s;
}

/* One line of a timeline: a flat JSON object (no value an array or object),
   strictly JSON, with a whole-number "step" and a 16-hex-digit "hash". */
static bool check_line(const char *p, size_t n, char *why, size_t cap) {
  if (n > KS_TL_MAX_LINE_BYTES) {
    setf(why, cap, "longer than %u bytes, the limit for a timeline line", (unsigned)KS_TL_MAX_LINE_BYTES);
    return false;
  }
  cJSON *o = ks_host__json_parse(p, n, 0u, why, cap);
  if (!o) return false;
  bool ok = false;
  int64_t st;
  if (!cJSON_IsObject(o)) setf(why, cap, "not a JSON object");
  else if (!json_int(o, "step", &st)) setf(why, cap, "no whole-number \"step\"");
  else if (!is_hex16(cJSON_GetObjectItemCaseSensitive(o, "hash"))) setf(why, cap, "no \"hash\" of 16 hex digits");
  else {
    ok = true;
    for (const cJSON *c = o->child; c && ok; c = c->next)
      if (cJSON_IsArray(c) || cJSON_IsObject(c)) {
        setf(why, cap, "the value of \"%.60s\" is not a number, string, true, false or null", c->string);
        ok = false;
      }
  }
  cJSON_Delete(o);
  return ok;
}

ks_status ks_tl_check_text(const char *text, size_t len, ks_tl_check *out) {
  if (!out) return KS_ERR_NULL;
  memset(out, 0, sizeof *out);
  if (!text && len) {
    setf(out->reason, sizeof out->reason, "no text");
    return KS_ERR_NULL;
  }
  if (len > KS_TL_MAX_BYTES) {
    setf(out->reason, sizeof out->reason, "larger than %u MiB, the limit for a timeline", (unsigned)(KS_TL_MAX_BYTES >> 20));
    return KS_ERR_CAPACITY;
  }
  size_t pos = 0;
  span l;
  while (nth_line(text, len, &pos, &l)) {
    out->lines++;
    if (!check_line(l.p, l.n, out->reason, sizeof out->reason)) {
      out->bad_line = out->lines;
      return KS_ERR_FORMAT;
    }
  }
  if (out->lines == 0) {
    setf(out->reason, sizeof out->reason, "it is empty");
    return KS_ERR_FORMAT;
  }
  return KS_OK;
}

ks_status ks_tl_validate_text(const char *text, size_t len, size_t *lines, size_t *bad_line) {
  if ((!text && len) || !lines || !bad_line) return KS_ERR_NULL;
  *lines = 0;
  *bad_line = 0;
  size_t pos = 0;
  span l;
  char why[160];
  while (nth_line(text, len, &pos, &l)) {
    (*lines)++;
    if (!check_line(l.p, l.n, why, sizeof why)) {
      *bad_line = *lines;
      return KS_ERR_FORMAT;
    }
  }
  return KS_OK;
}
