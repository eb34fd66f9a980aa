// SPDX-License-Identifier: MIT
/* Property tests of the clock: its invariants over random frame sequences.
 *
 * Each property runs many sequences drawn from fixed seeds; a failure names
 * the seed and the frame. Frame lengths mix ordinary display frames, stalls,
 * zeros and invalid values (NaN, infinities, negatives), time scales and
 * pause/resume. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "kickstep/clock.h"
#include "kickstep/rng.h"

#define STEP KS_CLOCK_UNITS_PER_STEP
#define SEQUENCES 1000
#define FRAMES 600

static const int32_t rates[] = {30, 60, 120, 240, 600, 1000, 7, 1};

/* A frame length, seconds: mostly display frames with jitter, sometimes a
   stall, a zero, a denormal, or an invalid value. */
static double random_frame(ks_rng *r) {
  uint32_t kind = ks_rng_below(r, 100);
  if (kind < 70) return ks_rng_range(r, 0.004, 0.05);
  if (kind < 80) return ks_rng_range(r, 0.05, 2.0);
  if (kind < 84) return 0.0;
  if (kind < 86) return ks_f64_from_bits(1); /* smallest denormal */
  if (kind < 88) return -ks_rng_range(r, 0.0, 1.0);
  if (kind < 90) return ks_f64_from_bits(0x7ff8000000000000ull); /* NaN */
  if (kind < 92) return ks_f64_from_bits(0x7ff0000000000000ull); /* +inf */
  if (kind < 94) return ks_f64_from_bits(0xfff0000000000000ull); /* -inf */
  return (double)ks_rng_below(r, 12) / 120.0; /* exact-ish table frames */
}

static ks_clock random_clock(ks_rng *r, bool caps) {
  ks_clock_def d = ks_clock_default_def();
  d.steps_per_second = rates[ks_rng_below(r, 8)];
  d.max_frame_seconds = caps && ks_rng_chance(r, 0.7) ? ks_rng_range(r, 0.01, 0.5) : 0.0;
  d.max_call_seconds = caps && ks_rng_chance(r, 0.5) ? ks_rng_range(r, 0.01, 0.3) : 0.0;
  d.max_steps_per_frame = caps && ks_rng_chance(r, 0.5) ? (int32_t)ks_rng_below(r, 10) : 0;
  d.time_scale = caps && ks_rng_chance(r, 0.5) ? ks_rng_range(r, 0.0, 3.0) : 1.0;
  ks_clock c;
  assert_int_equal(ks_clock_init(&c, &d), KS_OK);
  return c;
}

/* The units a (valid or not) frame brings before any clamp: what dropped_units
   and the step count together must account for. */
static int64_t full_units(const ks_clock *c, double frame) {
  double real = (ks_is_finite(frame) && frame >= 0.0) ? frame : 0.0;
  return ks_clock_seconds_to_units(real * c->time_scale, c->units_per_second);
}

/* Steps never negative, remainder in [0, one step), time and drops never go
   backwards — whatever the caps, the scale, pauses and the frames. */
static void invariants_hold(void **st) {
  (void)st;
  for (uint64_t seed = 1; seed <= SEQUENCES; seed++) {
    ks_rng r = ks_rng_seeded(seed);
    ks_clock c = random_clock(&r, true);
    for (int f = 0; f < FRAMES; f++) {
      ks_clock prev = c;
      uint32_t op = ks_rng_below(&r, 100);
      if (op < 3) ks_clock_pause(&c);
      else if (op < 8) ks_clock_resume(&c);
      else if (op < 11) assert_int_equal(ks_clock_set_time_scale(&c, ks_rng_range(&r, 0.0, 2.0)), KS_OK);
      int64_t n = ks_clock_advance(&c, random_frame(&r));
      if (n < 0 || c.banked_units < 0 || c.banked_units >= STEP || c.total_steps < prev.total_steps ||
          ks_clock_time(&c) < ks_clock_time(&prev) || c.dropped_units < prev.dropped_units)
        fail_msg("clock invariant broken: seed %llu frame %d", (unsigned long long)seed, f);
      if (c.max_steps_per_frame > 0) assert_true(n <= c.max_steps_per_frame);
      if (prev.paused && c.paused) assert_int_equal(n, 0);
      assert_int_equal(c.total_steps, prev.total_steps + n);
      double a = ks_clock_alpha(&c);
      assert_true(a >= 0.0 && a < 1.0);
    }
  }
}

