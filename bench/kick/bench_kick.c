// SPDX-License-Identifier: MIT
/* bench_kick — how fast the free-kick simulation runs (printed, never asserted).
 *   ns per flight step with wind, gusts, swirl, a wall of six, a keeper and
 *     four rings (median over batches);
 *   a 1,800-step look-ahead: copy the shot and run it 1,800 steps;
 *   complete kicks per second on one core (init, wait, strike, run to the decision);
 *   simulated players' trial kicks per CPU-second, the scalar step against
 *     the batch (kick_batch.h), alternating in this process;
 *   heap allocations made while stepping (malloc/calloc/realloc are wrapped).
 * Times are this thread's CPU time (CLOCK_THREAD_CPUTIME_ID). With
 * KS_BENCH_FIGURES=DIR set, the headline figures also go to DIR/kick.tsv
 * (figure<TAB>name<TAB>value<TAB>unit) for bench/results/record.sh. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "simulation/simulation.h"
#include "support/kick_setups.h"
#include "kickstep/kick_batch.h"
#include "kickstep/kick_levels.h"
#include "kickstep/kick_solver.h"

static unsigned long allocs;
void *__real_malloc(size_t n);
void *__real_calloc(size_t a, size_t b);
void *__real_realloc(void *p, size_t n);
void *__wrap_malloc(size_t n);
void *__wrap_calloc(size_t a, size_t b);
void *__wrap_realloc(void *p, size_t n);
void *__wrap_malloc(size_t n) { allocs++; return __real_malloc(n); }
void *__wrap_calloc(size_t a, size_t b) { allocs++; return __real_calloc(a, b); }
void *__wrap_realloc(void *p, size_t n) { allocs++; return __real_realloc(p, n); }

/* CPU time of this thread: the machine may be shared, and time spent
   descheduled is not the simulation's. */
static double now_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

static int cmp_d(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : (x > y ? 1 : 0);
}

static double median(double *v, size_t n) {
  qsort(v, n, sizeof v[0], cmp_d);
  return v[n / 2];
}

static kick_setup busy_setup(void) {
  kick_setup su = kick_setup_default();
  su.spot_x = 1.0;
  su.spot_z = -20.0;
  su.pitch = kick_pitch_default(true);
  su.wind.mean_speed_mps = 8.0;
  su.wind.bearing = 0.7;
  su.wind.gustiness = 1.0;
  su.wind.swirl = 1.0;
  kick_setup_wall_at(&su, 6);
  su.wall.jump_mask = 0x3fu;
  su.keeper.kind = KICK_KEEPER_SHOWMAN;
  su.ring_count = 4;
  for (int i = 0; i < 4; i++) {
    su.rings[i] = kick_ring_default(-2.5 + 1.6 * (double)i, 1.5);
    su.rings[i].motion = i % 2 ? KICK_RING_BOB : KICK_RING_SLIDE;
    su.rings[i].amplitude = 0.4;
  }
  return su;
}

static volatile double sink;

/* ns a step of `steps` steps from a copy of `from`, the stretch run `reps`
   times in one timed interval (the copy included, the clock's own cost
   `timer_ns` taken off). */
static double time_stretch(const kick_shot *from, int steps, int reps, double timer_ns) {
  double t0 = now_ns();
  for (int r = 0; r < reps; r++) {
    kick_shot s = *from;
    for (int i = 0; i < steps; i++) kick_shot_step(&s, NULL, NULL);
    sink = s.ball.pos.x;
  }
  return (now_ns() - t0 - timer_ns) / (double)(reps * steps);
}

/* The same with kick_shot_step_cached and a cache (emptied before each
   repetition when cold). */
