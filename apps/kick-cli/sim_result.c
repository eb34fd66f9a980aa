// SPDX-License-Identifier: MIT
/* simulate results: counts, the JSON a result is written as, the strict
   reader merge and report use, and merging.

   The reader accepts exactly what the writer writes. Each result is strict
   JSON (ks_json_parse_strict: JSON's own numbers, no key twice, nothing
   but white space or the next result after it), then every key must be
   present with its type, none unknown, every count a whole number, and
   everything that can be computed again (rates, totals, the items each
   level's shards hold, the run id) equal to what is computed. A hand-edited
   or truncated file, or one of another format, is refused with the key that
   is wrong. */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "support/json.h"
#include "sim.h"

/* ---------------------------------------------------------------- counts */

void sim_counts_add(sim_counts *a, const sim_counts *b) {
  a->kicks += b->kicks;
  for (int i = 0; i < SIM_OUTCOMES; i++) a->outcomes[i] += b->outcomes[i];
  for (int i = 0; i <= KICK_STAR_COUNT; i++) a->stars[i] += b->stars[i];
  for (int i = 0; i < KICK_MOMENT_COUNT; i++) a->moments[i] += b->moments[i];
  for (int i = 0; i < SIM_CANDIDATES; i++) a->candidates[i] += b->candidates[i];
  a->decided += b->decided;
  a->flight_steps += b->flight_steps;
}

void sim_counts_add_kick(sim_counts *c, const sim_kick *k) {
  c->kicks++;
  if (k->struck && k->candidate >= 0 && k->candidate < SIM_CANDIDATES) c->candidates[k->candidate]++;
  if (!k->decided) {
    c->outcomes[0]++;
    return;
  }
  c->outcomes[k->outcome]++;
  c->decided++;
  c->flight_steps += k->decision_step - k->strike_step;
  c->stars[k->stars]++;
  for (int b = 0; b < KICK_MOMENT_COUNT; b++)
    if (k->moments & (1u << b)) c->moments[b]++;
}

const char *sim_outcome_key(int i) {
  return i == 0 ? "undecided" : kick_outcome_name((kick_outcome)i);
}

void sim_candidate_label(int c, char *buf, size_t size) {
  static const char *aims[5] = {"low left", "low right", "top left", "top right", "under the bar"};
  static const char *styles[5] = {"22 m/s bend -0.5", "22 m/s bend 0.5", "26 m/s straight", "30 m/s bend -0.3",
                                  "30 m/s bend 0.3"};
  if (c <= 0 || c >= SIM_CANDIDATES) snprintf(buf, size, "reference");
  else snprintf(buf, size, "%s, %s", aims[(c - 1) / 5], styles[(c - 1) % 5]);
}

/* ---------------------------------------------------------------- results */

void sim_result_free(sim_result *r) {
  free(r->shard_done);
  free(r->per_level);
  r->shard_done = NULL;
  r->per_level = NULL;
}

long sim_shards_have(const sim_result *r) {
  long n = 0;
  for (long i = 0; i < r->shard_count; i++) n += r->shard_done[i];
  return n;
}

uint64_t sim_items(const sim_result *r) {
  return (uint64_t)r->nlevels * (uint64_t)r->players * (uint64_t)r->kicks;
}

/* How many x in [lo, hi) have x % n == i. */
static uint64_t residues_in(uint64_t lo, uint64_t hi, uint64_t i, uint64_t n) {
  uint64_t below = 0, upto = 0;
  /* count of x in [0, v) with x % n == i is (v + n - 1 - i) / n when v > i, else 0 */
  if (hi > i) upto = (hi - i + n - 1) / n;
  if (lo > i) below = (lo - i + n - 1) / n;
  return upto - below;
}

/* The kicks a level's row must hold: its items in the shards the result has. */
static uint64_t level_items(const sim_result *r, int level_pos) {
  uint64_t per = (uint64_t)r->players * (uint64_t)r->kicks;
  uint64_t lo = (uint64_t)level_pos * per, hi = lo + per, n = 0;
  if (sim_shards_have(r) == r->shard_count) return per;
  for (long i = 0; i < r->shard_count; i++)
    if (r->shard_done[i]) n += residues_in(lo, hi, (uint64_t)i, (uint64_t)r->shard_count);
  return n;
}

