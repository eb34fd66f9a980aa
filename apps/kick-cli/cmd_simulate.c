// SPDX-License-Identifier: MIT
/* simulate and merge: simulated players over the World Tour.

   A work item is one kick: (level, player, kick). Items are numbered in a
   fixed order, index = (level position × players + player) × kicks + kick,
   and each item's result depends only on its level, player, kick and the
   match seed. Counts and step sums are integers, so summing them in any
   order gives the same totals: the result is the same bits whatever
   --threads, and shards merged with `merge` equal the unsharded run. */
#include <errno.h>
#include <getopt.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "kickstep/dmath.h"
#include "kickstep/kick_solver.h"
#include "sim_engine.h"

#define SIM_CANDIDATES 26
#define SIM_TRIALS 3
#define SIM_FORMAT 1
#define SIM_MAX_PLAYERS 100000L
#define SIM_MAX_KICKS 100000L
#define SIM_MAX_THREADS 256L
#define SIM_MAX_FLIGHT_STEPS (10 * KICK_STEPS_PER_SECOND)
#define SIM_OUTCOMES ((int)kick_outcome_count) /* slot 0 (KICK_OUTCOME_NONE): undecided */
#define DEG (KS_PI / 180.0)

/* ---------------------------------------------------------------- counts */

typedef struct sim_counts {
  int64_t kicks;
  int64_t outcomes[SIM_OUTCOMES]; /* [0] undecided, [o] kick_outcome o */
  int64_t stars[KICK_STAR_COUNT + 1];
  int64_t moments[KICK_MOMENT_COUNT];
  int64_t decided;
  int64_t flight_steps;           /* sum of decision step - strike step over decided kicks */
} sim_counts;

static void counts_add(sim_counts *a, const sim_counts *b) {
  a->kicks += b->kicks;
  for (int i = 0; i < SIM_OUTCOMES; i++) a->outcomes[i] += b->outcomes[i];
  for (int i = 0; i <= KICK_STAR_COUNT; i++) a->stars[i] += b->stars[i];
  for (int i = 0; i < KICK_MOMENT_COUNT; i++) a->moments[i] += b->moments[i];
  a->decided += b->decided;
  a->flight_steps += b->flight_steps;
}

static const char *outcome_key(int i) {
  return i == 0 ? "undecided" : kick_outcome_name((kick_outcome)i);
}

/* A whole result (one run, one shard, or merged shards). */
typedef struct sim_result {
  uint64_t seed;
  long players, kicks;
  int nlevels;
  int32_t levels[64];             /* tour indices, in the order given */
  long shard_count;
  bool *shard_done;               /* shard_count flags */
  sim_counts *per_level;          /* nlevels */
} sim_result;

static void result_free(sim_result *r) {
  free(r->shard_done);
  free(r->per_level);
  r->shard_done = NULL;
  r->per_level = NULL;
}

/* ---------------------------------------------------------------- the player */

/* Candidate launches of one level, solved once (the solver is deterministic). */
typedef struct sim_level {
  int32_t index;
  kick_launch cand[SIM_CANDIDATES];
} sim_level;

static const double cand_aims[5][2] = {{-2.9, 0.35}, {2.9, 0.35}, {-2.8, 1.95}, {2.8, 1.95}, {0.0, 2.15}};
static const double cand_styles[5][2] = {{22.0, -0.5}, {22.0, 0.5}, {26.0, 0.0}, {30.0, -0.3}, {30.0, 0.3}};

static kick_launch solve_launch(const kick_setup *su, double x, double y, double speed, double bend) {
  kick_solver_def d = kick_solver_def_for_setup(su);
  d.aim_x = x;
  d.aim_y = y;
  d.speed_mps = speed;
  d.bend = bend;
  kick_solution sol;
  ks_status s = kick_solve(&d, &sol);
  if (s == KS_OK || s == KS_ERR_NOT_FOUND) return sol.launch; /* NOT_FOUND: its best try */
  kick_launch l = kick_launch_default();
  l.speed_mps = speed;
  return l;
}

/* Candidate 0 is the level's reference kick; 1..25 are 5 aims (low near the
   posts, the top corners, under the bar) × 5 speed/bend styles. */
static void level_candidates(sim_level *sl) {
  const kick_level *lv = kick_level_at(sl->index);
  kick_setup su;
  kick_level_setup(lv, 1, 0, &su); /* the spot and pitch do not depend on the dice */
  sl->cand[0] = solve_launch(&su, lv->aim.aim_x, lv->aim.aim_y, lv->aim.speed_mps, lv->aim.bend);
  int c = 1;
  for (int a = 0; a < 5; a++)
    for (int s = 0; s < 5; s++)
      sl->cand[c++] = solve_launch(&su, cand_aims[a][0], cand_aims[a][1], cand_styles[s][0], cand_styles[s][1]);
}

/* Plays a struck shot until it is decided (or 10 s of flight pass). */
static void play_out(kick_shot *s) {
  int64_t limit = kick_shot_strike_step(s) + SIM_MAX_FLIGHT_STEPS;
  while (!kick_shot_decided(s) && kick_shot_steps(s) < limit) kick_shot_step(s, NULL, NULL);
}

/* The engine that plays the kicks (--engine): the trials and the real kick.
   `batch` is the worker's batch with SIM_ENGINE_BATCH, else NULL. */
static void play_trials(sim_batch *batch, const kick_level *lv, const sim_level *sl, const kick_shot *trial,
                        int *score) {
  if (batch) {
    sim_batch_trials(batch, lv, sl->cand, SIM_CANDIDATES, trial, SIM_TRIALS, SIM_MAX_FLIGHT_STEPS, score);
    return;
  }
  for (int c = 0; c < SIM_CANDIDATES; c++) {
    score[c] = 0;
    for (int t = 0; t < SIM_TRIALS; t++) {
      kick_shot s = trial[t];
      if (kick_shot_strike(&s, &sl->cand[c]) != KS_OK) continue;
      play_out(&s);
      score[c] += sim_trial_score(lv, &s);
    }
  }
}

