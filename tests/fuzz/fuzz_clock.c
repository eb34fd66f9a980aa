// SPDX-License-Identifier: MIT
/* Fuzz target: the clock under arbitrary frame sequences.
 *
 * Input: a definition (rate, caps, scale), then operations (advance with a
 * frame length, set the time scale, pause, resume). Frame lengths are often
 * NaN, ±inf, negative, denormal or huge. After every operation the clock must
 * keep its promises (kickstep/clock.h):
 *   - an advance returns >= 0 steps, never more than the step cap;
 *   - the banked remainder stays in [0, one step) (with carry_excess_steps,
 *     >= 0: steps over the cap stay banked and none are dropped);
 *   - total steps and simulated time never go backwards; dropped time neither;
 *   - paused, nothing is banked and nothing runs;
 *   - nothing is lost: banked before + the frame's units (by the documented
 *     order of operations) = (steps run + steps dropped by the step cap) × step
 *     + banked after, and whatever a cap removed shows in dropped_units;
 *   - counters saturate instead of wrapping. */
#include "fuzz.h"

#include "kickstep/clock.h"

static const int32_t rates[] = {60, 120, 240, 600, 1, 30, 1000000, 7};

/* Scaled seconds to units; a product that overflows to +inf saturates like a huge one. */
static int64_t scaled_units(double seconds, double scale, int64_t units_per_second) {
  double scaled = seconds * scale;
  if (!ks_is_finite(scaled)) return scaled > 0.0 ? (1ll << 62) : 0;
  return ks_clock_seconds_to_units(scaled, units_per_second);
}

/* The units a frame should bank, from the order of operations in clock.h. */
static int64_t expected_units(const ks_clock *c, double frame, int64_t *call_dropped) {
  double real = (ks_is_finite(frame) && frame >= 0.0) ? frame : 0.0;
  if (c->resume_pending) real = c->resume_frame_seconds;
  if (c->max_frame_seconds > 0.0 && real > c->max_frame_seconds) real = c->max_frame_seconds;
  int64_t units = scaled_units(real, c->time_scale, c->units_per_second);
  *call_dropped = 0;
  if (c->max_call_units > 0 && units > c->max_call_units) {
    *call_dropped = units - c->max_call_units;
    units = c->max_call_units;
  }
  return units;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fuzz_in in = {data, size, 0};
  ks_clock_def d = ks_clock_default_def();
  uint8_t shape = fuzz_u8(&in);
  d.steps_per_second = rates[shape & 7];
  if (shape & 8) d.max_frame_seconds = fuzz_double(&in);
  if (shape & 16) {
    uint8_t cap = fuzz_u8(&in);
    d.max_steps_per_frame = (int32_t)((cap & 127) % 12);
    d.carry_excess_steps = (cap & 128) != 0;
  }
  if (shape & 32) d.max_call_seconds = fuzz_double(&in);
  if (shape & 64) d.time_scale = fuzz_double(&in);
  if (shape & 128) d.resume_frame_seconds = fuzz_double(&in);

  ks_clock c;
  memset(&c, 0xa5, sizeof c);
  ks_clock before_init = c;
  ks_status st = ks_clock_init(&c, &d);
  if (st != KS_OK) {
    FUZZ_CHECK(memcmp(&c, &before_init, sizeof c) == 0); /* rejected: untouched */
    return 0;
  }
  FUZZ_CHECK(c.banked_units == 0 && c.total_steps == 0 && c.dropped_units == 0);

  while (in.at < in.n) {
    ks_clock prev = c;
    uint8_t op = fuzz_u8(&in);
    switch (op & 7) {
      case 0: case 1: case 2: case 3: case 4: { /* advance */
        double frame = fuzz_double(&in);
        int64_t call_dropped = 0;
        int64_t units = expected_units(&c, frame, &call_dropped);
        int64_t steps = ks_clock_advance(&c, frame);
        FUZZ_CHECK(steps >= 0);
        FUZZ_CHECK(steps == c.last_steps);
        if (c.max_steps_per_frame > 0) FUZZ_CHECK(steps <= c.max_steps_per_frame);
        if (prev.paused) {
          FUZZ_CHECK(steps == 0 && c.banked_units == prev.banked_units);
          FUZZ_CHECK(c.last_dropped_units == 0);
        } else {
          /* Conservation, in integers: what is not banked became whole steps,
             run or dropped by the step cap. */
          int64_t held = prev.banked_units > INT64_MAX - units ? INT64_MAX : prev.banked_units + units; /* a carried bank saturates */
          int64_t whole = held - c.banked_units;
          FUZZ_CHECK(whole >= 0 && whole % KS_CLOCK_UNITS_PER_STEP == 0);
          int64_t due = whole / KS_CLOCK_UNITS_PER_STEP;
          FUZZ_CHECK(due >= steps);
          if (due > steps) FUZZ_CHECK(c.max_steps_per_frame > 0 && steps == c.max_steps_per_frame);
          if (c.carry_excess_steps) FUZZ_CHECK(due == steps); /* the excess stayed banked */
          if (c.carry_excess_steps && c.banked_units >= KS_CLOCK_UNITS_PER_STEP)
            FUZZ_CHECK(steps == c.max_steps_per_frame); /* owing steps only after a capped frame */
          FUZZ_CHECK(c.last_dropped_units >= call_dropped + (due - steps) * KS_CLOCK_UNITS_PER_STEP);
          FUZZ_CHECK(c.resume_pending == 0);
        }
        FUZZ_CHECK(c.last_dropped_units >= 0);
        FUZZ_CHECK(c.total_steps == (prev.total_steps > INT64_MAX - steps ? INT64_MAX : prev.total_steps + steps));
        FUZZ_CHECK(c.dropped_units == (prev.dropped_units > INT64_MAX - c.last_dropped_units
                                           ? INT64_MAX : prev.dropped_units + c.last_dropped_units));
        break;
      }
      case 5: {
        double scale = fuzz_double(&in);
        ks_status s = ks_clock_set_time_scale(&c, scale);
        if (s != KS_OK) FUZZ_CHECK(memcmp(&c, &prev, sizeof c) == 0);
        else FUZZ_CHECK(c.time_scale == scale && scale >= 0.0 && scale <= 1000.0);
        break;
      }
      case 6: ks_clock_pause(&c); FUZZ_CHECK(c.paused); break;
      default: ks_clock_resume(&c); FUZZ_CHECK(!c.paused); break;
    }
    FUZZ_CHECK(c.banked_units >= 0 && (c.carry_excess_steps || c.banked_units < KS_CLOCK_UNITS_PER_STEP));
    FUZZ_CHECK(c.total_steps >= prev.total_steps);
    FUZZ_CHECK(c.dropped_units >= prev.dropped_units);
    double t0 = ks_clock_time(&prev), t1 = ks_clock_time(&c);
    FUZZ_CHECK(ks_is_finite(t1) && t1 >= t0);
    double a = ks_clock_alpha(&c);
    FUZZ_CHECK(a >= 0.0 && a < 1.0);
    FUZZ_CHECK(c.time_scale >= 0.0 && c.time_scale <= 1000.0);
  }
  return 0;
}
