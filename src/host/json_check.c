// SPDX-License-Identifier: MIT
/* Strict JSON over cJSON (kickstep/host_json_check.h): one value, nothing after it,
   no key twice in an object, numbers in JSON's grammar, strings in UTF-8
   without raw control characters nor an escaped NUL (with KS_JSON_NO_CONTROL:
   no control character escaped either); linear time. */
#include "kickstep/host_json_check.h"

#include "host_internal.h"

#include <cJSON.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void say(char *why, size_t cap, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void say(char *why, size_t cap, const char *fmt, ...) {
  if (!why || cap == 0) return;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(why, cap, fmt, ap);
  va_end(ap);
}

static bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
static bool is_digit(char c) { return c >= '0' && c <= '9'; }

/* Checks every number token outside strings against JSON's grammar. cJSON has
   already checked the structure, so outside strings there are only
   punctuation, white space, true/false/null and numbers. Returns the offset
   of the first bad number, or len when all are good. */
static size_t bad_number_at(const char *t, size_t len) {
  size_t i = 0;
  while (i < len) {
    char c = t[i];
    if (c == '"') {
      for (i++; i < len && t[i] != '"'; i++)
        if (t[i] == '\\') i++;
      i++;
      continue;
    }
    if (c != '-' && c != '+' && c != '.' && !is_digit(c)) {
      i++;
      continue;
    }
    size_t start = i, p = i;
    if (p < len && t[p] == '-') p++;
    if (p < len && t[p] == '0') p++;
    else if (p < len && t[p] >= '1' && t[p] <= '9')
      while (p < len && is_digit(t[p])) p++;
    else return start;
    if (p < len && t[p] == '.') {
      p++;
      if (p >= len || !is_digit(t[p])) return start;
      while (p < len && is_digit(t[p])) p++;
    }
    if (p < len && (t[p] == 'e' || t[p] == 'E')) {
      p++;
      if (p < len && (t[p] == '+' || t[p] == '-')) p++;
      if (p >= len || !is_digit(t[p])) return start;
      while (p < len && is_digit(t[p])) p++;
    }
    /* The token must end here: "01", "1.2.3" or "1-2" leave number characters behind. */
    if (p < len && (t[p] == '-' || t[p] == '+' || t[p] == '.' || is_digit(t[p]) || t[p] == 'e' || t[p] == 'E'))
      return start;
    i = p;
  }
  return len;
}

/* The length of the UTF-8 sequence at t[0..len) (1 to 4), or 0 when it is not
   one: a stray continuation byte, a sequence cut short, an overlong form, a
   surrogate (U+D800 to U+DFFF) or a code point past U+10FFFF (RFC 3629). */
size_t ks_host_utf8_length(const unsigned char *t, size_t len) {
  if (!t || len == 0) return 0;
  unsigned c = t[0];
  if (c < 0x80) return 1;
  size_t n = c >= 0xc2 && c <= 0xdf ? 2 : c >= 0xe0 && c <= 0xef ? 3 : c >= 0xf0 && c <= 0xf4 ? 4 : 0;
  if (n == 0 || n > len) return 0;
  for (size_t k = 1; k < n; k++)
    if ((t[k] & 0xc0) != 0x80) return 0;
  if (c == 0xe0 && t[1] < 0xa0) return 0; /* overlong */
  if (c == 0xed && t[1] > 0x9f) return 0; /* a surrogate */
  if (c == 0xf0 && t[1] < 0x90) return 0; /* overlong */
  if (c == 0xf4 && t[1] > 0x8f) return 0; /* past U+10FFFF */
  return n;
}

/* Checks the text inside strings: JSON text is UTF-8 (RFC 8259 section 8.1)
   and a string holds no control character unescaped (section 7), which cJSON
   lets through. Returns the offset of the first bad byte, or len when all are
   good; *what says what is wrong there. */
static int hex_digit(unsigned c) {
  if (c >= '0' && c <= '9') return (int)(c - '0');
  if (c >= 'a' && c <= 'f') return (int)(c - 'a' + 10);
  if (c >= 'A' && c <= 'F') return (int)(c - 'A' + 10);
  return -1;
}

/* The code unit of a \uXXXX escape at t[i] (the backslash), or -1 when it is
   not one (cJSON has checked the escapes already; this stays safe anyway). */
static long escaped_unit(const unsigned char *t, size_t len, size_t i) {
  if (i + 6 > len || t[i + 1] != 'u') return -1;
  long v = 0;
  for (size_t k = 2; k < 6; k++) {
    int d = hex_digit(t[i + k]);
    if (d < 0) return -1;
    v = v * 16 + d;
  }
  return v;
}

