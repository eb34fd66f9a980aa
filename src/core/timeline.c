// SPDX-License-Identifier: MIT
/* Timeline writer and kickstep's deterministic decimal formatter.
 *
 * ks_fmt_f64 converts a double to decimal exactly, with integer arithmetic
 * only: the value m × 2^e is laid out in a fixed-point decimal big number
 * (base 10^9 limbs), so every digit is exact. The same is done for the two
 * halfway points to the neighbouring doubles; the shortest digit string that
 * falls between them reads back as the same double. No floating-point
 * operation takes part, so no compiler or FPU can change the text. */
#include "kickstep/timeline.h"

/* ---- exact decimal expansion ------------------------------------------ */

#define BASE 1000000000u
#define INT_LIMBS 36   /* 324 integer digits: above DBL_MAX's 309 */
#define FRAC_LIMBS 121 /* 1089 fraction digits: below 2^-1076's 1076 */
#define LIMBS (INT_LIMBS + FRAC_LIMBS)
#define MAX_DIGITS (LIMBS * 9)

typedef struct decimal {
  char d[MAX_DIGITS]; /* significant digits, '0'..'9', no leading or trailing zeros */
  int k;              /* digit count */
  int n;              /* value = 0.d[0]d[1]... × 10^n */
} decimal;

typedef struct bignum {
  uint32_t limb[LIMBS]; /* limb[INT_LIMBS - 1] holds units; lower indices are larger */
  int hi, lo;           /* active range of limbs (inclusive) */
} bignum;

static void big_set(bignum *b, uint64_t m) {
  for (int i = 0; i < LIMBS; i++) b->limb[i] = 0;
  b->limb[INT_LIMBS - 1] = (uint32_t)(m % BASE);
  b->limb[INT_LIMBS - 2] = (uint32_t)((m / BASE) % BASE);
  b->limb[INT_LIMBS - 3] = (uint32_t)(m / BASE / BASE);
  b->hi = INT_LIMBS - 3;
  b->lo = INT_LIMBS - 1;
}

static void big_shl(bignum *b, int s) { /* × 2^s, s <= 29 */
  uint64_t carry = 0;
  for (int i = b->lo; i >= b->hi; i--) {
    uint64_t t = ((uint64_t)b->limb[i] << s) + carry;
    b->limb[i] = (uint32_t)(t % BASE);
    carry = t / BASE;
  }
  while (carry && b->hi > 0) {
    b->hi--;
    b->limb[b->hi] = (uint32_t)(carry % BASE);
    carry /= BASE;
  }
}

static void big_shr(bignum *b, int s) { /* ÷ 2^s exactly, s <= 29 */
  uint64_t rem = 0, mask = ((uint64_t)1 << s) - 1;
  int i = b->hi;
  for (; i < LIMBS; i++) {
    if (i > b->lo && rem == 0) break;
    uint64_t t = rem * BASE + b->limb[i];
    b->limb[i] = (uint32_t)(t >> s);
    rem = t & mask;
  }
  b->lo = i - 1;
  while (b->hi < b->lo && b->limb[b->hi] == 0) b->hi++;
}

/* The exact decimal digits of m × 2^e (m > 0, m < 2^56). */
static void exact_decimal(decimal *out, bignum *b, uint64_t m, int e) {
  big_set(b, m);
  while (e > 0) {
    int s = e > 29 ? 29 : e;
    big_shl(b, s);
    e -= s;
  }
  while (e < 0) {
    int s = -e > 29 ? 29 : -e;
    big_shr(b, s);
    e += s;
  }
  while (b->hi < b->lo && b->limb[b->hi] == 0) b->hi++;
  int k = 0, first = 0;
  bool started = false;
  for (int i = b->hi; i <= b->lo; i++) {
    uint32_t v = b->limb[i];
    char g[9];
    for (int j = 8; j >= 0; j--) {
      g[j] = (char)('0' + (char)(v % 10u));
      v /= 10u;
    }
    for (int j = 0; j < 9; j++) {
      if (!started) {
        if (g[j] == '0') continue;
        started = true;
        /* weight of this digit: 10^(9 × (INT_LIMBS - 1 - i) + 8 - j) */
        first = 9 * (INT_LIMBS - 1 - i) + 8 - j;
      }
      out->d[k++] = g[j];
    }
  }
  while (k > 0 && out->d[k - 1] == '0') k--;
  out->k = k;
  out->n = first + 1;
}

/* Compares two positive decimals. */
static int dec_cmp(const char *a, int ak, int an, const char *b, int bk, int bn) {
  if (an != bn) return an < bn ? -1 : 1;
  int k = ak > bk ? ak : bk;
  for (int i = 0; i < k; i++) {
    char x = i < ak ? a[i] : '0';
    char y = i < bk ? b[i] : '0';
    if (x != y) return x < y ? -1 : 1;
  }
  return 0;
}

/* Adds one unit in the last of p digits; returns the new n (a carry out of
   the top digit makes "999" into "1" with n + 1). */
