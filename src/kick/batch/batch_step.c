// SPDX-License-Identifier: MIT
/* The batch's step: each lane's kick_shot_step, with the flight of all of
   them in vectors. The step's parts (step_begin, step_end_head,
   step_contacts, step_contacts_none, step_rules, step_end) come from
   simulation/step_parts.h: the very functions kick_shot_step runs, inlined
   here too, so every rule of the step reaches the batch with no copy of it. */
#include "batch.h"
#include "simulation/step_parts.h"

/* The most steps a lane in the keeper's band is let run clear of it
   before its reach is tested again (kick_keeper_clear_steps). */
#define KICK_BATCH_KEEPER_CLEAR_MAX 120

/* Whether the ball's path this step, z0 to z1, meets a band (the bands are
   in order of their lower ends; no band is empty but the unused ones, last). */
KICK_ALWAYS_INLINE static inline bool batch_near_band(const kick_lane_bands *bd, double z0, double z1) {
  double lo = z0 < z1 ? z0 : z1, hi = z0 < z1 ? z1 : z0;
  for (int i = 0; i < KICK_LANE_BANDS; i++) {
    if (hi < bd->lo[i]) return false;
    if (lo <= bd->hi[i]) return true;
  }
  return false;
}

/* Lane s's wind on step n >= 0 (kick_wind_step_inline's bits), from its
   table t (-1: its own). A chunk of a table, once filled, keeps its place
   until the table is reset; a lane that needs a chunk whose place another
   holds evaluates its own wind there. (A table covers more steps than a
   10 s flight, so lanes of one kick never meet there.) On return *last is
   the last step this chunk of the table serves (-1: the lane's own wind). */
KICK_ALWAYS_INLINE static inline const ks_vec3 *batch_lane_wind(kick_batch *b, int8_t t, kick_shot *s, int64_t n,
                                                                ks_vec3 *own, int64_t *last) {
  *last = -1;
  if (t < 0) {
    *own = kick_wind_step_inline(s, kick_step_time(n));
    return own;
  }
  kick_batch_wind *w = &b->wind[t];
  uint64_t c = (uint64_t)n / KICK_BATCH_WIND_CHUNK;
  int64_t have = w->chunk[c & (KICK_BATCH_WIND_SLOTS / KICK_BATCH_WIND_CHUNK - 1)];
  if (have != (int64_t)c) {
    if (have >= 0) {
      *own = kick_wind_step_inline(s, kick_step_time(n));
      return own;
    }
    kick_batch_wind_fill(w, s, c);
  }
  *last = (int64_t)(c * KICK_BATCH_WIND_CHUNK) + KICK_BATCH_WIND_CHUNK - 1;
  return &w->wind[(uint64_t)n & (KICK_BATCH_WIND_SLOTS - 1)];
}

/* A lane about to read its kick on step n (the keeper's read step; a guess
   that only decides which memo to offer: kick_estimate_to_line checks every
   input) gets the batch's estimate of the same ball at the same moment, if it
   has one. Returns whether it offered one. */
KICK_ALWAYS_INLINE static inline bool batch_offer_memo(kick_batch *b, kick_shot *s, int64_t n) {
  double t0 = kick_step_time(n);
  for (int32_t k = 0; k < KICK_BATCH_MEMOS; k++) {
    const kick_estimate_memo *m = &b->memo[k];
    if (m->valid && ks_f64_bits(m->t0) == ks_f64_bits(t0) && ks_f64_bits(m->ball.pos.z) == ks_f64_bits(s->ball.pos.z) &&
        ks_f64_bits(m->ball.vel.x) == ks_f64_bits(s->ball.vel.x) && ks_f64_bits(m->ball.vel.z) == ks_f64_bits(s->ball.vel.z)) {
      s->est_memo = *m;
      return true;
    }
  }
  return false;
}


/* The lowest lane of a non-empty mask. */
KICK_ALWAYS_INLINE static inline int32_t batch_lowest(uint32_t m) {
#if defined(__GNUC__)
  return (int32_t)__builtin_ctz(m);
#else
  int32_t i = 0;
  while ((m & 1u) == 0u) {
    m >>= 1;
    i++;
  }
  return i;
#endif
}

