// SPDX-License-Identifier: MIT
/* One-off accuracy check, not run by ctest (it takes minutes): ks_sin, ks_cos
   and ks_tan on the double nearest k*pi/2 and both its neighbours, for every
   k in [1, 2^21 - 1] (the whole reduction domain), against MPFR.
     cmake --build build-dmath --target dmath_check_near_pio2
     build-dmath/tests/dmath/dmath_check_near_pio2
   Exit status 1 if any result is more than 1 ulp off. */
#include <stdint.h>
#include <stdio.h>

#include <mpfr.h>

#include "kickstep/dmath.h"

static int64_t ordered(double x) {
  uint64_t b = ks_f64_bits(x);
  return (b >> 63) ? -(int64_t)(b & 0x7fffffffffffffffull) : (int64_t)b;
}

static uint64_t ulp_dist(double a, double b) {
  if (a != a && b != b) return 0;
  if (a != a || b != b) return UINT64_MAX;
  int64_t d = ordered(a) - ordered(b);
  return d < 0 ? (uint64_t)(-d) : (uint64_t)d;
}

typedef int (*mp_fn)(mpfr_t, const mpfr_t, mpfr_rnd_t);

static double ref(mp_fn f, mpfr_t out, const mpfr_t in) {
  int t = f(out, in, MPFR_RNDN);
  mpfr_subnormalize(out, t, MPFR_RNDN);
  return mpfr_get_d(out, MPFR_RNDN);
}

int main(void) {
  mpfr_set_emin(-1073);
  mpfr_set_emax(1024);
  mpfr_t pi, t, in, o;
  mpfr_inits2(400, pi, t, (mpfr_ptr)0);
  mpfr_inits2(53, in, o, (mpfr_ptr)0);
  mpfr_const_pi(pi, MPFR_RNDN);
  uint64_t worst[3] = {0, 0, 0};
  long n = 0;
  for (unsigned long k = 1; k < (1ul << 21); k++) {
    mpfr_mul_ui(t, pi, k, MPFR_RNDN);
    mpfr_div_2ui(t, t, 1, MPFR_RNDN);
    double x0 = mpfr_get_d(t, MPFR_RNDN);
    for (int off = -1; off <= 1; off++) {
      double x = ks_f64_from_bits(ks_f64_bits(x0) + (uint64_t)(int64_t)off);
      if (x > 0x1.921fb54442d18p+21) continue;
      n++;
      mpfr_set_d(in, x, MPFR_RNDN);
      uint64_t d[3] = {ulp_dist(ks_sin(x), ref(mpfr_sin, o, in)), ulp_dist(ks_cos(x), ref(mpfr_cos, o, in)),
                       ulp_dist(ks_tan(x), ref(mpfr_tan, o, in))};
      for (int i = 0; i < 3; i++) {
        if (d[i] > worst[i]) {
          worst[i] = d[i];
          printf("new worst %s(%a): %llu ulp\n", i == 0 ? "sin" : i == 1 ? "cos" : "tan", x, (unsigned long long)d[i]);
        }
      }
    }
  }
  printf("near k*pi/2, k in [1, 2^21): %ld inputs, max ulp sin %llu cos %llu tan %llu\n", n,
         (unsigned long long)worst[0], (unsigned long long)worst[1], (unsigned long long)worst[2]);
  mpfr_clears(pi, t, in, o, (mpfr_ptr)0);
  return worst[0] > 1 || worst[1] > 1 || worst[2] > 1;
}