static int round_up(char *s, int p, int n) {
  int i = p - 1;
  while (i >= 0 && s[i] == '9') s[i--] = '0';
  if (i >= 0) {
    s[i]++;
    return n;
  }
  s[0] = '1';
  for (int j = 1; j < p; j++) s[j] = '0';
  return n + 1;
}

typedef struct fmt_work {
  bignum big;
  decimal val, lo, hi;
} fmt_work;

/* Shortest digits (s, *k, *n) of the positive finite double with bits u. */
static void shortest(fmt_work *w, uint64_t u, char *s, int *k_out, int *n_out) {
  uint64_t frac = u & 0x000fffffffffffffull;
  int bexp = (int)((u >> 52) & 0x7ff);
  uint64_t m;
  int e;
  if (bexp == 0) {
    m = frac;
    e = -1074;
  } else {
    m = frac | 0x0010000000000000ull;
    e = bexp - 1075;
  }
  exact_decimal(&w->val, &w->big, m, e);
  bool asymmetric = frac == 0 && bexp > 1;
  if (asymmetric)
    exact_decimal(&w->lo, &w->big, 4 * m - 1, e - 2);
  else
    exact_decimal(&w->lo, &w->big, 2 * m - 1, e - 1);
  exact_decimal(&w->hi, &w->big, 2 * m + 1, e - 1);
  bool inclusive = (m & 1u) == 0; /* ties read back to the even mantissa */

  const decimal *v = &w->val;
  for (int p = 1; p <= 17; p++) {
    if (v->k <= p) {
      for (int i = 0; i < v->k; i++) s[i] = v->d[i];
      *k_out = v->k;
      *n_out = v->n;
      return;
    }
    char down[18], up[18];
    for (int i = 0; i < p; i++) down[i] = up[i] = v->d[i];
    int up_n = round_up(up, p, v->n);
    int c_lo = dec_cmp(down, p, v->n, w->lo.d, w->lo.k, w->lo.n);
    int c_hi = dec_cmp(up, p, up_n, w->hi.d, w->hi.k, w->hi.n);
    bool down_ok = c_lo > 0 || (inclusive && c_lo == 0);
    bool up_ok = c_hi < 0 || (inclusive && c_hi == 0);
    if (!down_ok && !up_ok) continue;
    bool take_up;
    if (down_ok && up_ok) {
      /* nearest; exact halves go to the even last digit */
      char r = v->d[p];
      bool more = false;
      for (int i = p + 1; i < v->k; i++)
        if (v->d[i] != '0') more = true;
      if (r > '5' || (r == '5' && more))
        take_up = true;
      else if (r < '5')
        take_up = false;
      else
        take_up = ((down[p - 1] - '0') & 1) != 0;
    } else {
      take_up = up_ok;
    }
    const char *src = take_up ? up : down;
    int k = p;
    while (k > 1 && src[k - 1] == '0') k--;
    for (int i = 0; i < k; i++) s[i] = src[i];
    *k_out = k;
    *n_out = take_up ? up_n : v->n;
    return;
  }
  /* not reached: 17 digits always identify a double */
  for (int i = 0; i < 17 && i < v->k; i++) s[i] = v->d[i];
  *k_out = v->k < 17 ? v->k : 17;
  *n_out = v->n;
}

/* A bounded appender for the small formatters. */
typedef struct sink {
  char *out;
  size_t cap, len;
} sink;

static void put(sink *o, char c) {
  if (o->cap > 0 && o->len + 1 < o->cap) o->out[o->len] = c;
  o->len++;
}

static size_t finish(sink *o) {
  if (o->cap == 0) return 0;
  size_t end = o->len < o->cap ? o->len : o->cap - 1;
  o->out[end] = '\0';
  return end;
}

static void put_str(sink *o, const char *s) {
  while (*s) put(o, *s++);
}

static void put_uint(sink *o, uint64_t v) {
  char t[20];
  int n = 0;
  do {
    t[n++] = (char)('0' + (char)(v % 10u));
    v /= 10u;
  } while (v);
  while (n) put(o, t[--n]);
}

size_t ks_fmt_f64(char *out, size_t cap, double x) {
  sink o = {out, out ? cap : 0, 0};
  uint64_t u = ks_f64_bits(x);
  bool neg = (u >> 63) != 0;
  uint64_t mag = u & 0x7fffffffffffffffull;
  if (mag > 0x7ff0000000000000ull) {
    put_str(&o, "nan");
    return finish(&o);
  }
  if (neg) put(&o, '-');
  if (mag == 0x7ff0000000000000ull) {
    put_str(&o, "inf");
    return finish(&o);
  }
  if (mag == 0) {
    put(&o, '0');
    return finish(&o);
  }
  fmt_work w; /* ~5 KiB of scratch on the stack */
  char s[18] = {0};
  int k = 1, n = 1;
  shortest(&w, mag, s, &k, &n);
  if (k <= n && n <= 21) {
    for (int i = 0; i < k; i++) put(&o, s[i]);
    for (int i = k; i < n; i++) put(&o, '0');
  } else if (0 < n && n <= 21) {
    for (int i = 0; i < n; i++) put(&o, s[i]);
    put(&o, '.');
    for (int i = n; i < k; i++) put(&o, s[i]);
  } else if (-6 < n && n <= 0) {
    put(&o, '0');
    put(&o, '.');
    for (int i = 0; i < -n; i++) put(&o, '0');
    for (int i = 0; i < k; i++) put(&o, s[i]);
  } else {
    int ex = n - 1;
    put(&o, s[0]);
    if (k > 1) {
      put(&o, '.');
      for (int i = 1; i < k; i++) put(&o, s[i]);
    }
    put(&o, 'e');
    put(&o, ex < 0 ? '-' : '+');
    put_uint(&o, (uint64_t)(ex < 0 ? -ex : ex));
  }
  return finish(&o);
}

