// SPDX-License-Identifier: MIT
/* bench_games: time per step of the brake game, the walk controller and the
   lab's loop, and "what if" run-outs per second. Prints figures; asserts nothing. */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <time.h>

#include "kickstep/brake.h"
#include "kickstep/lab.h"
#include "kickstep/walk.h"

static double now_s(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static volatile double sink;

int main(void) {
  /* Brake: whole runs with the "never" driver (countdown, road, ramp, leap, roll-out). */
  brake_def bd = brake_default_def();
  brake_policy never;
  brake_policy_parse("never", &never);
  long steps = 0;
  int runs = 0;
  double t0 = now_s();
  while (now_s() - t0 < 0.5) {
    brake_sim s;
    brake_sim_init(&s, &bd);
    brake_result r = brake_sim_run_out(&s, &never, 1000000);
    steps += (long)r.steps;
    runs++;
    sink = r.stopwatch_s;
  }
  double dt = now_s() - t0;
  printf("brake: %.1f ns/step, %.0f whole runs/s (%ld steps a run)\n", dt * 1e9 / (double)steps, (double)runs / dt,
         steps / runs);

  /* Walk: the course at four rates. */
  static const int rates[] = {30, 60, 120, 240};
  for (int i = 0; i < 4; i++) {
    walk_def wd = walk_default_def();
    wd.steps_per_second = rates[i];
    int n = 0;
    t0 = now_s();
    while (now_s() - t0 < 0.25) {
      walk_report r;
      walk_course_run(&wd, &r);
      sink = r.v[WALK_R_FINAL_X];
      n++;
    }
    dt = now_s() - t0;
    long course_steps = (long)WALK_COURSE_SECONDS * rates[i];
    printf("walk %3d/s: %.1f ns/step, %.0f courses/s\n", rates[i], dt * 1e9 / ((double)n * (double)course_steps),
           (double)n / dt);
  }

  /* Lab: loop frames at 144 fps with 60 Hz steps. */
  lab_loop_def ld = lab_loop_default_def();
  lab_loop l;
  lab_loop_init(&l, &ld);
  long frames = 0;
  t0 = now_s();
  while (now_s() - t0 < 0.25) {
    for (int k = 0; k < 1000; k++) lab_loop_frame(&l, 1.0 / 144.0);
    frames += 1000;
  }
  dt = now_s() - t0;
  sink = l.x[LAB_FIXED_STEP];
  printf("lab loop: %.1f ns/frame\n", dt * 1e9 / (double)frames);
  return 0;
}
