// SPDX-License-Identifier: MIT
/* simulate --records: one JSON line per real kick, in item order.

   The lines are the same bytes whatever --threads: workers finish kicks in
   any order, and a window of lines waits until the line before it is
   written. A shard writes its own items (index % N == I) in order; `merge
   --records` joins shards' files back into item order, so the merged file
   is byte for byte the records of one process.

   Numbers are written in the shortest of 15, 16 or 17 significant digits
   that reads back as the same double, so a record holds the simulation's
   exact values and the text is a function of them. The reader parses a
   line, writes it again and requires the same bytes: a record is accepted
   only as simulate writes it.

   Records files are streamed (sim_io.c): a line is at most
   SIM_RECORD_MAX_BYTES, a file any length. The writers go through the
   shared writer (kickstep/host_file.h) and are put in place only when
   every line is written. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "sim.h"

/* ---------------------------------------------------------------- one line */

static cJSON *exact_number(double x) {
  char buf[40];
  for (int digits = 15; digits <= 17; digits++) {
    snprintf(buf, sizeof buf, "%.*g", digits, x);
    if (strtod(buf, NULL) == x) break;
  }
  return cJSON_CreateRaw(buf);
}

static void add_exact(cJSON *o, const char *key, bool defined, double x) {
  cJSON_AddItemToObject(o, key, defined ? exact_number(x) : cJSON_CreateNull());
}

static void add_whole(cJSON *o, const char *key, bool defined, int64_t x) {
  if (defined) cJSON_AddNumberToObject(o, key, (double)x);
  else cJSON_AddNullToObject(o, key);
}

char *sim_record_line(uint64_t run, const sim_kick *k) {
  cJSON *o = cJSON_CreateObject();
  if (!o) return NULL;
  char hex[17];
  sim_run_hex(run, hex);
  cJSON_AddStringToObject(o, "run", hex);
  cJSON_AddNumberToObject(o, "item", (double)k->item);
  cJSON_AddStringToObject(o, "level", kick_level_at(k->level)->id);
  cJSON_AddNumberToObject(o, "player", (double)k->player);
  cJSON_AddNumberToObject(o, "kick", (double)k->kick);
  add_exact(o, "skill", true, k->skill);
  add_whole(o, "candidate", k->struck, k->candidate);
  add_whole(o, "score", k->struck, k->score);
  add_exact(o, "speed_mps", k->struck, k->launch.speed_mps);
  add_exact(o, "elevation_rad", k->struck, k->launch.elevation);
  add_exact(o, "direction_rad", k->struck, k->launch.direction);
  add_exact(o, "spin_axis_x", k->struck, k->launch.spin_axis.x);
  add_exact(o, "spin_axis_y", k->struck, k->launch.spin_axis.y);
  add_exact(o, "spin_axis_z", k->struck, k->launch.spin_axis.z);
  add_exact(o, "spin_rate_rad_s", k->struck, k->launch.spin_rate);
  cJSON_AddStringToObject(o, "outcome", sim_outcome_key(k->decided ? (int)k->outcome : 0));
  add_whole(o, "strike_step", k->struck, k->strike_step);
  add_whole(o, "decision_step", k->decided, k->decision_step);
  add_exact(o, "flight_s", k->decided,
            (double)(k->decision_step - k->strike_step) / (double)KICK_STEPS_PER_SECOND);
  add_exact(o, "crossing_x", k->crossed, k->crossing.x);
  add_exact(o, "crossing_y", k->crossed, k->crossing.y);
  add_exact(o, "crossing_z", k->crossed, k->crossing.z);
  add_whole(o, "stars", k->decided, k->stars);
  cJSON *m = cJSON_AddArrayToObject(o, "moments");
  for (int b = 0; b < KICK_MOMENT_COUNT; b++)
    if (k->moments & (1u << b)) cJSON_AddItemToArray(m, cJSON_CreateString(kick_moment_name(1u << b)));
  char *line = cJSON_PrintUnformatted(o);
  cJSON_Delete(o);
  return line;
}

/* ---------------------------------------------------------------- the writer */