/* Lane s's step_begin on step n, with the batch's estimates offered at the
   keeper's read and the lane's own kept for the others when none was taken. */
KICK_ALWAYS_INLINE static inline bool batch_begin_lane(kick_batch *b, kick_shot *s, int64_t n, const kick_input *in,
                                                       ks_events *out) {
  bool reads = s->keeper.read_step == n, offered = reads && batch_offer_memo(b, s, n);
  bool flies = step_begin(s, n, in, out);
  if (reads && !offered && s->est_memo.valid) {
    b->memo[b->memo_next] = s->est_memo;
    b->memo_next = (b->memo_next + 1u) % KICK_BATCH_MEMOS;
  }
  return flies;
}

/* The rest of lane i's step n after its flight through the air (p0: the
   ball's centre before it): the flight's ground, as kick_flight_step_inline
   ends it (it changes nothing for a ball in the air at or above its
   radius), then step_end's parts, the contacts only where the ball's path
   meets one of the lane's bands or it has crossed the line. */
KICK_ALWAYS_INLINE static inline void batch_end_lane(kick_batch *b, int32_t i, int64_t n, ks_vec3 p0, ks_events *out) {
  kick_shot *s = &b->lane[i];
  kick_ball *ball = &s->ball;
  uint32_t f = 0;
  if (ball->on_ground || ball->pos.y < KICK_BALL_RADIUS) kick_ground_inline(ball, KICK_DT, &s->setup.pitch, &f);
  step_end_head(s, n, f, out);
  if (s->crossed || batch_near_band(&b->bands[i], p0.z, ball->pos.z)) step_contacts(s, n, p0, out);
  else step_contacts_none(s);
  step_rules(s, n, f, out);
}

/* The lanes' winds and starting points for one step, and the step each
   stops at (kick_batch_run), by lane. A lane that does not fly keeps
   whatever wind it had (the kernel reads it and throws the result away), so
   the winds are cleared once, when the stage is made. */
typedef struct batch_stage {
  _Alignas(32) double wx[KICK_BATCH_LANES];
  _Alignas(32) double wy[KICK_BATCH_LANES];
  _Alignas(32) double wz[KICK_BATCH_LANES];
  _Alignas(32) double p0x[KICK_BATCH_LANES]; /* the ball's centre before the flight (the kernel writes it) */
  _Alignas(32) double p0y[KICK_BATCH_LANES];
  _Alignas(32) double p0z[KICK_BATCH_LANES];
  int64_t stop[KICK_BATCH_LANES];            /* the lane is finished at this step, or when decided */
  const ks_vec3 *wnext[KICK_BATCH_LANES];    /* the lane's wind for its next step, in its table ... */
  int64_t wlast[KICK_BATCH_LANES];           /* ... up to this step (-1: look it up) */
} batch_stage;

/* Clears the winds; each lane of mask stops max_flight_steps after its
   strike (a lane not struck is never stepped by kick_batch_run). */
KICK_ALWAYS_INLINE static inline void batch_stage_init(batch_stage *st, const kick_batch *b, uint32_t mask,
                                                       int64_t max_flight_steps) {
  for (int32_t i = 0; i < KICK_BATCH_LANES; i++) {
    st->wx[i] = st->wy[i] = st->wz[i] = 0.0;
    st->wnext[i] = NULL;
    st->wlast[i] = -1;
    int64_t strike = b->lane[i].strike_step;
    st->stop[i] = (mask & (1u << i)) == 0u || strike < 0 ? INT64_MIN
                  : max_flight_steps > INT64_MAX - strike ? INT64_MAX
                                                           : strike + max_flight_steps;
  }
}

KICK_ALWAYS_INLINE static inline void batch_fly(kick_batch *b, uint32_t fly, batch_stage *st) {
  kick_batch_fly(b, fly, st->wx, st->wy, st->wz, st->p0x, st->p0y, st->p0z, b->vector_width);
}

/* The first part of a step for the lanes of mask: step_begin, and the wind
   of each lane that flies. Returns those lanes. */