static cJSON *counts_json(const sim_counts *c, cJSON *o) {
  cJSON_AddNumberToObject(o, "kicks", (double)c->kicks);
  cJSON_AddNumberToObject(o, "goals", (double)c->outcomes[KICK_OUTCOME_GOAL]);
  if (c->kicks > 0) cJSON_AddNumberToObject(o, "goal_rate", (double)c->outcomes[KICK_OUTCOME_GOAL] / (double)c->kicks);
  else cJSON_AddNullToObject(o, "goal_rate");
  cJSON *oc = cJSON_AddObjectToObject(o, "outcomes");
  for (int i = 1; i < SIM_OUTCOMES; i++) cJSON_AddNumberToObject(oc, sim_outcome_key(i), (double)c->outcomes[i]);
  cJSON_AddNumberToObject(oc, sim_outcome_key(0), (double)c->outcomes[0]);
  cJSON *st = cJSON_AddArrayToObject(o, "stars");
  for (int i = 0; i <= KICK_STAR_COUNT; i++) cJSON_AddItemToArray(st, cJSON_CreateNumber((double)c->stars[i]));
  cJSON *mo = cJSON_AddObjectToObject(o, "moments");
  for (int b = 0; b < KICK_MOMENT_COUNT; b++) cJSON_AddNumberToObject(mo, kick_moment_name(1u << b), (double)c->moments[b]);
  cJSON *ca = cJSON_AddArrayToObject(o, "candidates");
  for (int i = 0; i < SIM_CANDIDATES; i++) cJSON_AddItemToArray(ca, cJSON_CreateNumber((double)c->candidates[i]));
  cJSON_AddNumberToObject(o, "decided", (double)c->decided);
  cJSON_AddNumberToObject(o, "flight_steps", (double)c->flight_steps);
  if (c->decided > 0)
    cJSON_AddNumberToObject(o, "mean_flight_s",
                            (double)c->flight_steps / ((double)c->decided * (double)KICK_STEPS_PER_SECOND));
  else cJSON_AddNullToObject(o, "mean_flight_s");
  return o;
}

/* Everything but "timing" is deterministic: the same bytes for any --threads,
   and for the merge of every shard. A result that holds every shard is the
   whole run whatever split made it, so it is written as shard 0 of 1. */
cJSON *sim_result_json(const sim_result *r, const cJSON *timing) {
  bool complete = sim_shards_have(r) == r->shard_count;
  cJSON *j = cJSON_CreateObject();
  cJSON_AddStringToObject(j, "format", "kick-cli simulate");
  cJSON_AddNumberToObject(j, "version", SIM_FORMAT);
  char run[17];
  sim_run_hex(sim_run_id(r), run);
  cJSON_AddStringToObject(j, "run", run);
  cJSON_AddItemToObject(j, "build", sim_build_json(&r->build));
  cJSON_AddItemToObject(j, "parameters", sim_params_json(r));
  cJSON_AddNumberToObject(j, "items", (double)sim_items(r));
  sim_counts total;
  memset(&total, 0, sizeof total);
  for (int i = 0; i < r->nlevels; i++) sim_counts_add(&total, &r->per_level[i]);
  cJSON_AddNumberToObject(j, "kicks", (double)total.kicks);
  cJSON_AddBoolToObject(j, "complete", complete);
  cJSON *sh = cJSON_AddObjectToObject(j, "shards");
  cJSON_AddNumberToObject(sh, "count", complete ? 1.0 : (double)r->shard_count);
  cJSON *done = cJSON_AddArrayToObject(sh, "done");
  cJSON *missing = cJSON_AddArrayToObject(sh, "missing");
  if (complete) cJSON_AddItemToArray(done, cJSON_CreateNumber(0));
  else
    for (long i = 0; i < r->shard_count; i++)
      cJSON_AddItemToArray(r->shard_done[i] ? done : missing, cJSON_CreateNumber((double)i));
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
  if (timing) cJSON_AddItemToObject(j, "timing", cJSON_Duplicate(timing, true));
  return j;
}

