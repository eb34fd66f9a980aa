// SPDX-License-Identifier: MIT
/* The batch's flight kernel, a template included by batch_flight.c once per
   vector width. Before including, define:
     KB_W       lanes per vector (2 or 4)
     KB_NAME(x) the instance's name for x
     KB_TARGET  function attributes of the instance (a target ISA, or nothing)
   Each lane is kick_flight_step_inline's arithmetic up to the ground,
   operation for operation in the scalar order: add, subtract, multiply,
   divide, square root and compares, with selects where the scalar code
   branches. The vector extensions give these their IEEE meaning lane by
   lane, and -ffp-contract=off keeps every multiply and add apart. */

typedef double KB_NAME(vd) __attribute__((vector_size(KB_W * sizeof(double))));
typedef __typeof__((KB_NAME(vd)){0.0} < (KB_NAME(vd)){0.0}) KB_NAME(vm);

/* A vector of E(0) .. E(KB_W - 1). */
#if KB_W == 4
#define KB_LANES(E) ((KB_NAME(vd)){E(0), E(1), E(2), E(3)})
#else
#define KB_LANES(E) ((KB_NAME(vd)){E(0), E(1)})
#endif

/* m ? a : b, lane by lane (m lanes are all ones or all zeros). */
KB_TARGET static inline KB_NAME(vd) KB_NAME(sel)(KB_NAME(vm) m, KB_NAME(vd) a, KB_NAME(vd) b) {
  return (KB_NAME(vd))(((KB_NAME(vm))a & m) | ((KB_NAME(vm))b & ~m));
}

KB_TARGET static inline KB_NAME(vd) KB_NAME(splat)(double x) { return KB_LANES(KB_SPLAT_); }

KB_TARGET static inline bool KB_NAME(any)(KB_NAME(vm) m) {
  int64_t a = 0;
  for (int k = 0; k < KB_W; k++) a |= (int64_t)m[k];
  return a != 0;
}

/* The IEEE square root of each lane (exact: any instruction gives these bits). */
KB_TARGET static inline KB_NAME(vd) KB_NAME(sqrt)(KB_NAME(vd) x) {
#if KB_W == 4 && (defined(__x86_64__) || defined(__i386__))
  return __builtin_ia32_sqrtpd256(x);
#elif KB_W == 2 && defined(__SSE2__)
  return __builtin_ia32_sqrtpd(x);
#else
  return KB_LANES(KB_SQRT_);
#endif
}

/* KB_W balls through one step of the air: ball k read from src[k], written
   to dst[k], in the wind (wx, wy, wz)[k]. */