static void play_kick(sim_batch *batch, kick_shot *s) {
  if (batch) sim_batch_play(batch, s, SIM_MAX_FLIGHT_STEPS);
  else play_out(s);
}

/* Roughly normal with mean 0 and standard deviation 1 (three uniforms; no libm,
   so the result is the same bits everywhere). */
static double rng_normalish(ks_rng *r) {
  double u = ks_rng_double(r) + ks_rng_double(r) + ks_rng_double(r);
  return (u - 1.5) * 2.0;
}

static double clampd(double x, double lo, double hi) { return x < lo ? lo : x > hi ? hi : x; }

#define PLAYER_SALT 0x706c617965727321ull /* the player's own dice, apart from the shot's */
#define SKILL_SALT 0x736b696c6c736b69ull

/* One work item: player `p`'s kick `k` on level `sl`. */
static void run_item(const sim_level *sl, uint64_t seed, long p, long k, sim_counts *out, sim_batch *batch) {
  const kick_level *lv = kick_level_at(sl->index);
  uint64_t kick_number = ((uint64_t)sl->index << 48) | ((uint64_t)p << 24) | (uint64_t)k;
  ks_rng skill_rng = ks_rng_stream(seed ^ SKILL_SALT, (uint64_t)p);
  double skill = 0.6 + 0.8 * ks_rng_double(&skill_rng); /* execution error scale of this player */
  ks_rng me = ks_rng_stream(seed ^ PLAYER_SALT, kick_number);

  kick_setup su;
  kick_shot shot;
  out->kicks++;
  if (kick_level_setup(lv, seed, kick_number, &su) != KS_OK || kick_shot_init(&shot, &su) != KS_OK) {
    out->outcomes[0]++;
    return;
  }
  /* The player takes a moment on the spot: 0.3 to 1 s. */
  uint32_t wait = 180u + ks_rng_below(&me, 421u);
  for (uint32_t i = 0; i < wait; i++) kick_shot_step(&shot, NULL, NULL);

  /* Three rerolled copies: the same setup and clock, other dice. */
  kick_shot trial[SIM_TRIALS];
  for (int t = 0; t < SIM_TRIALS; t++) {
    trial[t] = shot;
    kick_shot_reroll(&trial[t], ks_rng_next(&me));
  }
  int score[SIM_CANDIDATES];
  play_trials(batch, lv, sl, trial, score);
  int best = 0, best_score = -1;
  for (int c = 0; c < SIM_CANDIDATES; c++) {
    if (score[c] > best_score) {
      best_score = score[c];
      best = c;
    }
  }
  /* The real kick: the best candidate and the player's own execution error. */
  kick_launch l = sl->cand[best];
  kick_launch aimed = l;
  l.speed_mps = clampd(l.speed_mps + 0.5 * skill * rng_normalish(&me), 5.0, KICK_MAX_LAUNCH_SPEED);
  l.elevation = clampd(l.elevation + 0.7 * DEG * skill * rng_normalish(&me), -0.1, 1.2);
  l.direction = clampd(l.direction + 0.7 * DEG * skill * rng_normalish(&me), -1.5, 1.5);
  l.spin_rate = clampd(l.spin_rate * (1.0 + 0.06 * skill * rng_normalish(&me)), 0.0, KICK_MAX_SPIN_RATE);
  if (kick_launch_validate(&l) != KS_OK) l = aimed;
  if (kick_shot_strike(&shot, &l) != KS_OK) {
    out->outcomes[0]++;
    return;
  }
  play_kick(batch, &shot);
  if (!kick_shot_decided(&shot)) {
    out->outcomes[0]++;
    return;
  }
  out->outcomes[kick_shot_outcome(&shot)]++;
  out->decided++;
  out->flight_steps += kick_shot_decision_step(&shot) - kick_shot_strike_step(&shot);
  out->stars[kick_level_stars(lv, &shot)]++;
  uint32_t m = kick_shot_moments(&shot);
  for (int b = 0; b < KICK_MOMENT_COUNT; b++)
    if (m & (1u << b)) out->moments[b]++;
}

/* ---------------------------------------------------------------- threads */

typedef struct sim_job {
  sim_level *levels;
  int nlevels;
  uint64_t seed;
  long players, kicks;
  uint64_t shard_i, shard_n;
  uint64_t items_total;           /* items of the whole (unsharded) run */
  uint64_t items_mine;            /* items in this shard */
  sim_engine_kind engine;         /* --engine */
  atomic_uint_fast64_t next_level;
  atomic_uint_fast64_t next_item;
  atomic_uint_fast64_t done;
} sim_job;

typedef struct sim_worker {
  pthread_t thread;
  sim_job *job;
  sim_counts *per_level;          /* this worker's own counts */
  sim_batch *batch;               /* its batch (--engine batch), else NULL */
} sim_worker;

static void *candidates_worker(void *arg) {
  sim_worker *w = (sim_worker *)arg;
  sim_job *j = w->job;
  for (;;) {
    uint64_t i = atomic_fetch_add(&j->next_level, 1);
    if (i >= (uint64_t)j->nlevels) break;
    level_candidates(&j->levels[i]);
  }
  return NULL;
}

static void *items_worker(void *arg) {
  sim_worker *w = (sim_worker *)arg;
  sim_job *j = w->job;
  uint64_t per_level = (uint64_t)j->players * (uint64_t)j->kicks;
  for (;;) {
    uint64_t mine = atomic_fetch_add(&j->next_item, 1);
    if (mine >= j->items_mine) break;
    uint64_t index = j->shard_i + mine * j->shard_n;
    uint64_t lp = index / per_level, rest = index % per_level;
    run_item(&j->levels[lp], j->seed, (long)(rest / (uint64_t)j->kicks), (long)(rest % (uint64_t)j->kicks),
             &w->per_level[lp], w->batch);
    atomic_fetch_add(&j->done, 1);
  }
  return NULL;
}

