// SPDX-License-Identifier: MIT
/* The native half of the worst-case rollback benchmark (the wasm half is
   run.mjs): the same schedule, this thread's CPU time, medians of rounds.
     bench_rollback_native [rounds]
   A rollback's cost is (fill + rollback) - (fill) per round, measured
   alternately. Output: figure<TAB>name<TAB>value<TAB>unit lines. */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "rb_kernels.h"

#define K 8
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
  int rounds = argc > 1 ? atoi(argv[1]) : 9;
  if (rounds < 1) rounds = 1;
  if (rounds > MAX_ROUNDS) rounds = MAX_ROUNDS;
  static const int scenes[3] = {RBK_FLIGHT, RBK_REPLAY, RBK_FOUR};
  static const char *names[3] = {"flight", "replay", "four"};
  static const int windows[2] = {300, 600};
  volatile uint64_t sink = 0;
  for (int s = 0; s < 3; s++)
    for (int w = 0; w < 2; w++) {
      if (rbk_prepare(scenes[s], windows[w]) != 0) {
        fprintf(stderr, "bench_rollback_native: scene %s did not set up\n", names[s]);
        return 1;
      }
      double rb[MAX_ROUNDS], step[MAX_ROUNDS];
      for (int r = -1; r < rounds; r++) {
        double t0 = now_us();
        sink = sink + rbk_fill(K);
        double t1 = now_us();
        sink = sink + rbk_fill_rollback(K);
        double t2 = now_us();
        if (r < 0) continue;
        double fill = (t1 - t0) / K, both = (t2 - t1) / K;
        rb[r] = both - fill;
        step[r] = fill / windows[w] * 1000.0;
      }
      printf("figure\tnative_rollback_%s_%d_us\t%.2f\tus\n", names[s], windows[w], median(rb, rounds));
      printf("figure\tnative_step_%s_%d_ns\t%.1f\tns\n", names[s], windows[w], median(step, rounds));
      printf("info\tresimulated_%s_%d\t%lld\tsteps\n", names[s], windows[w], (long long)rbk_last_resimulated());
    }
  printf("figure\tfour_state_bytes\t%d\tB\n", rbk_state_bytes());
  (void)rbk_prepare(RBK_FLIGHT, 300);
  printf("figure\tduel_state_bytes\t%d\tB\n", rbk_state_bytes());
  return sink == 42 ? 1 : 0;
}
