// SPDX-License-Identifier: MIT
/// wasm/libc_shim.c — the three memory functions clang calls on its own.
///
/// The wasm build links with -nostdlib, but clang turns struct copies and
/// zeroing into calls to memcpy, memset and memmove. These are small,
/// freestanding versions. Each loop is marked so that clang does not turn it
/// back into a call to itself.
#include <stddef.h>
#include <stdint.h>

void *memcpy(void *restrict dst, const void *restrict src, size_t n);
void *memset(void *dst, int c, size_t n);
void *memmove(void *dst, const void *src, size_t n);
int memcmp(const void *a, const void *b, size_t n);

#define KS_NO_BUILTIN __attribute__((no_builtin))

KS_NO_BUILTIN void *memcpy(void *restrict dst, const void *restrict src, size_t n) {
  unsigned char *d = dst;
  const unsigned char *s = src;
  /* Aligned: four words an iteration (a rollback copies a 2 KB state a
     step), then one at a time. */
  if ((((uintptr_t)d | (uintptr_t)s) & 7u) == 0)
    while (n >= 32) {
      uint64_t a = ((const uint64_t *)(const void *)s)[0], b = ((const uint64_t *)(const void *)s)[1];
      uint64_t c = ((const uint64_t *)(const void *)s)[2], e = ((const uint64_t *)(const void *)s)[3];
      ((uint64_t *)(void *)d)[0] = a;
      ((uint64_t *)(void *)d)[1] = b;
      ((uint64_t *)(void *)d)[2] = c;
      ((uint64_t *)(void *)d)[3] = e;
      d += 32;
      s += 32;
      n -= 32;
    }
  while (n >= 8 && (((uintptr_t)d | (uintptr_t)s) & 7u) == 0) {
    *(uint64_t *)(void *)d = *(const uint64_t *)(const void *)s;
    d += 8;
    s += 8;
    n -= 8;
  }
  while (n--) *d++ = *s++;
  return dst;
}

KS_NO_BUILTIN void *memset(void *dst, int c, size_t n) {
  unsigned char *d = dst;
  unsigned char b = (unsigned char)c;
  while (n--) *d++ = b;
  return dst;
}

KS_NO_BUILTIN void *memmove(void *dst, const void *src, size_t n) {
  unsigned char *d = dst;
  const unsigned char *s = src;
  if (d == s || n == 0) return dst;
  if (d < s) {
    while (n--) *d++ = *s++;
  } else {
    d += n;
    s += n;
    while (n--) *--d = *--s;
  }
  return dst;
}

KS_NO_BUILTIN int memcmp(const void *a, const void *b, size_t n) {
  const unsigned char *x = a;
  const unsigned char *y = b;
  for (; n; --n, ++x, ++y) {
    if (*x != *y) return *x < *y ? -1 : 1;
  }
  return 0;
}