static double time_stretch_cached(const kick_shot *from, int steps, int reps, kick_shot_cache *c, bool cold,
                                  double timer_ns) {
  double t0 = now_ns();
  for (int r = 0; r < reps; r++) {
    if (cold) kick_shot_cache_init(c);
    kick_shot s = *from;
    for (int i = 0; i < steps; i++) kick_shot_step_cached(&s, c, NULL, NULL);
    sink = s.ball.pos.x;
  }
  return (now_ns() - t0 - timer_ns) / (double)(reps * steps);
}

/* The flight's chain alone: the ball through the air in winds computed
   beforehand, no contacts, no rules. Each step's square root waits for the
   last step's velocity, the drag and lift divisions for the square root:
   what a step of these bits cannot go below on one core. */
static double time_chain(const kick_ball *from, const ks_vec3 *winds, int steps, int reps, double decay,
                         double timer_ns) {
  double t0 = now_ns();
  for (int r = 0; r < reps; r++) {
    kick_ball ball = *from;
    for (int i = 0; i < steps; i++) kick_flight_air_inline(&ball, winds[i], KICK_DT, decay);
    sink = ball.pos.x;
  }
  return (now_ns() - t0 - timer_ns) / (double)(reps * steps);
}

/* ------------------------------------------------ simulated players' trials */

/* The workload of kick-cli simulate's trials (apps/kick-cli/cmd_simulate.c):
   for a level, 26 candidate launches solved once; for each kick, the shot
   after 0.3-1 s on the spot, three rerolled copies, and every candidate
   struck on every copy and played to its decision (or 10 s). */
#define TR_CANDIDATES 26
#define TR_TRIALS 3
#define TR_FLIGHT (10 * KICK_STEPS_PER_SECOND)

typedef struct tr_item {
  const kick_level *lv;
  kick_shot trial[TR_TRIALS];
  const kick_launch *cand;
} tr_item;

static kick_launch tr_solve(const kick_setup *su, double x, double y, double speed, double bend) {
  kick_solver_def d = kick_solver_def_for_setup(su);
  d.aim_x = x;
  d.aim_y = y;
  d.speed_mps = speed;
  d.bend = bend;
  kick_solution sol;
  ks_status st = kick_solve(&d, &sol);
  if (st == KS_OK || st == KS_ERR_NOT_FOUND) return sol.launch;
  kick_launch l = kick_launch_default();
  l.speed_mps = speed;
  return l;
}

static void tr_candidates(int32_t level, kick_launch *cand) {
  static const double aims[5][2] = {{-2.9, 0.35}, {2.9, 0.35}, {-2.8, 1.95}, {2.8, 1.95}, {0.0, 2.15}};
  static const double styles[5][2] = {{22.0, -0.5}, {22.0, 0.5}, {26.0, 0.0}, {30.0, -0.3}, {30.0, 0.3}};
  const kick_level *lv = kick_level_at(level);
  kick_setup su;
  kick_level_setup(lv, 1, 0, &su);
  cand[0] = tr_solve(&su, lv->aim.aim_x, lv->aim.aim_y, lv->aim.speed_mps, lv->aim.bend);
  int c = 1;
  for (int a = 0; a < 5; a++)
    for (int k = 0; k < 5; k++) cand[c++] = tr_solve(&su, aims[a][0], aims[a][1], styles[k][0], styles[k][1]);
}

static void tr_prepare(tr_item *it, int32_t level, const kick_launch *cand, uint64_t kick_number) {
  kick_setup su;
  it->lv = kick_level_at(level);
  it->cand = cand;
  kick_level_setup(it->lv, 7, kick_number, &su);
  kick_shot shot;
  kick_shot_init(&shot, &su);
  ks_rng me = ks_rng_stream(7, kick_number);
  uint32_t wait = 180u + ks_rng_below(&me, 421u);
  for (uint32_t i = 0; i < wait; i++) kick_shot_step(&shot, NULL, NULL);
  for (int t = 0; t < TR_TRIALS; t++) {
    it->trial[t] = shot;
    kick_shot_reroll(&it->trial[t], ks_rng_next(&me));
  }
}

