// SPDX-License-Identifier: MIT
/* The batch's flight: kick_flight_step_inline for several balls at once.

   The kernel (batch_flight_lanes.h) is built for two lanes a vector, which
   every target has (SSE2, NEON, wasm32, where a compiler without vector units
   uses two scalars), and on x86 also for four lanes with AVX2, chosen at run
   time when the CPU has it (a build for AVX or later runs them as built;
   AVX2's 256-bit integer compares keep the kernel's step tests in vectors). Both are the scalar flight's own operations in
   its own order, so both give its bits. The ground, whose branches depend on
   the ball's history, stays scalar (the caller runs it). Width 1, a build
   with KICK_BATCH_SCALAR or a compiler without GCC's vector extensions run
   the scalar flight through the air, lane by lane. */
#include "kickstep/kick_batch.h"
#include "batch.h"

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

/* Lane k's value for KB_LANES (batch_flight_lanes.h). */
#define KB_SPLAT_(k) x
#define KB_SQRT_(k) ks_sqrt(x[k])
#define KB_IN_(k, f) src[k]->f
#define KB_PX_(k) KB_IN_(k, pos.x)
#define KB_PY_(k) KB_IN_(k, pos.y)
#define KB_PZ_(k) KB_IN_(k, pos.z)
#define KB_VX_(k) KB_IN_(k, vel.x)
#define KB_VY_(k) KB_IN_(k, vel.y)
#define KB_VZ_(k) KB_IN_(k, vel.z)
#define KB_SX_(k) KB_IN_(k, spin_axis.x)
#define KB_SY_(k) KB_IN_(k, spin_axis.y)
#define KB_SZ_(k) KB_IN_(k, spin_axis.z)
#define KB_SPIN_(k) KB_IN_(k, spin_rate)
#define KB_WX_(k) ws[k]->x
#define KB_WY_(k) ws[k]->y
#define KB_WZ_(k) ws[k]->z

#define KB_W 2
#define KB_NAME(x) kb2_##x
#define KB_TARGET
#include "batch_flight_lanes.h"

#if defined(__AVX__) || KB_AVX_AT_RUN_TIME
#define KB_W 4
#define KB_NAME(x) kb4_##x
#if KB_AVX_AT_RUN_TIME
#define KB_TARGET __attribute__((target("avx2")))
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
  return __builtin_cpu_supports("avx2") ? 4 : 2;
#elif KB_HAVE_4
  return 4;
#else
  return 2;
#endif
}

int32_t kick_batch_vector_best(void) {
  int32_t w = kick_batch_vector_widest();
#if defined(__x86_64__) || defined(__i386__)
  /* With SSE2's two lanes the gathers cost what the vectors save: the
     scalar flight lane by lane is as fast or faster. */
  if (w < 4) return 1;
#endif
  return w;
}

/* kick_batch_run_kernel for one lane (width 1, or no vector extensions). */
static bool run_lane(kick_batch_soa *a, int32_t i) {
  kick_ball ball;
  ball.pos = ks_v3(a->px[i], a->py[i], a->pz[i]);
  ball.vel = ks_v3(a->vx[i], a->vy[i], a->vz[i]);
  ball.spin_axis = ks_v3(a->sx[i], a->sy[i], a->sz[i]);
  ball.spin_rate = a->spin[i];
  a->p0x[i] = ball.pos.x;
  a->p0y[i] = ball.pos.y;
  a->p0z[i] = ball.pos.z;
  ks_vec3 w = *a->wsrc[i];
  a->wsrc[i] += a->winc[i];
  kick_flight_air_inline(&ball, w, KICK_DT, a->decay[i]);
  a->px[i] = ball.pos.x;
  a->py[i] = ball.pos.y;
  a->pz[i] = ball.pos.z;
  a->vx[i] = ball.vel.x;
  a->vy[i] = ball.vel.y;
  a->vz[i] = ball.vel.z;
  a->spin[i] = ball.spin_rate;
  double z = ball.pos.z;
  bool esc = !(ball.pos.y >= a->yfloor[i]) || !(z > a->gap_lo[i]) || !(z < a->gap_hi[i]) ||
             !(ks_fabs(ball.pos.x) <= KICK_PITCH_HALF_WIDTH) || !(z >= a->behind[i]) || a->n[i] + 1 >= a->lim[i] ||
             (a->touched[i] != 0 && !(ball.vel.z > 0.0) && !(z >= KICK_STAYS_OUT_Z));
  if (esc) return true;
  a->n[i]++;
  if (ball.pos.y > a->mh[i]) a->mh[i] = ball.pos.y;
  return false;
}

uint32_t kick_batch_run_kernel(kick_batch_soa *a, uint32_t groups, int32_t width) {
#if KB_VECTOR
#if KB_HAVE_4
  if (width >= 4) return kb4_run(a, groups);
#endif
  if (width >= 2) return kb2_run(a, groups);
#endif
  (void)width;
  uint32_t esc = 0;
  for (int32_t i = 0; i < KICK_BATCH_LANES; i++)
    if ((groups & (1u << i)) != 0u && run_lane(a, i)) esc |= 1u << i;
  return esc;
}

void kick_batch_fly(kick_batch *b, uint32_t fly, const double wx[], const double wy[], const double wz[], double p0x[],
                    double p0y[], double p0z[], int32_t width) {
#if KB_VECTOR
#if KB_HAVE_4
  if (width >= 4) {
    kb4_fly(b, fly, wx, wy, wz, p0x, p0y, p0z);
    return;
  }
#endif
  if (width >= 2) {
    kb2_fly(b, fly, wx, wy, wz, p0x, p0y, p0z);
    return;
  }
#endif
  (void)width;
  for (int32_t i = 0; i < KICK_BATCH_LANES; i++) {
    if ((fly & (1u << i)) == 0u) continue;
    kick_shot *s = &b->lane[i];
    p0x[i] = s->ball.pos.x;
    p0y[i] = s->ball.pos.y;
    p0z[i] = s->ball.pos.z;
    kick_flight_air_inline(&s->ball, ks_v3(wx[i], wy[i], wz[i]), KICK_DT, s->spin_decay_step);
  }
}
