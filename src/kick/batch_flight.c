// SPDX-License-Identifier: MIT
/* The batch's flight: kick_flight_step_inline for several balls at once.

   Each lane is the scalar flight's arithmetic, operation for operation and in
   the same order (the same bits): only add, subtract, multiply, divide,
   square root and compares, with selects where the scalar code branches.
   GCC's and Clang's vector extensions give these their IEEE meaning on every
   target (SSE2, AVX, NEON, wasm32 with or without SIMD, or plain scalar
   code), and -ffp-contract=off keeps a multiply and an add apart. The
   ground, whose branches depend on the ball's history, stays scalar: it runs
   for a lane whose ball is on the ground or has just reached it.
   Built with KICK_BATCH_SCALAR (or by a compiler without vector extensions)
   every lane runs the scalar flight itself. */
#include "kick_internal.h"

#if defined(__GNUC__) && !defined(KICK_BATCH_SCALAR)
#define KB_VECTOR 1
#else
#define KB_VECTOR 0
#endif

#if KB_VECTOR

/* The helpers below are static and inlined: the vector types never cross a
   call, so the ABI note about 32-byte vectors without AVX does not apply. */
#pragma GCC diagnostic ignored "-Wpsabi"

/* Lanes per vector: four with AVX, else two (SSE2, NEON, wasm32 SIMD, or
   two scalars where there is no vector unit). */
#if defined(__AVX__)
#define KB_W 4
#else
#define KB_W 2
#endif

typedef double kb_vd __attribute__((vector_size(KB_W * sizeof(double))));
typedef __typeof__((kb_vd){0.0} < (kb_vd){0.0}) kb_vm;

static inline kb_vd kb_splat(double x) {
  kb_vd v;
  for (int k = 0; k < KB_W; k++) v[k] = x;
  return v;
}

/* m ? a : b, lane by lane (m lanes are all ones or all zeros). */
static inline kb_vd kb_sel(kb_vm m, kb_vd a, kb_vd b) { return (kb_vd)(((kb_vm)a & m) | ((kb_vm)b & ~m)); }

/* The IEEE square root of each lane (exact, so any instruction gives these bits). */
static inline kb_vd kb_sqrt(kb_vd x) {
  kb_vd r;
  for (int k = 0; k < KB_W; k++) r[k] = ks_sqrt(x[k]);
  return r;
}

#define KB_GATHER(v, field)                                                                                        \
  kb_vd v;                                                                                                         \
  for (int k_ = 0; k_ < KB_W; k_++) v[k_] = b[k_]->field

/* KB_W balls through one step of the air: kick_flight_step_inline up to the
   ground, each lane's arithmetic in the scalar code's order. */
