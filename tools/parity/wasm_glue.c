// SPDX-License-Identifier: MIT
/* wasm32 parity module (clang --target=wasm32 -nostdlib): the exports that
   tools/parity/run-node.mjs and the web front end's parity page call, and the
   memory functions clang emits calls to for struct copies and zeroing. */
#include <stddef.h>
#include <stdint.h>

#include "parity.h"

#define EXPORT(name) __attribute__((export_name(#name)))

static char out[KS_PARITY_OUT_CAP];

EXPORT(ks_parity_count) uint32_t ks_parity_count(void);
EXPORT(ks_parity_name) const char *ks_parity_name(uint32_t i);
EXPORT(ks_parity_run) uint32_t ks_parity_run(uint32_t i);
EXPORT(ks_parity_out) const char *ks_parity_out(void);
EXPORT(ks_parity_out_cap) uint32_t ks_parity_out_cap(void);

uint32_t ks_parity_count(void) { return (uint32_t)ks_parity_scene_count; }

const char *ks_parity_name(uint32_t i) { return i < ks_parity_scene_count ? ks_parity_scenes[i].name : NULL; }

uint32_t ks_parity_run(uint32_t i) {
  if (i >= ks_parity_scene_count) return 0;
  size_t n = ks_parity_scenes[i].run(out, sizeof out);
  return n <= sizeof out ? (uint32_t)n : 0;
}

const char *ks_parity_out(void) { return out; }

uint32_t ks_parity_out_cap(void) { return (uint32_t)sizeof out; }

/* Byte loops; -fno-builtin on this file keeps them from calling themselves. */
void *memcpy(void *restrict dst, const void *restrict src, size_t n);
void *memmove(void *dst, const void *src, size_t n);
void *memset(void *dst, int c, size_t n);
int memcmp(const void *a, const void *b, size_t n);

void *memcpy(void *restrict dst, const void *restrict src, size_t n) {
  unsigned char *d = dst;
  const unsigned char *s = src;
  for (size_t i = 0; i < n; i++) d[i] = s[i];
  return dst;
}

void *memmove(void *dst, const void *src, size_t n) {
  unsigned char *d = dst;
  const unsigned char *s = src;
  if (d < s) {
    for (size_t i = 0; i < n; i++) d[i] = s[i];
  } else if (d > s) {
    for (size_t i = n; i > 0; i--) d[i - 1] = s[i - 1];
  }
  return dst;
}

void *memset(void *dst, int c, size_t n) {
  unsigned char *d = dst;
  for (size_t i = 0; i < n; i++) d[i] = (unsigned char)c;
  return dst;
}

int memcmp(const void *a, const void *b, size_t n) {
  const unsigned char *x = a, *y = b;
  for (size_t i = 0; i < n; i++)
    if (x[i] != y[i]) return x[i] < y[i] ? -1 : 1;
  return 0;
}