KB_TARGET static inline void KB_NAME(group)(const kick_ball *const src[KB_W], kick_ball *const dst[KB_W],
                                            const double *wxp, const double *wyp, const double *wzp,
                                            const double decay[KB_W], double *p0x, double *p0y, double *p0z) {
  const double dt = KICK_DT;
  KB_NAME(vd) px = KB_LANES(KB_PX_), py = KB_LANES(KB_PY_), pz = KB_LANES(KB_PZ_);
  KB_NAME(vd) vx = KB_LANES(KB_VX_), vy = KB_LANES(KB_VY_), vz = KB_LANES(KB_VZ_);
  KB_NAME(vd) sx = KB_LANES(KB_SX_), sy = KB_LANES(KB_SY_), sz = KB_LANES(KB_SZ_);
  KB_NAME(vd) spin = KB_LANES(KB_SPIN_);
  KB_NAME(vd) wx, wy, wz, dec;
  __builtin_memcpy(&wx, wxp, sizeof wx);
  __builtin_memcpy(&wy, wyp, sizeof wy);
  __builtin_memcpy(&wz, wzp, sizeof wz);
  __builtin_memcpy(&dec, decay, sizeof dec);
  __builtin_memcpy(p0x, &px, sizeof px);
  __builtin_memcpy(p0y, &py, sizeof py);
  __builtin_memcpy(p0z, &pz, sizeof pz);
  /* air = vel - wind × 1.8; sp = |air| */
  KB_NAME(vd) ax = vx - wx * KICK_WIND_FACTOR;
  KB_NAME(vd) ay = vy - wy * KICK_WIND_FACTOR;
  KB_NAME(vd) az = vz - wz * KICK_WIND_FACTOR;
  KB_NAME(vd) sp = KB_NAME(sqrt)(ax * ax + ay * ay + az * az);
  /* The drag coefficient (kick_drag_cd_inline, for sp > 0); the drag
     crisis's smooth step only when a lane is in it. */
  KB_NAME(vd) re = sp * KICK_RE_PER_MPS;
  KB_NAME(vd) cd = KB_NAME(sel)(re >= KICK_RE_CRISIS_HI, KB_NAME(splat)(KICK_CD_SUPER), KB_NAME(splat)(KICK_CD_SUB));
  KB_NAME(vm) crisis = (re > KICK_RE_CRISIS_LO) & (re < KICK_RE_CRISIS_HI);
  if (KB_NAME(any)(crisis)) {
    KB_NAME(vd) u = (re - KICK_RE_CRISIS_LO) / (KICK_RE_CRISIS_HI - KICK_RE_CRISIS_LO);
    KB_NAME(vd) sm = u * u * (3.0 - 2.0 * u);
    cd = KB_NAME(sel)(crisis, KICK_CD_SUB + (KICK_CD_SUPER - KICK_CD_SUB) * sm, cd);
  }
  /* Drag, then lift. */
  KB_NAME(vd) dk = -(KICK_AERO_K * cd * sp);
  KB_NAME(vd) a1x = 0.0 + ax * dk;
  KB_NAME(vd) a1y = -KICK_GRAVITY + ay * dk;
  KB_NAME(vd) a1z = 0.0 + az * dk;
  KB_NAME(vd) rw = KICK_BALL_RADIUS * spin;
  KB_NAME(vd) cl = KICK_CL_MAX * rw / (rw + KICK_CL_HALF * sp);
  KB_NAME(vd) lk = KICK_AERO_K * cl * sp;
  KB_NAME(vd) a2x = a1x + (sy * az - sz * ay) * lk;
  KB_NAME(vd) a2y = a1y + (sz * ax - sx * az) * lk;
  KB_NAME(vd) a2z = a1z + (sx * ay - sy * ax) * lk;
  KB_NAME(vm) moving = sp > 0.0;
  KB_NAME(vm) lift = moving & (spin > 0.0);
  KB_NAME(vd) accx = KB_NAME(sel)(lift, a2x, KB_NAME(sel)(moving, a1x, KB_NAME(splat)(0.0)));
  KB_NAME(vd) accy = KB_NAME(sel)(lift, a2y, KB_NAME(sel)(moving, a1y, KB_NAME(splat)(-KICK_GRAVITY)));
  KB_NAME(vd) accz = KB_NAME(sel)(lift, a2z, KB_NAME(sel)(moving, a1z, KB_NAME(splat)(0.0)));
  /* Semi-implicit Euler: the velocity first, the position with the new one. */
  vx = vx + accx * dt;
  vy = vy + accy * dt;
  vz = vz + accz * dt;
  px = px + vx * dt;
  py = py + vy * dt;
  pz = pz + vz * dt;
  spin = spin * dec;
  for (int k = 0; k < KB_W; k++) {
    dst[k]->vel.x = vx[k];
    dst[k]->vel.y = vy[k];
    dst[k]->vel.z = vz[k];
    dst[k]->pos.x = px[k];
    dst[k]->pos.y = py[k];
    dst[k]->pos.z = pz[k];
    dst[k]->spin_rate = spin[k];
  }
}

/* The lanes of `fly` through the air, KB_W lane positions at a time. A lane
   of a group that does not fly reads a flying lane's ball (and the wind
   the caller left there, any number) and writes to a scratch ball, which is
   thrown away. */
KB_TARGET static void KB_NAME(fly)(kick_batch *b, uint32_t fly, const double wx[], const double wy[], const double wz[],
                                   double p0x[], double p0y[], double p0z[]) {
  for (int32_t g = 0; g < KICK_BATCH_LANES; g += KB_W) {
    uint32_t m = (fly >> g) & ((1u << KB_W) - 1u);
    if (m == 0u) continue;
    int32_t first = g + __builtin_ctz(m);
    kick_ball scratch;
    const kick_ball *src[KB_W];
    kick_ball *dst[KB_W];
    double decay[KB_W];
    for (int32_t k = 0; k < KB_W; k++) {
      bool on = (m & (1u << k)) != 0u;
      int32_t j = on ? g + k : first;
      src[k] = &b->lane[j].ball;
      dst[k] = on ? &b->lane[j].ball : &scratch;
      decay[k] = b->lane[j].spin_decay_step;
    }
    KB_NAME(group)(src, dst, &wx[g], &wy[g], &wz[g], decay, &p0x[g], &p0y[g], &p0z[g]);
  }
}

#undef KB_LANES
#undef KB_W
#undef KB_NAME
#undef KB_TARGET
