// SPDX-License-Identifier: MIT
/* What made a result: the build (version, commit, compiler, flags, target)
   and the parameters. Shards made by two builds must not be merged: a
   different compiler or flag may change a bit, a different commit may change
   a rule. The run id is a hash of both, carried by every result and record
   so that a record can be traced to its result. */
#include <stdio.h>
#include <string.h>

#include "build_info.h"
#include "kickstep/hash.h"
#include "kickstep/version.h"
#include "sim.h"

static void copy(char *dst, size_t size, const char *src) {
  snprintf(dst, size, "%s", src);
}

void sim_build_this(sim_build *b) {
  memset(b, 0, sizeof *b);
  copy(b->version, sizeof b->version, ks_version());
  copy(b->commit, sizeof b->commit, KS_BUILD_COMMIT);
  copy(b->compiler, sizeof b->compiler, KS_BUILD_COMPILER);
  /* What the preprocessor sees too: a flag given some other way still shows. */
  char flags[sizeof b->flags];
  snprintf(flags, sizeof flags, "%s%s%s", KS_BUILD_FLAGS,
#ifdef __FAST_MATH__
           " (fast-math)",
#else
           "",
#endif
#ifdef __OPTIMIZE__
           ""
#else
           " (not optimised)"
#endif
  );
  copy(b->flags, sizeof b->flags, flags);
  copy(b->target, sizeof b->target, KS_BUILD_TARGET);
}

cJSON *sim_build_json(const sim_build *b) {
  cJSON *o = cJSON_CreateObject();
  cJSON_AddStringToObject(o, "version", b->version);
  cJSON_AddStringToObject(o, "commit", b->commit);
  cJSON_AddStringToObject(o, "compiler", b->compiler);
  cJSON_AddStringToObject(o, "flags", b->flags);
  cJSON_AddStringToObject(o, "target", b->target);
  return o;
}

cJSON *sim_params_json(const sim_result *r) {
  cJSON *o = cJSON_CreateObject();
  char seed[32];
  snprintf(seed, sizeof seed, "%llu", (unsigned long long)r->seed);
  cJSON_AddStringToObject(o, "seed", seed); /* a string: 64-bit seeds do not fit a JSON double */
  cJSON_AddNumberToObject(o, "players", (double)r->players);
  cJSON_AddNumberToObject(o, "kicks_per_player", (double)r->kicks);
  cJSON *lv = cJSON_AddArrayToObject(o, "levels");
  for (int i = 0; i < r->nlevels; i++) cJSON_AddItemToArray(lv, cJSON_CreateString(kick_level_at(r->levels[i])->id));
  cJSON_AddNumberToObject(o, "candidates", SIM_CANDIDATES);
  cJSON_AddNumberToObject(o, "trials", SIM_TRIALS);
  cJSON_AddNumberToObject(o, "max_flight_steps", SIM_MAX_FLIGHT_STEPS);
  return o;
}

uint64_t sim_run_id(const sim_result *r) {
  cJSON *o = cJSON_CreateObject();
  cJSON_AddItemToObject(o, "build", sim_build_json(&r->build));
  cJSON_AddItemToObject(o, "parameters", sim_params_json(r));
  char *text = cJSON_PrintUnformatted(o);
  uint64_t id = text ? ks_fnv1a64(text, strlen(text)) : 0;
  cJSON_free(text);
  cJSON_Delete(o);
  return id;
}

void sim_run_hex(uint64_t id, char buf[17]) {
  snprintf(buf, 17, "%016llx", (unsigned long long)id);
}