/* One item's trials with kick_shot_step; returns a checksum of the outcomes. */
static uint64_t tr_scalar(const tr_item *it, long *kicks) {
  uint64_t sum = 0;
  for (int c = 0; c < TR_CANDIDATES; c++)
    for (int t = 0; t < TR_TRIALS; t++) {
      kick_shot s = it->trial[t];
      if (kick_shot_strike(&s, &it->cand[c]) != KS_OK) continue;
      int64_t limit = kick_shot_strike_step(&s) + TR_FLIGHT;
      while (!kick_shot_decided(&s) && kick_shot_steps(&s) < limit) kick_shot_step(&s, NULL, NULL);
      sum = sum * 31u + kick_shot_hash(&s);
      (*kicks)++;
    }
  return sum;
}

/* How long each trial of a level ran on its last kick, to start the longest
   candidates first (as kick-cli simulate's batch engine does). */
typedef struct tr_history {
  int64_t steps[TR_CANDIDATES * TR_TRIALS];
} tr_history;

static int tr_longer_first(const void *a, const void *b) {
  const int64_t *x = a, *y = b; /* {steps, candidate} pairs */
  if (x[0] != y[0]) return x[0] > y[0] ? -1 : 1;
  return x[1] < y[1] ? -1 : x[1] > y[1];
}

/* The same trials through a batch, a new one taking each lane as it is
   decided; the checksum is over the same kicks in the same order. */
static uint64_t tr_batch(kick_batch *b, tr_history *h, const tr_item *it, long *kicks) {
  uint64_t hash[TR_CANDIDATES * TR_TRIALS];
  int job[KICK_BATCH_LANES], order[TR_CANDIDATES * TR_TRIALS];
  int64_t len[TR_CANDIDATES][2];
  int total = TR_CANDIDATES * TR_TRIALS, next = 0, left = total;
  for (int c = 0; c < TR_CANDIDATES; c++) {
    len[c][0] = 0;
    len[c][1] = c;
    for (int t = 0; t < TR_TRIALS; t++)
      if (h->steps[c * TR_TRIALS + t] > len[c][0]) len[c][0] = h->steps[c * TR_TRIALS + t];
  }
  qsort(len, TR_CANDIDATES, sizeof len[0], tr_longer_first);
  for (int c = 0; c < TR_CANDIDATES; c++)
    for (int t = 0; t < TR_TRIALS; t++) order[c * TR_TRIALS + t] = (int)len[c][1] * TR_TRIALS + t;
  for (int j = 0; j < total; j++) hash[j] = 0;
  while (left > 0) {
    /* A candidate's trials together, as simulate adds them (their shared
       flight is computed once while they keep step). */
    int free_lanes = 0;
    for (int32_t i = 0; i < b->lanes; i++) free_lanes += (kick_batch_active(b) & (1u << i)) == 0u;
    while (next < total && free_lanes > 0) {
      if (next % TR_TRIALS == 0 && free_lanes < TR_TRIALS) break;
      int j = order[next++];
      kick_shot s = it->trial[j % TR_TRIALS];
      int32_t lane;
      if (kick_shot_strike(&s, &it->cand[j / TR_TRIALS]) != KS_OK || kick_batch_add(b, &s, &lane) != KS_OK) {
        left--;
        continue;
      }
      free_lanes--;
      job[lane] = j;
    }
    uint32_t done = kick_batch_run(b, TR_FLIGHT);
    for (int32_t i = 0; i < KICK_BATCH_LANES; i++) {
      if ((done & (1u << i)) == 0u) continue;
      const kick_shot *s = kick_batch_lane(b, i);
      hash[job[i]] = kick_shot_hash(s) + 1u;
      h->steps[job[i]] = kick_shot_steps(s) - kick_shot_strike_step(s);
      kick_batch_remove(b, i, NULL);
      left--;
      (*kicks)++;
    }
  }
  uint64_t sum = 0;
  for (int j = 0; j < total; j++)
    if (hash[j] != 0u) sum = sum * 31u + (hash[j] - 1u);
  return sum;
}