/* No caps: total steps = floor(total banked units / step), and the remainder
   is what is left, exactly. */
static void no_cap_steps_are_floor_of_units(void **st) {
  (void)st;
  for (uint64_t seed = 1; seed <= SEQUENCES; seed++) {
    ks_rng r = ks_rng_seeded(1000 + seed);
    ks_clock c = random_clock(&r, false);
    int64_t units = 0;
    for (int f = 0; f < FRAMES; f++) {
      double frame = random_frame(&r);
      units += full_units(&c, frame);
      ks_clock_advance(&c, frame);
      if (c.total_steps != units / STEP || c.banked_units != units % STEP)
        fail_msg("floor property broken: seed %llu frame %d: %lld steps, %lld units",
                 (unsigned long long)seed, f, (long long)c.total_steps, (long long)units);
      assert_int_equal(c.dropped_units, 0);
    }
  }
}

/* With caps: nothing is lost. Every unit a frame brings is run as a step,
   kept in the bank, or counted as dropped. */
static void caps_lose_nothing(void **st) {
  (void)st;
  for (uint64_t seed = 1; seed <= SEQUENCES; seed++) {
    ks_rng r = ks_rng_seeded(2000 + seed);
    ks_clock c = random_clock(&r, true);
    int64_t units = 0;
    for (int f = 0; f < FRAMES; f++) {
      double frame = random_frame(&r);
      units += full_units(&c, frame);
      ks_clock_advance(&c, frame);
      if (c.total_steps * STEP + c.banked_units + c.dropped_units != units)
        fail_msg("units lost: seed %llu frame %d: %lld steps + %lld banked + %lld dropped != %lld",
                 (unsigned long long)seed, f, (long long)c.total_steps, (long long)c.banked_units,
                 (long long)c.dropped_units, (long long)units);
    }
  }
}

/* The clock is a value: a copy advanced by the same frames stays identical. */
static void copies_stay_identical(void **st) {
  (void)st;
  for (uint64_t seed = 1; seed <= SEQUENCES; seed++) {
    ks_rng r = ks_rng_seeded(3000 + seed);
    ks_clock a = random_clock(&r, true);
    ks_clock b = a;
    for (int f = 0; f < FRAMES; f++) {
      double frame = random_frame(&r);
      assert_int_equal(ks_clock_advance(&a, frame), ks_clock_advance(&b, frame));
    }
    assert_memory_equal(&a, &b, sizeof a);
  }
}

/* Pausing banks nothing, and the first frame after a resume counts as
   resume_frame_seconds however long the pause was. */
static void pause_catches_nothing_up(void **st) {
  (void)st;
  for (uint64_t seed = 1; seed <= SEQUENCES; seed++) {
    ks_rng r = ks_rng_seeded(4000 + seed);
    ks_clock c = random_clock(&r, false);
    for (int f = 0; f < 50; f++) ks_clock_advance(&c, random_frame(&r));
    ks_clock ref = c;
    ks_clock_pause(&c);
    uint32_t long_pause = 1 + ks_rng_below(&r, 200);
    for (uint32_t f = 0; f < long_pause; f++) assert_int_equal(ks_clock_advance(&c, random_frame(&r)), 0);
    ks_clock_resume(&c);
    ks_clock_advance(&c, 10.0 * random_frame(&r));
    /* Same as the unpaused clock running one resume-length frame. */
    ks_clock_advance(&ref, ref.resume_frame_seconds);
    assert_int_equal(c.total_steps, ref.total_steps);
    assert_int_equal(c.banked_units, ref.banked_units);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(invariants_hold),
      cmocka_unit_test(no_cap_steps_are_floor_of_units),
      cmocka_unit_test(caps_lose_nothing),
      cmocka_unit_test(copies_stay_identical),
      cmocka_unit_test(pause_catches_nothing_up),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
