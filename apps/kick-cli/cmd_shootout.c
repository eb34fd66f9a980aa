// SPDX-License-Identifier: MIT
/* replay verify for a shoot-out record (a whole penalty duel, magic KSSO):
   re-simulates the match natively and names the first diverging checkpoint
   or field. cmd_replay.c reads every verify's input once and hands it here
   first. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "kickstep/host_file.h"
#include "kickstep/kick_shootout.h"

static const char *end_name(const kick_shootout *r) {
  return r->end == KICK_SHOOTOUT_ABANDONED ? "abandoned" : "played";
}

static cJSON *results_json(const kick_shootout *r) {
  cJSON *a = cJSON_CreateArray();
  for (int32_t i = 0; i < r->kicks; i++)
    cJSON_AddItemToArray(a, cJSON_CreateString(kick_duel_result_name((kick_duel_result)r->results[i])));
  return a;
}

static void print_text(const kick_shootout *r, const char *verdict) {
  int32_t n = (int32_t)r->def.players;
  if (n > 2) { /* a party: every player's goals, in player order */
    printf("party of %d: %d", n, r->score[0]);
    for (int32_t i = 1; i < n; i++) printf("-%d", r->score[i]);
  } else {
    printf("shoot-out: %d-%d", r->score[0], r->score[1]);
  }
  if (r->end == KICK_SHOOTOUT_ABANDONED && n > 2) printf(", abandoned: player %d left", r->abandoned_by);
  else if (r->end == KICK_SHOOTOUT_ABANDONED) printf(", player %d wins: player %d left", 1 - r->abandoned_by, r->abandoned_by);
  else if (r->winner == n) printf(", a draw");
  else if (r->winner >= 0) printf(", player %d wins", r->winner);
  else printf(", undecided");
  printf(" after %d kicks (%s), %lld steps, %d inputs\n", r->kicks, end_name(r), (long long)r->end_step, r->input_count);
  printf("kicks:   ");
  for (int32_t i = 0; i < r->kicks; i++) printf(" %s", kick_duel_result_name((kick_duel_result)r->results[i]));
  printf("\nverify:   %s\n", verdict);
}

int cli_shootout_verify(const char *path, const uint8_t *bytes, size_t n, bool json, const char *trace) {
  if (!kick_shootout_is_record(bytes, n)) return -1;
  char buf[KS_HOST_PATH_MAX + 3];
  const char *name = cli_input_name(path, buf, sizeof buf);
  if (trace) return cli_usage("--trace applies to single-kick replays; %s is a shoot-out record", name);
  static kick_shootout r;
  kick_replay_error err;
  if (kick_shootout_decode(bytes, n, &r, &err) != KS_OK) {
    char text[256];
    kick_replay_error_text(&err, text, sizeof text);
    cli_error("%s: shoot-out %s", strcmp(path, "-") == 0 ? "standard input" : path, text);
    return EXIT_RUNTIME;
  }
  kick_replay_verify_result v;
  if (kick_shootout_verify(&r, &v) != KS_OK) {
    cli_error("%s: the shoot-out cannot be simulated", strcmp(path, "-") == 0 ? "standard input" : path);
    return EXIT_RUNTIME;
  }
  char verdict[256];
  kick_replay_verify_text(&v, verdict, sizeof verdict);
  if (json) {
    cJSON *j = cJSON_CreateObject();
    cli_json_add_text(j, "file", path);
    cJSON_AddStringToObject(j, "kind", "shootout");
    cJSON_AddBoolToObject(j, "identical", v.identical);
    if (!v.identical) {
      cJSON_AddNumberToObject(j, "step", (double)v.step);
      cJSON_AddStringToObject(j, "field", v.field);
    }
    cJSON_AddStringToObject(j, "verdict", verdict);
    cJSON *score = cJSON_AddArrayToObject(j, "score");
    for (int32_t i = 0; i < (int32_t)r.def.players; i++) cJSON_AddItemToArray(score, cJSON_CreateNumber(r.score[i]));
    if (r.def.players > 2) cJSON_AddNumberToObject(j, "players", r.def.players);
    cJSON_AddNumberToObject(j, "winner", r.winner);
    cJSON_AddNumberToObject(j, "kicks", r.kicks);
    cJSON_AddItemToObject(j, "results", results_json(&r));
    cJSON_AddStringToObject(j, "end", end_name(&r));
    if (r.end == KICK_SHOOTOUT_ABANDONED) cJSON_AddNumberToObject(j, "abandoned_by", r.abandoned_by);
    cJSON_AddNumberToObject(j, "end_step", (double)r.end_step);
    cJSON_AddNumberToObject(j, "inputs", r.input_count);
    char h[19];
    snprintf(h, sizeof h, "%016llx", (unsigned long long)r.final_hash);
    cJSON_AddStringToObject(j, "final_hash", h);
    cli_print_json(j);
  } else {
    print_text(&r, verdict);
  }
  return v.identical ? EXIT_OK : EXIT_RUNTIME;
}
