// SPDX-License-Identifier: MIT
/* simulate, merge and report: what their files share.

   A sweep's work item is one real kick: (level, player, kick), numbered
   index = (level position × players + player) × kicks + kick. Its result
   depends on its indices and the match seed alone, so counts summed as
   integers are the same bits whatever the threads or shards.

   - sim_result.c: counts, the result JSON (writer and strict reader), merging.
   - sim_identity.c: the build that made a result, and the run id.
   - sim_records.c: one JSON line per real kick (writer, strict reader, merge).
   - cpus.c: how many CPUs this process may use.
   - cmd_report.c: a result (and records) as one HTML page. */
#ifndef KICK_CLI_SIM_H
#define KICK_CLI_SIM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cli.h"

#define SIM_CANDIDATES 26
#define SIM_TRIALS 3
#define SIM_FORMAT 2
#define SIM_MAX_LEVELS 64
#define SIM_MAX_PLAYERS 100000L
#define SIM_MAX_KICKS 100000L
#define SIM_MAX_SHARDS 1000000L
#define SIM_MAX_THREADS 256L
#define SIM_MAX_FLIGHT_STEPS (10 * KICK_STEPS_PER_SECOND)
#define SIM_OUTCOMES ((int)kick_outcome_count) /* slot 0 (KICK_OUTCOME_NONE): undecided */

/* ---------------------------------------------------------------- one kick */

/* One real kick: what the records hold and the counts add up. */
typedef struct sim_kick {
  uint64_t item;                  /* the work item's index in the whole run */
  int32_t level;                  /* tour index */
  long player, kick;
  double skill;                   /* the player's execution error scale, 0.6..1.4 */
  bool struck;                    /* false: the setup or the strike was refused */
  int candidate;                  /* the chosen candidate, 0..25 (-1 when not struck) */
  int score;                      /* its trial score: 3 a goal + the stars, over 3 trials */
  kick_launch launch;             /* the launch actually struck (with the player's error) */
  bool decided;
  kick_outcome outcome;           /* KICK_OUTCOME_NONE when not decided */
  int64_t strike_step, decision_step;
  bool crossed;                   /* the ball's centre crossed the goal line */
  ks_vec3 crossing;
  int32_t stars;                  /* 0..3 (0 when not decided) */
  uint32_t moments;
} sim_kick;

/* ---------------------------------------------------------------- counts */

typedef struct sim_counts {
  int64_t kicks;
  int64_t outcomes[SIM_OUTCOMES]; /* [0] undecided, [o] kick_outcome o */
  int64_t stars[KICK_STAR_COUNT + 1];
  int64_t moments[KICK_MOMENT_COUNT];
  int64_t candidates[SIM_CANDIDATES]; /* how often each candidate was chosen */
  int64_t decided;
  int64_t flight_steps;           /* sum of decision step - strike step over decided kicks */
} sim_counts;

void sim_counts_add(sim_counts *a, const sim_counts *b);
void sim_counts_add_kick(sim_counts *c, const sim_kick *k);
const char *sim_outcome_key(int i); /* "goal", ..., "undecided" for 0 */
/* "reference" for 0, else e.g. "low left, 22 m/s bend -0.5". */
void sim_candidate_label(int c, char *buf, size_t size);

/* ---------------------------------------------------------------- identity */

/* The build that made a result: merging results of two builds is refused. */
typedef struct sim_build {
  char version[32];               /* ks_version() */
  char commit[64];                /* git commit of the source tree, "-dirty" when it had changes; "unknown" */
  char compiler[96];              /* compiler id and version, e.g. "GNU 12.2.0" */
  char flags[512];                /* the compile flags that bear on the bits (optimisation, fp, sanitizers) */
  char target[64];                /* system and processor, e.g. "Linux x86_64" */
} sim_build;

void sim_build_this(sim_build *b);
cJSON *sim_build_json(const sim_build *b);

/* ---------------------------------------------------------------- results */