static size_t bad_string_byte_at(const char *text, size_t len, uint32_t flags, const char **what) {
  const unsigned char *t = (const unsigned char *)text;
  bool in_string = false;
  for (size_t i = 0; i < len;) {
    unsigned c = t[i];
    if (!in_string) {
      if (c == '"') in_string = true;
      i++;
      continue;
    }
    if (c == '"') {
      in_string = false;
      i++;
    } else if (c == '\\') {
      unsigned e = i + 1 < len ? t[i + 1] : 0u;
      long u = e == 'u' ? escaped_unit(t, len, i) : -1;
      if (u == 0) {
        *what = "a control character (NUL, escaped as \\u0000) in a string";
        return i;
      }
      if ((flags & KS_JSON_NO_CONTROL) != 0u &&
          ((u > 0 && u < 0x20) || e == 'b' || e == 'f' || e == 'n' || e == 'r' || e == 't')) {
        *what = "a control character (escaped, e.g. \\n or \\u001f) in a string";
        return i;
      }
      i += 2;
    } else if (c < 0x20) {
      *what = "a control character not escaped in a string";
      return i;
    } else {
      size_t n = ks_host_utf8_length(t + i, len - i);
      if (n == 0) {
        *what = "a byte that is not UTF-8";
        return i;
      }
      i += n;
    }
  }
  return len;
}

static uint64_t key_hash(const char *s) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (; *s; s++) h = (h ^ (unsigned char)*s) * 0x100000001b3ull;
  return h;
}

/* The first key that appears twice in one object, anywhere in the tree; NULL
   when none (or when memory runs out: then *oom). */
static const char *duplicate_key(const cJSON *node, bool *oom) {
  for (; node; node = node->next) {
    if (cJSON_IsObject(node)) {
      size_t n = 0;
      for (const cJSON *c = node->child; c; c = c->next) n++;
      size_t cap = 16;
      while (cap < 2 * n) cap *= 2;
      const char **slots = calloc(cap, sizeof *slots);
      if (!slots) {
        *oom = true;
        return NULL;
      }
      const char *dup = NULL;
      for (const cJSON *c = node->child; c && !dup; c = c->next) {
        const char *k = c->string ? c->string : "";
        size_t i = (size_t)key_hash(k) & (cap - 1);
        while (slots[i] && strcmp(slots[i], k) != 0) i = (i + 1) & (cap - 1);
        if (slots[i]) dup = k;
        else slots[i] = k;
      }
      free(slots);
      if (dup) return dup;
    }
    if (node->child) {
      const char *dup = duplicate_key(node->child, oom);
      if (dup || *oom) return dup;
    }
  }
  return NULL;
}

cJSON *ks_host__json_parse(const char *text, size_t len, uint32_t flags, char *why, size_t why_cap) {
  say(why, why_cap, "%s", "");
  if (!text) {
    say(why, why_cap, "no text");
    return NULL;
  }
  const char *end = NULL;
  cJSON *root = cJSON_ParseWithLengthOpts(text, len, &end, 0);
  if (!root) {
    size_t at = end && end >= text ? (size_t)(end - text) : 0;
    size_t i = 0;
    while (i < len && is_space(text[i])) i++;
    if (i == len) say(why, why_cap, "no JSON value (empty)");
    else say(why, why_cap, "not JSON (at byte %zu)", at);
    return NULL;
  }
  size_t used = end ? (size_t)(end - text) : len;
  size_t rest = used;
  while (rest < len && is_space(text[rest])) rest++;
  if (rest < len) {
    say(why, why_cap, "junk after the JSON value at byte %zu", rest);
    cJSON_Delete(root);
    return NULL;
  }
  const char *what = "";
  size_t bad_byte = bad_string_byte_at(text, used, flags, &what);
  if (bad_byte < used) {
    say(why, why_cap, "%s at byte %zu", what, bad_byte);
    cJSON_Delete(root);
    return NULL;
  }
  size_t bad = bad_number_at(text, used);
  if (bad < used) {
    say(why, why_cap, "a number that JSON does not allow at byte %zu", bad);
    cJSON_Delete(root);
    return NULL;
  }
  bool oom = false;
  const char *dup = duplicate_key(root, &oom);
  if (dup || oom) {
    if (oom) say(why, why_cap, "out of memory");
    else say(why, why_cap, "the key \"%.60s\" appears twice in one object", dup);
    cJSON_Delete(root);
    return NULL;
  }
  return root;
}

bool ks_host_json_check(const char *text, size_t len, uint32_t flags, char *why, size_t why_cap) {
  cJSON *root = ks_host__json_parse(text, len, flags, why, why_cap);
  if (!root) return false;
  cJSON_Delete(root);
  return true;
}
