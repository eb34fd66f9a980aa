// SPDX-License-Identifier: MIT
/* simulate, merge and report: what their files share.

   A sweep's work item is one real kick: (level, player, kick), numbered
   index = (level position × players + player) × kicks + kick. Its result
   depends on its indices and the match seed alone, so counts summed as
   integers are the same bits whatever the threads or shards.

   - sim_result.c: counts, the result JSON (writer and strict reader), merging.
   - sim_identity.c: the build that made a result, and the run id.
   - sim_records.c: one JSON line per real kick (writer, strict reader, merge).
   - sim_io.c: outputs through the shared writer, inputs streamed with limits.
   - cpus.c: how many CPUs this process may use.
   - cmd_report.c: a result (and records) as one HTML page.
   - sim_batch.c: simulate's batch engine (the kicks stepped in lanes). */
#ifndef KICK_CLI_SIM_H
#define KICK_CLI_SIM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cli.h"
#include "kickstep/host_file.h"
#include "kickstep/kick_player.h"

#define SIM_CANDIDATES KICK_PLAYER_CANDIDATES
#define SIM_TRIALS KICK_PLAYER_TRIALS
#define SIM_FORMAT 2
#define SIM_MAX_LEVELS 64
#define SIM_MAX_PLAYERS 100000L
#define SIM_MAX_KICKS 100000L
#define SIM_MAX_SHARDS 1000000L
#define SIM_MAX_THREADS 256L
#define SIM_MAX_FLIGHT_STEPS KICK_PLAYER_MAX_FLIGHT_STEPS /* the player's default */
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

/* ---------------------------------------------------------------- files (sim_io.c) */

/* The most one result may take in a results file (with the white space
   before it), and one records line. The files themselves have no limit:
   they are read one result, or one line, at a time. */
#define SIM_RESULT_MAX_BYTES ((size_t)64 << 20)
#define SIM_RECORD_MAX_BYTES ((size_t)64 << 10)

/* Opens an output by the rules of kickstep/host_file.h; false after a message. */
bool sim_out_open(ks_host_out *o, const char *path);
/* Ends an output: commits it when ok (a failure is reported), else removes
   what was written (a write that had failed is reported). True when the
   output is in place. */
bool sim_out_end(ks_host_out *o, bool ok);
/* Writes the JSON (cJSON_Print) and a newline; false when out of memory
   (after a message) or a write failed (reported by sim_out_end). */
bool sim_out_json(ks_host_out *o, const cJSON *root);

/* An input opened as the conventions say: "-" is standard input, a
   directory is refused. Read by lines or by JSON objects, each limited. */
typedef struct sim_input {
  int fd;
  bool is_stdin;
  char *name;                     /* "'path'" or "standard input", for messages */
  char *buf;                      /* unread bytes are buf[start, end) */
  size_t cap, start, end;
  uint64_t base;                  /* offset in the file of buf[0] */
  bool eof;
  int err;                        /* errno of a failed read */
  long lineno;                    /* lines read so far */
} sim_input;

typedef enum sim_in_status {
  SIM_IN_VALUE = 1,               /* an object: *text, *len */
  SIM_IN_END = 0,                 /* only white space was left */
  SIM_IN_NOT_JSON = -1,           /* a byte that starts no object, at *at (and *text) */
  SIM_IN_CUT = -2,                /* the file ends inside an object, at *at */
  SIM_IN_TOO_LONG = -3,           /* longer than the limit */
  SIM_IN_READ_ERROR = -4          /* in->err */
} sim_in_status;

/* False after a message ("cannot open 'x': ...", "... it is a directory"). */
bool sim_input_open(sim_input *in, const char *path);
void sim_input_close(sim_input *in);
/* The next line without its newline, NUL-terminated, valid until the next
   call: 1; 0 at the end; -1 after a message (a read error, a line longer
   than max bytes, named as a line of `what`, a last line without newline). */
int sim_input_line(sim_input *in, size_t max, const char *what, char **line, size_t *len);
/* The next JSON object's bytes (its brackets balanced outside strings; not
   yet parsed), valid until the next call; *at is where it starts (or where
   the trouble is). No message: the caller names the trouble. */