static FILE *figures;

static void figure(const char *name, double value, const char *unit) {
  if (figures) fprintf(figures, "figure\t%s\t%.3f\t%s\n", name, value, unit);
}

/* Rounds of ITEMS kicks' trials, each round timing the scalar step and the
   batch on the same items, item by item in turn (which goes first
   alternates). */
static void bench_trials(void) {
  static const char *ids[] = {"1-3", "2-2", "3-4", "4-4", "5-2", "6-5"};
  enum { LEVELS = 6, ITEMS = 12, ROUNDS = 11 };
  static kick_launch cand[LEVELS][TR_CANDIDATES];
  static tr_item items[ITEMS];
  static kick_batch batch;
  static tr_history hist[LEVELS];
  static double rs[ROUNDS], rb[ROUNDS], ratio[ROUNDS];
  int32_t lv[LEVELS];
  for (int i = 0; i < LEVELS; i++) {
    lv[i] = kick_level_find(ids[i]);
    tr_candidates(lv[i], cand[i]);
  }
  kick_batch_def d = kick_batch_default_def();
  if (kick_batch_init(&batch, &d) != KS_OK) return;
  bool same = true;
  long kicks_total = 0;
  for (int r = 0; r < ROUNDS; r++) {
    for (int i = 0; i < ITEMS; i++) tr_prepare(&items[i], lv[i % LEVELS], cand[i % LEVELS], (uint64_t)(r * ITEMS + i));
    double ts = 0.0, tb = 0.0;
    long ks = 0, kb = 0;
    uint64_t hs = 0, hb = 0;
    /* Item by item, the two engines in turn (who goes first alternates), so
       that a burst of the machine's other work falls on both alike. */
    for (int i = 0; i < ITEMS; i++) {
      for (int pass = 0; pass < 2; pass++) {
        bool scalar_now = (pass == 0) == ((r + i) % 2 == 0);
        double t0 = now_ns();
        if (scalar_now) hs = hs * 17u + tr_scalar(&items[i], &ks);
        else hb = hb * 17u + tr_batch(&batch, &hist[i % LEVELS], &items[i], &kb);
        double t = now_ns() - t0;
        if (scalar_now) ts += t;
        else tb += t;
      }
    }
    same = same && hs == hb && ks == kb;
    kicks_total += ks;
    rs[r] = (double)ks / (ts * 1e-9);
    rb[r] = (double)kb / (tb * 1e-9);
    ratio[r] = rb[r] / rs[r];
  }
  double ms = median(rs, ROUNDS), mb = median(rb, ROUNDS), mr = median(ratio, ROUNDS);
  printf("simulated players' trial kicks (%d levels, %d kicks' trials a round, %d rounds, %ld kicks), one core:\n", LEVELS,
         ITEMS, ROUNDS, kicks_total);
  printf("  scalar step: %.0f kicks per CPU-second; batch (%d lanes, vectors of %d): %.0f kicks per CPU-second\n", ms,
         KICK_BATCH_LANES, batch.vector_width, mb);
  printf("  batch / scalar: %.2fx median of the rounds' ratios (target >= 2.5x); the same kicks, bit for bit: %s\n", mr,
         same ? "yes" : "NO (a bug!)");
  figure("kick_trials_scalar_kicks_per_cpu_s", ms, "kicks/s");
  figure("kick_trials_batch_kicks_per_cpu_s", mb, "kicks/s");
  figure("kick_trials_batch_over_scalar", mr, "x");
}