static double now_s(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* CPU time of the whole process (all threads), s. */
static double cpu_s(void) {
  struct timespec ts;
  if (clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts) != 0) return 0.0;
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void progress(uint64_t done, uint64_t total, double elapsed) {
  int width = 30;
  int fill = total ? (int)(done * (uint64_t)width / total) : width;
  char bar[64];
  for (int i = 0; i < width; i++) bar[i] = i < fill ? '#' : '.';
  bar[width] = '\0';
  fprintf(stderr, "\r[%s] %3d%%  %llu/%llu kicks  %.1f s", bar, total ? (int)(done * 100 / total) : 100,
          (unsigned long long)done, (unsigned long long)total, elapsed);
  fflush(stderr);
}

/* Runs `fn` on `threads` workers; the main thread draws the progress bar. */
static bool run_workers(sim_worker *ws, long threads, void *(*fn)(void *), sim_job *j, bool bar, double t0) {
  long started = 0;
  for (; started < threads; started++)
    if (pthread_create(&ws[started].thread, NULL, fn, &ws[started]) != 0) break;
  if (started == 0) {
    cli_error("cannot start a thread: %s", strerror(errno));
    return false;
  }
  if (bar) {
    while (atomic_load(&j->done) < j->items_mine) {
      progress(atomic_load(&j->done), j->items_mine, now_s() - t0);
      struct timespec ts = {0, 200000000L};
      nanosleep(&ts, NULL);
      /* Stop drawing once the workers are finished. */
      if (atomic_load(&j->next_item) >= j->items_mine && atomic_load(&j->done) >= j->items_mine) break;
    }
  }
  for (long i = 0; i < started; i++) pthread_join(ws[i].thread, NULL);
  return true;
}

/* ---------------------------------------------------------------- JSON */

static cJSON *counts_json(const sim_counts *c, cJSON *o) {
  cJSON_AddNumberToObject(o, "kicks", (double)c->kicks);
  cJSON_AddNumberToObject(o, "goals", (double)c->outcomes[KICK_OUTCOME_GOAL]);
  if (c->kicks > 0) cJSON_AddNumberToObject(o, "goal_rate", (double)c->outcomes[KICK_OUTCOME_GOAL] / (double)c->kicks);
  else cJSON_AddNullToObject(o, "goal_rate");
  cJSON *oc = cJSON_AddObjectToObject(o, "outcomes");
  for (int i = 1; i < SIM_OUTCOMES; i++) cJSON_AddNumberToObject(oc, outcome_key(i), (double)c->outcomes[i]);
  cJSON_AddNumberToObject(oc, outcome_key(0), (double)c->outcomes[0]);
  cJSON *st = cJSON_AddArrayToObject(o, "stars");
  for (int i = 0; i <= KICK_STAR_COUNT; i++) cJSON_AddItemToArray(st, cJSON_CreateNumber((double)c->stars[i]));
  cJSON *mo = cJSON_AddObjectToObject(o, "moments");
  for (int b = 0; b < KICK_MOMENT_COUNT; b++) cJSON_AddNumberToObject(mo, kick_moment_name(1u << b), (double)c->moments[b]);
  cJSON_AddNumberToObject(o, "decided", (double)c->decided);
  cJSON_AddNumberToObject(o, "flight_steps", (double)c->flight_steps);
  if (c->decided > 0)
    cJSON_AddNumberToObject(o, "mean_flight_s",
                            (double)c->flight_steps / ((double)c->decided * (double)KICK_STEPS_PER_SECOND));
  else cJSON_AddNullToObject(o, "mean_flight_s");
  return o;
}

static long shards_have(const sim_result *r) {
  long n = 0;
  for (long i = 0; i < r->shard_count; i++) n += r->shard_done[i];
  return n;
}

/* The result as JSON. Everything but "shards" and "timing" is the
   deterministic part: the same bytes for any --threads and for merged shards. */
static cJSON *result_json(const sim_result *r, const cJSON *timing) {
  cJSON *j = cJSON_CreateObject();
  cJSON_AddStringToObject(j, "format", "kick-cli simulate");
  cJSON_AddNumberToObject(j, "version", SIM_FORMAT);
  char seed[32];
  snprintf(seed, sizeof seed, "%llu", (unsigned long long)r->seed);
  cJSON_AddStringToObject(j, "seed", seed); /* a string: 64-bit seeds do not fit a JSON double */
  cJSON_AddNumberToObject(j, "players", (double)r->players);
  cJSON_AddNumberToObject(j, "kicks_per_player", (double)r->kicks);
  cJSON_AddNumberToObject(j, "candidates", SIM_CANDIDATES);
  cJSON_AddNumberToObject(j, "trials", SIM_TRIALS);
  cJSON *lv = cJSON_AddArrayToObject(j, "levels");
  for (int i = 0; i < r->nlevels; i++) cJSON_AddItemToArray(lv, cJSON_CreateString(kick_level_at(r->levels[i])->id));
  cJSON_AddNumberToObject(j, "items", (double)r->nlevels * (double)r->players * (double)r->kicks);
  sim_counts total;
  memset(&total, 0, sizeof total);
  for (int i = 0; i < r->nlevels; i++) counts_add(&total, &r->per_level[i]);
  cJSON_AddNumberToObject(j, "kicks", (double)total.kicks);
  cJSON_AddBoolToObject(j, "complete", shards_have(r) == r->shard_count);
  cJSON *pl = cJSON_AddArrayToObject(j, "per_level");
  for (int i = 0; i < r->nlevels; i++) {
    const kick_level *l = kick_level_at(r->levels[i]);
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "level", l->id);
    cJSON_AddStringToObject(o, "name", l->name);
    counts_json(&r->per_level[i], o);
    cJSON_AddItemToArray(pl, o);
  }
  cJSON_AddItemToObject(j, "totals", counts_json(&total, cJSON_CreateObject()));
  cJSON *sh = cJSON_AddObjectToObject(j, "shards");
  cJSON_AddNumberToObject(sh, "count", (double)r->shard_count);
  cJSON *done = cJSON_AddArrayToObject(sh, "done");
  cJSON *missing = cJSON_AddArrayToObject(sh, "missing");
  for (long i = 0; i < r->shard_count; i++)
    cJSON_AddItemToArray(r->shard_done[i] ? done : missing, cJSON_CreateNumber((double)i));
  if (timing) cJSON_AddItemToObject(j, "timing", cJSON_Duplicate(timing, true));
  return j;
}

