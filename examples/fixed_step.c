// SPDX-License-Identifier: MIT
// Checklist step 1: step at one fixed size, carry the remainder, keep frame
// time out of the physics, cap the time a frame can add, and draw between the
// last two steps.
//
// A bouncing ball is stepped at 120 steps/s by a ks_clock that is fed frames
// of 60 Hz, 144 Hz, and uneven lengths with a 0.3 s stall. The clock counts
// time in integer units, so the remainder is exact; the frame cap (0.05 s)
// turns the stall into 6 steps instead of 36. Every frame rate reaches the
// same state on step 240, and every drawn (interpolated) height lies between
// the two steps it blends.
#include <stdio.h>

#include "kickstep/clock.h"
#include "kickstep/hash.h"
#include "kickstep/rng.h"

typedef struct ball { // the game's whole state: a plain value
  double y, vy;
  int64_t bounces;
} ball;

static void ball_step(ball *b, double dt) { // the step: dt is always 1/120 s
  b->vy = b->vy - 9.81 * dt;
  b->y = b->y + b->vy * dt;
  if (b->y < 0.0) {
    b->y = -b->y;
    b->vy = -b->vy * 0.8;
    b->bounces++;
  }
}

static uint64_t ball_hash(const ball *b) {
  ks_hash h = ks_hash_begin();
  ks_hash_f64(&h, b->y);
  ks_hash_f64(&h, b->vy);
  ks_hash_i64(&h, b->bounces);
  return ks_hash_end(&h);
}

typedef struct result {
  int64_t frames, most_steps, stall_steps;
  uint64_t hash_at_240;
  double stall_dropped_s;
  int drawn_outside; // frames whose drawn height left [prev, now]
} result;

// Plays until step 240. kind 0: 60 Hz; 1: 144 Hz; 2: uneven 30..200 Hz with a 0.3 s stall at frame 20.
static result play(int kind) {
  ks_clock_def d = ks_clock_default_def();
  d.steps_per_second = 120;
  d.max_frame_seconds = 0.05; // no frame counts as more than 1/20 s
  ks_clock clock;
  ks_clock_init(&clock, &d);
  ball now = {2.0, 0.0, 0}, prev = now;
  ks_rng jitter = ks_rng_seeded(99); // frame lengths come from outside the game
  result r = {0, 0, 0, 0, 0.0, 0};
  while (clock.total_steps < 240) {
    double frame = kind == 0 ? 1.0 / 60.0 : kind == 1 ? 1.0 / 144.0 : ks_rng_range(&jitter, 1.0 / 200.0, 1.0 / 30.0);
    if (kind == 2 && r.frames == 20) frame = 0.3;
    int64_t n = ks_clock_advance(&clock, frame);
    if (kind == 2 && r.frames == 20) {
      r.stall_steps = n;
      r.stall_dropped_s = ks_clock_dropped_seconds(&clock);
    }
    for (int64_t i = 0; i < n; i++) {
      prev = now;
      ball_step(&now, ks_clock_step_seconds(&clock));
      if (clock.total_steps - n + i + 1 == 240) r.hash_at_240 = ball_hash(&now);
    }
    double alpha = ks_clock_alpha(&clock);
    double drawn = prev.y + (now.y - prev.y) * alpha; // what the renderer shows
    double lo = prev.y < now.y ? prev.y : now.y, hi = prev.y < now.y ? now.y : prev.y;
    if (!(alpha >= 0.0 && alpha < 1.0) || drawn < lo || drawn > hi) r.drawn_outside++;
    if (n > r.most_steps) r.most_steps = n;
    r.frames++;
  }
  return r;
}

int main(void) {
  static const char *names[3] = {"60 Hz frames", "144 Hz frames", "uneven frames, a stall"};
  result r[3];
  int ok = 1;
  printf("fixed step: 120 steps/s, frames capped at 0.05 s\n");
  for (int k = 0; k < 3; k++) {
    r[k] = play(k);
    printf("  %-24s %4lld frames, at most %lld steps in one; state at step 240: %016llx\n", names[k],
           (long long)r[k].frames, (long long)r[k].most_steps, (unsigned long long)r[k].hash_at_240);
    if (r[k].hash_at_240 != r[0].hash_at_240) ok = 0;
    if (r[k].drawn_outside) ok = 0;
  }
  printf("a 0.300 s stall counted as 0.050 s: %lld steps, %.3f s dropped (the game slows down, no spiral)\n",
         (long long)r[2].stall_steps, r[2].stall_dropped_s);
  printf("interpolation: every drawn height lay between the last two steps (%d frames outside)\n",
         r[0].drawn_outside + r[1].drawn_outside + r[2].drawn_outside);
  printf("same state at step 240 for every frame rate: %s\n", ok ? "yes" : "NO");
  return ok && r[2].stall_steps == 6 ? 0 : 1;
}