/* ---------------------------------------------------------------- reading */

/* The reader's state: the first problem found, as "KEY: what". */
typedef struct rd {
  char what[320];
} rd;

__attribute__((format(printf, 2, 3))) static bool bad(rd *d, const char *fmt, ...) {
  if (d->what[0]) return false;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(d->what, sizeof d->what, fmt, ap);
  va_end(ap);
  return false;
}

/* The object has exactly these keys (and optionally `extra`); the strict
   parser has already refused a key given twice. */
static bool keys_are(rd *d, const cJSON *o, const char *where, const char *const *keys, int n, const char *extra) {
  if (!cJSON_IsObject(o)) return bad(d, "%s is not an object", where);
  for (const cJSON *c = o->child; c; c = c->next) {
    bool known = extra && strcmp(c->string, extra) == 0;
    for (int i = 0; i < n && !known; i++) known = strcmp(c->string, keys[i]) == 0;
    if (!known) return bad(d, "%s has an unknown key \"%s\"", where, c->string);
  }
  for (int i = 0; i < n; i++)
    if (!cJSON_GetObjectItemCaseSensitive(o, keys[i])) return bad(d, "%s has no \"%s\"", where, keys[i]);
  return true;
}

static bool whole(const cJSON *v, int64_t *out) {
  if (!cJSON_IsNumber(v) || !(v->valuedouble >= 0) || v->valuedouble > 9007199254740992.0 ||
      v->valuedouble != (double)(int64_t)v->valuedouble)
    return false;
  *out = (int64_t)v->valuedouble;
  return true;
}

static bool get_whole(rd *d, const cJSON *o, const char *where, const char *key, int64_t *out) {
  if (!whole(cJSON_GetObjectItemCaseSensitive(o, key), out))
    return bad(d, "%s.%s is not a non-negative whole number", where, key);
  return true;
}

static bool get_string(rd *d, const cJSON *o, const char *where, const char *key, char *out, size_t size) {
  const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
  if (!cJSON_IsString(v)) return bad(d, "%s.%s is not a string", where, key);
  if (strlen(v->valuestring) >= size) return bad(d, "%s.%s is too long", where, key);
  strcpy(out, v->valuestring);
  return true;
}

/* A number the reader computes again must be the same double (or null when undefined). */
static bool same_ratio(rd *d, const cJSON *o, const char *where, const char *key, bool defined, double want) {
  const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
  if (!defined) return cJSON_IsNull(v) ? true : bad(d, "%s.%s should be null", where, key);
  if (!cJSON_IsNumber(v)) return bad(d, "%s.%s is not a number", where, key);
  /* Compared as the writer prints them: cJSON prints 15 digits when they read
     back within a rounding error, so the text, not the double, is exact. */
  cJSON *a = cJSON_CreateNumber(want), *b = cJSON_CreateNumber(v->valuedouble);
  char *ta = cJSON_PrintUnformatted(a), *tb = cJSON_PrintUnformatted(b);
  bool same = ta && tb && strcmp(ta, tb) == 0;
  cJSON_free(ta), cJSON_free(tb), cJSON_Delete(a), cJSON_Delete(b);
  return same ? true : bad(d, "%s.%s does not match the counts", where, key);
}

static bool whole_array(rd *d, const cJSON *a, const char *where, int n, int64_t *out) {
  if (!cJSON_IsArray(a) || cJSON_GetArraySize(a) != n) return bad(d, "%s is not an array of %d counts", where, n);
  int i = 0;
  for (const cJSON *v = a->child; v; v = v->next, i++)
    if (!whole(v, &out[i])) return bad(d, "%s[%d] is not a non-negative whole number", where, i);
  return true;
}