static char oom_line; /* stands in a slot for a line that could not be made */

struct sim_records {
  ks_host_out *out;
  uint64_t lines, window, next;
  char **slot;
  bool failed;                    /* a write failed or a line could not be made */
  pthread_mutex_t mu;
  pthread_cond_t ready, room;
};

sim_records *sim_records_open(ks_host_out *out, uint64_t lines, uint64_t window) {
  sim_records *w = calloc(1, sizeof *w);
  if (!w || window < 1 || !(w->slot = calloc((size_t)window, sizeof *w->slot))) {
    free(w);
    cli_error("out of memory");
    return NULL;
  }
  w->out = out;
  w->lines = lines;
  w->window = window;
  pthread_mutex_init(&w->mu, NULL);
  pthread_cond_init(&w->ready, NULL);
  pthread_cond_init(&w->room, NULL);
  return w;
}

void sim_records_put(sim_records *w, uint64_t n, char *line) {
  pthread_mutex_lock(&w->mu);
  while (n >= w->next + w->window) pthread_cond_wait(&w->room, &w->mu);
  w->slot[n % w->window] = line ? line : &oom_line;
  if (n == w->next) pthread_cond_signal(&w->ready);
  pthread_mutex_unlock(&w->mu);
}

uint64_t sim_records_written(sim_records *w) {
  pthread_mutex_lock(&w->mu);
  uint64_t n = w->next;
  pthread_mutex_unlock(&w->mu);
  return n;
}

bool sim_records_drain(sim_records *w, int wait_ms) {
  char *batch[256];
  size_t n = 0;
  pthread_mutex_lock(&w->mu);
  if (w->next < w->lines && !w->slot[w->next % w->window] && wait_ms > 0) {
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_nsec += (long)(wait_ms % 1000) * 1000000L;
    until.tv_sec += wait_ms / 1000 + until.tv_nsec / 1000000000L;
    until.tv_nsec %= 1000000000L;
    while (!w->slot[w->next % w->window] &&
           pthread_cond_timedwait(&w->ready, &w->mu, &until) == 0) {
    }
  }
  /* Take the lines that are ready, in order, and make room before writing. */
  while (n < sizeof batch / sizeof batch[0] && w->next < w->lines && w->slot[w->next % w->window]) {
    batch[n++] = w->slot[w->next % w->window];
    w->slot[w->next % w->window] = NULL;
    w->next++;
  }
  if (n) pthread_cond_broadcast(&w->room);
  pthread_mutex_unlock(&w->mu);
  for (size_t i = 0; i < n; i++) {
    if (batch[i] == &oom_line) {
      if (!w->failed) cli_error("out of memory for a records line");
      w->failed = true;
      continue;
    }
    if (!w->failed && (ks_host_out_write(w->out, batch[i], strlen(batch[i])) != KS_OK ||
                       ks_host_out_write(w->out, "\n", 1) != KS_OK))
      w->failed = true; /* the output remembers why; ending it says so */
    cJSON_free(batch[i]);
  }
  return !w->failed;
}

bool sim_records_close(sim_records *w, bool ok) {
  while (ok && sim_records_written(w) < w->lines && !w->failed) sim_records_drain(w, 200);
  ok = ok && !w->failed && sim_records_written(w) == w->lines;
  for (uint64_t i = 0; i < w->window; i++)
    if (w->slot[i] && w->slot[i] != &oom_line) cJSON_free(w->slot[i]);
  pthread_mutex_destroy(&w->mu);
  pthread_cond_destroy(&w->ready);
  pthread_cond_destroy(&w->room);
  free(w->slot);
  free(w);
  return ok;
}

/* ---------------------------------------------------------------- the reader */

static const char *const record_keys[] = {
    "run",           "item",        "level",         "player",      "kick",        "skill",
    "candidate",     "score",       "speed_mps",     "elevation_rad", "direction_rad", "spin_axis_x",
    "spin_axis_y",   "spin_axis_z", "spin_rate_rad_s", "outcome",   "strike_step", "decision_step",
    "flight_s",      "crossing_x",  "crossing_y",    "crossing_z",  "stars",       "moments"};
