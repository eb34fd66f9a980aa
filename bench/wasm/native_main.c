// SPDX-License-Identifier: MIT
/* The native half of the wasm-against-native benchmark: runs the kernels
   with the same schedule as run.mjs and prints per-operation times.
     bench_kick_native [rounds]
   Times are this thread's CPU time (time the shared machine gives to other
   programs does not count); each figure is the median of the rounds.
   Output: figure<TAB>name<TAB>value<TAB>unit lines (native_ prefix). */
#define _POSIX_C_SOURCE 199309L /* clock_gettime */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "kernels.h"

#define LOOKAHEAD_N 40
#define KICK_N 12
#define SOLVE_N 20
#define COPY_N 200000
#define MAX_ROUNDS 101

static double now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static double median(double *v, int n) {
  qsort(v, (size_t)n, sizeof v[0], cmp_double);
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

int main(int argc, char **argv) {
  int rounds = argc > 1 ? atoi(argv[1]) : 9;
  if (rounds < 1) rounds = 1;
  if (rounds > MAX_ROUNDS) rounds = MAX_ROUNDS;
  if (kb_prepare() != 0) {
    fprintf(stderr, "bench_kick_native: the benchmark scene did not set up\n");
    return 1;
  }
  double look[MAX_ROUNDS], kick[MAX_ROUNDS], solve[MAX_ROUNDS], copy[MAX_ROUNDS], step[MAX_ROUNDS];
  volatile uint64_t sink = 0;
  for (int r = -1; r < rounds; r++) { /* round -1 warms up */
    double t0 = now_ns();
    sink = sink + kb_lookahead(LOOKAHEAD_N);
    double t1 = now_ns();
    sink = sink + kb_kick(KICK_N);
    int64_t kick_steps = kb_last_steps();
    double t2 = now_ns();
    sink = sink + kb_copy(COPY_N);
    double t3 = now_ns();
    sink = sink + kb_solve(SOLVE_N);
    double t4 = now_ns();
    if (r < 0) continue;
    look[r] = (t1 - t0) / LOOKAHEAD_N / 1000.0;
    kick[r] = (t2 - t1) / KICK_N / 1000.0;
    step[r] = (t2 - t1) / (double)kick_steps;
    copy[r] = (t3 - t2) / COPY_N;
    solve[r] = (t4 - t3) / SOLVE_N / 1000.0;
  }
  kb_lookahead(1);
  long long look_steps = (long long)kb_last_steps();
  printf("figure\tnative_lookahead_us\t%.3f\tus\n", median(look, rounds));
  printf("figure\tnative_kick_us\t%.3f\tus\n", median(kick, rounds));
  printf("figure\tnative_kick_ns_per_step\t%.2f\tns\n", median(step, rounds));
  printf("figure\tnative_state_copy_ns\t%.2f\tns\n", median(copy, rounds));
  printf("figure\tnative_solve_us\t%.3f\tus\n", median(solve, rounds));
  printf("figure\tkick_state_bytes\t%d\tB\n", kb_state_bytes());
  printf("info\tlookahead_steps\t%lld\tsteps\n", look_steps);
  return sink == 42 ? 1 : 0;
}
