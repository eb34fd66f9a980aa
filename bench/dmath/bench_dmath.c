// SPDX-License-Identifier: MIT
/* ns per call of each ks_dmath function beside the C library's libm.
   Median of 9 runs over 4096 inputs drawn from each function's domain,
   timed in thread CPU time.
   A hosted benchmark: libm is used here only for comparison. Never asserts. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <time.h>

#include "kickstep/dmath.h"
#include "kickstep/rng.h"

#define N 4096
#define RUNS 9
#define REPS 20

typedef double (*f1)(double);
typedef double (*f2)(double, double);

static double xs[N], ys[N];
static volatile double sink;

static double now_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t); /* CPU time: robust on a busy machine */
  return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

static double median(double *v, int n) {
  for (int i = 1; i < n; i++)
    for (int j = i; j > 0 && v[j - 1] > v[j]; j--) {
      double t = v[j];
      v[j] = v[j - 1];
      v[j - 1] = t;
    }
  return v[n / 2];
}

static double time1(f1 f) {
  double runs[RUNS];
  for (int r = 0; r < RUNS; r++) {
    double acc = 0.0, t0 = now_ns();
    for (int k = 0; k < REPS; k++)
      for (int i = 0; i < N; i++) acc += f(xs[i]);
    runs[r] = (now_ns() - t0) / (double)(N * REPS);
    sink = acc;
  }
  return median(runs, RUNS);
}

static double time2(f2 f) {
  double runs[RUNS];
  for (int r = 0; r < RUNS; r++) {
    double acc = 0.0, t0 = now_ns();
    for (int k = 0; k < REPS; k++)
      for (int i = 0; i < N; i++) acc += f(xs[i], ys[i]);
    runs[r] = (now_ns() - t0) / (double)(N * REPS);
    sink = acc;
  }
  return median(runs, RUNS);
}

static void fill(double lo, double hi, double ylo, double yhi) {
  ks_rng r = ks_rng_seeded(42);
  for (int i = 0; i < N; i++) {
    xs[i] = ks_rng_range(&r, lo, hi);
    ys[i] = ks_rng_range(&r, ylo, yhi);
  }
}

static double ks_sincos_sum(double x) {
  double s, c;
  ks_sincos(x, &s, &c);
  return s + c;
}
static double libm_sincos_sum(double x) { return sin(x) + cos(x); }
static double libm_wrap(double x) { return remainder(x, 2.0 * KS_PI); }

static void row1(const char *name, f1 ks, f1 lm, double lo, double hi) {
  fill(lo, hi, 0.0, 0.0);
  double a = time1(ks), b = time1(lm);
  printf("%-11s %8.1f %8.1f %7.2f\n", name, a, b, a / b);
  fflush(stdout);
}

static void row2(const char *name, f2 ks, f2 lm, double lo, double hi, double ylo, double yhi) {
  fill(lo, hi, ylo, yhi);
  double a = time2(ks), b = time2(lm);
  printf("%-11s %8.1f %8.1f %7.2f\n", name, a, b, a / b);
  fflush(stdout);
}

int main(void) {
  printf("bench_dmath: ns per call, median of %d runs of %d calls (ks_ vs libm)\n", RUNS, N * REPS);
  printf("%-11s %8s %8s %7s\n", "function", "ks_", "libm", "ratio");
  row1("floor", ks_floor, floor, -1e6, 1e6);
  row1("ceil", ks_ceil, ceil, -1e6, 1e6);
  row1("round", ks_round, round, -1e6, 1e6);
  row2("fmod", ks_fmod, fmod, -1e6, 1e6, 0.5, 7.0);
  row1("exp", ks_exp, exp, -700.0, 700.0);
  row1("log", ks_log, log, 1e-10, 1e10);
  row2("pow", ks_pow, pow, 0.0, 10.0, -50.0, 50.0);
  row1("sin", ks_sin, sin, -100.0, 100.0);
  row1("cos", ks_cos, cos, -100.0, 100.0);
  row1("sincos", ks_sincos_sum, libm_sincos_sum, -100.0, 100.0);
  row1("tan", ks_tan, tan, -100.0, 100.0);
  row1("atan", ks_atan, atan, -10.0, 10.0);
  row2("atan2", ks_atan2, atan2, -1.0, 1.0, -1.0, 1.0);
  row1("asin", ks_asin, asin, -1.0, 1.0);
  row1("acos", ks_acos, acos, -1.0, 1.0);
  row1("tanh", ks_tanh, tanh, -10.0, 10.0);
  row1("wrap_angle", ks_wrap_angle, libm_wrap, -1000.0, 1000.0);
  row1("sqrt_soft", ks_sqrt_soft, sqrt, 1e-10, 1e10); /* ks_sqrt without GNU C, vs the instruction */
  return 0;
}
