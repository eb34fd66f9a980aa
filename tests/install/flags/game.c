// SPDX-License-Identifier: MIT
// A game whose outcome hangs on subnormal numbers, as many do without knowing:
// a sled on ice slows by friction (v *= 0.4 a step) until v is exactly 0, and
// after two idle seconds the dice push it again. With subnormals flushed to
// zero (a program linked with -ffast-math or -Ofast) v reaches 0 some steps
// earlier, the dice are thrown on other steps, and the run ends elsewhere.
// Prints the state's hash and what ks_fp_check() says of this build.
#include <stdio.h>

#include "kickstep/clock.h"
#include "kickstep/fpcheck.h"
#include "kickstep/hash.h"
#include "kickstep/rng.h"

typedef struct sled {
  double x, v;
  int64_t idle, pushes;
  ks_rng dice;
} sled;

static void sled_step(sled *s, double dt) {
  s->v = s->v * 0.4;
  s->x = s->x + s->v * dt;
  if (s->v == 0.0) s->idle++;
  if (s->idle == 240) {
    s->idle = 0;
    s->v = ks_rng_range(&s->dice, -3.0, 3.0);
    s->pushes++;
  }
}

int main(void) {
  ks_clock_def d = ks_clock_default_def();
  d.steps_per_second = 120;
  ks_clock c;
  if (ks_clock_init(&c, &d) != KS_OK) return 1;
  sled s = {0.0, 2.0, 0, 0, ks_rng_seeded(7)};
  for (int f = 0; f < 6000; f++) {
    int64_t n = ks_clock_advance(&c, (f % 3) ? 1.0 / 60.0 : 1.0 / 144.0);
    for (int64_t i = 0; i < n; i++) sled_step(&s, ks_clock_step_seconds(&c));
  }
  ks_hash h = ks_hash_begin();
  ks_hash_f64(&h, s.x);
  ks_hash_f64(&h, s.v);
  ks_hash_i64(&h, s.idle);
  ks_hash_i64(&h, s.pushes);
  ks_hash_u64(&h, s.dice.state);
  printf("pushes %lld hash %016llx fp %s\n", (long long)s.pushes, (unsigned long long)ks_hash_end(&h),
         ks_fp_issue_name(ks_fp_check()));
  return 0;
}