static inline void fly_lanes(kick_ball *const b[KB_W], const ks_vec3 w[KB_W], const double decay[KB_W]) {
  const double dt = KICK_DT;
  KB_GATHER(px, pos.x);
  KB_GATHER(py, pos.y);
  KB_GATHER(pz, pos.z);
  KB_GATHER(vx, vel.x);
  KB_GATHER(vy, vel.y);
  KB_GATHER(vz, vel.z);
  KB_GATHER(sx, spin_axis.x);
  KB_GATHER(sy, spin_axis.y);
  KB_GATHER(sz, spin_axis.z);
  KB_GATHER(spin, spin_rate);
  kb_vd wx, wy, wz, dec;
  for (int k = 0; k < KB_W; k++) {
    wx[k] = w[k].x;
    wy[k] = w[k].y;
    wz[k] = w[k].z;
    dec[k] = decay[k];
  }
  /* air = vel - wind × 1.8; sp = |air| */
  kb_vd ax = vx - wx * KICK_WIND_FACTOR;
  kb_vd ay = vy - wy * KICK_WIND_FACTOR;
  kb_vd az = vz - wz * KICK_WIND_FACTOR;
  kb_vd sp = kb_sqrt(ax * ax + ay * ay + az * az);
  /* The drag coefficient (kick_drag_cd_inline, for sp > 0). */
  kb_vd re = sp * KICK_RE_PER_MPS;
  kb_vd u = (re - KICK_RE_CRISIS_LO) / (KICK_RE_CRISIS_HI - KICK_RE_CRISIS_LO);
  kb_vd sm = u * u * (3.0 - 2.0 * u);
  kb_vd cd = KICK_CD_SUB + (KICK_CD_SUPER - KICK_CD_SUB) * sm;
  cd = kb_sel(re >= KICK_RE_CRISIS_HI, kb_splat(KICK_CD_SUPER), cd);
  cd = kb_sel(re <= KICK_RE_CRISIS_LO, kb_splat(KICK_CD_SUB), cd);
  /* Drag, then lift. */
  kb_vd dk = -(KICK_AERO_K * cd * sp);
  kb_vd a1x = 0.0 + ax * dk;
  kb_vd a1y = -KICK_GRAVITY + ay * dk;
  kb_vd a1z = 0.0 + az * dk;
  kb_vd rw = KICK_BALL_RADIUS * spin;
  kb_vd cl = KICK_CL_MAX * rw / (rw + KICK_CL_HALF * sp);
  kb_vd lk = KICK_AERO_K * cl * sp;
  kb_vd cx = sy * az - sz * ay;
  kb_vd cy = sz * ax - sx * az;
  kb_vd cz = sx * ay - sy * ax;
  kb_vd a2x = a1x + cx * lk;
  kb_vd a2y = a1y + cy * lk;
  kb_vd a2z = a1z + cz * lk;
  kb_vm moving = sp > 0.0;
  kb_vm spinning = spin > 0.0;
  kb_vd accx = kb_sel(moving, kb_sel(spinning, a2x, a1x), kb_splat(0.0));
  kb_vd accy = kb_sel(moving, kb_sel(spinning, a2y, a1y), kb_splat(-KICK_GRAVITY));
  kb_vd accz = kb_sel(moving, kb_sel(spinning, a2z, a1z), kb_splat(0.0));
  /* Semi-implicit Euler: the velocity first, the position with the new one. */
  vx = vx + accx * dt;
  vy = vy + accy * dt;
  vz = vz + accz * dt;
  px = px + vx * dt;
  py = py + vy * dt;
  pz = pz + vz * dt;
  spin = spin * dec;
  for (int k = 0; k < KB_W; k++) {
    b[k]->vel = ks_v3(vx[k], vy[k], vz[k]);
    b[k]->pos = ks_v3(px[k], py[k], pz[k]);
    b[k]->spin_rate = spin[k];
  }
}

#endif

void kick_batch_fly(kick_shot *const s[], const ks_vec3 wind[], int32_t count, uint32_t flags[]) {
#if KB_VECTOR
  for (int32_t i = 0; i < count; i += KB_W) {
    /* A last group short of KB_W lanes is padded with copies (thrown away). */
    kick_ball pad[KB_W];
    kick_ball *b[KB_W];
    ks_vec3 w[KB_W];
    double decay[KB_W];
    for (int32_t k = 0; k < KB_W; k++) {
      int32_t j = i + k < count ? i + k : i;
      b[k] = &s[j]->ball;
      if (i + k >= count) {
        pad[k] = s[j]->ball;
        b[k] = &pad[k];
      }
      w[k] = wind[j];
      decay[k] = s[j]->spin_decay_step;
    }
    fly_lanes(b, w, decay);
  }
  for (int32_t k = 0; k < count; k++) {
    kick_ball *bk = &s[k]->ball;
    uint32_t f = 0;
    /* kick_ground_inline changes nothing for a ball in the air at or above its radius. */
    if (bk->on_ground || bk->pos.y < KICK_BALL_RADIUS) kick_ground_inline(bk, KICK_DT, &s[k]->setup.pitch, &f);
    flags[k] = f;
  }
#else
  for (int32_t i = 0; i < count; i++)
    flags[i] = kick_flight_step_inline(&s[i]->ball, wind[i], KICK_DT, s[i]->spin_decay_step, &s[i]->setup.pitch);
#endif
}