/* Writes text to path atomically (a temporary file beside it, then rename). */
static bool write_atomic(const char *path, const char *text) {
  char tmp[4096];
  if (snprintf(tmp, sizeof tmp, "%s.tmp.%ld", path, (long)getpid()) >= (int)sizeof tmp) {
    cli_error("--out: path too long");
    return false;
  }
  FILE *f = fopen(tmp, "wb");
  if (!f) {
    cli_error("cannot write '%s': %s", path, strerror(errno));
    return false;
  }
  size_t n = strlen(text);
  bool ok = fwrite(text, 1, n, f) == n && fputc('\n', f) != EOF;
  if (fclose(f) != 0) ok = false;
  if (!ok || rename(tmp, path) != 0) {
    int e = errno;
    remove(tmp);
    cli_error("cannot write '%s': %s", path, strerror(e));
    return false;
  }
  return true;
}

/* Can a file be created beside `path`? (Checked before a long run.) */
static bool out_writable(const char *path) {
  char tmp[4096];
  if (snprintf(tmp, sizeof tmp, "%s.tmp.%ld", path, (long)getpid()) >= (int)sizeof tmp) {
    cli_error("--out: path too long");
    return false;
  }
  FILE *f = fopen(tmp, "wb");
  if (!f) {
    cli_error("cannot write '%s': %s", path, strerror(errno));
    return false;
  }
  fclose(f);
  remove(tmp);
  return true;
}

static void print_text(const sim_result *r, const char *timing_line) {
  printf("%-5s %-22s %7s %7s %7s %5s %5s %5s %5s %9s\n", "level", "name", "kicks", "goals", "rate", "0*", "1*",
         "2*", "3*", "flight s");
  sim_counts total;
  memset(&total, 0, sizeof total);
  for (int i = -1; i < r->nlevels; i++) {
    const sim_counts *c = i < 0 ? NULL : &r->per_level[i];
    if (!c) continue;
    counts_add(&total, c);
    const kick_level *l = kick_level_at(r->levels[i]);
    printf("%-5s %-22s %7lld %7lld %6.1f%% %5lld %5lld %5lld %5lld %9.4f\n", l->id, l->name, (long long)c->kicks,
           (long long)c->outcomes[KICK_OUTCOME_GOAL],
           c->kicks ? 100.0 * (double)c->outcomes[KICK_OUTCOME_GOAL] / (double)c->kicks : 0.0,
           (long long)c->stars[0], (long long)c->stars[1], (long long)c->stars[2], (long long)c->stars[3],
           c->decided ? (double)c->flight_steps / ((double)c->decided * KICK_STEPS_PER_SECOND) : 0.0);
  }
  printf("%-5s %-22s %7lld %7lld %6.1f%% %5lld %5lld %5lld %5lld %9.4f\n", "all", "", (long long)total.kicks,
         (long long)total.outcomes[KICK_OUTCOME_GOAL],
         total.kicks ? 100.0 * (double)total.outcomes[KICK_OUTCOME_GOAL] / (double)total.kicks : 0.0,
         (long long)total.stars[0], (long long)total.stars[1], (long long)total.stars[2], (long long)total.stars[3],
         total.decided ? (double)total.flight_steps / ((double)total.decided * KICK_STEPS_PER_SECOND) : 0.0);
  /* How often each moment happened, per level. */
  printf("\nmoments  ");
  for (int b = 0; b < KICK_MOMENT_COUNT; b++) printf(" %s", kick_moment_name(1u << b));
  printf("\n");
  for (int i = 0; i < r->nlevels; i++) {
    printf("%-9s", kick_level_at(r->levels[i])->id);
    for (int b = 0; b < KICK_MOMENT_COUNT; b++)
      printf(" %*lld", (int)strlen(kick_moment_name(1u << b)), (long long)r->per_level[i].moments[b]);
    printf("\n");
  }
  printf("\noutcomes:");
  for (int i = 1; i < SIM_OUTCOMES; i++) printf(" %s %lld", outcome_key(i), (long long)total.outcomes[i]);
  if (total.outcomes[0]) printf(" undecided %lld", (long long)total.outcomes[0]);
  printf("\nmoments: ");
  for (int b = 0; b < KICK_MOMENT_COUNT; b++) printf(" %s %lld", kick_moment_name(1u << b), (long long)total.moments[b]);
  printf("\n");
  long have = shards_have(r);
  if (r->shard_count > 1) {
    printf("shards:   %ld of %ld:", have, r->shard_count);
    for (long i = 0; i < r->shard_count; i++)
      if (r->shard_done[i]) printf(" %ld", i);
    printf("\n");
  }
  if (timing_line) printf("%s\n", timing_line);
}

/* ---------------------------------------------------------------- simulate */

