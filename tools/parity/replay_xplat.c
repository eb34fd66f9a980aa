// SPDX-License-Identifier: MIT
/* replay-xplat: replay files and share codes carried between machines.
 *
 *   replay-xplat write DIR        records a fixed set of kicks (every World Tour
 *                                 level, a Daily Kick, kicks against a person in
 *                                 goal who taps) and writes each as DIR/<name>.ksr
 *                                 and its share code as DIR/<name>.code
 *   replay-xplat verify FILE...   loads each .ksr file (or .code share code),
 *                                 checks that encoding it again gives the same
 *                                 bytes (the same code), and re-simulates it
 *
 * Built by tools/parity/parity.sh for the native machine and for another one
 * (s390x, big-endian, under qemu): what one writes, the other must verify, and
 * both must write the same bytes. Needs only libc and kickstep (no cJSON), so
 * it builds with any cross compiler. Exit status: 0 all ok, 1 a failure, 2 usage. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kickstep/host_file.h"
#include "support/replay_file.h"
#include "kickstep/kick_levels.h"
#include "kickstep/kick_replay.h"

static const char usage[] =
    "usage: replay-xplat write DIR | verify FILE... | --help\n"
    "write   records the replay set, writing DIR/<name>.ksr and DIR/<name>.code\n"
    "verify  loads each FILE (.ksr: a replay file; .code: a share code), checks it encodes\n"
    "        to the same bytes again and re-simulates it; names the first difference\n";

enum { EXIT_OK = 0, EXIT_FAIL = 1, EXIT_USAGE = 2 };

typedef struct named_replay {
  char name[32];
  kick_replay r;
} named_replay;

#define SET_MAX 40

static kick_launch launch_at(double speed, double elevation, double direction, double spin_rate) {
  kick_launch k = kick_launch_default();
  k.speed_mps = speed;
  k.elevation = elevation;
  k.direction = direction;
  if (spin_rate > 0.0) {
    k.spin_axis = ks_v3(0.1, 1.0, -0.2);
    k.spin_rate = spin_rate;
  }
  return k;
}

static int add(named_replay *set, int *n, const char *name, const kick_setup *su, int64_t wait,
               const kick_launch *k, const kick_input *in, int32_t inputs) {
  if (*n >= SET_MAX) return -1;
  named_replay *e = &set[*n];
  snprintf(e->name, sizeof e->name, "%s", name);
  ks_status s = kick_replay_record(su, wait, k, in, inputs, &e->r);
  if (s != KS_OK) {
    fprintf(stderr, "replay-xplat: cannot record %s: %s\n", name, ks_status_name(s));
    return -1;
  }
  (*n)++;
  return 0;
}

/* The replay set: the same on every machine (its content is a function of the
   kickstep sources only). */
static int build_set(named_replay *set, int *n) {
  *n = 0;
  for (int32_t i = 0; i < kick_level_count(); i++) {
    const kick_level *lv = kick_level_at(i);
    kick_setup su;
    if (kick_level_setup(lv, 5000u + (uint64_t)i, 3u, &su) != KS_OK) return -1;
    kick_launch k = launch_at(lv->aim.speed_mps, 0.16 + 0.01 * (double)(i % 5),
                              0.04 - lv->spot_x / (-lv->spot_z), (double)(i % 4) * 18.0);
    char name[32];
    snprintf(name, sizeof name, "tour_%s", lv->id);
    for (char *c = name; *c; c++)
      if (*c == '-') *c = '_';
    if (add(set, n, name, &su, 37 + 11 * (int64_t)i, &k, NULL, 0) != 0) return -1;
  }
  kick_daily day;
  if (kick_daily_build(2024, 2, 29, 77u, 1u, &day) != KS_OK) return -1;
  kick_launch dk = launch_at(27.0, 0.18, 0.02 - day.setup.spot_x / (-day.setup.spot_z), 30.0);
  if (add(set, n, "daily_2024_02_29", &day.setup, 120, &dk, NULL, 0) != 0) return -1;
  /* A person in goal who taps once, and one who taps three times. */
  kick_setup pen = kick_setup_default();
  pen.spot_z = -11.0;
  pen.match_seed = 31337u;
  pen.keeper.kind = KICK_KEEPER_PLAIN;
  pen.person_in_goal = true;
  kick_launch pk = launch_at(29.5, 0.19, 0.2, 25.0);
  kick_input one = {true, 200 + 9, -1.5, 1.0};
  if (add(set, n, "person_in_goal_1", &pen, 200, &pk, &one, 1) != 0) return -1;
  pen.match_seed = 4242u;
  kick_launch pk3 = launch_at(24.0, 0.1, -0.12, 0.0);
  kick_input three[3] = {{true, 90 + 3, 1.2, 0.6}, {true, 90 + 8, -0.4, 1.9}, {true, 90 + 14, -2.2, 0.4}};
  if (add(set, n, "person_in_goal_3", &pen, 90, &pk3, three, 3) != 0) return -1;
  return 0;
}

static int write_text_file(const char *path, const char *text) {
  size_t len = strlen(text);
  FILE *f = fopen(path, "wb");
  bool ok = f && fwrite(text, 1, len, f) == len && fputc('\n', f) != EOF;
  if (f && fclose(f) != 0) ok = false;
  return ok ? 0 : -1;
}

