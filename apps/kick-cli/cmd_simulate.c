// SPDX-License-Identifier: MIT
/* simulate and merge: simulated players over the World Tour.

   A work item is one kick: (level, player, kick). Items are numbered in a
   fixed order, index = (level position × players + player) × kicks + kick,
   and each item's result depends only on its level, player, kick and the
   match seed. Counts and step sums are integers, so summing them in any
   order gives the same totals: the result is the same bits whatever
   --threads, and shards merged with `merge` equal the unsharded run.
   The result's JSON, its reader and merging are in sim_result.c; records
   (one line per real kick) in sim_records.c. */
#include <errno.h>
#include <getopt.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "sim.h"

/* ---------------------------------------------------------------- the player */

/* The player is kick_player.h's; the sweep draws each player's skill and
   plays the trials in its engine. Candidate launches of one level are solved
   once (the solver is deterministic). */
typedef struct sim_level {
  int32_t index;
  kick_launch cand[SIM_CANDIDATES];
} sim_level;

static void level_candidates(sim_level *sl) { kick_player_candidates(kick_level_at(sl->index), sl->cand); }

/* The engine that plays the kicks (--engine): the trials and the real kick.
   `batch` is the worker's batch with SIM_ENGINE_BATCH, else NULL (the
   library's own loop). Both give the same bits, so the same scores and the
   same sim_kick. */
static void play_trials(sim_batch *batch, const kick_player_def *pd, const kick_level *lv, const sim_level *sl,
                        const kick_shot *trial, int32_t *score) {
  if (batch) sim_batch_trials(batch, lv, sl->cand, SIM_CANDIDATES, trial, SIM_TRIALS, pd->max_flight_steps, score);
  else kick_player_score(pd, lv, sl->cand, trial, score);
}

static void play_kick(sim_batch *batch, const kick_player_def *pd, kick_shot *s) {
  if (batch) sim_batch_play(batch, s, pd->max_flight_steps);
  else kick_player_play(pd, s);
}

#define PLAYER_SALT 0x706c617965727321ull /* the player's own dice, apart from the shot's */
#define SKILL_SALT 0x736b696c6c736b69ull

/* One work item: player `p`'s kick `k` on level `sl`. */
static void run_item(const sim_level *sl, uint64_t seed, long p, long k, sim_kick *out, sim_batch *batch) {
  const kick_level *lv = kick_level_at(sl->index);
  uint64_t kick_number = ((uint64_t)sl->index << 48) | ((uint64_t)p << 24) | (uint64_t)k;
  ks_rng skill_rng = ks_rng_stream(seed ^ SKILL_SALT, (uint64_t)p);
  kick_player_def pd = kick_player_default_def();
  pd.skill = 0.6 + 0.8 * ks_rng_double(&skill_rng); /* execution error scale of this player */
  ks_rng me = ks_rng_stream(seed ^ PLAYER_SALT, kick_number);

  memset(out, 0, sizeof *out);
  out->level = sl->index;
  out->player = p;
  out->kick = k;
  out->skill = pd.skill;
  out->candidate = -1;
  kick_setup su;
  kick_shot shot;
  if (kick_level_setup(lv, seed, kick_number, &su) != KS_OK || kick_shot_init(&shot, &su) != KS_OK) return;
  /* The player takes a moment on the spot: 0.3 to 1 s. */
  uint32_t wait = kick_player_wait_steps(&pd, &me);
  for (uint32_t i = 0; i < wait; i++) kick_shot_step(&shot, NULL, NULL);

  /* Three rerolled copies: the same setup, clock and moment (keeper, wall), other dice. */
  kick_shot trial[SIM_TRIALS];
  kick_player_trials(&pd, &shot, &me, trial);
  int32_t score[SIM_CANDIDATES];
  play_trials(batch, &pd, lv, sl, trial, score);
  int32_t best_score;
  int32_t best = kick_player_choose(score, &best_score);
  /* The real kick: the best candidate and the player's own execution error. */
  kick_launch l;
  kick_player_execute(&pd, &sl->cand[best], &me, &l);
  if (kick_shot_strike(&shot, &l) != KS_OK) return;
  out->struck = true;
  out->candidate = best;
  out->score = best_score;
  out->launch = l;
  out->strike_step = kick_shot_strike_step(&shot);
  play_kick(batch, &pd, &shot);
  out->crossed = kick_shot_crossing(&shot, &out->crossing);
  if (!kick_shot_decided(&shot)) return;
  out->decided = true;
  out->outcome = kick_shot_outcome(&shot);
  out->decision_step = kick_shot_decision_step(&shot);
  out->stars = kick_level_stars(lv, &shot);
  out->moments = kick_shot_moments(&shot);
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
  atomic_uint_fast64_t next_level;
  atomic_uint_fast64_t next_item;
  atomic_uint_fast64_t done;
  atomic_long running;            /* workers of the current stage not yet finished */
  atomic_bool stop;               /* a write failed: take no more items */
  sim_records *records;           /* NULL: no --records */
  uint64_t run;                   /* the run id records carry */
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
  atomic_fetch_sub(&j->running, 1);
  return NULL;
}