static bool read_counts(rd *d, const cJSON *o, const char *where, bool row, sim_counts *c) {
  static const char *const keys[] = {"kicks",      "goals",   "goal_rate",    "outcomes",     "stars", "moments",
                                     "candidates", "decided", "flight_steps", "mean_flight_s", "level", "name"};
  memset(c, 0, sizeof *c);
  if (!keys_are(d, o, where, keys, row ? 12 : 10, NULL)) return false;
  char w[96];
  int64_t goals = 0;
  if (!get_whole(d, o, where, "kicks", &c->kicks) || !get_whole(d, o, where, "goals", &goals) ||
      !get_whole(d, o, where, "decided", &c->decided) || !get_whole(d, o, where, "flight_steps", &c->flight_steps))
    return false;
  const cJSON *oc = cJSON_GetObjectItemCaseSensitive(o, "outcomes");
  const char *okeys[SIM_OUTCOMES];
  for (int i = 0; i < SIM_OUTCOMES; i++) okeys[i] = sim_outcome_key(i);
  snprintf(w, sizeof w, "%s.outcomes", where);
  if (!keys_are(d, oc, w, okeys, SIM_OUTCOMES, NULL)) return false;
  for (int i = 0; i < SIM_OUTCOMES; i++)
    if (!get_whole(d, oc, w, okeys[i], &c->outcomes[i])) return false;
  const cJSON *mo = cJSON_GetObjectItemCaseSensitive(o, "moments");
  const char *mkeys[KICK_MOMENT_COUNT];
  for (int b = 0; b < KICK_MOMENT_COUNT; b++) mkeys[b] = kick_moment_name(1u << b);
  snprintf(w, sizeof w, "%s.moments", where);
  if (!keys_are(d, mo, w, mkeys, KICK_MOMENT_COUNT, NULL)) return false;
  for (int b = 0; b < KICK_MOMENT_COUNT; b++)
    if (!get_whole(d, mo, w, mkeys[b], &c->moments[b])) return false;
  snprintf(w, sizeof w, "%s.stars", where);
  if (!whole_array(d, cJSON_GetObjectItemCaseSensitive(o, "stars"), w, KICK_STAR_COUNT + 1, c->stars)) return false;
  snprintf(w, sizeof w, "%s.candidates", where);
  if (!whole_array(d, cJSON_GetObjectItemCaseSensitive(o, "candidates"), w, SIM_CANDIDATES, c->candidates))
    return false;
  /* The counts must agree with each other. */
  int64_t sum = 0, stars = 0, chosen = 0;
  for (int i = 0; i < SIM_OUTCOMES; i++) sum += c->outcomes[i];
  for (int i = 0; i <= KICK_STAR_COUNT; i++) stars += c->stars[i];
  for (int i = 0; i < SIM_CANDIDATES; i++) chosen += c->candidates[i];
  if (goals != c->outcomes[KICK_OUTCOME_GOAL]) return bad(d, "%s.goals is not outcomes.goal", where);
  if (sum != c->kicks) return bad(d, "%s.outcomes do not add up to its kicks", where);
  if (c->decided != c->kicks - c->outcomes[0]) return bad(d, "%s.decided is not its kicks less the undecided", where);
  if (stars != c->decided) return bad(d, "%s.stars do not add up to its decided kicks", where);
  if (chosen > c->kicks) return bad(d, "%s.candidates add up to more than its kicks", where);
  for (int b = 0; b < KICK_MOMENT_COUNT; b++)
    if (c->moments[b] > c->decided) return bad(d, "%s.moments.%s is more than its decided kicks", where, mkeys[b]);
  if (c->flight_steps > c->decided * (int64_t)SIM_MAX_FLIGHT_STEPS)
    return bad(d, "%s.flight_steps is more than its decided kicks can fly", where);
  return same_ratio(d, o, where, "goal_rate", c->kicks > 0, (double)goals / (double)c->kicks) &&
         same_ratio(d, o, where, "mean_flight_s", c->decided > 0,
                    (double)c->flight_steps / ((double)c->decided * (double)KICK_STEPS_PER_SECOND));
}

static bool read_build(rd *d, const cJSON *o, sim_build *b) {
  static const char *const keys[] = {"version", "commit", "compiler", "flags", "target"};
  memset(b, 0, sizeof *b);
  return keys_are(d, o, "build", keys, 5, NULL) &&
         get_string(d, o, "build", "version", b->version, sizeof b->version) &&
         get_string(d, o, "build", "commit", b->commit, sizeof b->commit) &&
         get_string(d, o, "build", "compiler", b->compiler, sizeof b->compiler) &&
         get_string(d, o, "build", "flags", b->flags, sizeof b->flags) &&
         get_string(d, o, "build", "target", b->target, sizeof b->target);
}