/* (Not inlined: the run loop calls each part twice, and one copy of the
   step's parts keeps the loop within the instruction cache.) */
KICK_NOINLINE static uint32_t batch_begin(kick_batch *b, uint32_t mask, const kick_input *in, ks_events *out,
                                          batch_stage *st) {
  uint32_t fly = 0;
  for (uint32_t m = mask; m != 0u; m &= m - 1u) {
    int32_t i = batch_lowest(m);
    kick_shot *s = &b->lane[i];
    int64_t n = s->clock.total_steps;
    s->clock.total_steps = n + 1;
    if (!batch_begin_lane(b, s, n, in ? &in[i] : NULL, out ? &out[i] : NULL)) continue;
    const ks_vec3 *w;
    ks_vec3 own;
    if (n <= st->wlast[i]) {
      w = st->wnext[i];
    } else {
      w = batch_lane_wind(b, b->wind_of[i], s, n, &own, &st->wlast[i]);
    }
    if (st->wlast[i] >= 0) {
      st->wnext[i] = w + 1;
#if defined(__GNUC__)
      /* Each lane walks its table a slot a step: fetch its next line early. */
      __builtin_prefetch(w + 8);
#endif
    }
    st->wx[i] = w->x;
    st->wy[i] = w->y;
    st->wz[i] = w->z;
    fly |= 1u << i;
  }
  return fly;
}

/* The rest of the step for the lanes of mask, of which `fly` flew: the
   ground, then step_end's parts. Returns the lanes of mask finished. */
KICK_NOINLINE static uint32_t batch_end(kick_batch *b, uint32_t mask, uint32_t fly, ks_events *out,
                                        const batch_stage *st) {
  uint32_t done = 0;
  for (uint32_t m = mask; m != 0u; m &= m - 1u) {
    int32_t i = batch_lowest(m);
    kick_shot *s = &b->lane[i];
    if ((fly & (1u << i)) != 0u) {
      batch_end_lane(b, i, s->clock.total_steps - 1, ks_v3(st->p0x[i], st->p0y[i], st->p0z[i]),
                     out ? &out[i] : NULL);
    }
    if (s->outcome != KICK_OUTCOME_NONE || s->clock.total_steps >= st->stop[i]) done |= 1u << i;
  }
  return done;
}

uint32_t kick_batch_advance(kick_batch *b, uint32_t mask, const kick_input *in, ks_events *out, int64_t max_flight_steps) {
  batch_stage st;
  batch_stage_init(&st, b, mask, max_flight_steps);
  uint32_t fly = batch_begin(b, mask, in, out, &st);
  if (fly != 0u) batch_fly(b, fly, &st);
  return batch_end(b, mask, fly, out, &st);
}

/* ------------------------------------------------------------ kick_batch_run */

/* kick_batch_run's lanes while it runs. The lanes in `fast` (those taking
   plain flight steps) have their balls in slots of a (kick_batch_soa,
   indexed by slot; slot_of): a fast lane's ball, step count and highest
   point live in its slot, the kick_shot's copies of them stale until the
   lane leaves the fast set or the run returns. Every other lane has no
   slot: its kick_shot is its state and run_slow steps it whole. Fast lanes
   whose slots would hold the same bits (the ball, step count, highest
   point, tests and wind table at the same place: rerolled copies of one
   kick before they meet anything their dice decide) share one slot, so
   their flight is computed once: the kernel is a pure function of a slot's
   numbers, so each of them gets the bits it would get alone. */
typedef struct batch_run {
  kick_batch_soa a;
  uint32_t fast;
  uint32_t fast_table;                 /* the fast lanes with a wind table (the kernel walks it) */
  uint32_t table_slots;                /* their slots */
  uint32_t free_slots;                 /* slots no lane uses */
  uint32_t slot_lanes[KICK_BATCH_LANES]; /* the lanes using slot k */
  int32_t slot_of[KICK_BATCH_LANES];   /* lane i's slot (-1: none) */
  const ks_vec3 *wp[KICK_BATCH_LANES]; /* the lane's wind for its next step in its table ... */
  int64_t wlast[KICK_BATCH_LANES];     /* ... up to this step (-1: look it up) */
  int64_t stop[KICK_BATCH_LANES];      /* finished at this step (the run's flight limit) */
} batch_run;