int main(void) {
  const char *fig_dir = getenv("KS_BENCH_FIGURES");
  if (fig_dir && *fig_dir) {
    char path[4096];
    snprintf(path, sizeof path, "%s/kick.tsv", fig_dir);
    figures = fopen(path, "w");
  }
  kick_setup su = busy_setup();
  kick_shot base;
  if (kick_shot_init(&base, &su) != KS_OK) return 1;
  kick_shot_advance(&base, 0.1, NULL, NULL);
  /* Curling over the jumping wall, past the rings' plane and the keeper's
     line, just wide of the post: every contact is checked on the way. */
  kick_launch k = kt_launch(27.0, 0.30, 0.10, 45.0);
  if (kick_shot_strike(&base, &k) != KS_OK) return 1;

  /* Reading this thread's CPU clock is a system call (1.7 us in some VMs, not
     a vDSO read), so each timed interval holds thousands of steps and the
     clock's own cost, measured here, is taken off. */
  enum { TIMER_SAMPLES = 201 };
  static double tick[TIMER_SAMPLES];
  for (int i = 0; i < TIMER_SAMPLES; i++) {
    double t0 = now_ns();
    tick[i] = now_ns() - t0;
  }
  double timer_ns = median(tick, TIMER_SAMPLES);

  /* 1. ns per step, every variant timed in the same rounds, in turn (the
     order rotating each round), so that the host's swings between its
     quiet and contended regimes move them alike and the ratios of their
     medians hold: (a) the busy stretch, the first 300 steps after the
     strike: the keeper's read (a 1/240 s estimate), the wall jumping, every
     contact on the way; (b) the steady stretch, 150 steps of flight after
     the read towards the goal, with wind, gusts and swirl; (c) the flight's
     chain alone over each stretch: the ball through the air with its winds
     computed beforehand, nothing else. Each stretch is timed with
     kick_shot_step_cached and one kick_shot_cache that all its repetitions
     share, as a shot and its copies share it (the wind table and the
     keeper's estimate filled by the first), cold (a cache emptied before
     each repetition: the read runs beside the flight, the wind is computed
     into the table) and with kick_shot_step. Each timed interval replays a
     stretch REPS times from a copy of the shot (the copy included). */
  enum { ROUNDS = 301, REPS = 10, BATCH = 300, STEADY = 150 };
  enum { V_BUSY, V_BUSY_COLD, V_BUSY_STEP, V_BUSY_CALM, V_CHAIN, V_STEADY, V_STEADY_STEP, V_STEADY_CHAIN, V_COUNT };
  static const char *const vname[V_COUNT] = {"busy, cached step", "busy, cached step, cold cache", "busy, kick_shot_step",
                                             "busy without gusts and swirl, kick_shot_step", "busy stretch's flight chain",
                                             "steady, cached step", "steady, kick_shot_step", "steady stretch's flight chain"};
  static double t[V_COUNT][ROUNDS];
  static kick_shot_cache cache, cold;
  kick_shot_cache_init(&cache);
  kick_shot after_read = base;
  for (int i = 0; i < 150; i++) kick_shot_step(&after_read, NULL, NULL);
  kick_setup su_calm = su;
  su_calm.wind.gustiness = 0.0;
  su_calm.wind.swirl = 0.0;
  kick_shot base_calm;
  if (kick_shot_init(&base_calm, &su_calm) != KS_OK) return 1;
  kick_shot_advance(&base_calm, 0.1, NULL, NULL);
  if (kick_shot_strike(&base_calm, &k) != KS_OK) return 1;
  static ks_vec3 winds[BATCH], winds_steady[STEADY];
  for (int i = 0; i < BATCH; i++) winds[i] = kick_wind_at(&base, kick_step_time(base.clock.total_steps + i));
  for (int i = 0; i < STEADY; i++)
    winds_steady[i] = kick_wind_at(&after_read, kick_step_time(after_read.clock.total_steps + i));
  unsigned long a0 = allocs;
  for (int r = 0; r < ROUNDS; r++)
    for (int q = 0; q < V_COUNT; q++) {
      int v = (q + r) % V_COUNT;
      switch (v) {
      case V_BUSY: t[v][r] = time_stretch_cached(&base, BATCH, REPS, &cache, false, timer_ns); break;
      case V_BUSY_COLD: t[v][r] = time_stretch_cached(&base, BATCH, REPS, &cold, true, timer_ns); break;
      case V_BUSY_STEP: t[v][r] = time_stretch(&base, BATCH, REPS, timer_ns); break;
      case V_BUSY_CALM: t[v][r] = time_stretch(&base_calm, BATCH, REPS, timer_ns); break;
      case V_CHAIN: t[v][r] = time_chain(&base.ball, winds, BATCH, REPS, base.spin_decay_step, timer_ns); break;
      case V_STEADY: t[v][r] = time_stretch_cached(&after_read, STEADY, REPS, &cache, false, timer_ns); break;
      case V_STEADY_STEP: t[v][r] = time_stretch(&after_read, STEADY, REPS, timer_ns); break;
      default: t[v][r] = time_chain(&after_read.ball, winds_steady, STEADY, REPS, base.spin_decay_step, timer_ns); break;
      }
    }
  unsigned long step_allocs = allocs - a0;
  /* The variants' bits: each stretch's end hashed, cached and not. */
  bool same = true;
  {
    kick_shot x = base, y = base, z = after_read, w = after_read;
    for (int i = 0; i < BATCH; i++) {
      kick_shot_step(&x, NULL, NULL);
      kick_shot_step_cached(&y, &cache, NULL, NULL);
    }
    for (int i = 0; i < STEADY; i++) {
      kick_shot_step(&z, NULL, NULL);
      kick_shot_step_cached(&w, &cache, NULL, NULL);
    }
    same = kick_shot_hash(&x) == kick_shot_hash(&y) && kick_shot_hash(&z) == kick_shot_hash(&w);
  }
  static double med[V_COUNT], tmp[ROUNDS];
  printf("cpu clock read: %.0f ns (taken off every timed interval below)\n", timer_ns);
  printf("kick step, ns a step, medians of %d rounds, every variant in every round in turn:\n", ROUNDS);
  for (int v = 0; v < V_COUNT; v++) {
    memcpy(tmp, t[v], sizeof tmp);
    med[v] = median(tmp, ROUNDS);
    printf("  %-46s %6.1f ns\n", vname[v], med[v]);
  }
  /* The ratios of the medians, and the median of the rounds' own ratios. */
  struct {
    int a, b;
    const char *what;
  } pr[] = {{V_BUSY, V_CHAIN, "busy / its chain (target <= 1.5)"},
            {V_STEADY, V_STEADY_CHAIN, "steady / its chain (target <= 1.5)"},
            {V_BUSY_COLD, V_CHAIN, "busy, cold cache / its chain"},
            {V_BUSY_STEP, V_CHAIN, "busy, kick_shot_step / its chain"},
            {V_STEADY_STEP, V_STEADY_CHAIN, "steady, kick_shot_step / its chain"},
            {V_BUSY_STEP, V_BUSY, "busy: kick_shot_step / cached"},
            {V_BUSY_STEP, V_BUSY_COLD, "busy: kick_shot_step / cached, cold"},
            {V_STEADY_STEP, V_STEADY, "steady: kick_shot_step / cached"},
            {V_BUSY_STEP, V_BUSY_CALM, "busy, kick_shot_step: with gusts / without"}};
  double ratio[sizeof pr / sizeof pr[0]];
  printf("  ratio of the medians [median of the rounds' ratios]:\n");
  for (size_t p = 0; p < sizeof pr / sizeof pr[0]; p++) {
    for (int r = 0; r < ROUNDS; r++) tmp[r] = t[pr[p].a][r] / t[pr[p].b][r];
    ratio[p] = med[pr[p].a] / med[pr[p].b];
    printf("  %-46s %5.2f [%.2f]\n", pr[p].what, ratio[p], median(tmp, ROUNDS));
  }
  printf("  the cached step and kick_shot_step end both stretches with the same hash: %s\n", same ? "yes" : "NO (a bug!)");
  figure("kick_busy_step_ns", med[V_BUSY], "ns");
  figure("kick_busy_step_cold_ns", med[V_BUSY_COLD], "ns");
  figure("kick_busy_step_uncached_ns", med[V_BUSY_STEP], "ns");
  figure("kick_busy_step_steady_wind_ns", med[V_BUSY_CALM], "ns");
  figure("kick_flight_chain_ns", med[V_CHAIN], "ns");
  figure("kick_steady_step_ns", med[V_STEADY], "ns");
  figure("kick_steady_step_uncached_ns", med[V_STEADY_STEP], "ns");
  figure("kick_steady_chain_ns", med[V_STEADY_CHAIN], "ns");
  figure("kick_busy_over_chain", ratio[0], "x");
  figure("kick_steady_over_chain", ratio[1], "x");

  /* 2. 1,800-step look-ahead: copy + run, LOOK_REPS per timed interval. */
  enum { LOOKS = 51, LOOK_REPS = 10 };
  static double look[LOOKS];
  kick_shot pre;
  if (kick_shot_init(&pre, &su) != KS_OK) return 1;
  kick_shot_advance(&pre, 0.1, NULL, NULL);
  for (int r = 0; r < LOOKS; r++) {
    double t0 = now_ns();
    for (int q = 0; q < LOOK_REPS; q++) {
      kick_shot ahead = pre;
      kick_shot_strike(&ahead, &k);
      for (int i = 0; i < 1800 && kick_shot_phase(&ahead) != KICK_PHASE_DONE; i++) kick_shot_step(&ahead, NULL, NULL);
      sink = ahead.ball.pos.z;
    }
    look[r] = (now_ns() - t0 - timer_ns) / LOOK_REPS / 1000.0;
  }
  printf("look-ahead (copy + up to 1,800 steps, %zu-byte shot): %.1f us median (target <= 100 us)\n",
         sizeof(kick_shot), median(look, LOOKS));

  /* 3. complete kicks per second on one core. */
  ks_rng r = ks_rng_seeded(7);
  kick_setup setups[4] = {kt_setup_wall_jump(), kt_setup_thunder(), kt_setup_final(), busy_setup()};
  long kicks = 0, steps = 0;
  double t0 = now_ns(), t1 = t0;
  while (t1 - t0 < 1.5e9) {
    for (int j = 0; j < 50; j++) {
      kick_shot s;
      kick_setup ks = setups[kicks % 4];
      ks.kick_number = (uint64_t)kicks;
      kick_shot_init(&s, &ks);
      kick_shot_advance(&s, 0.1, NULL, NULL);
      double sp = ks_rng_range(&r, 15.0, 33.5), el = ks_rng_range(&r, 0.05, 0.4);
      double dir = ks_rng_range(&r, -0.25, 0.25), spin = ks_rng_range(&r, -60.0, 60.0);
      kick_launch kl = kt_launch(sp, el, dir, spin);
      kick_shot_strike(&s, &kl);
      while (!kick_shot_decided(&s)) kick_shot_advance(&s, 0.1, NULL, NULL);
      steps += kick_shot_steps(&s) - kick_shot_strike_step(&s);
      kicks++;
    }
    t1 = now_ns();
  }
  double secs = (t1 - t0) / 1e9;
  printf("complete kicks: %.0f per second per core (target >= 10,000), %.0f steps per kick on average\n",
         (double)kicks / secs, (double)steps / (double)kicks);

  printf("heap allocations during %d steps: %lu (target 0); during everything above: %lu\n",
         ROUNDS * REPS * (4 * BATCH + 2 * STEADY), step_allocs, allocs);

  /* 4. the simulated players' trials: scalar step against the batch. */
  bench_trials();
  if (figures) fclose(figures);
  return 0;
}
