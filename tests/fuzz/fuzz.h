// SPDX-License-Identifier: MIT
/* Shared by the fuzz targets and by their cmocka replay driver.
 *
 * Each target defines LLVMFuzzerTestOneInput. Built with clang
 * -fsanitize=fuzzer it is driven by libFuzzer; built normally it is driven by
 * replay_main.c, which feeds it every committed corpus and regression input.
 * A broken invariant prints what broke and aborts, which both drivers report. */
#ifndef KICKSTEP_TESTS_FUZZ_H
#define KICKSTEP_TESTS_FUZZ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define FUZZ_CHECK(cond)                                                          \
  do {                                                                            \
    if (!(cond)) {                                                                \
      fprintf(stderr, "fuzz invariant broken: %s (%s:%d)\n", #cond, __FILE__, __LINE__); \
      abort();                                                                    \
    }                                                                             \
  } while (0)

/* A cursor over the fuzz input: reads past the end give zeros. */
typedef struct fuzz_in {
  const uint8_t *p;
  size_t n;
  size_t at;
} fuzz_in;

static inline uint8_t fuzz_u8(fuzz_in *in) { return in->at < in->n ? in->p[in->at++] : 0; }

static inline uint64_t fuzz_u64(fuzz_in *in) {
  uint64_t v = 0;
  for (int i = 0; i < 8; i++) v |= (uint64_t)fuzz_u8(in) << (8 * i);
  return v;
}

static inline double fuzz_bits_double(uint64_t u) {
  double d;
  memcpy(&d, &u, sizeof d);
  return d;
}

/* A double that is often one of the values that break clocks: NaN, ±inf, ±0,
   denormals, huge, negative, tiny, common frame lengths; otherwise raw bits. */
static inline double fuzz_double(fuzz_in *in) {
  static const uint64_t special[] = {
      0x7ff8000000000000ull, /* NaN */
      0xfff8000000000001ull, /* negative NaN with payload */
      0x7ff0000000000000ull, /* +inf */
      0xfff0000000000000ull, /* -inf */
      0x0000000000000000ull, /* +0 */
      0x8000000000000000ull, /* -0 */
      0x0000000000000001ull, /* smallest denormal */
      0x000fffffffffffffull, /* largest denormal */
      0x7fefffffffffffffull, /* DBL_MAX */
      0xffefffffffffffffull, /* -DBL_MAX */
      0x3f91111111111111ull, /* 1/60 */
      0x3f81111111111111ull, /* 1/120 */
      0x3fd0000000000000ull, /* 0.25 */
      0x43d0000000000000ull, /* 2^62 */
      0xbff0000000000000ull, /* -1 */
      0x3eb0c6f7a0b5ed8dull, /* 1e-6 */
  };
  uint8_t tag = fuzz_u8(in);
  if (tag < 128) return fuzz_bits_double(special[tag % (sizeof special / sizeof special[0])]);
  if (tag < 192) return (double)fuzz_u8(in) / 240.0; /* ordinary frames, 0..~1 s */
  return fuzz_bits_double(fuzz_u64(in));
}

#endif