/* A lane's numbers for its slot: its ball and, when it may take plain
   flight steps, its tests. */
typedef struct run_lane_load {
  double px, py, pz, vx, vy, vz, spin, sx, sy, sz, decay, mh, gap_lo, gap_hi, behind, yfloor;
  int64_t n, lim, touched;
} run_lane_load;

/* Whether lane i (its kick_shot up to date, at step n) may take plain
   flight steps from here, and if so its tests (kick_batch_soa) into *t: the
   gap between its contact bands that holds the ball, the limits of its
   stretch, the rules' constants. Its wind cursor is moved to step n. */
KICK_ALWAYS_INLINE static inline bool run_window(kick_batch *b, batch_run *r, int32_t i, run_lane_load *t) {
  kick_shot *s = &b->lane[i];
  const kick_ball *ball = &s->ball;
  int64_t n = s->clock.total_steps;
  if (s->phase != KICK_PHASE_FLIGHT || s->outcome != KICK_OUTCOME_NONE || ball->held || ball->on_ground || s->crossed)
    return false;
  /* A contact of the last step: its "no contact" has to be cleared by a step's own end. */
  if (s->woodwork_prev != 0 || s->wall.contact_prev != 0 || s->keeper.contact_prev != 0) return false;
  double z = ball->pos.z, lo = -KICK_BAND_NONE, hi = KICK_BAND_NONE, yfloor = KICK_BALL_RADIUS;
  const kick_lane_bands *bd = &b->bands[i];
  int64_t lim = r->stop[i];
  for (int k = 0; k < KICK_LANE_BANDS; k++) {
    if (bd->y_clear[k] < KICK_BAND_NONE && ball->pos.y >= bd->y_clear[k]) {
      /* Clear of this band while at or above its clear height, wherever along z. */
      if (bd->y_clear[k] > yfloor) yfloor = bd->y_clear[k];
    } else if (bd->hi[k] < z) {
      if (bd->hi[k] > lo) lo = bd->hi[k];
    } else if (bd->lo[k] > z) {
      if (bd->lo[k] < hi) hi = bd->lo[k];
    } else if (k == bd->keeper) {
      /* In the keeper's band but out of his reach across the goal for the
         next steps (a ball he has just parried, drifting past him): clear
         of it for those steps. */
      int64_t c = kick_keeper_clear_steps(s, KICK_BATCH_KEEPER_CLEAR_MAX);
      if (c < 2) return false;
      if (n + c < lim) lim = n + c;
    } else {
      return false; /* in a band */
    }
  }
  if (s->strike_step <= INT64_MAX - KICK_MAX_FLIGHT_STEPS && s->strike_step + KICK_MAX_FLIGHT_STEPS < lim)
    lim = s->strike_step + KICK_MAX_FLIGHT_STEPS;
  const kick_keeper_state *k = &s->keeper;
  if (s->setup.keeper.kind != KICK_KEEPER_NONE && !s->setup.person_in_goal && k->read_step >= n && k->read_step < lim)
    lim = k->read_step;
  if (b->wind_of[i] >= 0) {
    if (n > r->wlast[i]) {
      ks_vec3 own;
      r->wp[i] = batch_lane_wind(b, b->wind_of[i], s, n, &own, &r->wlast[i]);
      if (r->wlast[i] < 0) return false; /* its own wind this step */
    }
    if (r->wlast[i] + 1 < lim) lim = r->wlast[i] + 1;
  }
  if (!(n + 1 < lim)) return false;
  t->gap_lo = lo;
  t->gap_hi = hi;
  t->behind = s->setup.spot_z - KICK_BEHIND_SPOT;
  t->yfloor = yfloor;
  t->lim = lim;
  t->touched = (s->contact_flags & (KICK_TOUCH_WOODWORK | KICK_TOUCH_WALL | KICK_TOUCH_KEEPER)) != 0u ? -1 : 0;
  return true;
}