static bool read_params(rd *d, const cJSON *o, sim_result *r) {
  static const char *const keys[] = {"seed",       "players", "kicks_per_player", "levels",
                                     "candidates", "trials",  "max_flight_steps"};
  if (!keys_are(d, o, "parameters", keys, 7, NULL)) return false;
  const cJSON *seed = cJSON_GetObjectItemCaseSensitive(o, "seed");
  char *end = NULL;
  if (!cJSON_IsString(seed) || seed->valuestring[0] < '0' || seed->valuestring[0] > '9' ||
      (errno = 0, r->seed = strtoull(seed->valuestring, &end, 10), *end != '\0' || errno == ERANGE) ||
      (seed->valuestring[0] == '0' && seed->valuestring[1] != '\0'))
    return bad(d, "parameters.seed is not a whole number from 0 to 2^64-1 written in decimal");
  int64_t players = 0, kicks = 0, cand = 0, trials = 0, flight = 0;
  if (!get_whole(d, o, "parameters", "players", &players) || !get_whole(d, o, "parameters", "kicks_per_player", &kicks) ||
      !get_whole(d, o, "parameters", "candidates", &cand) || !get_whole(d, o, "parameters", "trials", &trials) ||
      !get_whole(d, o, "parameters", "max_flight_steps", &flight))
    return false;
  if (players < 1 || players > SIM_MAX_PLAYERS) return bad(d, "parameters.players is out of range");
  if (kicks < 1 || kicks > SIM_MAX_KICKS) return bad(d, "parameters.kicks_per_player is out of range");
  if (cand != SIM_CANDIDATES || trials != SIM_TRIALS || flight != SIM_MAX_FLIGHT_STEPS)
    return bad(d, "parameters.candidates, trials or max_flight_steps are not this kick-cli's (%d, %d, %d)",
               SIM_CANDIDATES, SIM_TRIALS, SIM_MAX_FLIGHT_STEPS);
  r->players = (long)players;
  r->kicks = (long)kicks;
  const cJSON *lv = cJSON_GetObjectItemCaseSensitive(o, "levels");
  if (!cJSON_IsArray(lv) || cJSON_GetArraySize(lv) < 1 || cJSON_GetArraySize(lv) > SIM_MAX_LEVELS)
    return bad(d, "parameters.levels is not a list of 1 to %d level ids", SIM_MAX_LEVELS);
  r->nlevels = 0;
  for (const cJSON *id = lv->child; id; id = id->next) {
    int32_t idx = cJSON_IsString(id) ? kick_level_find(id->valuestring) : -1;
    if (idx < 0 || strcmp(kick_level_at(idx)->id, id->valuestring) != 0)
      return bad(d, "parameters.levels[%d] is not a level id", r->nlevels);
    for (int i = 0; i < r->nlevels; i++)
      if (r->levels[i] == idx) return bad(d, "parameters.levels lists %s twice", id->valuestring);
    r->levels[r->nlevels++] = idx;
  }
  return true;
}