static const char simulate_usage[] =
    "usage: kick-cli simulate [--players N] [--kicks M] [--levels all|ID,ID,...] [--seed S]\n"
    "                         [--threads T] [--shard I/N] [--engine scalar|batch] [--json]\n"
    "                         [--out FILE] [--quiet]\n"
    "Simulated players over the World Tour. Before each kick a player tries 26\n"
    "candidate launches (the level's reference kick and 25 solved kicks: low near the\n"
    "posts, the top corners and under the bar, at 22-30 m/s with and without bend)\n"
    "three times each on rerolled copies of the shot, which keep the setup and the\n"
    "clock but roll new dice (so the player cannot see which way the keeper will\n"
    "guess), then takes the real kick with the best candidate and his own execution\n"
    "error. Prints per level the goal rate, the stars, how often each outcome and\n"
    "moment happened and the mean flight time (strike to decision).\n\n"
    "The result depends only on the seed, the players, the kicks and the levels:\n"
    "never on --threads or on how the run is split into shards.\n\n"
    "  --players N      simulated players (default 4)\n"
    "  --kicks M        kicks per player per level (default 3)\n"
    "  --levels LIST    all (default) or level ids/names, e.g. 1-1,5-2,\"The Final\"\n"
    "  --seed S         the match seed (default 1)\n"
    "  --threads T      worker threads (default 0 = every core)\n"
    "  --shard I/N      run only the kicks whose index % N == I (0 <= I < N); join the\n"
    "                   shards' JSON results with 'kick-cli merge'\n"
    "  --engine E       batch (default): kicks stepped together in lanes (kick_batch.h);\n"
    "                   scalar: one kick_shot_step at a time. The same results, bit for bit\n"
    "  --json           print the result as JSON\n"
    "  --out FILE       also write the JSON result to FILE (atomically)\n"
    "  --quiet          no progress bar and no table (errors only)\n"
    "A progress bar is drawn on stderr when stderr is a terminal. In the JSON, every\n"
    "key but \"shards\" and \"timing\" (threads, engine, elapsed seconds) is deterministic.\n"
    "\nexamples:\n"
    "  kick-cli simulate\n"
    "  kick-cli simulate --players 8 --kicks 5 --levels 5-2,4-4,6-5 --threads 0\n"
    "  kick-cli simulate --shard 0/2 --out s0.json && kick-cli simulate --shard 1/2 --out s1.json\n"
    "  kick-cli merge s0.json s1.json --json\n"
    "  parallel kick-cli simulate --quiet --shard {}/8 --out part{}.json ::: 0 1 2 3 4 5 6 7\n";

static bool parse_levels(const char *s, sim_result *r) {
  r->nlevels = 0;
  if (strcmp(s, "all") == 0) {
    for (int32_t i = 0; i < kick_level_count() && i < 64; i++) r->levels[r->nlevels++] = i;
    return true;
  }
  char buf[1024];
  if (strlen(s) >= sizeof buf) {
    cli_error("--levels: the list is too long");
    return false;
  }
  strcpy(buf, s);
  char *save = NULL;
  for (char *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
    int32_t idx = kick_level_find(tok);
    if (idx < 0) {
      cli_error("--levels: unknown level '%s' (kick-cli levels lists them)", tok);
      return false;
    }
    for (int i = 0; i < r->nlevels; i++)
      if (r->levels[i] == idx) {
        cli_error("--levels: level %s is listed twice", kick_level_at(idx)->id);
        return false;
      }
    if (r->nlevels >= 64) {
      cli_error("--levels: too many levels");
      return false;
    }
    r->levels[r->nlevels++] = idx;
  }
  if (r->nlevels == 0) {
    cli_error("--levels: the list is empty");
    return false;
  }
  return true;
}

static bool parse_shard(const char *s, long *i, long *n) {
  const char *slash = strchr(s, '/');
  char a[32];
  if (!slash || slash == s || (size_t)(slash - s) >= sizeof a) {
    cli_error("--shard: '%s' is not I/N like 0/4", s);
    return false;
  }
  memcpy(a, s, (size_t)(slash - s));
  a[slash - s] = '\0';
  if (!cli_parse_int("shard", slash + 1, 1, 1000000, n) || !cli_parse_int("shard", a, 0, 1000000, i)) return false;
  if (*i >= *n) {
    cli_error("--shard: index %ld must be below the shard count %ld", *i, *n);
    return false;
  }
  return true;
}