/* A whole result (one run, one shard, or merged shards). */
typedef struct sim_result {
  sim_build build;
  uint64_t seed;
  long players, kicks;
  int nlevels;
  int32_t levels[SIM_MAX_LEVELS]; /* tour indices, in the order given */
  long shard_count;
  bool *shard_done;               /* shard_count flags */
  sim_counts *per_level;          /* nlevels */
} sim_result;

void sim_result_free(sim_result *r);
long sim_shards_have(const sim_result *r);
uint64_t sim_items(const sim_result *r);
/* The run id: a hash of the build and every parameter (not the shards). */
uint64_t sim_run_id(const sim_result *r);
/* Every parameter that decides the counts, as JSON (the "parameters" key). */
cJSON *sim_params_json(const sim_result *r);
void sim_run_hex(uint64_t id, char buf[17]);
/* The result as JSON; `timing` (may be NULL) is copied in as its last key. */
cJSON *sim_result_json(const sim_result *r, const cJSON *timing);

/* Reads the results in one file ("-": stdin): one or more JSON results,
   one after the other. Returns the number read (>= 1) with *out a malloc'd
   array, or -1 with a message naming the file (and which result in it). */
int sim_results_load(const char *path, sim_result **out);

/* Adds `b` into `a` (a merge). Returns NULL, or a message (in `msg`) naming
   the field that differs or the shard that overlaps. */
const char *sim_result_merge(sim_result *a, const sim_result *b, char *msg, size_t size);

/* Writes text and a newline to path atomically (a temporary file beside it,
   then rename); false with a message. */
bool sim_write_atomic(const char *path, const char *text);
/* Can a file be created beside `path`? (Checked before a long run.) */
bool sim_out_writable(const char *path);

/* Text of a whole file ("-": stdin), NUL-terminated; NULL with a message. */
char *sim_read_text(const char *path, size_t *len, size_t max);

/* ---------------------------------------------------------------- records */

/* One kick as a records line (no newline), malloc'd; NULL when out of memory. */
char *sim_record_line(uint64_t run, const sim_kick *k);

/* Parses one records line (no newline) into `k` and its run id: NULL, or
   what is wrong. A line is accepted only as sim_record_line writes it. */
const char *sim_record_parse(const char *line, uint64_t *run, sim_kick *k);

/* Writes the records of one run in item order while workers finish kicks
   in any order: a worker puts the line of its n-th kick (n counts this
   shard's kicks from 0) and waits while n is `window` or more ahead of the
   last line written. The window must hold at least as many lines as there
   are workers. */
typedef struct sim_records sim_records;
sim_records *sim_records_open(const char *path, uint64_t lines, uint64_t window);
void sim_records_put(sim_records *w, uint64_t n, char *line); /* takes the line (NULL: out of memory) */
/* Writes what is ready; waits at most `wait_ms` for more. False on a write error. */
bool sim_records_drain(sim_records *w, int wait_ms);
uint64_t sim_records_written(sim_records *w);
/* Writes the rest and closes (renames the file into place when all is well). */
bool sim_records_close(sim_records *w, bool ok);

/* kick-cli merge --records: joins records files in item order. */
int sim_records_merge(const char *out, const char *result_path, int nin, char **in);

/* ---------------------------------------------------------------- CPUs */

/* CPUs this process may run on: its affinity mask, lowered by a cgroup CPU
   quota (v2 cpu.max, v1 cpu.cfs_quota_us / cpu.cfs_period_us) rounded up. */
long sim_usable_cpus(void);
/* The quota part, from a cgroup mount root (e.g. "/sys/fs/cgroup") and the
   text of /proc/self/cgroup: the smallest limit on the way to the root,
   rounded up to whole CPUs; 0 when nothing limits. */
long sim_cgroup_cpu_limit(const char *root, const char *proc_self_cgroup);
/* The number of CPUs in this process's affinity mask (0 when unknown). */
long sim_affinity_cpus(void);

#endif
