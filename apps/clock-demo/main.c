// SPDX-License-Identifier: MIT
/* clock-demo: how many 1/600 s steps each frame runs at several display
   rates, live, in slow motion (0.3x) and in a replay (0.45x). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "kickstep/clock.h"
#include "support/cli.h"

static const char usage_text[] =
    "usage: clock-demo [--json] [--help] [--version]\n"
    "\n"
    "Prints how many 1/600 s steps 8 successive frames run at display rates from\n"
    "120 Hz to a 100 ms stall, live (1x), in slow motion (0.3x) and in a replay\n"
    "(0.45x), with frames clamped to 1/20 s. It takes no other arguments.\n"
    "  --json   the table as one JSON object: per display rate, the steps of each frame\n"
    "Exit codes: 0 ok, 1 the clock or the output failed, 2 usage error.\n\n"
    "examples:\n"
    "  clock-demo\n"
    "  clock-demo --json\n";

#define FRAMES 8

static int run(int argc, char **argv) {
  if (ks_cli_help_wanted(argc, argv, usage_text) || ks_cli_version_wanted(argc, argv, "clock-demo")) return 0;
  bool json = false;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--json") == 0) json = true;
    else if (argv[i][0] == '-' && argv[i][1] != '\0') return ks_cli_usage("unrecognized option '%s'", argv[i]);
    else return ks_cli_usage("unknown argument '%s'", argv[i]);
  }
  static const struct { const char *name; double frame; } rates[] = {
      {"120 Hz", 1.0 / 120}, {"80 Hz", 1.0 / 80}, {"60 Hz", 1.0 / 60},
      {"30 Hz", 1.0 / 30},   {"20 Hz", 1.0 / 20}, {"100 ms stall", 0.1}};
  static const double scales[] = {1.0, 0.3, 0.45};
  static const char *const scale_keys[] = {"live", "slow_motion", "replay"};
  enum { NRATES = sizeof rates / sizeof rates[0] };
  long long steps[NRATES][3][FRAMES];
  for (size_t r = 0; r < NRATES; r++)
    for (size_t s = 0; s < 3; s++) {
      ks_clock_def d = ks_clock_default_def();
      d.steps_per_second = 600;
      d.max_frame_seconds = 1.0 / 20;
      d.time_scale = scales[s];
      ks_clock c;
      if (ks_clock_init(&c, &d) != KS_OK) {
        ks_cli_error("the clock refused its definition");
        return 1;
      }
      for (int f = 0; f < FRAMES; f++) steps[r][s][f] = (long long)ks_clock_advance(&c, rates[r].frame);
    }
  if (json) {
    cJSON *j = cJSON_CreateObject();
    cJSON_AddNumberToObject(j, "steps_per_second", 600);
    cJSON_AddNumberToObject(j, "max_frame_s", 1.0 / 20);
    cJSON_AddNumberToObject(j, "frames", FRAMES);
    cJSON *scale = cJSON_AddObjectToObject(j, "time_scales");
    for (size_t s = 0; s < 3; s++) cJSON_AddNumberToObject(scale, scale_keys[s], scales[s]);
    cJSON *rows = cJSON_AddArrayToObject(j, "rates");
    for (size_t r = 0; r < NRATES; r++) {
      cJSON *row = cJSON_CreateObject();
      cJSON_AddStringToObject(row, "frame", rates[r].name);
      cJSON_AddNumberToObject(row, "frame_s", rates[r].frame);
      for (size_t s = 0; s < 3; s++) {
        cJSON *a = cJSON_AddArrayToObject(row, scale_keys[s]);
        for (int f = 0; f < FRAMES; f++) cJSON_AddItemToArray(a, cJSON_CreateNumber((double)steps[r][s][f]));
      }
      cJSON_AddItemToArray(rows, row);
    }
    char *text = cJSON_Print(j);
    cJSON_Delete(j);
    if (!text) {
      ks_cli_error("out of memory for the JSON");
      return 1;
    }
    puts(text);
    cJSON_free(text);
    return 0;
  }
  printf("kickstep clock: 600 steps/s, frames clamped to 1/20 s\n\n");
  printf("%-14s %-22s %-22s %-22s\n", "frame", "live (1x)", "slow motion (0.3x)", "replay (0.45x)");
  for (size_t r = 0; r < NRATES; r++) {
    printf("%-14s", rates[r].name);
    for (size_t s = 0; s < 3; s++) {
      char buf[64];
      int n = 0;
      for (int f = 0; f < FRAMES; f++) n += snprintf(buf + n, sizeof buf - (size_t)n, "%lld ", steps[r][s][f]);
      printf(" %-22s", buf);
    }
    printf("\n");
  }
  printf("\n(each cell: steps run by 8 successive frames)\n");
  return 0;
}

int main(int argc, char **argv) {
  ks_cli_begin("clock-demo");
  return ks_cli_end(run(argc, argv), 1);
}