#define RECORD_KEYS ((int)(sizeof record_keys / sizeof record_keys[0]))

static bool rec_whole(const cJSON *v, int64_t max, int64_t *out) {
  if (!cJSON_IsNumber(v) || !(v->valuedouble >= 0) || v->valuedouble > (double)max ||
      v->valuedouble != (double)(int64_t)v->valuedouble)
    return false;
  *out = (int64_t)v->valuedouble;
  return true;
}

/* Parses one line into `k` and its run id; NULL, or what is wrong. */
const char *sim_record_parse(const char *line, size_t len, uint64_t *run, sim_kick *k) {
  static char what[160];
  memset(k, 0, sizeof *k);
  if (memchr(line, '\0', len)) return "it holds a NUL byte";
  cJSON *o = cJSON_ParseWithLength(line, len);
  if (!cJSON_IsObject(o)) {
    cJSON_Delete(o);
    return "it is not a JSON object";
  }
  const char *err = NULL;
  int i = 0;
  const cJSON *c = o->child;
  for (; c && i < RECORD_KEYS; c = c->next, i++)
    if (strcmp(c->string, record_keys[i]) != 0) break;
  if (i < RECORD_KEYS || c) {
    snprintf(what, sizeof what, "it is not a simulate record (expected the key \"%s\"%s%s%s)",
             i < RECORD_KEYS ? record_keys[i] : "(end)", c ? ", found \"" : "", c ? c->string : "", c ? "\"" : "");
    cJSON_Delete(o);
    return what;
  }
#define F(key) cJSON_GetObjectItemCaseSensitive(o, key)
  int64_t v;
  const cJSON *run_v = F("run");
  char *end = NULL;
  if (!cJSON_IsString(run_v) || strlen(run_v->valuestring) != 16 ||
      (*run = strtoull(run_v->valuestring, &end, 16), *end != '\0'))
    err = "\"run\" is not 16 hex digits";
  else if (!rec_whole(F("item"), INT64_C(1) << 53, &v)) err = "\"item\" is not a whole number";
  else if ((k->item = (uint64_t)v), !cJSON_IsString(F("level")) ||
           (k->level = kick_level_find(F("level")->valuestring)) < 0)
    err = "\"level\" is not a level id";
  else if (!rec_whole(F("player"), SIM_MAX_PLAYERS - 1, &v) || (k->player = (long)v, false)) err = "\"player\" is out of range";
  else if (!rec_whole(F("kick"), SIM_MAX_KICKS - 1, &v) || (k->kick = (long)v, false)) err = "\"kick\" is out of range";
  else if (!cJSON_IsNumber(F("skill"))) err = "\"skill\" is not a number";
  if (!err) {
    k->skill = F("skill")->valuedouble;
    k->struck = !cJSON_IsNull(F("candidate"));
    if (k->struck) {
      int64_t cand, score;
      if (!rec_whole(F("candidate"), SIM_CANDIDATES - 1, &cand) || !rec_whole(F("score"), 1000, &score))
        err = "\"candidate\" or \"score\" is out of range";
      k->candidate = (int)cand;
      k->score = (int)score;
      static const char *const lk[] = {"speed_mps", "elevation_rad", "direction_rad", "spin_axis_x", "spin_axis_y",
                                       "spin_axis_z", "spin_rate_rad_s"};
      double *dst[] = {&k->launch.speed_mps,   &k->launch.elevation,   &k->launch.direction, &k->launch.spin_axis.x,
                       &k->launch.spin_axis.y, &k->launch.spin_axis.z, &k->launch.spin_rate};
      for (int j = 0; j < 7 && !err; j++)
        if (!cJSON_IsNumber(F(lk[j]))) err = "a launch field is not a number";
        else *dst[j] = F(lk[j])->valuedouble;
      if (!err && !rec_whole(F("strike_step"), INT64_C(1) << 40, &k->strike_step)) err = "\"strike_step\" is not a step";
    } else {
      k->candidate = -1;
    }
  }
  if (!err) {
    const cJSON *oc = F("outcome");
    int found = -1;
    for (int j = 0; cJSON_IsString(oc) && j < SIM_OUTCOMES; j++)
      if (strcmp(oc->valuestring, sim_outcome_key(j)) == 0) found = j;
    if (found < 0) err = "\"outcome\" is not an outcome";
    k->decided = found > 0;
    k->outcome = found > 0 ? (kick_outcome)found : KICK_OUTCOME_NONE;
  }
  if (!err && k->decided) {
    int64_t stars;
    if (!rec_whole(F("decision_step"), INT64_C(1) << 40, &k->decision_step) ||
        k->decision_step < k->strike_step || k->decision_step - k->strike_step > SIM_MAX_FLIGHT_STEPS)
      err = "\"decision_step\" is not a step after the strike";
    else if (!rec_whole(F("stars"), KICK_STAR_COUNT, &stars)) err = "\"stars\" is out of range";
    else k->stars = (int32_t)stars;
  }
  if (!err) {
    k->crossed = !cJSON_IsNull(F("crossing_x"));
    if (k->crossed && (!cJSON_IsNumber(F("crossing_x")) || !cJSON_IsNumber(F("crossing_y")) ||
                       !cJSON_IsNumber(F("crossing_z"))))
      err = "a crossing field is not a number";
    else if (k->crossed) {
      k->crossing.x = F("crossing_x")->valuedouble;
      k->crossing.y = F("crossing_y")->valuedouble;
      k->crossing.z = F("crossing_z")->valuedouble;
    }
  }
  if (!err) {
    const cJSON *m = F("moments");
    if (!cJSON_IsArray(m)) err = "\"moments\" is not a list";
    for (const cJSON *e = m ? m->child : NULL; !err && e; e = e->next) {
      int found = -1;
      for (int b = 0; cJSON_IsString(e) && b < KICK_MOMENT_COUNT; b++)
        if (strcmp(e->valuestring, kick_moment_name(1u << b)) == 0) found = b;
      if (found < 0) err = "\"moments\" holds something that is not a moment";
      else k->moments |= 1u << found;
    }
  }
#undef F
  cJSON_Delete(o);
  if (err) return err;
  /* Written again it must be the same bytes: nothing edited, nothing reordered. */
  char *again = sim_record_line(*run, k);
  bool same = again && strlen(again) == len && memcmp(again, line, len) == 0;
  cJSON_free(again);
  return same ? NULL : "it is not as kick-cli simulate writes that record (edited or reformatted)";
}