static void *items_worker(void *arg) {
  sim_worker *w = (sim_worker *)arg;
  sim_job *j = w->job;
  uint64_t per_level = (uint64_t)j->players * (uint64_t)j->kicks;
  /* Every item taken is put in the records (a worker waiting for room then
     always gets it), so stopping only skips items not yet taken. */
  while (!atomic_load(&j->stop)) {
    uint64_t mine = atomic_fetch_add(&j->next_item, 1);
    if (mine >= j->items_mine) break;
    uint64_t index = j->shard_i + mine * j->shard_n;
    uint64_t lp = index / per_level, rest = index % per_level;
    sim_kick kick;
    run_item(&j->levels[lp], j->seed, (long)(rest / (uint64_t)j->kicks), (long)(rest % (uint64_t)j->kicks), &kick,
             w->batch);
    kick.item = index;
    sim_counts_add_kick(&w->per_level[lp], &kick);
    if (j->records) sim_records_put(j->records, mine, sim_record_line(j->run, &kick));
    atomic_fetch_add(&j->done, 1);
  }
  atomic_fetch_sub(&j->running, 1);
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

/* Runs `fn` on `threads` workers; the main thread draws the progress bar
   and writes the records, in order, as they come. A records write that
   fails stops the run: the workers take no more items. */
static bool run_workers(sim_worker *ws, long threads, void *(*fn)(void *), sim_job *j, bool bar, double t0,
                        sim_records *rec) {
  atomic_store(&j->running, threads);
  long started = 0;
  for (; started < threads; started++)
    if (pthread_create(&ws[started].thread, NULL, fn, &ws[started]) != 0) break;
  atomic_fetch_sub(&j->running, threads - started);
  if (started == 0) {
    cli_error("cannot start a thread: %s", strerror(errno));
    return false;
  }
  bool ok = true;
  while ((bar || rec) && atomic_load(&j->running) > 0) {
    if (rec) {
      if (!sim_records_drain(rec, 200)) {
        ok = false;
        atomic_store(&j->stop, true);
      }
    } else {
      struct timespec ts = {0, 200000000L};
      nanosleep(&ts, NULL);
    }
    if (bar) progress(atomic_load(&j->done), j->items_mine, now_s() - t0);
  }
  for (long i = 0; i < started; i++) pthread_join(ws[i].thread, NULL);
  return ok;
}

/* ---------------------------------------------------------------- output */

static void print_text(const sim_result *r, const char *timing_line) {
  printf("%-5s %-22s %7s %7s %7s %5s %5s %5s %5s %9s\n", "level", "name", "kicks", "goals", "rate", "0*", "1*",
         "2*", "3*", "flight s");
  sim_counts total;
  memset(&total, 0, sizeof total);
  for (int i = -1; i < r->nlevels; i++) {
    const sim_counts *c = i < 0 ? NULL : &r->per_level[i];
    if (!c) continue;
    sim_counts_add(&total, c);
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
  for (int i = 1; i < SIM_OUTCOMES; i++) printf(" %s %lld", sim_outcome_key(i), (long long)total.outcomes[i]);
  if (total.outcomes[0]) printf(" undecided %lld", (long long)total.outcomes[0]);
  printf("\nmoments: ");
  for (int b = 0; b < KICK_MOMENT_COUNT; b++) printf(" %s %lld", kick_moment_name(1u << b), (long long)total.moments[b]);
  printf("\n");
  long have = sim_shards_have(r);
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
    "                         [--out FILE] [--records FILE] [--timing] [--quiet]\n"
    "Simulated players over the World Tour. Before each kick a player tries 26\n"
    "candidate launches (the level's reference kick and 25 solved kicks: low near the\n"
    "posts, the top corners and under the bar, at 22-30 m/s with and without bend)\n"
    "three times each on rerolled copies of the shot, which keep the setup, the\n"
    "clock and the moment (where the keeper stands, which wall players will jump and\n"
    "when) but roll new dice (so the player cannot see which way the keeper will\n"
    "guess), then takes the real kick with the best candidate and his own execution\n"
    "error. Prints per level the goal rate, the stars, how often each outcome and\n"
    "moment happened and the mean flight time (strike to decision).\n\n"
    "The result depends only on the build, the seed, the players, the kicks and the\n"
    "levels: never on --threads or on how the run is split into shards.\n\n"
    "  --players N      simulated players (default 4)\n"
    "  --kicks M        kicks per player per level (default 3)\n"
    "  --levels LIST    all (default) or level ids/names, e.g. 1-1,5-2,\"The Final\"\n"
    "  --seed S         the match seed (default 1)\n"
    "  --threads T      worker threads (default 0: one per CPU this process may use,\n"
    "                   after its affinity mask and any cgroup CPU quota)\n"
    "  --shard I/N      run only the kicks whose index % N == I (0 <= I < N); join the\n"
    "                   shards' JSON results with 'kick-cli merge'\n"
    "  --engine E       batch (default): kicks stepped together in lanes (kick_batch.h);\n"
    "                   scalar: one kick_shot_step at a time. The same results and\n"
    "                   records, bit for bit\n"
    "  --json           print the result as JSON\n"
    "  --out FILE       also write the JSON result to FILE ('-': stdout, and then no\n"
    "                   table). A regular file is replaced atomically, when the run\n"
    "                   is whole; a device or FIFO is written in place\n"
    "  --records FILE   write one JSON line per real kick to FILE (as --out; '-':\n"
    "                   stdout, and then no table): level, player, kick, the chosen\n"
    "                   candidate, the launch, outcome, moments, decision step and\n"
    "                   crossing\n"
    "  --timing         add \"timing\" (threads, engine, seconds, kicks/s) to the JSON result\n"
    "  --quiet          no progress bar and no table (errors only)\n"
    "The outputs are opened before the run (one that cannot be written fails at\n"
    "once; --out and --records may not name the same file) and are put in place\n"
    "only when the run is whole. A progress bar is drawn on stderr when stderr is\n"
    "a terminal. The JSON result (without --timing) and the records are the same\n"
    "bytes for any --threads and --engine, and for the merge of every shard.\n"
    "\nexamples:\n"
    "  kick-cli simulate\n"
    "  kick-cli simulate --players 8 --kicks 5 --levels 5-2,4-4,6-5 --threads 0\n"
    "  kick-cli simulate --shard 0/2 --out s0.json && kick-cli simulate --shard 1/2 --out s1.json\n"
    "  kick-cli merge s0.json s1.json --json\n"
    "  parallel kick-cli simulate --quiet --shard {}/8 --out part{}.json ::: 0 1 2 3 4 5 6 7\n"
    "  kick-cli simulate --players 50 --records kicks.jsonl --out sweep.json\n"
    "(docs/sweeps.md: sweeps on every core, with GNU parallel, and on a Slurm cluster)\n";

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

/* --engine: exactly "scalar" or "batch". */
static bool parse_engine(const char *s, sim_engine_kind *e) {
  if (strcmp(s, "batch") == 0) *e = SIM_ENGINE_BATCH;
  else if (strcmp(s, "scalar") == 0) *e = SIM_ENGINE_SCALAR;
  else {
    cli_error("--engine: '%s' is not scalar or batch", s);
    return false;
  }
  return true;
}

/* Ends the outputs of one command in order, committing each only while all
   before it were put in place: a failure leaves the rest as they were. */
static bool end_outputs(ks_host_out **outs, int n, bool ok) {
  for (int i = 0; i < n; i++)
    if (outs[i]) ok = sim_out_end(outs[i], ok) && ok;
  return ok;
}

static void free_batches(sim_worker *ws, long threads) {
  for (long t = 0; t < threads; t++) sim_batch_free(ws[t].batch);
}

int cmd_simulate(int argc, char **argv) {
  if (cli_wants_help(argc, argv, simulate_usage)) return EXIT_OK;
  enum { O_PLAYERS = 1, O_KICKS, O_LEVELS, O_SEED, O_THREADS, O_SHARD, O_JSON, O_OUT, O_QUIET, O_RECORDS, O_TIMING, O_ENGINE };
  static const struct option opts[] = {{"players", 1, 0, O_PLAYERS}, {"kicks", 1, 0, O_KICKS},
                                       {"levels", 1, 0, O_LEVELS},   {"seed", 1, 0, O_SEED},
                                       {"threads", 1, 0, O_THREADS}, {"shard", 1, 0, O_SHARD},
                                       {"json", 0, 0, O_JSON},       {"out", 1, 0, O_OUT},
                                       {"quiet", 0, 0, O_QUIET},     {"records", 1, 0, O_RECORDS},
                                       {"timing", 0, 0, O_TIMING},   {"engine", 1, 0, O_ENGINE},
                                       {0, 0, 0, 0}};
  sim_result r;
  memset(&r, 0, sizeof r);
  sim_build_this(&r.build);
  r.seed = 1;
  r.players = 4;
  r.kicks = 3;
  parse_levels("all", &r);
  long threads = 0, shard_i = 0, shard_n = 1; /* 0: every usable CPU */
  bool json = false, quiet = false, timing_wanted = false;
  sim_engine_kind engine = SIM_ENGINE_BATCH;
  const char *out_path = NULL, *records_path = NULL;
  int c;
  optind = 1;
  while ((c = getopt_long(argc, argv, ":", opts, NULL)) != -1) {
    bool ok = true;
    switch (c) {
    case O_PLAYERS: ok = cli_parse_int("players", optarg, 1, SIM_MAX_PLAYERS, &r.players); break;
    case O_KICKS: ok = cli_parse_int("kicks", optarg, 1, SIM_MAX_KICKS, &r.kicks); break;
    case O_LEVELS: ok = parse_levels(optarg, &r); break;
    case O_SEED: ok = cli_parse_u64("seed", optarg, &r.seed); break;
    case O_THREADS: ok = cli_parse_int("threads", optarg, 0, SIM_MAX_THREADS, &threads); break;
    case O_SHARD: ok = parse_shard(optarg, &shard_i, &shard_n); break;
    case O_JSON: json = true; break;
    case O_OUT: out_path = optarg; break;
    case O_QUIET: quiet = true; break;
    case O_RECORDS: records_path = optarg; break;
    case O_TIMING: timing_wanted = true; break;
    case O_ENGINE: ok = parse_engine(optarg, &engine); break;
    default: return cli_bad_option(c, argv);
    }
    if (!ok) return EXIT_USAGE;
  }
  if (optind < argc) return cli_usage("unknown argument '%s'", argv[optind]);
  bool out_stdout = out_path && strcmp(out_path, "-") == 0;
  bool records_stdout = records_path && strcmp(records_path, "-") == 0;
  if (json && (out_stdout || records_stdout))
    return cli_usage("--json and --%s - would both write to standard output", out_stdout ? "out" : "records");
  const ks_host_file files[] = {{out_path, "--out", true}, {records_path, "--records", true}};
  ks_host_error fe;
  if (ks_host_check_files(files, 2, &fe) != KS_OK) return cli_usage("%s", fe.message);
  /* The outputs are opened before the work (an unwritable destination fails
     at once) and put in place only when whole. */
  ks_host_out out_file, records_file;
  ks_host_out *outs[2] = {NULL, NULL}; /* records first: the result names the run they belong to */
  if (records_path) {
    if (!sim_out_open(&records_file, records_path)) return EXIT_RUNTIME;
    outs[0] = &records_file;
  }
  if (out_path) {
    if (!sim_out_open(&out_file, out_path)) {
      end_outputs(outs, 2, false);
      return EXIT_RUNTIME;
    }
    outs[1] = &out_file;
  }
  if (threads == 0) {
    long n = sim_usable_cpus();
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
    free(j), free(levels), free(ws), free(counts), sim_result_free(&r);
    end_outputs(outs, 2, false);
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
  j->items_total = sim_items(&r);
  j->items_mine = j->items_total > (uint64_t)shard_i ? (j->items_total - (uint64_t)shard_i - 1) / (uint64_t)shard_n + 1 : 0;
  j->run = sim_run_id(&r);
  bool engines_ok = true;
  for (long t = 0; t < threads; t++) {
    ws[t].job = j;
    ws[t].per_level = counts + (size_t)t * (size_t)r.nlevels;
    if (engine == SIM_ENGINE_BATCH && !(ws[t].batch = sim_batch_new())) engines_ok = false;
  }
  if (!engines_ok) {
    cli_error("out of memory");
    free_batches(ws, threads);
    free(j), free(levels), free(ws), free(counts), sim_result_free(&r);
    end_outputs(outs, 2, false);
    return EXIT_RUNTIME;
  }
  /* A window of 64 lines per thread keeps every worker busy while the line
     before theirs is still being kicked. */
  if (records_path && !(j->records = sim_records_open(&records_file, j->items_mine, (uint64_t)threads * 64))) {
    free_batches(ws, threads);
    free(j), free(levels), free(ws), free(counts), sim_result_free(&r);
    end_outputs(outs, 2, false);
    return EXIT_RUNTIME;
  }
  bool bar = !quiet && cli_stderr_tty();
  double t0 = now_s(), cpu0 = cpu_s();
  bool ok = run_workers(ws, threads, candidates_worker, j, false, t0, NULL) &&
            run_workers(ws, threads, items_worker, j, bar, t0, j->records);
  double elapsed = now_s() - t0, cpu = cpu_s() - cpu0;
  if (bar) {
    progress(atomic_load(&j->done), j->items_mine, elapsed);
    fputc('\n', stderr);
  }
  if (j->records && !sim_records_close(j->records, ok)) ok = false;
  cJSON *root = NULL;
  if (ok) {
    for (long t = 0; t < threads; t++)
      for (int i = 0; i < r.nlevels; i++) sim_counts_add(&r.per_level[i], &ws[t].per_level[i]);
    cJSON *timing = NULL;
    if (timing_wanted) {
      timing = cJSON_CreateObject();
      cJSON_AddNumberToObject(timing, "threads", (double)threads);
      cJSON_AddStringToObject(timing, "engine", engine == SIM_ENGINE_BATCH ? "batch" : "scalar");
      cJSON_AddNumberToObject(timing, "elapsed_s", elapsed);
      cJSON_AddNumberToObject(timing, "kicks_per_s", elapsed > 0 ? (double)j->items_mine / elapsed : 0.0);
      cJSON_AddNumberToObject(timing, "cpu_s", cpu);
      cJSON_AddNumberToObject(timing, "kicks_per_cpu_s", cpu > 0 ? (double)j->items_mine / cpu : 0.0);
    }
    root = sim_result_json(&r, timing);
    cJSON_Delete(timing);
    if (out_path && !sim_out_json(&out_file, root)) ok = false;
  }
  ok = end_outputs(outs, 2, ok);
  int rc = ok ? EXIT_OK : EXIT_RUNTIME;
  if (ok && json) {
    cli_print_json(root);
    root = NULL;
  } else if (ok && !quiet && !out_stdout && !records_stdout) {
    char line[160];
    snprintf(line, sizeof line, "%llu kicks in %.2f s on %ld thread%s: %.1f kicks/s (each after 78 trial kicks)",
             (unsigned long long)j->items_mine, elapsed, threads, threads == 1 ? "" : "s",
             elapsed > 0 ? (double)j->items_mine / elapsed : 0.0);
    print_text(&r, line);
  }
  cJSON_Delete(root);
  free_batches(ws, threads);
  free(j), free(levels), free(ws), free(counts);
  sim_result_free(&r);
  return rc;
}

/* ---------------------------------------------------------------- merge */

static const char merge_usage[] =
    "usage: kick-cli merge FILE... [--json] [--out FILE] [--partial]\n"
    "       kick-cli merge --records OUT [--result FILE] RECORDS...\n"
    "Join the JSON results of 'kick-cli simulate --shard I/N --out FILE' runs exactly:\n"
    "counts and step sums are added, and the rates and means are computed again from\n"
    "them, so merging every shard gives the JSON of the unsharded run, byte for byte\n"
    "(a complete result is written as shard 0 of 1, whatever split made it). A FILE\n"
    "may hold several results one after the other, and '-' reads them from stdin.\n"
    "Refused (exit 1), naming the file and what is wrong: a file that is not a result\n"
    "as simulate writes it (strict JSON; at most 64 MiB a result); results of another\n"
    "build (version, commit, compiler, flags, target) or other parameters (seed,\n"
    "players, kicks, levels), naming the field; overlapping shards or different\n"
    "splits; and missing shards, naming them. An input that is also an output is a\n"
    "usage error (exit 2).\n\n"
    "  --json         print the merged result as JSON (default: the table)\n"
    "  --out FILE     write the merged JSON result to FILE (atomically; '-': stdout,\n"
    "                 and then no table)\n"
    "  --partial      accept missing shards (merging in stages); they are listed\n"
    "  --complete     refuse missing shards (the default; kept for scripts)\n"
    "  --records OUT  join the records files of simulate --records (one per shard, or\n"
    "                 '-') into OUT ('-': stdout) in item order, as one process writes\n"
    "                 them; refuses records of two runs, overlaps and gaps (at most\n"
    "                 64 KiB a line)\n"
    "  --result FILE  with --records: the records must be exactly the kicks of this\n"
    "                 (merged) result, and add up to its counts\n"
    "\nexamples:\n"
    "  kick-cli merge part*.json --json > sweep.json\n"
    "  cat part*.json | kick-cli merge - --out sweep.json\n"
    "  kick-cli merge s0.json s1.json --partial --out first-half.json\n"
    "  kick-cli merge --records kicks.jsonl --result sweep.json part*.jsonl\n";

/* The files of a merge for ks_host_check_files: the output, the --result
   input and every input, each named for messages ("input 2"). */
static int check_merge_files(const char *out, const char *out_option, const char *result, int nin, char **in) {
  size_t n = (size_t)nin + 2;
  ks_host_file *files = calloc(n, sizeof *files);
  char (*names)[32] = calloc((size_t)nin, sizeof *names);
  if (!files || !names) {
    free(files), free(names);
    cli_error("out of memory");
    return EXIT_RUNTIME;
  }
  files[0] = (ks_host_file){out, out_option, true};
  files[1] = (ks_host_file){result, "--result", false};
  for (int i = 0; i < nin; i++) {
    snprintf(names[i], sizeof names[i], "input %d", i + 1);
    files[i + 2] = (ks_host_file){in[i], names[i], false};
  }
  ks_host_error fe;
  ks_status st = ks_host_check_files(files, n, &fe);
  free(files), free(names);
  return st == KS_OK ? EXIT_OK : cli_usage("%s", fe.message);
}

int cmd_merge(int argc, char **argv) {
  if (cli_wants_help(argc, argv, merge_usage)) return EXIT_OK;
  enum { O_JSON = 1, O_OUT, O_COMPLETE, O_PARTIAL, O_RECORDS, O_RESULT };
  static const struct option opts[] = {{"json", 0, 0, O_JSON},       {"out", 1, 0, O_OUT},
                                       {"complete", 0, 0, O_COMPLETE}, {"partial", 0, 0, O_PARTIAL},
                                       {"records", 1, 0, O_RECORDS}, {"result", 1, 0, O_RESULT},
                                       {0, 0, 0, 0}};
  bool json = false, partial = false, complete = false;
  const char *out_path = NULL, *records = NULL, *result = NULL;
  int c;
  optind = 1;
  while ((c = getopt_long(argc, argv, ":", opts, NULL)) != -1) {
    switch (c) {
    case O_JSON: json = true; break;
    case O_OUT: out_path = optarg; break;
    case O_COMPLETE: complete = true; break;
    case O_PARTIAL: partial = true; break;
    case O_RECORDS: records = optarg; break;
    case O_RESULT: result = optarg; break;
    default: return cli_bad_option(c, argv);
    }
  }
  if (optind >= argc) return cli_usage("merge needs at least one %s file", records ? "records" : "result");
  if (partial && complete) return cli_usage("--partial and --complete contradict each other");
  int nin = argc - optind;
  char **inputs = argv + optind;
  if (records) {
    if (json || out_path || partial || complete)
      return cli_usage("--records merges records files only: --json, --out, --partial and --complete are for results");
    int rc = check_merge_files(records, "--records", result, nin, inputs);
    return rc != EXIT_OK ? rc : sim_records_merge(records, result, nin, inputs);
  }
  if (result) return cli_usage("--result goes with --records");
  bool out_stdout = out_path && strcmp(out_path, "-") == 0;
  if (json && out_stdout) return cli_usage("--json and --out - would both write to standard output");
  int rc = check_merge_files(out_path, "--out", NULL, nin, inputs);
  if (rc != EXIT_OK) return rc;
  /* The output first: an unwritable destination fails before any reading. */
  ks_host_out out;
  if (out_path && !sim_out_open(&out, out_path)) return EXIT_RUNTIME;
  sim_result all;
  memset(&all, 0, sizeof all);
  bool have = false;
  char first[4200] = "";
  for (int a = 0; a < nin && rc == EXIT_OK; a++) {
    sim_reader rdr;
    if (!sim_reader_open(&rdr, inputs[a])) {
      rc = EXIT_RUNTIME;
      break;
    }
    /* One result at a time: a file of many shards is never held whole. */
    sim_result r;
    int got;
    while (rc == EXIT_OK && (got = sim_reader_next(&rdr, &r)) != 0) {
      if (got < 0) {
        rc = EXIT_RUNTIME;
        break;
      }
      if (!have) {
        all = r;
        have = true;
        snprintf(first, sizeof first, "%s", rdr.in.name);
        continue;
      }
      char msg[320];
      const char *why = sim_result_merge(&all, &r, msg, sizeof msg);
      if (why) {
        if (rdr.n > 1) cli_error("%s, result %d: %s (the first result was read from %s)", rdr.in.name, rdr.n, why, first);
        else cli_error("%s: %s (the first result was read from %s)", rdr.in.name, why, first);
        rc = EXIT_RUNTIME;
      }
      sim_result_free(&r);
    }
    sim_reader_close(&rdr);
  }
  if (rc == EXIT_OK) {
    long got = sim_shards_have(&all);
    if (got < all.shard_count) {
      char list[256] = "";
      size_t len = 0;
      for (long i = 0; i < all.shard_count && len < sizeof list - 16; i++)
        if (!all.shard_done[i]) len += (size_t)snprintf(list + len, sizeof list - len, "%s%ld", len ? "," : "", i);
      cli_error("%s: missing %ld of %ld shards: %s%s%s", partial ? "warning" : "error", all.shard_count - got,
                all.shard_count, list, len >= sizeof list - 16 ? ",..." : "",
                partial ? "" : " (--partial merges what is there)");
      if (!partial) rc = EXIT_RUNTIME;
    }
  }
  cJSON *root = rc == EXIT_OK ? sim_result_json(&all, NULL) : NULL;
  if (out_path) {
    bool ok = rc == EXIT_OK && sim_out_json(&out, root);
    if (!sim_out_end(&out, ok)) rc = EXIT_RUNTIME;
  }
  if (rc == EXIT_OK && json) {
    cli_print_json(root);
    root = NULL;
  } else if (rc == EXIT_OK && !out_stdout) {
    print_text(&all, NULL);
  }
  cJSON_Delete(root);
  if (have) sim_result_free(&all);
  return rc;
}