static bool read_shards(rd *d, const cJSON *o, sim_result *r) {
  static const char *const keys[] = {"count", "done", "missing"};
  int64_t count = 0;
  if (!keys_are(d, o, "shards", keys, 3, NULL) || !get_whole(d, o, "shards", "count", &count)) return false;
  if (count < 1 || count > SIM_MAX_SHARDS) return bad(d, "shards.count is out of range");
  r->shard_count = (long)count;
  r->shard_done = calloc((size_t)count, sizeof *r->shard_done);
  if (!r->shard_done) return bad(d, "out of memory");
  const cJSON *done = cJSON_GetObjectItemCaseSensitive(o, "done");
  const cJSON *missing = cJSON_GetObjectItemCaseSensitive(o, "missing");
  if (!cJSON_IsArray(done) || !cJSON_IsArray(missing)) return bad(d, "shards.done or shards.missing is not a list");
  int64_t prev = -1, i;
  for (const cJSON *v = done->child; v; v = v->next) {
    if (!whole(v, &i) || i >= count || i <= prev) return bad(d, "shards.done is not a rising list of shard numbers");
    r->shard_done[i] = true;
    prev = i;
  }
  if (prev < 0) return bad(d, "shards.done is empty");
  prev = -1;
  int64_t nmissing = 0;
  for (const cJSON *v = missing->child; v; v = v->next, nmissing++)
    if (!whole(v, &i) || i >= count || i <= prev || r->shard_done[i])
      return bad(d, "shards.missing is not the rising list of the shards not done");
    else prev = i;
  if (nmissing + sim_shards_have(r) != count) return bad(d, "shards.missing is not the rising list of the shards not done");
  if (count > 1 && nmissing == 0) return bad(d, "shards: a complete result is written as shard 0 of 1");
  return true;
}

static bool read_result(rd *d, const cJSON *root, sim_result *r) {
  static const char *const keys[] = {"format", "version", "run",       "build",    "parameters", "items",
                                     "kicks",  "complete", "shards",   "per_level", "totals"};
  memset(r, 0, sizeof *r);
  const cJSON *fmt = cJSON_GetObjectItemCaseSensitive(root, "format");
  const cJSON *ver = cJSON_GetObjectItemCaseSensitive(root, "version");
  if (!cJSON_IsObject(root) || !cJSON_IsString(fmt) || strcmp(fmt->valuestring, "kick-cli simulate") != 0)
    return bad(d, "it is not a kick-cli simulate result");
  if (!cJSON_IsNumber(ver) || ver->valuedouble != SIM_FORMAT)
    return bad(d, "it is a simulate result of format version %g; this kick-cli reads version %d",
               cJSON_IsNumber(ver) ? ver->valuedouble : 0.0, SIM_FORMAT);
  if (!keys_are(d, root, "the result", keys, 11, "timing")) return false;
  const cJSON *timing = cJSON_GetObjectItemCaseSensitive(root, "timing");
  if (timing && !cJSON_IsObject(timing)) return bad(d, "timing is not an object");
  if (!read_build(d, cJSON_GetObjectItemCaseSensitive(root, "build"), &r->build) ||
      !read_params(d, cJSON_GetObjectItemCaseSensitive(root, "parameters"), r) ||
      !read_shards(d, cJSON_GetObjectItemCaseSensitive(root, "shards"), r))
    return false;
  char run[17];
  sim_run_hex(sim_run_id(r), run);
  const cJSON *rv = cJSON_GetObjectItemCaseSensitive(root, "run");
  if (!cJSON_IsString(rv) || strcmp(rv->valuestring, run) != 0)
    return bad(d, "run is not the id of its build and parameters (%s)", run);
  const cJSON *pl = cJSON_GetObjectItemCaseSensitive(root, "per_level");
  if (!cJSON_IsArray(pl) || cJSON_GetArraySize(pl) != r->nlevels)
    return bad(d, "per_level is not a list of one row per level");
  r->per_level = calloc((size_t)r->nlevels, sizeof *r->per_level);
  if (!r->per_level) return bad(d, "out of memory");
  sim_counts sum, total;
  memset(&sum, 0, sizeof sum);
  int i = 0;
  for (const cJSON *row = pl->child; row; row = row->next, i++) {
    char w[32];
    snprintf(w, sizeof w, "per_level[%d]", i);
    if (!read_counts(d, row, w, true, &r->per_level[i])) return false;
    const kick_level *l = kick_level_at(r->levels[i]);
    const cJSON *id = cJSON_GetObjectItemCaseSensitive(row, "level");
    const cJSON *name = cJSON_GetObjectItemCaseSensitive(row, "name");
    if (!cJSON_IsString(id) || strcmp(id->valuestring, l->id) != 0 || !cJSON_IsString(name) ||
        strcmp(name->valuestring, l->name) != 0)
      return bad(d, "%s is not the row of level %s %s", w, l->id, l->name);
    uint64_t want = level_items(r, i);
    if ((uint64_t)r->per_level[i].kicks != want)
      return bad(d, "%s.kicks is %lld, but its shards hold %llu kicks of level %s", w,
                 (long long)r->per_level[i].kicks, (unsigned long long)want, l->id);
    sim_counts_add(&sum, &r->per_level[i]);
  }
  if (!read_counts(d, cJSON_GetObjectItemCaseSensitive(root, "totals"), "totals", false, &total)) return false;
  if (memcmp(&total, &sum, sizeof sum) != 0) return bad(d, "totals are not the sum of its per_level rows");
  int64_t items, kicks;
  if (!get_whole(d, root, "the result", "items", &items) || !get_whole(d, root, "the result", "kicks", &kicks))
    return false;
  if ((uint64_t)items != sim_items(r)) return bad(d, "items is not levels × players × kicks_per_player");
  if (kicks != total.kicks) return bad(d, "kicks is not totals.kicks");
  const cJSON *complete = cJSON_GetObjectItemCaseSensitive(root, "complete");
  if (!cJSON_IsBool(complete) || cJSON_IsTrue(complete) != (sim_shards_have(r) == r->shard_count))
    return bad(d, "complete does not say whether every shard is done");
  return true;
}

