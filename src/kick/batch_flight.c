// SPDX-License-Identifier: MIT
/* The batch's flight: kick_flight_step_inline for several balls at once.

   The kernel (batch_flight_lanes.h) is built for two lanes a vector, which
   every target has (SSE2, NEON, wasm32, where a compiler without vector units
   uses two scalars), and on x86 also for four lanes with AVX, chosen at run
   time when the CPU has it. Both are the scalar flight's own operations in
   its own order, so both give its bits. The ground, whose branches depend on
   the ball's history, stays scalar: it runs for a ball on the ground or one
   that has just reached it. Built with KICK_BATCH_SCALAR (or by a compiler
   without GCC's vector extensions) every lane runs the scalar flight. */
#include "kickstep/kick_batch.h"
#include "kick_internal.h"

#if defined(__GNUC__) && !defined(KICK_BATCH_SCALAR)
#define KB_VECTOR 1
#else
#define KB_VECTOR 0
#endif

#if KB_VECTOR && (defined(__x86_64__) || defined(__i386__)) && !defined(__AVX__)
#define KB_AVX_AT_RUN_TIME 1
#else
#define KB_AVX_AT_RUN_TIME 0
#endif

#if KB_VECTOR
/* The kernel's vector helpers are static and inlined into it: no vector
   crosses a call, so the ABI note about wide vectors does not apply. */
#pragma GCC diagnostic ignored "-Wpsabi"

#define KB_W 2
#define KB_NAME(x) kb2_##x
#define KB_TARGET
#include "batch_flight_lanes.h"

#if defined(__AVX__) || KB_AVX_AT_RUN_TIME
#define KB_W 4
#define KB_NAME(x) kb4_##x
#if KB_AVX_AT_RUN_TIME
#define KB_TARGET __attribute__((target("avx")))
#else
#define KB_TARGET
#endif
#include "batch_flight_lanes.h"
#define KB_HAVE_4 1
#else
#define KB_HAVE_4 0
#endif
#endif

int32_t kick_batch_vector_widest(void) {
#if !KB_VECTOR
  return 1;
#elif KB_HAVE_4 && KB_AVX_AT_RUN_TIME
  return __builtin_cpu_supports("avx") ? 4 : 2;
#elif KB_HAVE_4
  return 4;
#else
  return 2;
#endif
}

void kick_batch_fly(kick_shot *const s[], const ks_vec3 wind[], int32_t count, int32_t width, uint32_t flags[]) {
#if KB_VECTOR
  if (width >= 2) {
#if KB_HAVE_4
    if (width >= 4) kb4_fly(s, wind, count);
    else kb2_fly(s, wind, count);
#else
    kb2_fly(s, wind, count);
#endif
    for (int32_t k = 0; k < count; k++) {
      kick_ball *b = &s[k]->ball;
      uint32_t f = 0;
      /* kick_ground_inline changes nothing for a ball in the air at or above its radius. */
      if (b->on_ground || b->pos.y < KICK_BALL_RADIUS) kick_ground_inline(b, KICK_DT, &s[k]->setup.pitch, &f);
      flags[k] = f;
    }
    return;
  }
#else
  (void)width;
#endif
  for (int32_t i = 0; i < count; i++)
    flags[i] = kick_flight_step_inline(&s[i]->ball, wind[i], KICK_DT, s[i]->spin_decay_step, &s[i]->setup.pitch);
}