int cmd_simulate(int argc, char **argv) {
  if (cli_wants_help(argc, argv, simulate_usage)) return EXIT_OK;
  enum { O_PLAYERS = 1, O_KICKS, O_LEVELS, O_SEED, O_THREADS, O_SHARD, O_JSON, O_OUT, O_QUIET, O_ENGINE };
  static const struct option opts[] = {{"players", 1, 0, O_PLAYERS}, {"kicks", 1, 0, O_KICKS},
                                       {"levels", 1, 0, O_LEVELS},   {"seed", 1, 0, O_SEED},
                                       {"threads", 1, 0, O_THREADS}, {"shard", 1, 0, O_SHARD},
                                       {"json", 0, 0, O_JSON},       {"out", 1, 0, O_OUT},
                                       {"quiet", 0, 0, O_QUIET},     {"engine", 1, 0, O_ENGINE},
                                       {0, 0, 0, 0}};
  sim_result r;
  memset(&r, 0, sizeof r);
  r.seed = 1;
  r.players = 4;
  r.kicks = 3;
  parse_levels("all", &r);
  long threads = 0, shard_i = 0, shard_n = 1; /* 0: every core */
  bool json = false, quiet = false;
  sim_engine_kind engine = SIM_ENGINE_BATCH;
  const char *out = NULL;
  int c;
  optind = 1;
  while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
    bool ok = true;
    switch (c) {
    case O_PLAYERS: ok = cli_parse_int("players", optarg, 1, SIM_MAX_PLAYERS, &r.players); break;
    case O_KICKS: ok = cli_parse_int("kicks", optarg, 1, SIM_MAX_KICKS, &r.kicks); break;
    case O_LEVELS: ok = parse_levels(optarg, &r); break;
    case O_SEED: ok = cli_parse_u64("seed", optarg, &r.seed); break;
    case O_THREADS: ok = cli_parse_int("threads", optarg, 0, SIM_MAX_THREADS, &threads); break;
    case O_SHARD: ok = parse_shard(optarg, &shard_i, &shard_n); break;
    case O_JSON: json = true; break;
    case O_OUT: out = optarg; break;
    case O_QUIET: quiet = true; break;
    case O_ENGINE:
      if (strcmp(optarg, "batch") == 0) engine = SIM_ENGINE_BATCH;
      else if (strcmp(optarg, "scalar") == 0) engine = SIM_ENGINE_SCALAR;
      else {
        cli_error("--engine: '%s' is not scalar or batch", optarg);
        ok = false;
      }
      break;
    default: fputs(simulate_usage, stderr); return EXIT_USAGE;
    }
    if (!ok) return EXIT_USAGE;
  }
  if (optind < argc) {
    cli_error("unexpected argument '%s'", argv[optind]);
    return EXIT_USAGE;
  }
  if (out && !out_writable(out)) return EXIT_RUNTIME; /* before the work, not after */
  if (threads == 0) {
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    threads = n < 1 ? 1 : n > SIM_MAX_THREADS ? SIM_MAX_THREADS : n;
  }

  sim_job *j = calloc(1, sizeof *j);
  sim_level *levels = calloc((size_t)r.nlevels, sizeof *levels);
  sim_worker *ws = calloc((size_t)threads, sizeof *ws);
  sim_counts *counts = calloc((size_t)threads * (size_t)r.nlevels, sizeof *counts);
  r.per_level = calloc((size_t)r.nlevels, sizeof *r.per_level);
  r.shard_done = calloc((size_t)shard_n, sizeof *r.shard_done);
  if (!j || !levels || !ws || !counts || !r.per_level || !r.shard_done) {
    cli_error("out of memory");
    free(j), free(levels), free(ws), free(counts), result_free(&r);
    return EXIT_RUNTIME;
  }
  r.shard_count = shard_n;
  r.shard_done[shard_i] = true;
  for (int i = 0; i < r.nlevels; i++) levels[i].index = r.levels[i];
  j->levels = levels;
  j->nlevels = r.nlevels;
  j->seed = r.seed;
  j->players = r.players;
  j->kicks = r.kicks;
  j->shard_i = (uint64_t)shard_i;
  j->shard_n = (uint64_t)shard_n;
  j->items_total = (uint64_t)r.nlevels * (uint64_t)r.players * (uint64_t)r.kicks;
  j->items_mine = j->items_total > (uint64_t)shard_i ? (j->items_total - (uint64_t)shard_i - 1) / (uint64_t)shard_n + 1 : 0;
  j->engine = engine;
  bool engines_ok = true;
  for (long t = 0; t < threads; t++) {
    ws[t].job = j;
    ws[t].per_level = counts + (size_t)t * (size_t)r.nlevels;
    if (engine == SIM_ENGINE_BATCH && !(ws[t].batch = sim_batch_new())) engines_ok = false;
  }
  if (!engines_ok) {
    cli_error("out of memory");
    for (long t = 0; t < threads; t++) sim_batch_free(ws[t].batch);
    free(j), free(levels), free(ws), free(counts), result_free(&r);
    return EXIT_RUNTIME;
  }
  bool bar = !quiet && cli_stderr_tty();
  double t0 = now_s(), cpu0 = cpu_s();
  bool ok = run_workers(ws, threads, candidates_worker, j, false, t0) &&
            run_workers(ws, threads, items_worker, j, bar, t0);
  double elapsed = now_s() - t0, cpu = cpu_s() - cpu0;
  if (bar) {
    progress(atomic_load(&j->done), j->items_mine, elapsed);
    fputc('\n', stderr);
  }
  int rc = EXIT_OK;
  if (ok) {
    for (long t = 0; t < threads; t++)
      for (int i = 0; i < r.nlevels; i++) counts_add(&r.per_level[i], &ws[t].per_level[i]);
    cJSON *timing = cJSON_CreateObject();
    cJSON_AddNumberToObject(timing, "threads", (double)threads);
    cJSON_AddStringToObject(timing, "engine", engine == SIM_ENGINE_BATCH ? "batch" : "scalar");
    cJSON_AddNumberToObject(timing, "elapsed_s", elapsed);
    cJSON_AddNumberToObject(timing, "kicks_per_s", elapsed > 0 ? (double)j->items_mine / elapsed : 0.0);
    cJSON_AddNumberToObject(timing, "cpu_s", cpu);
    cJSON_AddNumberToObject(timing, "kicks_per_cpu_s", cpu > 0 ? (double)j->items_mine / cpu : 0.0);
    cJSON *root = result_json(&r, timing);
    cJSON_Delete(timing);
    if (out) {
      char *text = cJSON_Print(root);
      if (!text || !write_atomic(out, text)) rc = EXIT_RUNTIME;
      cJSON_free(text);
    }
    if (json) cli_print_json(root);
    else {
      cJSON_Delete(root);
      if (!quiet) {
        char line[160];
        snprintf(line, sizeof line, "%llu kicks in %.2f s on %ld thread%s: %.1f kicks/s (each after 78 trial kicks)",
                 (unsigned long long)j->items_mine, elapsed, threads, threads == 1 ? "" : "s",
                 elapsed > 0 ? (double)j->items_mine / elapsed : 0.0);
        print_text(&r, line);
      }
    }
  } else {
    rc = EXIT_RUNTIME;
  }
  for (long t = 0; t < threads; t++) sim_batch_free(ws[t].batch);
  free(j), free(levels), free(ws), free(counts);
  result_free(&r);
  return rc;
}

/* ---------------------------------------------------------------- merge */

static const char merge_usage[] =
    "usage: kick-cli merge FILE... [--json] [--out FILE] [--complete]\n"
    "Join the JSON results of 'kick-cli simulate --shard I/N --out FILE' runs exactly:\n"
    "counts and step sums are added, and the rates and means are computed again from\n"
    "them, so merging every shard gives the same deterministic part (every key but\n"
    "\"shards\" and \"timing\") as the unsharded run, byte for byte. Merged files can be\n"
    "merged again. Results of different seeds, players, kicks or levels, or with\n"
    "overlapping shards, are refused (exit 1); missing shards are reported.\n\n"
    "  --json         print the merged result as JSON (default: the table)\n"
    "  --out FILE     write the merged JSON result to FILE (atomically)\n"
    "  --complete     exit 1 when shards are missing\n"
    "\nexamples:\n"
    "  kick-cli merge part*.json --json > sweep.json\n"
    "  kick-cli merge s0.json s1.json --complete --out all.json\n";