size_t ks_fmt_i64(char *out, size_t cap, int64_t v) {
  sink o = {out, out ? cap : 0, 0};
  uint64_t mag = (uint64_t)v;
  if (v < 0) {
    put(&o, '-');
    mag = 0u - mag; /* exact for INT64_MIN too */
  }
  put_uint(&o, mag);
  return finish(&o);
}

size_t ks_fmt_hex64(char *out, size_t cap, uint64_t v) {
  static const char digits[] = "0123456789abcdef";
  sink o = {out, out ? cap : 0, 0};
  for (int i = 15; i >= 0; i--) put(&o, digits[(v >> (4 * i)) & 0xfu]);
  return finish(&o);
}

/* ---- the writer --------------------------------------------------------- */

void ks_tl_writer_init(ks_tl_writer *w, char *buf, size_t cap) {
  if (!w) return;
  w->buf = buf;
  w->cap = buf ? cap : 0;
  w->len = 0;
  w->overflow = false;
  if (w->cap > 0) w->buf[0] = '\0';
}

/* Appends s at *pos if it fits below cap; false when it does not. */
static bool emit(const ks_tl_writer *w, size_t *pos, const char *s) {
  for (; *s; s++) {
    if (*pos >= w->cap) return false;
    w->buf[(*pos)++] = *s;
  }
  return true;
}

static bool name_ok(const char *name) {
  if (!name || !*name) return false;
  for (const char *p = name; *p; p++) {
    char c = *p;
    bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
    if (!ok) return false;
  }
  return true;
}

static bool emit_value(const ks_tl_writer *w, size_t *pos, double v) {
  char num[KS_FMT_F64_MAX + 1];
  ks_fmt_f64(num, sizeof num, v);
  if (!ks_is_finite(v)) /* JSON has no NaN or infinity: quote them */
    return emit(w, pos, "\"") && emit(w, pos, num) && emit(w, pos, "\"");
  return emit(w, pos, num);
}

/* Commits [w->len, pos) as a whole line or rolls it back. */
static void commit(ks_tl_writer *w, size_t pos, bool ok) {
  if (ok && pos < w->cap) { /* keep room for a NUL so the text is a C string */
    w->len = pos;
    w->buf[pos] = '\0';
  } else {
    w->overflow = true;
    if (w->len < w->cap) w->buf[w->len] = '\0';
  }
}

void ks_tl_line(ks_tl_writer *w, int64_t step, uint64_t hash, const ks_tl_field *fields, size_t n) {
  if (!w) return;
  if (!w->buf || (n > 0 && !fields)) {
    w->overflow = true;
    return;
  }
  size_t pos = w->len;
  char tmp[32];
  bool ok = emit(w, &pos, "{\"step\":");
  ks_fmt_i64(tmp, sizeof tmp, step);
  ok = ok && emit(w, &pos, tmp) && emit(w, &pos, ",\"hash\":\"");
  ks_fmt_hex64(tmp, sizeof tmp, hash);
  ok = ok && emit(w, &pos, tmp) && emit(w, &pos, "\"");
  for (size_t i = 0; ok && i < n; i++) {
    if (!name_ok(fields[i].name)) {
      ok = false;
      break;
    }
    ok = emit(w, &pos, ",\"") && emit(w, &pos, fields[i].name) && emit(w, &pos, "\":") &&
         emit_value(w, &pos, fields[i].value) && emit(w, &pos, ",\"") && emit(w, &pos, fields[i].name) &&
         emit(w, &pos, "_hex\":\"");
    ks_fmt_hex64(tmp, sizeof tmp, ks_f64_bits(fields[i].value));
    ok = ok && emit(w, &pos, tmp) && emit(w, &pos, "\"");
  }
  ok = ok && emit(w, &pos, "}\n");
  commit(w, pos, ok);
}

void ks_tl_text(ks_tl_writer *w, const char *s) {
  if (!w) return;
  if (!w->buf || !s) {
    w->overflow = true;
    return;
  }
  size_t pos = w->len;
  bool ok = emit(w, &pos, s);
  commit(w, pos, ok);
}