static bool run_same(double x, double y) { return ks_f64_bits(x) == ks_f64_bits(y); }

/* Whether fast slot k holds exactly lane i's numbers t, in the same wind
   table at the same place (so every step of it is lane i's too). */
static bool run_slot_is(const batch_run *r, const kick_batch *b, int32_t k, int32_t i, const run_lane_load *t) {
  const kick_batch_soa *a = &r->a;
  int32_t j = batch_lowest(r->slot_lanes[k]);
  return b->wind_of[i] >= 0 && b->wind_of[j] == b->wind_of[i] && a->wsrc[k] == r->wp[i] && r->wlast[j] == r->wlast[i] &&
         a->n[k] == t->n && a->lim[k] == t->lim && a->touched[k] == t->touched && run_same(a->px[k], t->px) &&
         run_same(a->py[k], t->py) && run_same(a->pz[k], t->pz) && run_same(a->vx[k], t->vx) &&
         run_same(a->vy[k], t->vy) && run_same(a->vz[k], t->vz) && run_same(a->spin[k], t->spin) &&
         run_same(a->sx[k], t->sx) && run_same(a->sy[k], t->sy) && run_same(a->sz[k], t->sz) &&
         run_same(a->decay[k], t->decay) && run_same(a->mh[k], t->mh) && run_same(a->gap_lo[k], t->gap_lo) &&
         run_same(a->gap_hi[k], t->gap_hi) && run_same(a->behind[k], t->behind) && run_same(a->yfloor[k], t->yfloor);
}

/* Lane i (with no slot) into a slot, when it joins the fast set with the
   tests t: a fast slot that holds its very numbers, or the lowest free one. */
KICK_NOINLINE static void run_slot(kick_batch *b, batch_run *r, int32_t i, run_lane_load *tests) {
  const kick_shot *s = &b->lane[i];
  run_lane_load t = *tests;
  t.px = s->ball.pos.x;
  t.py = s->ball.pos.y;
  t.pz = s->ball.pos.z;
  t.vx = s->ball.vel.x;
  t.vy = s->ball.vel.y;
  t.vz = s->ball.vel.z;
  t.spin = s->ball.spin_rate;
  t.sx = s->ball.spin_axis.x;
  t.sy = s->ball.spin_axis.y;
  t.sz = s->ball.spin_axis.z;
  t.decay = s->spin_decay_step;
  t.n = s->clock.total_steps;
  t.mh = s->stats.max_height;
  bool table = b->wind_of[i] >= 0;
  r->fast |= 1u << i;
  if (table) {
    r->fast_table |= 1u << i;
    for (uint32_t m = r->table_slots; m != 0u; m &= m - 1u) {
      int32_t k = batch_lowest(m);
      if (!run_slot_is(r, b, k, i, &t)) continue;
      r->slot_of[i] = k;
      r->slot_lanes[k] |= 1u << i;
      return;
    }
  }
  int32_t k = batch_lowest(r->free_slots);
  r->free_slots &= ~(1u << k);
  r->slot_of[i] = k;
  r->slot_lanes[k] = 1u << i;
  kick_batch_soa *a = &r->a;
  if (table) {
    /* The kernel walks the table a step at a time. */
    a->wsrc[k] = r->wp[i];
    a->winc[k] = 1;
    r->table_slots |= 1u << k;
  } else {
    a->wsrc[k] = &a->wown[k];
    a->winc[k] = 0;
  }
  a->px[k] = t.px;
  a->py[k] = t.py;
  a->pz[k] = t.pz;
  a->vx[k] = t.vx;
  a->vy[k] = t.vy;
  a->vz[k] = t.vz;
  a->spin[k] = t.spin;
  a->sx[k] = t.sx;
  a->sy[k] = t.sy;
  a->sz[k] = t.sz;
  a->decay[k] = t.decay;
  a->n[k] = t.n;
  a->mh[k] = t.mh;
  a->gap_lo[k] = t.gap_lo;
  a->gap_hi[k] = t.gap_hi;
  a->behind[k] = t.behind;
  a->yfloor[k] = t.yfloor;
  a->lim[k] = t.lim;
  a->touched[k] = t.touched;
}

