// SPDX-License-Identifier: MIT
/* The native half of bench/release: the look-ahead at release
   (release_kernels.c) and the duel's worst-case rollback (bench/rollback's
   kernels, of the same tree), this thread's CPU time, medians of rounds.
     bench_release_native [rounds]
   Output: figure<TAB>name<TAB>value<TAB>unit lines, and the look-ahead's
   decision step (info), which every build must print alike. */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "rb_kernels.h"
#include "release_kernels.h"

#define K 8
#define RELEASES 20
#define MAX_ROUNDS 101

static double now_us(void) {
  struct timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec / 1e3;
}

static int cmp(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static double median(double *v, int n) {
  qsort(v, (size_t)n, sizeof v[0], cmp);
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

int main(int argc, char **argv) {
  int rounds = argc > 1 ? atoi(argv[1]) : 7;
  if (rounds < 1) rounds = 1;
  if (rounds > MAX_ROUNDS) rounds = MAX_ROUNDS;
  volatile uint64_t sink = 0;
  double v[MAX_ROUNDS];
#ifdef RK_BEFORE
  const int colds = 1;
#else
  const int colds = 2;
#endif
  for (int cold = 0; cold < colds; cold++) {
    if (rk_prepare(cold) != 0) {
      fprintf(stderr, "bench_release_native: the director did not set up\n");
      return 1;
    }
    for (int r = -1; r < rounds; r++) {
      double t0 = now_us();
      sink = sink + rk_release(RELEASES);
      double t1 = now_us();
      if (r >= 0) v[r] = (t1 - t0) / RELEASES;
    }
    printf("figure\tnative_release%s_us\t%.2f\tus\n", cold ? "_cold" : "", median(v, rounds));
  }
  for (int r = -1; r < rounds; r++) {
    double t0 = now_us();
    sink = sink + rk_step(RELEASES);
    double t1 = now_us();
    if (r >= 0) v[r] = (t1 - t0) / RELEASES;
  }
  printf("figure\tnative_step_alone_us\t%.2f\tus\n", median(v, rounds));
  for (int r = -1; r < rounds; r++) {
    double t0 = now_us();
    sink = sink + rk_step_new(RELEASES);
    double t1 = now_us();
    if (r >= 0) v[r] = (t1 - t0) / RELEASES;
  }
  printf("figure\tnative_step_new_us\t%.2f\tus\n", median(v, rounds));
  printf("info\trelease_decision_step\t%lld\tstep\n", (long long)rk_decision_step());
  if (rk_runup_prepare() != 0) {
    fprintf(stderr, "bench_release_native: the run-up did not strike\n");
    return 1;
  }
  for (int r = -1; r < rounds; r++) {
    double t0 = now_us();
    sink = sink + rk_strike_frame(RELEASES);
    double t1 = now_us();
    if (r >= 0) v[r] = (t1 - t0) / RELEASES;
  }
  printf("figure\tnative_strike_frame_us\t%.2f\tus\n", median(v, rounds));
  for (int r = -1; r < rounds; r++) {
    double t0 = now_us();
    sink = sink + rk_runup_total(RELEASES);
    double t1 = now_us();
    if (r >= 0) v[r] = (t1 - t0) / RELEASES;
  }
  printf("figure\tnative_runup_total_us\t%.2f\tus\n", median(v, rounds));
  printf("info\trunup_decision_step\t%lld\tstep\n", (long long)rk_decision_step());
  printf("info\trunup_frames\t%d\tframes\n", (int)rk_runup_frame_count());
  static const int scenes[2] = {RBK_FLIGHT, RBK_REPLAY};
  static const char *names[2] = {"flight", "replay"};
  static const int windows[2] = {300, 600};
  for (int s = 0; s < 2; s++)
    for (int w = 0; w < 2; w++) {
      if (rbk_prepare(scenes[s], windows[w]) != 0) {
        fprintf(stderr, "bench_release_native: scene %s did not set up\n", names[s]);
        return 1;
      }
      for (int r = -1; r < rounds; r++) {
        double t0 = now_us();
        sink = sink + rbk_fill(K);
        double t1 = now_us();
        sink = sink + rbk_fill_rollback(K);
        double t2 = now_us();
        if (r >= 0) v[r] = (t2 - t1) / K - (t1 - t0) / K;
      }
      printf("figure\tnative_rollback_%s_%d_us\t%.2f\tus\n", names[s], windows[w], median(v, rounds));
    }
  return sink == 42 ? 1 : 0;
}