bool sim_reader_open(sim_reader *rdr, const char *path) {
  rdr->n = 0;
  return sim_input_open(&rdr->in, path);
}

void sim_reader_close(sim_reader *rdr) { sim_input_close(&rdr->in); }

/* "'x'" for the first result of a file, "'x', result 3 (from byte 51410)" after it. */
static void result_where(const sim_reader *rdr, int index, uint64_t at, char *buf, size_t size) {
  if (index == 1) snprintf(buf, size, "%s", rdr->in.name);
  else snprintf(buf, size, "%s, result %d (from byte %llu)", rdr->in.name, index, (unsigned long long)at);
}

int sim_reader_next(sim_reader *rdr, sim_result *out) {
  memset(out, 0, sizeof *out);
  const char *text = NULL;
  size_t len = 0;
  uint64_t at = 0;
  char limit[32], where[4200];
  sim_in_status st = sim_input_object(&rdr->in, SIM_RESULT_MAX_BYTES, &text, &len, &at);
  switch (st) {
  case SIM_IN_END:
    if (rdr->n > 0) return 0;
    cli_error("%s: it holds no result", rdr->in.name);
    return -1;
  case SIM_IN_NOT_JSON:
    if (*text && strchr("[\"-0123456789tfn", *text)) { /* JSON, but no object: no result */
      result_where(rdr, rdr->n + 1, at, where, sizeof where);
      cli_error("%s: it is not a kick-cli simulate result (a JSON object)", where);
      return -1;
    }
    /* fall through */
  case SIM_IN_CUT: {
    const char *how = st == SIM_IN_CUT ? "it ends inside a value at" : "at";
    if (rdr->n > 0)
      cli_error("%s: what follows result %d is not JSON (%s byte %llu)", rdr->in.name, rdr->n, how,
                (unsigned long long)at);
    else cli_error("%s: it is not JSON (%s byte %llu)", rdr->in.name, how, (unsigned long long)at);
    return -1;
  }
  case SIM_IN_TOO_LONG:
    sim_size_text(SIM_RESULT_MAX_BYTES, limit, sizeof limit);
    result_where(rdr, rdr->n + 1, at, where, sizeof where);
    cli_error("%s: the result is larger than %s, the limit for a simulate result", where, limit);
    return -1;
  case SIM_IN_READ_ERROR:
    cli_error("cannot read %s: %s", rdr->in.name, strerror(rdr->in.err));
    return -1;
  case SIM_IN_VALUE: break;
  }
  rdr->n++;
  result_where(rdr, rdr->n, at, where, sizeof where);
  char why[160];
  cJSON *root = ks_json_parse_strict_flags(text, len, KS_JSON_NO_CONTROL, why, sizeof why);
  if (!root) {
    cli_error("%s: it is not strict JSON (%s)", where, why);
    return -1;
  }
  rd d = {{0}};
  bool ok = read_result(&d, root, out);
  cJSON_Delete(root);
  if (!ok) {
    cli_error("%s: %s", where, d.what);
    sim_result_free(out);
    return -1;
  }
  return 1;
}

