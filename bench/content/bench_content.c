// SPDX-License-Identifier: MIT
/* bench_content — the game's content and kick inputs (printed, never asserted).
 *   one kick_solve call (target: at most 1 ms), median and worst over a spread
 *     of spots, aims, speeds and bends, with the tries it took;
 *   one swipe read (60 samples);
 *   one World Tour level setup, one Daily Kick build.
 * Times are this thread's CPU time (CLOCK_THREAD_CPUTIME_ID), so other
 * processes on a shared machine do not inflate them. */
#define _POSIX_C_SOURCE 200112L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "kickstep/kick.h"
#include "kickstep/kick_levels.h"
#include "kickstep/kick_solver.h"
#include "kickstep/kick_swipe.h"

#define RUNS 9

static volatile double sink;

static double now_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t); /* CPU time: the machine is shared */
  return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

static int cmp_d(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : (x > y ? 1 : 0);
}

/* The solver over a spread of problems: every level's reference aim, and a
   grid of aims from three spots with and without bend. */
/* Reading this thread's CPU clock is a system call (about 1.4 us in some VMs),
   so the solver's single-call figures have the clock's own cost taken off. */
static double timer_cost_ns(void) {
  enum { N = 201 };
  double v[N];
  for (int i = 0; i < N; i++) {
    double t0 = now_ns();
    v[i] = now_ns() - t0;
  }
  qsort(v, N, sizeof v[0], cmp_d);
  return v[N / 2];
}

static void bench_solver(void) {
  double timer_ns = timer_cost_ns();
  enum { MAXP = 256 };
  static kick_solver_def defs[MAXP];
  int n = 0;
  for (int32_t i = 0; i < kick_level_count() && n < MAXP; i++) {
    const kick_level *lv = kick_level_at(i);
    kick_solver_def d = kick_solver_default_def();
    d.spot_x = lv->spot_x;
    d.spot_z = lv->spot_z;
    d.wet = lv->wet;
    d.aim_x = lv->aim.aim_x;
    d.aim_y = lv->aim.aim_y;
    d.speed_mps = lv->aim.speed_mps;
    d.bend = lv->aim.bend;
    defs[n++] = d;
  }
  static const double spots[3][2] = {{0.0, -11.0}, {-3.0, -22.0}, {8.0, -28.0}};
  for (int s = 0; s < 3; s++)
    for (int ax = -3; ax <= 3; ax++)
      for (int ay = 0; ay < 3; ay++)
        for (int b = -1; b <= 1; b++) {
          if (n >= MAXP) break;
          kick_solver_def d = kick_solver_default_def();
          d.spot_x = spots[s][0];
          d.spot_z = spots[s][1];
          d.aim_x = 0.95 * ax;
          d.aim_y = 0.4 + 0.8 * ay;
          d.speed_mps = 27.0;
          d.bend = 0.5 * b;
          defs[n++] = d;
        }
  static double per_call[RUNS];
  static double each[RUNS * MAXP];
  int n_each = 0;
  long tries = 0, solved = 0, max_tries = 0;
  for (int r = 0; r < RUNS; r++) {
    double total = 0.0;
    for (int i = 0; i < n; i++) {
      kick_solution sol;
      double t0 = now_ns();
      ks_status st = kick_solve(&defs[i], &sol);
      double t1 = now_ns() - timer_ns;
      total += t1 - t0;
      each[n_each++] = t1 - t0;
      sink = sol.launch.elevation;
      if (r == 0) {
        tries += sol.tries;
        if (sol.tries > max_tries) max_tries = sol.tries;
        solved += st == KS_OK;
      }
    }
    per_call[r] = total / n;
  }
  printf("cpu clock read: %.0f ns (taken off each timed solver call)\n", timer_ns);
  qsort(per_call, RUNS, sizeof per_call[0], cmp_d);
  qsort(each, (size_t)n_each, sizeof each[0], cmp_d);
  printf("kick_solve: %.1f us per call on average, CPU time (median of %d runs over %d problems; target <= 1000 us)\n",
         per_call[RUNS / 2] / 1e3, RUNS, n);
  printf("kick_solve: single calls: median %.1f us, 99th percentile %.1f us, slowest %.1f us\n",
         each[n_each / 2] / 1e3, each[(n_each * 99) / 100] / 1e3, each[n_each - 1] / 1e3);
  printf("kick_solve: %ld of %d solved within 1 cm, %.2f launches per call on average, at most %ld (limit %d)\n", solved, n,
         (double)tries / n, max_tries, KICK_SOLVER_MAX_TRIES);
}

static void bench_swipe(void) {
  kick_touch s[60];
  for (int i = 0; i < 60; i++) {
    double u = (double)i / 59.0;
    s[i].x = 500.0 + 80.0 * sin(3.14159 * u);
    s[i].y = 1700.0 - 900.0 * u * u;
    s[i].t = 0.004 * i;
  }
  kick_swipe_def d = kick_swipe_default_def();
  d.screen_height = 2000.0;
  enum { N = 200000 };
  double v[RUNS];
  for (int r = 0; r < RUNS; r++) {
    double t0 = now_ns();
    for (int i = 0; i < N; i++) {
      kick_swipe_reading rd;
      kick_swipe_read(&d, s, 60, &rd);
      sink = rd.launch.speed_mps;
    }
    v[r] = (now_ns() - t0) / N;
  }
  qsort(v, RUNS, sizeof v[0], cmp_d);
  printf("kick_swipe_read (60 samples): %.0f ns per call (median of %d runs)\n", v[RUNS / 2], RUNS);
}

static void bench_setups(void) {
  enum { N = 200000 };
  double a[RUNS], b[RUNS];
  for (int r = 0; r < RUNS; r++) {
    double t0 = now_ns();
    for (int i = 0; i < N; i++) {
      kick_setup su;
      kick_level_setup(kick_level_at(i % kick_level_count()), (uint64_t)i, 0, &su);
      sink = su.spot_z;
    }
    double t1 = now_ns();
    for (int i = 0; i < N; i++) {
      kick_daily k;
      kick_daily_build(2026, 1 + i % 12, 1 + i % 28, (uint64_t)i, 0, &k);
      sink = k.setup.spot_z;
    }
    double t2 = now_ns();
    a[r] = (t1 - t0) / N;
    b[r] = (t2 - t1) / N;
  }
  qsort(a, RUNS, sizeof a[0], cmp_d);
  qsort(b, RUNS, sizeof b[0], cmp_d);
  printf("kick_level_setup: %.0f ns per call; kick_daily_build: %.0f ns per call (medians of %d runs)\n", a[RUNS / 2],
         b[RUNS / 2], RUNS);
}

int main(void) {
  bench_solver();
  bench_swipe();
  bench_setups();
  return 0;
}
