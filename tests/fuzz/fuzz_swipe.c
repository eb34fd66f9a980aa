// SPDX-License-Identifier: MIT
/* Fuzz target: the swipe reader (kickstep/kick_swipe.h).
 *
 * Input: a few bytes that bend the definition, then touch samples (x, y, t,
 * often NaN, infinite, huge, denormal, repeated or out of order) delivered in
 * frames of arbitrary size. Checked:
 *   - a rejected frame of samples leaves the swipe exactly as it was, with a
 *     named error whose status matches;
 *   - finishing never changes the swipe; an accepted reading is a valid
 *     launch (kick_launch_validate) with finite measures and its bend in
 *     [-1, 1], however extreme the (finite) samples and the definition: a
 *     swipe whose measures would overflow is rejected (tests/fuzz/regress/swipe/
 *     keeps three that once were not);
 *   - the same samples delivered all at once, or through kick_swipe_read,
 *     give the same reading, bit for bit (frames never touch the kick);
 *     samples with equal timestamps (merged) included, any number of them. */
#include "fuzz.h"

#include "kickstep/kick_swipe.h"

static void same_launch(const kick_launch *a, const kick_launch *b) {
  FUZZ_CHECK(ks_f64_bits(a->speed_mps) == ks_f64_bits(b->speed_mps));
  FUZZ_CHECK(ks_f64_bits(a->elevation) == ks_f64_bits(b->elevation));
  FUZZ_CHECK(ks_f64_bits(a->direction) == ks_f64_bits(b->direction));
  FUZZ_CHECK(ks_f64_bits(a->spin_rate) == ks_f64_bits(b->spin_rate));
  FUZZ_CHECK(ks_f64_bits(a->spin_axis.x) == ks_f64_bits(b->spin_axis.x));
  FUZZ_CHECK(ks_f64_bits(a->spin_axis.y) == ks_f64_bits(b->spin_axis.y));
  FUZZ_CHECK(ks_f64_bits(a->spin_axis.z) == ks_f64_bits(b->spin_axis.z));
}

/* A sample: usually a plausible upward swipe point, sometimes anything. */
static kick_touch next_sample(fuzz_in *in, double *t) {
  kick_touch s;
  uint8_t kind = fuzz_u8(in);
  if (kind < 200) {
    s.x = 0.5 + ((double)fuzz_u8(in) - 128.0) / 256.0;
    s.y = 0.9 - (double)fuzz_u8(in) / 300.0;
    *t += (double)(fuzz_u8(in) % 40) / 1000.0;
    s.t = *t;
  } else {
    s.x = fuzz_double(in);
    s.y = fuzz_double(in);
    s.t = fuzz_double(in);
  }
  return s;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fuzz_in in = {data, size, 0};
  kick_swipe_def def = kick_swipe_default_def();
  uint8_t shape = fuzz_u8(&in);
  if (shape & 1) def.screen_height = fuzz_double(&in);
  if (shape & 2) def.min_length = fuzz_double(&in);
  if (shape & 4) def.release_window_s = fuzz_double(&in);
  if (shape & 8) def.full_bend_bow = fuzz_double(&in);

  static kick_swipe sw, before;
  ks_status st = kick_swipe_begin(&sw, &def);
  if (st != KS_OK) return 0;

  /* A swipe takes any number of samples; an input this long holds fewer. */
  static kick_touch all[1u << 16];
  size_t total = 0;
  bool all_kept = true;
  double t = 0.0;
  while (in.at < in.n) {
    kick_touch frame[16];
    size_t n = fuzz_u8(&in) % 17u;
    for (size_t i = 0; i < n; i++) frame[i] = next_sample(&in, &t);
    before = sw;
    kick_swipe_error e = kick_swipe_error_count;
    ks_status as = kick_swipe_add(&sw, n ? frame : NULL, n, &e);
    if (as != KS_OK) {
      FUZZ_CHECK(memcmp(&sw, &before, sizeof sw) == 0);
      FUZZ_CHECK(e != KICK_SWIPE_OK && e < kick_swipe_error_count);
      FUZZ_CHECK(kick_swipe_error_status(e) == as);
      FUZZ_CHECK(strcmp(kick_swipe_error_name(e), "unknown") != 0);
    } else {
      FUZZ_CHECK(e == KICK_SWIPE_OK);
      for (size_t i = 0; i < n; i++) {
        if (total < sizeof all / sizeof all[0]) all[total++] = frame[i];
        else all_kept = false;
      }
    }
  }

  before = sw;
  kick_swipe_reading r;
  ks_status fs = kick_swipe_finish(&sw, &r);
  FUZZ_CHECK(memcmp(&sw, &before, sizeof sw) == 0);
  FUZZ_CHECK((fs == KS_OK) == (r.error == KICK_SWIPE_OK));
  if (fs != KS_OK) {
    FUZZ_CHECK(kick_swipe_error_status(r.error) == fs);
  } else {
    FUZZ_CHECK(kick_launch_validate(&r.launch) == KS_OK);
    FUZZ_CHECK(ks_is_finite(r.bend) && r.bend >= -1.0 && r.bend <= 1.0);
    FUZZ_CHECK(ks_is_finite(r.release_speed) && ks_is_finite(r.length) && ks_is_finite(r.rise));
    FUZZ_CHECK(ks_is_finite(r.heading) && ks_is_finite(r.duration_s));
  }

  /* Frames never touch the kick: all samples at once read the same. */
  if (!all_kept) return 0;
  kick_swipe_reading r2;
  ks_status s2 = kick_swipe_read(&def, total ? all : NULL, total, &r2);
  FUZZ_CHECK(s2 == fs && r2.error == r.error);
  if (fs == KS_OK) same_launch(&r.launch, &r2.launch);
  return 0;
}