/* ---------------------------------------------------------------- merging */

typedef struct rin {
  sim_input in;
  bool open;
  char *line;                     /* the current record (valid until the next read) */
  size_t len;
  bool have;
  uint64_t item, prev;
  bool any;
  sim_kick kick;
} rin;

/* Reads the next record of an input; false with a message on a bad one. */
static bool advance(rin *in, uint64_t *run, bool *have_run, const char **run_from) {
  int got = sim_input_line(&in->in, SIM_RECORD_MAX_BYTES, "a records file", &in->line, &in->len);
  if (got < 0) return false;
  if (got == 0) {
    in->have = false;
    return true;
  }
  const char *name = in->in.name;
  long lineno = in->in.lineno;
  uint64_t r;
  const char *what = sim_record_parse(in->line, in->len, &r, &in->kick);
  if (what) {
    cli_error("%s line %ld: %s", name, lineno, what);
    return false;
  }
  if (!*have_run) {
    *run = r;
    *have_run = true;
    *run_from = name;
  } else if (r != *run) {
    char a[17], b[17];
    sim_run_hex(r, a);
    sim_run_hex(*run, b);
    cli_error("%s line %ld: run %s, but %s is run %s: records of another build or other parameters", name, lineno, a,
              *run_from, b);
    return false;
  }
  if (in->any && in->kick.item <= in->prev) {
    cli_error("%s line %ld: item %llu comes after item %llu: records must be in item order", name, lineno,
              (unsigned long long)in->kick.item, (unsigned long long)in->prev);
    return false;
  }
  in->any = true;
  in->prev = in->item = in->kick.item;
  in->have = true;
  return true;
}

