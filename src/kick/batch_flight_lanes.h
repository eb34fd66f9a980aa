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

/* m ? a : b, lane by lane (m lanes are all ones or all zeros). */
KB_TARGET static inline KB_NAME(vd) KB_NAME(sel)(KB_NAME(vm) m, KB_NAME(vd) a, KB_NAME(vd) b) {
  return (KB_NAME(vd))(((KB_NAME(vm))a & m) | ((KB_NAME(vm))b & ~m));
}

KB_TARGET static inline KB_NAME(vd) KB_NAME(splat)(double x) {
  KB_NAME(vd) v;
  for (int k = 0; k < KB_W; k++) v[k] = x;
  return v;
}

KB_TARGET static inline bool KB_NAME(any)(KB_NAME(vm) m) {
  int64_t a = 0;
  for (int k = 0; k < KB_W; k++) a |= (int64_t)m[k];
  return a != 0;
}

/* The IEEE square root of each lane (exact: any instruction gives these bits). */
KB_TARGET static inline KB_NAME(vd) KB_NAME(sqrt)(KB_NAME(vd) x) {
  KB_NAME(vd) r;
  for (int k = 0; k < KB_W; k++) r[k] = ks_sqrt(x[k]);
  return r;
}

/* KB_W balls (b[k]; repeats allowed: a repeat computes and stores the same
   bits) through one step of the air in their winds w[k]. */
KB_TARGET static void KB_NAME(group)(kick_ball *const b[KB_W], const ks_vec3 *const w[KB_W], const double decay[KB_W]) {
  const double dt = KICK_DT;
  KB_NAME(vd) px, py, pz, vx, vy, vz, sx, sy, sz, spin, wx, wy, wz, dec;
  for (int k = 0; k < KB_W; k++) {
    px[k] = b[k]->pos.x;
    py[k] = b[k]->pos.y;
    pz[k] = b[k]->pos.z;
    vx[k] = b[k]->vel.x;
    vy[k] = b[k]->vel.y;
    vz[k] = b[k]->vel.z;
    sx[k] = b[k]->spin_axis.x;
    sy[k] = b[k]->spin_axis.y;
    sz[k] = b[k]->spin_axis.z;
    spin[k] = b[k]->spin_rate;
    wx[k] = w[k]->x;
    wy[k] = w[k]->y;
    wz[k] = w[k]->z;
    dec[k] = decay[k];
  }
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
    b[k]->vel.x = vx[k];
    b[k]->vel.y = vy[k];
    b[k]->vel.z = vz[k];
    b[k]->pos.x = px[k];
    b[k]->pos.y = py[k];
    b[k]->pos.z = pz[k];
    b[k]->spin_rate = spin[k];
  }
}

/* Every shot of s[] through the air, KB_W at a time. */
KB_TARGET static void KB_NAME(fly)(kick_shot *const s[], const ks_vec3 wind[], int32_t count) {
  for (int32_t i = 0; i < count; i += KB_W) {
    kick_ball *b[KB_W];
    const ks_vec3 *w[KB_W];
    double decay[KB_W];
    for (int32_t k = 0; k < KB_W; k++) {
      int32_t j = i + k < count ? i + k : i;
      b[k] = &s[j]->ball;
      w[k] = &wind[j];
      decay[k] = s[j]->spin_decay_step;
    }
    KB_NAME(group)(b, w, decay);
  }
}

#undef KB_W
#undef KB_NAME
#undef KB_TARGET