/* Reads a whole non-negative integer count from a JSON number. */
static bool get_count(const cJSON *o, const char *key, int64_t *out) {
  const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
  if (!cJSON_IsNumber(v) || !(v->valuedouble >= 0) || v->valuedouble > 9007199254740992.0 ||
      v->valuedouble != (double)(int64_t)v->valuedouble)
    return false;
  *out = (int64_t)v->valuedouble;
  return true;
}

static bool read_counts(const cJSON *o, sim_counts *c) {
  memset(c, 0, sizeof *c);
  if (!cJSON_IsObject(o) || !get_count(o, "kicks", &c->kicks) || !get_count(o, "decided", &c->decided) ||
      !get_count(o, "flight_steps", &c->flight_steps))
    return false;
  const cJSON *oc = cJSON_GetObjectItemCaseSensitive(o, "outcomes");
  for (int i = 0; i < SIM_OUTCOMES; i++)
    if (!get_count(oc, outcome_key(i), &c->outcomes[i])) return false;
  const cJSON *st = cJSON_GetObjectItemCaseSensitive(o, "stars");
  if (!cJSON_IsArray(st) || cJSON_GetArraySize(st) != KICK_STAR_COUNT + 1) return false;
  for (int i = 0; i <= KICK_STAR_COUNT; i++) {
    const cJSON *v = cJSON_GetArrayItem(st, i);
    if (!cJSON_IsNumber(v) || !(v->valuedouble >= 0) || v->valuedouble != (double)(int64_t)v->valuedouble) return false;
    c->stars[i] = (int64_t)v->valuedouble;
  }
  const cJSON *mo = cJSON_GetObjectItemCaseSensitive(o, "moments");
  for (int b = 0; b < KICK_MOMENT_COUNT; b++)
    if (!get_count(mo, kick_moment_name(1u << b), &c->moments[b])) return false;
  /* The counts must agree with each other: a hand-edited file is refused. */
  int64_t sum = 0, stars = 0, goals = -1;
  for (int i = 0; i < SIM_OUTCOMES; i++) sum += c->outcomes[i];
  for (int i = 0; i <= KICK_STAR_COUNT; i++) stars += c->stars[i];
  for (int b = 0; b < KICK_MOMENT_COUNT; b++)
    if (c->moments[b] > c->decided) return false;
  return get_count(o, "goals", &goals) && goals == c->outcomes[KICK_OUTCOME_GOAL] && sum == c->kicks &&
         c->decided == c->kicks - c->outcomes[0] && stars == c->decided;
}

/* Loads one result file. Returns false with a message naming the file. */
static bool load_result(const char *path, sim_result *r) {
  memset(r, 0, sizeof *r);
  FILE *f = fopen(path, "rb");
  if (!f) {
    cli_error("cannot read '%s': %s", path, strerror(errno));
    return false;
  }
  size_t cap = 1 << 20, len = 0;
  char *text = malloc(cap + 1);
  if (!text) {
    fclose(f);
    cli_error("out of memory");
    return false;
  }
  for (size_t n; (n = fread(text + len, 1, cap - len, f)) > 0;) {
    len += n;
    if (len == cap) {
      char *bigger = cap < (64u << 20) ? realloc(text, cap * 2 + 1) : NULL;
      if (!bigger) {
        free(text);
        fclose(f);
        cli_error("'%s' is too large for a simulate result", path);
        return false;
      }
      text = bigger;
      cap *= 2;
    }
  }
  fclose(f);
  text[len] = '\0';
  cJSON *root = cJSON_Parse(text);
  free(text);
  const char *what = NULL;
  const cJSON *fmt = cJSON_GetObjectItemCaseSensitive(root, "format");
  const cJSON *ver = cJSON_GetObjectItemCaseSensitive(root, "version");
  const cJSON *seed = cJSON_GetObjectItemCaseSensitive(root, "seed");
  const cJSON *lv = cJSON_GetObjectItemCaseSensitive(root, "levels");
  const cJSON *pl = cJSON_GetObjectItemCaseSensitive(root, "per_level");
  const cJSON *sh = cJSON_GetObjectItemCaseSensitive(root, "shards");
  const cJSON *cand = cJSON_GetObjectItemCaseSensitive(root, "candidates");
  const cJSON *trials = cJSON_GetObjectItemCaseSensitive(root, "trials");
  int64_t players = 0, kicks = 0, count = 0;
  char *end = NULL;
  if (!root) what = "it is not JSON";
  else if (!cJSON_IsString(fmt) || strcmp(fmt->valuestring, "kick-cli simulate") != 0)
    what = "it is not a kick-cli simulate result";
  else if (!cJSON_IsNumber(ver) || ver->valueint != SIM_FORMAT)
    what = "it is from another version of kick-cli simulate";
  else if (!cJSON_IsNumber(cand) || cand->valueint != SIM_CANDIDATES || !cJSON_IsNumber(trials) ||
           trials->valueint != SIM_TRIALS)
    what = "it was made with another number of candidates or trials";
  else if (!cJSON_IsString(seed) || !*seed->valuestring || *seed->valuestring == '-' ||
           (errno = 0, r->seed = strtoull(seed->valuestring, &end, 10), *end != '\0' || errno == ERANGE))
    what = "its \"seed\" is not a whole number";
  else if (!get_count(root, "players", &players) || players < 1 || players > SIM_MAX_PLAYERS ||
           !get_count(root, "kicks_per_player", &kicks) || kicks < 1 || kicks > SIM_MAX_KICKS)
    what = "its \"players\" or \"kicks_per_player\" is missing or out of range";
  else if (!cJSON_IsArray(lv) || cJSON_GetArraySize(lv) < 1 || cJSON_GetArraySize(lv) > 64 || !cJSON_IsArray(pl) ||
           cJSON_GetArraySize(pl) != cJSON_GetArraySize(lv))
    what = "its \"levels\" or \"per_level\" is missing or malformed";
  else if (!cJSON_IsObject(sh) || !get_count(sh, "count", &count) || count < 1 || count > 1000000)
    what = "its \"shards\" is missing or malformed";
  if (!what) {
    r->players = (long)players;
    r->kicks = (long)kicks;
    r->nlevels = cJSON_GetArraySize(lv);
    r->shard_count = (long)count;
    r->per_level = calloc((size_t)r->nlevels, sizeof *r->per_level);
    r->shard_done = calloc((size_t)count, sizeof *r->shard_done);
    if (!r->per_level || !r->shard_done) what = "out of memory";
    for (int i = 0; !what && i < r->nlevels; i++) {
      const cJSON *id = cJSON_GetArrayItem(lv, i);
      const cJSON *row = cJSON_GetArrayItem(pl, i);
      const cJSON *rid = cJSON_GetObjectItemCaseSensitive(row, "level");
      int32_t idx = cJSON_IsString(id) ? kick_level_find(id->valuestring) : -1;
      if (idx < 0 || strcmp(kick_level_at(idx)->id, id->valuestring) != 0 || !cJSON_IsString(rid) ||
          strcmp(rid->valuestring, id->valuestring) != 0)
        what = "its levels are unknown or do not match its per_level rows";
      else if (!read_counts(row, &r->per_level[i]))
        what = "a per_level row has missing, negative or inconsistent counts";
      r->levels[i] = idx;
    }
    sim_counts total, sum;
    memset(&sum, 0, sizeof sum);
    for (int i = 0; !what && i < r->nlevels; i++) counts_add(&sum, &r->per_level[i]);
    if (!what && (!read_counts(cJSON_GetObjectItemCaseSensitive(root, "totals"), &total) ||
                  memcmp(&total, &sum, sizeof sum) != 0))
      what = "its \"totals\" are not the sum of its per_level rows";
    const cJSON *done = cJSON_GetObjectItemCaseSensitive(sh, "done");
    if (!what && (!cJSON_IsArray(done) || cJSON_GetArraySize(done) < 1)) what = "its \"shards\".\"done\" is missing";
    for (const cJSON *d = done ? done->child : NULL; !what && d; d = d->next) {
      if (!cJSON_IsNumber(d) || d->valuedouble < 0 || d->valuedouble >= (double)count ||
          d->valuedouble != (double)(long)d->valuedouble || r->shard_done[(long)d->valuedouble])
        what = "its \"shards\".\"done\" list is malformed";
      else r->shard_done[(long)d->valuedouble] = true;
    }
  }
  cJSON_Delete(root);
  if (what) {
    cli_error("'%s': %s", path, what);
    result_free(r);
    return false;
  }
  return true;
}