/* A binary heap of inputs by their next item. */
static void heap_down(rin **h, int n, int i) {
  for (;;) {
    int l = 2 * i + 1, r = l + 1, m = i;
    if (l < n && h[l]->item < h[m]->item) m = l;
    if (r < n && h[r]->item < h[m]->item) m = r;
    if (m == i) return;
    rin *t = h[i];
    h[i] = h[m];
    h[m] = t;
    i = m;
  }
}

/* Describes an item of a result: "item 17 (level 5-2, player 1, kick 2; shard 1/4)". */
static void describe_item(const sim_result *r, uint64_t item, char *buf, size_t size) {
  if (!r) {
    snprintf(buf, size, "item %llu", (unsigned long long)item);
    return;
  }
  uint64_t per = (uint64_t)r->players * (uint64_t)r->kicks;
  uint64_t pos = item / per, rest = item % per;
  int n = snprintf(buf, size, "item %llu (level %s, player %llu, kick %llu", (unsigned long long)item,
                   pos < (uint64_t)r->nlevels ? kick_level_at(r->levels[pos])->id : "?",
                   (unsigned long long)(rest / (uint64_t)r->kicks), (unsigned long long)(rest % (uint64_t)r->kicks));
  if (n < 0 || (size_t)n >= size) return;
  if (r->shard_count > 1)
    snprintf(buf + n, size - (size_t)n, "; shard %llu/%ld)", (unsigned long long)(item % (uint64_t)r->shard_count),
             r->shard_count);
  else snprintf(buf + n, size - (size_t)n, ")");
}

/* The next item at or after `from` that the result's shards hold, or `total`. */
static uint64_t next_expected(const sim_result *r, uint64_t from, uint64_t total) {
  if (!r) return from;
  while (from < total && !r->shard_done[from % (uint64_t)r->shard_count]) from++;
  return from;
}