int sim_results_load(const char *path, sim_result **out) {
  *out = NULL;
  sim_reader rdr;
  if (!sim_reader_open(&rdr, path)) return -1;
  int n = 0, cap = 0, got;
  sim_result *rs = NULL, r;
  while ((got = sim_reader_next(&rdr, &r)) > 0) {
    if (n == cap) {
      cap = cap ? cap * 2 : 4;
      sim_result *bigger = realloc(rs, (size_t)cap * sizeof *rs);
      if (!bigger) {
        cli_error("out of memory");
        sim_result_free(&r);
        got = -1;
        break;
      }
      rs = bigger;
    }
    rs[n++] = r;
  }
  sim_reader_close(&rdr);
  if (got < 0) {
    for (int i = 0; i < n; i++) sim_result_free(&rs[i]);
    free(rs);
    return -1;
  }
  *out = rs;
  return n;
}

/* ---------------------------------------------------------------- merging */

static const char *differs(char *msg, size_t size, const char *field, const char *a, const char *b) {
  snprintf(msg, size, "its %s differs: '%s' here, '%s' before", field, b, a);
  return msg;
}

const char *sim_result_merge(sim_result *a, const sim_result *b, char *msg, size_t size) {
  static const struct {
    const char *name;
    size_t off;
  } fields[] = {{"build.version", offsetof(sim_build, version)},
                {"build.commit", offsetof(sim_build, commit)},
                {"build.compiler", offsetof(sim_build, compiler)},
                {"build.flags", offsetof(sim_build, flags)},
                {"build.target", offsetof(sim_build, target)}};
  for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++) {
    const char *x = (const char *)&a->build + fields[i].off, *y = (const char *)&b->build + fields[i].off;
    if (strcmp(x, y) != 0) return differs(msg, size, fields[i].name, x, y);
  }
  char x[64], y[64];
  if (a->seed != b->seed) {
    snprintf(x, sizeof x, "%llu", (unsigned long long)a->seed);
    snprintf(y, sizeof y, "%llu", (unsigned long long)b->seed);
    return differs(msg, size, "parameters.seed", x, y);
  }
  if (a->players != b->players) {
    snprintf(x, sizeof x, "%ld", a->players);
    snprintf(y, sizeof y, "%ld", b->players);
    return differs(msg, size, "parameters.players", x, y);
  }
  if (a->kicks != b->kicks) {
    snprintf(x, sizeof x, "%ld", a->kicks);
    snprintf(y, sizeof y, "%ld", b->kicks);
    return differs(msg, size, "parameters.kicks_per_player", x, y);
  }
  if (a->nlevels != b->nlevels || memcmp(a->levels, b->levels, sizeof(int32_t) * (size_t)a->nlevels) != 0) {
    snprintf(msg, size, "its parameters.levels differ");
    return msg;
  }
  bool a_all = sim_shards_have(a) == a->shard_count, b_all = sim_shards_have(b) == b->shard_count;
  if (a_all || b_all) {
    snprintf(msg, size, "it overlaps the results before it: %s", a_all ? "they already hold the whole run"
                                                                        : "it holds the whole run itself");
    return msg;
  }
  if (a->shard_count != b->shard_count) {
    snprintf(msg, size, "it is split into %ld shards, the results before it into %ld: shards of different splits "
             "cannot be merged", b->shard_count, a->shard_count);
    return msg;
  }
  for (long i = 0; i < a->shard_count; i++)
    if (a->shard_done[i] && b->shard_done[i]) {
      snprintf(msg, size, "shard %ld/%ld is already in the results before it (overlapping or duplicate shards)", i,
               a->shard_count);
      return msg;
    }
  for (long i = 0; i < a->shard_count; i++) a->shard_done[i] |= b->shard_done[i];
  for (int i = 0; i < a->nlevels; i++) sim_counts_add(&a->per_level[i], &b->per_level[i]);
  return NULL;
}