/* Lane i (with no slot): whether it joins the fast set, and if so its slot. */
KICK_ALWAYS_INLINE static inline void run_load(kick_batch *b, batch_run *r, int32_t i) {
  run_lane_load t;
  r->fast_table &= ~(1u << i);
  if (!run_window(b, r, i, &t)) {
    r->fast &= ~(1u << i);
    return;
  }
  run_slot(b, r, i, &t);
}

/* Lane i leaves its slot (freed when no lane uses it). */
static void run_unslot(batch_run *r, int32_t i) {
  int32_t k = r->slot_of[i];
  if (k < 0) return;
  r->slot_lanes[k] &= ~(1u << i);
  if (r->slot_lanes[k] == 0u) {
    r->free_slots |= 1u << k;
    r->table_slots &= ~(1u << k);
    /* A free slot of a group the kernel runs reads a harmless wind. */
    r->a.wsrc[k] = &r->a.wown[k];
    r->a.winc[k] = 0;
  }
  r->slot_of[i] = -1;
}

/* A fast lane's ball, step count and highest point back into its kick_shot. */
static void run_store(kick_batch *b, const batch_run *r, int32_t i) {
  kick_shot *s = &b->lane[i];
  const kick_batch_soa *a = &r->a;
  int32_t k = r->slot_of[i];
  s->ball.pos = ks_v3(a->px[k], a->py[k], a->pz[k]);
  s->ball.vel = ks_v3(a->vx[k], a->vy[k], a->vz[k]);
  s->ball.spin_rate = a->spin[k];
  s->clock.total_steps = a->n[k];
  s->stats.max_height = a->mh[k];
}

/* The start of a step of the fast lanes: nothing for one with a wind table
   (the kernel reads it), the wind of another. Returns the slots that fly. */
KICK_NOINLINE static uint32_t run_begin(kick_batch *b, batch_run *r) {
  uint32_t fly = r->table_slots;
  for (uint32_t m = r->fast & ~r->fast_table; m != 0u; m &= m - 1u) {
    int32_t i = batch_lowest(m);
    int32_t k = r->slot_of[i];
    r->a.wown[k] = kick_wind_step_inline(&b->lane[i], kick_step_time(r->a.n[k]));
    fly |= 1u << k;
  }
  return fly;
}

/* Lane i, not finished, after a step: whether it is now, else whether it
   joins the fast set (run_load). */
KICK_ALWAYS_INLINE static inline bool run_after(kick_batch *b, batch_run *r, int32_t i) {
  const kick_shot *s = &b->lane[i];
  if (s->outcome != KICK_OUTCOME_NONE || s->clock.total_steps >= r->stop[i]) {
    r->fast &= ~(1u << i);
    r->fast_table &= ~(1u << i);
    return true;
  }
  run_load(b, r, i);
  return false;
}

/* The end of a step by the step's own parts, for the fast lanes of `post`,
   whose step in the kernel was not plain. Each then leaves its slot and may
   take one again. Returns the lanes finished. */
KICK_NOINLINE static uint32_t run_end(kick_batch *b, batch_run *r, uint32_t post) {
  uint32_t done = 0;
  const kick_batch_soa *a = &r->a;
  for (uint32_t m = post; m != 0u; m &= m - 1u) {
    int32_t i = batch_lowest(m);
    kick_shot *s = &b->lane[i];
    int32_t k = r->slot_of[i];
    if ((r->fast_table & (1u << i)) != 0u) r->wp[i] = a->wsrc[k]; /* the kernel's place in the table */
    s->clock.total_steps = a->n[k] + 1;
    s->stats.max_height = a->mh[k];
    s->ball.pos = ks_v3(a->px[k], a->py[k], a->pz[k]);
    s->ball.vel = ks_v3(a->vx[k], a->vy[k], a->vz[k]);
    s->ball.spin_rate = a->spin[k];
    batch_end_lane(b, i, s->clock.total_steps - 1, ks_v3(a->p0x[k], a->p0y[k], a->p0z[k]), NULL);
  }
  /* Every slot of these lanes is read: free them, then slot the lanes again. */
  for (uint32_t m = post; m != 0u; m &= m - 1u) run_unslot(r, batch_lowest(m));
  for (uint32_t m = post; m != 0u; m &= m - 1u) {
    int32_t i = batch_lowest(m);
    if (run_after(b, r, i)) done |= 1u << i;
  }
  return done;
}