int sim_records_merge(const char *out_path, const char *result_path, int nin, char **names) {
  /* The output first: an unwritable destination fails before any reading. */
  ks_host_out out;
  if (!sim_out_open(&out, out_path)) return EXIT_RUNTIME;
  sim_result *res = NULL;
  int rc = EXIT_OK;
  char result_name[4200] = "";
  if (result_path) {
    if (strcmp(result_path, "-") == 0) snprintf(result_name, sizeof result_name, "standard input");
    else snprintf(result_name, sizeof result_name, "'%s'", result_path);
    int n = sim_results_load(result_path, &res);
    if (n < 0) {
      ks_host_out_abort(&out);
      return EXIT_RUNTIME;
    }
    for (int i = 1; i < n; i++) sim_result_free(&res[i]);
    if (n != 1) {
      cli_error("--result %s holds %d results; give the one the records belong to (merge them first)", result_name, n);
      sim_result_free(&res[0]);
      free(res);
      ks_host_out_abort(&out);
      return EXIT_RUNTIME;
    }
  }
  /* Many shards mean many open files: take what the hard limit allows. */
  struct rlimit lim;
  if (getrlimit(RLIMIT_NOFILE, &lim) == 0 && lim.rlim_cur < lim.rlim_max && (rlim_t)nin + 16 > lim.rlim_cur) {
    lim.rlim_cur = lim.rlim_max;
    setrlimit(RLIMIT_NOFILE, &lim);
  }
  rin *in = calloc((size_t)nin, sizeof *in);
  rin **heap = calloc((size_t)nin, sizeof *heap);
  sim_counts *counts = res ? calloc((size_t)res->nlevels, sizeof *counts) : NULL;
  if (!in || !heap || (res && !counts)) {
    cli_error("out of memory");
    rc = EXIT_RUNTIME;
  }
  for (int i = 0; rc == EXIT_OK && i < nin; i++) {
    if (!(in[i].open = sim_input_open(&in[i].in, names[i]))) rc = EXIT_RUNTIME;
  }
  uint64_t run = 0;
  bool have_run = false;
  const char *run_from = NULL;
  if (res) {
    run = sim_run_id(res);
    have_run = true;
    run_from = result_name;
  }
  int nh = 0;
  for (int i = 0; rc == EXIT_OK && i < nin; i++) {
    if (!advance(&in[i], &run, &have_run, &run_from)) rc = EXIT_RUNTIME;
    else if (in[i].have) heap[nh++] = &in[i];
  }
  for (int i = nh / 2 - 1; i >= 0; i--) heap_down(heap, nh, i);

  uint64_t total = res ? sim_items(res) : UINT64_MAX, expect = next_expected(res, 0, total), written = 0;
  uint64_t per = res ? (uint64_t)res->players * (uint64_t)res->kicks : 0;
  const char *last_from = NULL;
  uint64_t last_item = 0;
  char desc[160];
  while (rc == EXIT_OK && nh > 0) {
    rin *top = heap[0];
    uint64_t item = top->item;
    if (written > 0 && item == last_item) {
      describe_item(res, item, desc, sizeof desc);
      cli_error("%s is in both %s and %s (overlapping or duplicate shards)", desc, last_from, top->in.name);
      rc = EXIT_RUNTIME;
      break;
    }
    if (item < expect || item >= total || (res && !res->shard_done[item % (uint64_t)res->shard_count])) {
      describe_item(res, item, desc, sizeof desc);
      cli_error("%s line %ld: %s is not in the result's shards", top->in.name, top->in.lineno, desc);
      rc = EXIT_RUNTIME;
      break;
    }
    if (item != expect) {
      describe_item(res, expect, desc, sizeof desc);
      cli_error("%s is in none of the records files (a shard's records are missing)", desc);
      rc = EXIT_RUNTIME;
      break;
    }
    if (res) {
      /* The record must be the kick its item is. */
      uint64_t pos = item / per, rest = item % per;
      if (res->levels[pos] != top->kick.level || (uint64_t)top->kick.player != rest / (uint64_t)res->kicks ||
          (uint64_t)top->kick.kick != rest % (uint64_t)res->kicks) {
        describe_item(res, item, desc, sizeof desc);
        cli_error("%s line %ld: the record is not %s", top->in.name, top->in.lineno, desc);
        rc = EXIT_RUNTIME;
        break;
      }
      sim_counts_add_kick(&counts[pos], &top->kick);
    }
    ks_host_out_write(&out, top->line, top->len);
    if (ks_host_out_write(&out, "\n", 1) != KS_OK) {
      rc = EXIT_RUNTIME; /* ending the output says why */
      break;
    }
    written++;
    last_from = top->in.name;
    last_item = item;
    expect = next_expected(res, item + 1, total);
    if (!advance(top, &run, &have_run, &run_from)) {
      rc = EXIT_RUNTIME;
      break;
    }
    if (!top->have) heap[0] = heap[--nh];
    heap_down(heap, nh, 0);
  }
  if (rc == EXIT_OK && res && expect < total) {
    describe_item(res, expect, desc, sizeof desc);
    cli_error("%s is in none of the records files (a shard's records are missing)", desc);
    rc = EXIT_RUNTIME;
  }
  if (rc == EXIT_OK && res) {
    for (int i = 0; i < res->nlevels; i++)
      if (memcmp(&counts[i], &res->per_level[i], sizeof counts[i]) != 0) {
        cli_error("the records of level %s do not add up to the result's counts", kick_level_at(res->levels[i])->id);
        rc = EXIT_RUNTIME;
        break;
      }
  }
  if (rc == EXIT_OK && written == 0) {
    cli_error("the records files hold no record");
    rc = EXIT_RUNTIME;
  }
  if (!sim_out_end(&out, rc == EXIT_OK)) rc = EXIT_RUNTIME;
  for (int i = 0; in && i < nin; i++)
    if (in[i].open) sim_input_close(&in[i].in);
  free(in), free(heap), free(counts);
  if (res) sim_result_free(res);
  free(res);
  return rc;
}
