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

/* Bit k set: lane k of m is set. */
KB_TARGET static inline uint32_t KB_NAME(bits)(KB_NAME(vm) m) {
#if KB_W == 4 && (defined(__x86_64__) || defined(__i386__))
  return (uint32_t)__builtin_ia32_movmskpd256((KB_NAME(vd))m);
#elif KB_W == 2 && defined(__SSE2__)
  return (uint32_t)__builtin_ia32_movmskpd((KB_NAME(vd))m);
#else
  uint32_t b = 0;
  for (int k = 0; k < KB_W; k++) b |= (m[k] != 0 ? 1u : 0u) << k;
  return b;
#endif
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

KB_TARGET static inline KB_NAME(vd) KB_NAME(load)(const double *p) {
  KB_NAME(vd) v;
  __builtin_memcpy(&v, p, sizeof v);
  return v;
}

KB_TARGET static inline void KB_NAME(store)(double *p, KB_NAME(vd) v) { __builtin_memcpy(p, &v, sizeof v); }

KB_TARGET static inline KB_NAME(vm) KB_NAME(loadm)(const int64_t *p) {
  KB_NAME(vm) v;
  __builtin_memcpy(&v, p, sizeof v);
  return v;
}

/* KB_W balls through one step of the air (kick_flight_air_inline), in
   registers: the position, velocity and spin rate in place, in the wind
   (wx, wy, wz) with spin decay dec per step. */
KB_TARGET static inline void KB_NAME(air)(KB_NAME(vd) *pxp, KB_NAME(vd) *pyp, KB_NAME(vd) *pzp, KB_NAME(vd) *vxp,
                                          KB_NAME(vd) *vyp, KB_NAME(vd) *vzp, KB_NAME(vd) *spinp, KB_NAME(vd) sx,
                                          KB_NAME(vd) sy, KB_NAME(vd) sz, KB_NAME(vd) wx, KB_NAME(vd) wy,
                                          KB_NAME(vd) wz, KB_NAME(vd) dec) {
  const double dt = KICK_DT;
  KB_NAME(vd) vx = *vxp, vy = *vyp, vz = *vzp, spin = *spinp;
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
  *vxp = vx;
  *vyp = vy;
  *vzp = vz;
  *pxp = *pxp + vx * dt;
  *pyp = *pyp + vy * dt;
  *pzp = *pzp + vz * dt;
  *spinp = spin * dec;
}

/* The lanes of `fly` through the air, KB_W lane positions at a time, each
   ball read from and written to its kick_shot (kick_batch_step's path). A
   lane of a group that does not fly reads a flying lane's ball (and the wind
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
    KB_NAME(vd) px = KB_LANES(KB_PX_), py = KB_LANES(KB_PY_), pz = KB_LANES(KB_PZ_);
    KB_NAME(vd) vx = KB_LANES(KB_VX_), vy = KB_LANES(KB_VY_), vz = KB_LANES(KB_VZ_);
    KB_NAME(vd) spin = KB_LANES(KB_SPIN_);
    KB_NAME(store)(&p0x[g], px);
    KB_NAME(store)(&p0y[g], py);
    KB_NAME(store)(&p0z[g], pz);
    KB_NAME(air)(&px, &py, &pz, &vx, &vy, &vz, &spin, KB_LANES(KB_SX_), KB_LANES(KB_SY_), KB_LANES(KB_SZ_),
                 KB_NAME(load)(&wx[g]), KB_NAME(load)(&wy[g]), KB_NAME(load)(&wz[g]), KB_NAME(load)(decay));
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
}

/* kick_batch_run's step of the lanes in the groups of `groups`, their balls
   in the lanes' arrays (kick_batch_soa): each through the air, its centre
   before the flight in p0, and the test of whether the rest of its step
   (the ground, contacts, rules) is only what a plain flight step does
   (kick_batch_soa). Returns the lanes for which it may not be: their step
   count and highest point are left for the step's scalar end. */
KB_TARGET static uint32_t KB_NAME(run)(kick_batch_soa *a, uint32_t groups) {
  uint32_t esc = 0;
  const KB_NAME(vm) abs_mask = ~(KB_NAME(vm))KB_NAME(splat)(-0.0);
  for (int32_t g = 0; g < KICK_BATCH_LANES; g += KB_W) {
    if (((groups >> g) & ((1u << KB_W) - 1u)) == 0u) continue;
    KB_NAME(vd) px = KB_NAME(load)(&a->px[g]), py = KB_NAME(load)(&a->py[g]), pz = KB_NAME(load)(&a->pz[g]);
    KB_NAME(vd) vx = KB_NAME(load)(&a->vx[g]), vy = KB_NAME(load)(&a->vy[g]), vz = KB_NAME(load)(&a->vz[g]);
    KB_NAME(vd) spin = KB_NAME(load)(&a->spin[g]);
    KB_NAME(store)(&a->p0x[g], px);
    KB_NAME(store)(&a->p0y[g], py);
    KB_NAME(store)(&a->p0z[g], pz);
    const ks_vec3 *const *ws = &a->wsrc[g];
    KB_NAME(vd) wx = KB_LANES(KB_WX_), wy = KB_LANES(KB_WY_), wz = KB_LANES(KB_WZ_);
    for (int k = 0; k < KB_W; k++) a->wsrc[g + k] += a->winc[g + k];
    KB_NAME(air)(&px, &py, &pz, &vx, &vy, &vz, &spin, KB_NAME(load)(&a->sx[g]), KB_NAME(load)(&a->sy[g]),
                 KB_NAME(load)(&a->sz[g]), wx, wy, wz, KB_NAME(load)(&a->decay[g]));
    KB_NAME(store)(&a->px[g], px);
    KB_NAME(store)(&a->py[g], py);
    KB_NAME(store)(&a->pz[g], pz);
    KB_NAME(store)(&a->vx[g], vx);
    KB_NAME(store)(&a->vy[g], vy);
    KB_NAME(store)(&a->vz[g], vz);
    KB_NAME(store)(&a->spin[g], spin);
    /* The tests are written so that a NaN anywhere escapes. */
    KB_NAME(vm) n0 = KB_NAME(loadm)(&a->n[g]), n1 = n0 + 1;
    KB_NAME(vd) apx = (KB_NAME(vd))((KB_NAME(vm))px & abs_mask);
    KB_NAME(vm) e = ~(py >= KB_NAME(load)(&a->yfloor[g])) | ~(pz > KB_NAME(load)(&a->gap_lo[g])) |
                    ~(pz < KB_NAME(load)(&a->gap_hi[g])) | ~(apx <= KICK_PITCH_HALF_WIDTH) |
                    ~(pz >= KB_NAME(load)(&a->behind[g])) | (n1 >= KB_NAME(loadm)(&a->lim[g])) |
                    (KB_NAME(loadm)(&a->touched[g]) & ~(vz > 0.0) & ~(pz >= KICK_STAYS_OUT_Z));
    KB_NAME(vd) mh = KB_NAME(load)(&a->mh[g]);
    KB_NAME(store)(&a->mh[g], KB_NAME(sel)(~e & (py > mh), py, mh));
    KB_NAME(vm) nn = (n1 & ~e) | (n0 & e);
    __builtin_memcpy(&a->n[g], &nn, sizeof nn);
    esc |= KB_NAME(bits)(e) << g;
  }
  return esc;
}

#undef KB_LANES
#undef KB_W
#undef KB_NAME
#undef KB_TARGET