sim_in_status sim_input_object(sim_input *in, size_t max, const char **text, size_t *len, uint64_t *at);
/* "64 MiB", "64 KiB", "100 bytes". */
void sim_size_text(size_t n, char *buf, size_t cap);

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

/* Reads the results in one file ("-": stdin), one or more JSON results one
   after the other, each strict JSON (support/json.h) and exactly a
   result as simulate writes it. sim_reader_next: 1 with the next result in
   *out (sim_result_free it), 0 after the last (a file without any result is
   an error), -1 after a message naming the file (and which result in it). */
typedef struct sim_reader {
  sim_input in;
  int n;                          /* results read so far */
} sim_reader;
bool sim_reader_open(sim_reader *rd, const char *path);
int sim_reader_next(sim_reader *rd, sim_result *out);
void sim_reader_close(sim_reader *rd);
/* Every result of one file: the number read (>= 1) with *out a malloc'd
   array, or -1 after a message. */
int sim_results_load(const char *path, sim_result **out);

/* Adds `b` into `a` (a merge). Returns NULL, or a message (in `msg`) naming
   the field that differs or the shard that overlaps. */
const char *sim_result_merge(sim_result *a, const sim_result *b, char *msg, size_t size);

/* ---------------------------------------------------------------- records */

/* One kick as a records line (no newline), malloc'd; NULL when out of memory. */
char *sim_record_line(uint64_t run, const sim_kick *k);

/* Parses one records line of len bytes (no newline) into `k` and its run
   id: NULL, or what is wrong. A line is accepted only as sim_record_line
   writes it. */
const char *sim_record_parse(const char *line, size_t len, uint64_t *run, sim_kick *k);

/* Writes the records of one run in item order while workers finish kicks
   in any order: a worker puts the line of its n-th kick (n counts this
   shard's kicks from 0) and waits while n is `window` or more ahead of the
   last line written. The window must hold at least as many lines as there
   are workers. The lines go to `out` (opened and ended by the caller). */
typedef struct sim_records sim_records;
sim_records *sim_records_open(ks_host_out *out, uint64_t lines, uint64_t window);
void sim_records_put(sim_records *w, uint64_t n, char *line); /* takes the line (NULL: out of memory) */
/* Writes what is ready; waits at most `wait_ms` for more. False on a write error. */
bool sim_records_drain(sim_records *w, int wait_ms);
uint64_t sim_records_written(sim_records *w);
/* Writes the rest (when ok) and frees the writer. True when every line was
   made and written; the caller then ends the output. */
bool sim_records_close(sim_records *w, bool ok);

/* kick-cli merge --records: joins records files (inputs, "-" is stdin) in
   item order into `out` (opened first: an unwritable one fails before any
   reading), checked against the result in `result_path` when not NULL.
   Returns an exit code; the output is in place only when it is EXIT_OK. */
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

/* ---------------------------------------------------------------- engines */

/* How simulate plays a player's kicks (--engine): the scalar step
   (kick_shot_step, one shot at a time) or the batch (kick_batch.h, shots in
   lanes). Both give the same bits, so the same results and records. */
typedef enum sim_engine_kind { SIM_ENGINE_SCALAR = 0, SIM_ENGINE_BATCH } sim_engine_kind;

typedef struct sim_batch sim_batch; /* one worker's batch (sim_batch.c) */

sim_batch *sim_batch_new(void);     /* NULL when out of memory */
void sim_batch_free(sim_batch *e);
/* kick_player_score in lanes: every candidate on every trial, a copy of
   trial[t] struck with cand[c] and played until decided or max_flight_steps
   after the strike; score[c] gets the sum of kick_player_trial_score over its
   trials (a launch the shot refuses scores nothing). */
void sim_batch_trials(sim_batch *e, const kick_level *lv, const kick_launch *cand, int ncand, const kick_shot *trial,
                      int ntrials, int64_t max_flight_steps, int32_t *score);
/* Plays one struck shot until decided or max_flight_steps after the strike. */
void sim_batch_play(sim_batch *e, kick_shot *s, int64_t max_flight_steps);

#endif
