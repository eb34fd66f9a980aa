// SPDX-License-Identifier: MIT
/* ns per call of the core's hot functions: clock advance, rng draws, a field
   hash, a noise sample, a timeline line. Each figure is the median of 7 runs. */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "kickstep/clock.h"
#include "kickstep/hash.h"
#include "kickstep/noise.h"
#include "kickstep/rng.h"
#include "kickstep/timeline.h"

#define RUNS 7

static volatile uint64_t sink_u;
static volatile double sink_d;

static double now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

typedef double (*bench_fn)(long n); /* returns elapsed ns for n calls */

static void report(const char *name, bench_fn f, long n) {
  double t[RUNS];
  f(n / 10); /* warm up */
  for (int i = 0; i < RUNS; i++) t[i] = f(n) / (double)n;
  qsort(t, RUNS, sizeof t[0], cmp_double);
  printf("%-34s %9.2f ns/call  (min %.2f, max %.2f, %ld calls x %d runs)\n", name, t[RUNS / 2], t[0], t[RUNS - 1], n, RUNS);
}

static double b_clock(long n) {
  ks_clock_def d = ks_clock_default_def();
  d.steps_per_second = 600;
  ks_clock c;
  ks_clock_init(&c, &d);
  static const double frames[4] = {1.0 / 120, 1.0 / 144, 1.0 / 60, 1.0 / 37};
  int64_t s = 0;
  double t0 = now_ns();
  for (long i = 0; i < n; i++) s += ks_clock_advance(&c, frames[i & 3]);
  double t1 = now_ns();
  sink_u = (uint64_t)s;
  return t1 - t0;
}

static double b_rng_next(long n) {
  ks_rng r = ks_rng_seeded(1);
  uint64_t x = 0;
  double t0 = now_ns();
  for (long i = 0; i < n; i++) x ^= ks_rng_next(&r);
  double t1 = now_ns();
  sink_u = x;
  return t1 - t0;
}

static double b_rng_double(long n) {
  ks_rng r = ks_rng_seeded(1);
  double x = 0;
  double t0 = now_ns();
  for (long i = 0; i < n; i++) x += ks_rng_double(&r);
  double t1 = now_ns();
  sink_d = x;
  return t1 - t0;
}

static double b_rng_below(long n) {
  ks_rng r = ks_rng_seeded(1);
  uint64_t x = 0;
  double t0 = now_ns();
  for (long i = 0; i < n; i++) x += ks_rng_below(&r, 1000);
  double t1 = now_ns();
  sink_u = x;
  return t1 - t0;
}

static double b_hash_field(long n) {
  ks_hash h = ks_hash_begin();
  double v = 0.5;
  double t0 = now_ns();
  for (long i = 0; i < n; i++) {
    ks_hash_f64(&h, v);
    v += 1.0;
  }
  double t1 = now_ns();
  sink_u = ks_hash_end(&h);
  return t1 - t0;
}

static double b_noise(long n) {
  double x = 0, t = 0.0;
  double t0 = now_ns();
  for (long i = 0; i < n; i++) {
    x += ks_noise1(42, t);
    t += 0.001666;
  }
  double t1 = now_ns();
  sink_d = x;
  return t1 - t0;
}

static double b_fbm(long n) {
  double x = 0, t = 0.0;
  double t0 = now_ns();
  for (long i = 0; i < n; i++) {
    x += ks_noise_fbm(42, t, 3);
    t += 0.001666;
  }
  double t1 = now_ns();
  sink_d = x;
  return t1 - t0;
}

static double b_fmt(long n) {
  char buf[KS_FMT_F64_MAX + 1];
  size_t s = 0;
  double v = 0.1234567;
  double t0 = now_ns();
  for (long i = 0; i < n; i++) {
    s += ks_fmt_f64(buf, sizeof buf, v);
    v *= 1.0001;
  }
  double t1 = now_ns();
  sink_u = s;
  return t1 - t0;
}

int main(void) {
  printf("kickstep core benchmarks (median of %d runs)\n", RUNS);
  report("ks_clock_advance", b_clock, 20000000);
  report("ks_rng_next", b_rng_next, 50000000);
  report("ks_rng_double", b_rng_double, 50000000);
  report("ks_rng_below(1000)", b_rng_below, 20000000);
  report("ks_hash_f64 (one field)", b_hash_field, 50000000);
  report("ks_noise1", b_noise, 10000000);
  report("ks_noise_fbm (3 octaves)", b_fbm, 5000000);
  report("ks_fmt_f64 (values near 0.1..1e4)", b_fmt, 500000);
  return 0;
}
