// SPDX-License-Identifier: MIT
// Checklist step: read input where it belongs, and lose no press between steps.
//
// A 240 Hz display drives a game stepped 60 times a second, so three frames
// in four run no step. Three kinds of input:
//   - the look (a mouse displacement that already happened) is applied once
//     per frame, whatever the number of steps;
//   - a held key (run) is read by every step;
//   - a press (jump) is latched when it arrives and consumed by the next step.
// Six quick taps (3 to 15 ms, shorter than a 16.7 ms step) all jump with the
// latch; a loop that looks at the key only when a step runs misses most.
#include <stdio.h>

#include "kickstep/clock.h"

typedef struct player { // the game's state
  double x, y, vy, yaw;
  int jumps;
} player;

typedef struct frame_input { // what one frame hands the game
  int run_held;  // held key: read by each step
  int jump_down; // the key's state at the end of the frame (what polling sees)
  int pressed;   // a press arrived during the frame (latched)
  double look;   // mouse displacement this frame, units
} frame_input;

static void step(player *p, int run, int jump, double dt) {
  if (run) p->x = p->x + 4.0 * dt;
  if (jump && p->y == 0.0) {
    p->vy = 3.0; // 0.3 s in the air
    p->jumps++;
  }
  p->vy = p->vy - 20.0 * dt;
  p->y = p->y + p->vy * dt;
  if (p->y <= 0.0) p->y = 0.0, p->vy = 0.0;
}

// The taps: down at t0, up at t1 (s).
static const double taps[6][2] = {{0.203, 0.206}, {0.611, 0.626}, {1.004, 1.012},
                                  {1.409, 1.413}, {1.802, 1.817}, {2.211, 2.214}};

static frame_input input_for(double t0, double t1) { // the OS's events between two frames
  frame_input in = {t0 >= 0.5 && t0 < 1.5, 0, 0, 1.0};
  for (int i = 0; i < 6; i++) {
    if (taps[i][0] >= t0 && taps[i][0] < t1) in.pressed = 1;
    if (taps[i][0] < t1 && taps[i][1] >= t1) in.jump_down = 1;
  }
  return in;
}

static player play(int latch, int64_t *frames, int64_t *steps) {
  ks_clock_def d = ks_clock_default_def();
  d.steps_per_second = 60;
  ks_clock c;
  ks_clock_init(&c, &d);
  player p = {0.0, 0.0, 0.0, 0.0, 0};
  int pending = 0;
  *frames = 0;
  for (int64_t f = 0; f < 240 * 3; f++) { // 3 s of 240 Hz frames
    frame_input in = input_for((double)f / 240.0, (double)(f + 1) / 240.0);
    p.yaw = p.yaw + in.look * 0.0025; // per frame: once, before the frame's steps
    if (in.pressed) pending = 1;      // latched until a step takes it
    int64_t n = ks_clock_advance(&c, 1.0 / 240.0);
    for (int64_t i = 0; i < n; i++) {
      int jump = latch ? pending : in.jump_down;
      step(&p, in.run_held, jump, ks_clock_step_seconds(&c));
      pending = 0;
    }
    (*frames)++;
  }
  *steps = c.total_steps;
  return p;
}

int main(void) {
  int64_t frames, steps;
  player latched = play(1, &frames, &steps);
  player polled = play(0, &frames, &steps);
  printf("input: %lld frames at 240 Hz, %lld steps at 60 steps/s\n", (long long)frames, (long long)steps);
  printf("look, once per frame: yaw %.4f rad = %lld frames x 0.0025 rad\n", latched.yaw, (long long)frames);
  printf("run key, read by each step: x %.4f m = 1 s held x 4 m/s\n", latched.x);
  printf("presses: 6 taps made; latched: %d jumps; polled when a step runs: %d jumps (%d lost)\n", latched.jumps,
         polled.jumps, 6 - polled.jumps);
  int ok = latched.jumps == 6 && polled.jumps < 6 && latched.x > 3.99 && latched.x < 4.01;
  printf("no press lost between steps: %s\n", ok ? "yes" : "NO");
  return ok ? 0 : 1;
}