/* A step of each lane of `slow` (lanes with no slot: not in the fast set),
   whole, as run_step takes it, with the wind from the lane's table and the
   batch's estimates offered at the keeper's read. Returns the lanes
   finished. */
KICK_NOINLINE static uint32_t run_slow(kick_batch *b, batch_run *r, uint32_t slow) {
  uint32_t done = 0;
  for (uint32_t m = slow; m != 0u; m &= m - 1u) {
    int32_t i = batch_lowest(m);
    kick_shot *s = &b->lane[i];
    int64_t n = s->clock.total_steps;
    s->clock.total_steps = n + 1;
    if (batch_begin_lane(b, s, n, NULL, NULL)) {
      ks_vec3 p0 = s->ball.pos, own;
      /* The lane's cursor in its table walks with it (run_window reads it). */
      const ks_vec3 *w = n <= r->wlast[i] ? r->wp[i] : batch_lane_wind(b, b->wind_of[i], s, n, &own, &r->wlast[i]);
      if (r->wlast[i] >= 0) r->wp[i] = w + 1;
      uint32_t f = kick_flight_step_inline(&s->ball, *w, KICK_DT, s->spin_decay_step, &s->setup.pitch);
      step_end(s, n, p0, f, NULL);
    }
    if (run_after(b, r, i)) done |= 1u << i;
  }
  return done;
}

/* kick_batch_run's loop. A step of the lanes: run_begin, the kernel (the
   flight of every fast slot, in vectors, and the test of its step),
   run_end for the fast lanes whose step was not plain, run_slow for the
   lanes that were not fast when the step began. Most steps of most lanes
   are plain flight: those cost the kernel's share alone, and lanes that
   share a slot share that too. When a lane finishes, every lane is at the
   end of a step: the fast ones are written back and the run returns. */
uint32_t kick_batch_run_lanes(kick_batch *b, uint32_t mask, int64_t max_flight_steps) {
  batch_run r = {0};
  r.free_slots = (1u << KICK_BATCH_LANES) - 1u;
  /* Slots not in use get a harmless ball for the kernel's groups. */
  for (int32_t i = 0; i < KICK_BATCH_LANES; i++) {
    r.a.pz[i] = -10.0;
    r.a.py[i] = 1.0;
    r.a.vz[i] = 20.0;
    r.a.decay[i] = 1.0;
    r.wlast[i] = -1;
    r.slot_of[i] = -1;
    r.a.wsrc[i] = &r.a.wown[i];
    int64_t strike = b->lane[i].strike_step;
    r.stop[i] = (mask & (1u << i)) == 0u || strike < 0 ? INT64_MIN
                : max_flight_steps > INT64_MAX - strike ? INT64_MAX
                                                         : strike + max_flight_steps;
  }
  for (uint32_t m = mask; m != 0u; m &= m - 1u) run_load(b, &r, batch_lowest(m));
  for (;;) {
    uint32_t slow = mask & ~r.fast;
    uint32_t fly = run_begin(b, &r);
    uint32_t esc = fly != 0u ? kick_batch_run_kernel(&r.a, fly, b->vector_width) : 0u;
    uint32_t post = 0;
    for (uint32_t m = esc & fly; m != 0u; m &= m - 1u) post |= r.slot_lanes[batch_lowest(m)];
    uint32_t done = post != 0u ? run_end(b, &r, post) : 0u;
    if (slow != 0u) done |= run_slow(b, &r, slow);
    if (done != 0u) {
      for (uint32_t m = r.fast; m != 0u; m &= m - 1u) run_store(b, &r, batch_lowest(m));
      return done;
    }
  }
}
