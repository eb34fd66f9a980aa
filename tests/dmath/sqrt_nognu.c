// SPDX-License-Identifier: MIT
/* Compiled with __GNUC__ and __clang__ undefined (tests/dmath/CMakeLists.txt),
   as a compiler without GNU extensions (MSVC) sees kickstep/dmath.h: its
   ks_sqrt takes the portable fallback, ks_sqrt_soft. */
#include "kickstep/dmath.h"

#if defined(__GNUC__) || defined(__clang__)
#error "this file must be compiled with -U__GNUC__ -U__clang__"
#endif

double nognu_ks_sqrt(double x);
double nognu_ks_sqrt(double x) { return ks_sqrt(x); }
