/// wasm/kick_exports.c — the free-kick game's browser boundary (PRELIMINARY).
///
/// Until include/kickstep/kick.h lands this exposes only the clock, so the
/// site and its tests can be built end to end.
#include "kickstep/clock.h"
#include "kickstep/base.h"

#define KS_EXPORT(name) __attribute__((export_name(#name))) name

static ks_clock g_clock;
static double g_view[8];

int32_t KS_EXPORT(kick_init)(int32_t level, uint32_t seed_lo, uint32_t seed_hi);
int32_t kick_init(int32_t level, uint32_t seed_lo, uint32_t seed_hi) {
  ks_clock_def d = ks_clock_default_def();
  d.steps_per_second = 600;
  return (int32_t)ks_clock_init(&g_clock, &d);
}

int32_t KS_EXPORT(kick_advance)(double frame_seconds);
int32_t kick_advance(double frame_seconds) {
  int64_t n = ks_clock_advance(&g_clock, frame_seconds);
  g_view[0] = ks_clock_time(&g_clock);
  return (int32_t)n;
}

double *KS_EXPORT(kick_view)(void);
double *kick_view(void) { return g_view; }