static int cmd_write(const char *dir) {
  static named_replay set[SET_MAX];
  int n = 0;
  if (build_set(set, &n) != 0) return EXIT_FAIL;
  for (int i = 0; i < n; i++) {
    char path[4096], code[KICK_REPLAY_MAX_CODE + 1];
    size_t len = 0;
    kick_replay_error err;
    snprintf(path, sizeof path, "%s/%s.ksr", dir, set[i].name);
    if (kick_replay_file_save(path, &set[i].r, &err) != KS_OK) {
      char text[256];
      kick_replay_error_text(&err, text, sizeof text);
      fprintf(stderr, "replay-xplat: cannot write %s: %s\n", path, text);
      return EXIT_FAIL;
    }
    if (kick_replay_share_encode(&set[i].r, code, sizeof code, &len, &err) != KS_OK) {
      fprintf(stderr, "replay-xplat: cannot make the share code of %s\n", set[i].name);
      return EXIT_FAIL;
    }
    snprintf(path, sizeof path, "%s/%s.code", dir, set[i].name);
    if (write_text_file(path, code) != 0) {
      fprintf(stderr, "replay-xplat: cannot write %s\n", path);
      return EXIT_FAIL;
    }
    printf("wrote %s/%s.ksr (%zu bytes) and .code (%zu characters): %s, decided on step %lld\n", dir,
           set[i].name, kick_replay_encoded_size(&set[i].r), len, kick_outcome_name(set[i].r.outcome),
           (long long)set[i].r.decision_step);
  }
  return EXIT_OK;
}

static bool ends_with(const char *s, const char *tail) {
  size_t a = strlen(s), b = strlen(tail);
  return a >= b && strcmp(s + a - b, tail) == 0;
}

/* Loads one file into r and checks it encodes back to what was read. */
static int load_one(const char *path, kick_replay *r, char *what, size_t what_cap) {
  static uint8_t bytes[KICK_REPLAY_MAX_CODE + 2];
  size_t n = 0;
  kick_replay_error err;
  char text[256];
  char *whole = NULL;
  ks_host_error herr;
  if (ks_host_read_all(path, sizeof bytes, "a replay or share code", &whole, &n, &herr) != KS_OK) {
    printf("FAIL %s: cannot read it: %s\n", path, herr.message);
    return -1;
  }
  memcpy(bytes, whole, n);
  free(whole);
  if (ends_with(path, ".code")) {
    while (n > 0 && (bytes[n - 1] == '\n' || bytes[n - 1] == '\r' || bytes[n - 1] == ' ')) n--;
    if (kick_replay_share_decode((const char *)bytes, n, r, &err) != KS_OK) {
      kick_replay_error_text(&err, text, sizeof text);
      printf("FAIL %s: %s\n", path, text);
      return -1;
    }
    char code[KICK_REPLAY_MAX_CODE + 1];
    size_t len = 0;
    if (kick_replay_share_encode(r, code, sizeof code, &len, &err) != KS_OK || len != n ||
        memcmp(code, bytes, n) != 0) {
      printf("FAIL %s: the decoded share code encodes to a different code here\n", path);
      return -1;
    }
    snprintf(what, what_cap, "share code, %zu characters", n);
    return 0;
  }
  if (n > KICK_REPLAY_MAX_BYTES) n = KICK_REPLAY_MAX_BYTES + 1; /* decode names it */
  if (kick_replay_decode(bytes, n, r, &err) != KS_OK) {
    kick_replay_error_text(&err, text, sizeof text);
    printf("FAIL %s: %s\n", path, text);
    return -1;
  }
  uint8_t again[KICK_REPLAY_MAX_BYTES];
  size_t len = 0;
  if (kick_replay_encode(r, again, sizeof again, &len, &err) != KS_OK || len != n || memcmp(again, bytes, n) != 0) {
    size_t at = 0;
    while (at < n && at < len && again[at] == bytes[at]) at++;
    printf("FAIL %s: the decoded replay encodes to different bytes here (from byte %zu)\n", path, at);
    return -1;
  }
  /* The library's own file loader must agree with the decoder. */
  kick_replay via_file;
  if (kick_replay_file_load(path, &via_file, &err) != KS_OK) {
    kick_replay_error_text(&err, text, sizeof text);
    printf("FAIL %s: kick_replay_file_load: %s\n", path, text);
    return -1;
  }
  snprintf(what, what_cap, "replay file, %zu bytes", n);
  return 0;
}

static int cmd_verify(int argc, char **argv) {
  int fails = 0;
  for (int i = 0; i < argc; i++) {
    static kick_replay r;
    char what[64], text[256];
    if (!ends_with(argv[i], ".ksr") && !ends_with(argv[i], ".code")) {
      fprintf(stderr, "replay-xplat: %s: a replay file ends in .ksr, a share code file in .code\n", argv[i]);
      return EXIT_USAGE;
    }
    if (load_one(argv[i], &r, what, sizeof what) != 0) {
      fails++;
      continue;
    }
    kick_replay_verify_result v;
    ks_status s = kick_replay_verify(&r, &v);
    if (s != KS_OK) {
      printf("FAIL %s: cannot be simulated: %s\n", argv[i], ks_status_name(s));
      fails++;
      continue;
    }
    kick_replay_verify_text(&v, text, sizeof text);
    printf("%s %s (%s): %s; %s on step %lld\n", v.identical ? "ok  " : "FAIL", argv[i], what, text,
           kick_outcome_name(r.outcome), (long long)r.decision_step);
    if (!v.identical) fails++;
  }
  return fails ? EXIT_FAIL : EXIT_OK;
}

int main(int argc, char **argv) {
  if (argc >= 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
    fputs(usage, stdout);
    return EXIT_OK;
  }
  if (argc == 3 && strcmp(argv[1], "write") == 0) return cmd_write(argv[2]);
  if (argc >= 3 && strcmp(argv[1], "verify") == 0) return cmd_verify(argc - 2, argv + 2);
  fputs(usage, stderr);
  return EXIT_USAGE;
}