int cmd_merge(int argc, char **argv) {
  if (cli_wants_help(argc, argv, merge_usage)) return EXIT_OK;
  enum { O_JSON = 1, O_OUT, O_COMPLETE };
  static const struct option opts[] = {
      {"json", 0, 0, O_JSON}, {"out", 1, 0, O_OUT}, {"complete", 0, 0, O_COMPLETE}, {0, 0, 0, 0}};
  bool json = false, need_complete = false;
  const char *out = NULL;
  int c;
  optind = 1;
  while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
    if (c == O_JSON) json = true;
    else if (c == O_OUT) out = optarg;
    else if (c == O_COMPLETE) need_complete = true;
    else {
      fputs(merge_usage, stderr);
      return EXIT_USAGE;
    }
  }
  if (optind >= argc) {
    cli_error("merge needs at least one result file");
    fputs(merge_usage, stderr);
    return EXIT_USAGE;
  }
  sim_result all;
  memset(&all, 0, sizeof all);
  int rc = EXIT_OK;
  for (int a = optind; a < argc && rc == EXIT_OK; a++) {
    sim_result r;
    if (!load_result(argv[a], &r)) {
      rc = EXIT_RUNTIME;
      break;
    }
    if (a == optind) {
      all = r;
      continue;
    }
    const char *diff = NULL;
    if (r.seed != all.seed) diff = "seed";
    else if (r.players != all.players) diff = "players";
    else if (r.kicks != all.kicks) diff = "kicks_per_player";
    else if (r.nlevels != all.nlevels || memcmp(r.levels, all.levels, sizeof(int32_t) * (size_t)r.nlevels) != 0)
      diff = "levels";
    else if (r.shard_count != all.shard_count) diff = "shard count";
    if (diff) {
      cli_error("'%s' is from a different run than '%s': its %s differs", argv[a], argv[optind], diff);
      rc = EXIT_RUNTIME;
    }
    for (long i = 0; !diff && i < r.shard_count; i++)
      if (r.shard_done[i] && all.shard_done[i]) {
        cli_error("'%s': shard %ld/%ld is already in the files before it (overlapping or duplicate shards)", argv[a],
                  i, r.shard_count);
        rc = EXIT_RUNTIME;
        break;
      }
    if (rc == EXIT_OK) {
      for (long i = 0; i < r.shard_count; i++) all.shard_done[i] |= r.shard_done[i];
      for (int i = 0; i < r.nlevels; i++) counts_add(&all.per_level[i], &r.per_level[i]);
    }
    result_free(&r);
  }
  if (rc == EXIT_OK) {
    long have = shards_have(&all);
    if (have < all.shard_count) {
      char list[256] = "";
      size_t len = 0;
      for (long i = 0; i < all.shard_count && len < sizeof list - 16; i++)
        if (!all.shard_done[i]) len += (size_t)snprintf(list + len, sizeof list - len, "%s%ld", len ? "," : "", i);
      cli_error("%s: missing %ld of %ld shards: %s%s", need_complete ? "error" : "warning", all.shard_count - have,
                all.shard_count, list, len >= sizeof list - 16 ? ",..." : "");
      if (need_complete) rc = EXIT_RUNTIME;
    }
  }
  if (rc == EXIT_OK) {
    cJSON *root = result_json(&all, NULL);
    if (out) {
      char *text = cJSON_Print(root);
      if (!text || !write_atomic(out, text)) rc = EXIT_RUNTIME;
      cJSON_free(text);
    }
    if (json) cli_print_json(root);
    else {
      cJSON_Delete(root);
      print_text(&all, NULL);
    }
  }
  result_free(&all);
  return rc;
}
