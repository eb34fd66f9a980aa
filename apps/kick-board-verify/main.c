// SPDX-License-Identifier: MIT
/* kick-board-verify: the Daily Kick board's check as a program
   (kickstep/kick_board.h). It stays up and answers JSON lines, so a service
   pays for one process, not one per try; it also draws honest tries for tests
   and measures itself. */
#include <cjson/cJSON.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "kickstep/kick_board.h"
#include "kickstep/kick_hand.h"

static const char usage[] =
    "usage: kick-board-verify [verify] [-]      JSON lines on stdin, one answer line each on stdout\n"
    "       kick-board-verify hand --day N [--try K] [--seed S] [--count C]\n"
    "                                          honest tries, one JSON line each\n"
    "       kick-board-verify bench [--count C] [--day N]\n"
    "                                          verifications per CPU-second\n"
    "       kick-board-verify --help | --version\n"
    "\n"
    "verify: each input line is {\"id\": any, \"b64\": \"<submission, base64>\", \"share\": bool}\n"
    "or a bare base64 line; with \"share\": true an accepted try's answer carries its replay\n"
    "as a share code (kick_replay.h) in \"share\". Each answer is {\"id\", \"verdict\", \"text\", ...}: verdict \"ok\" or the\n"
    "refusal's name (docs/board.md); with the fields and the re-simulation's result when\n"
    "they were read. A line that is not JSON or base64 gets verdict \"malformed\"; empty lines are skipped.\n"
    "Lines longer than 256 KiB are refused as \"oversized\". Exit 0 at end of input.\n"
    "\n"
    "hand: --day is days since 1970-01-01 (UTC); --try 1..3 (default 1); --seed\n"
    "(default 1); --count (default 1) tries from seeds S, S+1, ...\n"
    "\n"
    "Exit codes: 0 done, 1 bad usage, 2 input/output error.\n";

/* ------------------------------------------------------------------ base64 */

static const char b64chars[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

static size_t b64_encode(const uint8_t *in, size_t n, char *out) {
  size_t o = 0;
  for (size_t i = 0; i < n; i += 3) {
    uint32_t v = (uint32_t)in[i] << 16;
    if (i + 1 < n) v |= (uint32_t)in[i + 1] << 8;
    if (i + 2 < n) v |= in[i + 2];
    out[o++] = b64chars[(v >> 18) & 63u];
    out[o++] = b64chars[(v >> 12) & 63u];
    out[o++] = i + 1 < n ? b64chars[(v >> 6) & 63u] : '=';
    out[o++] = i + 2 < n ? b64chars[v & 63u] : '=';
  }
  out[o] = 0;
  return o;
}

static int b64_val(int c) {
  if (c >= 'A' && c <= 'Z') return c - 'A';
  if (c >= 'a' && c <= 'z') return c - 'a' + 26;
  if (c >= '0' && c <= '9') return c - '0' + 52;
  if (c == '+' || c == '-') return 62;
  if (c == '/' || c == '_') return 63;
  return -1;
}

/* Decodes standard or URL-safe base64 (padding optional); -1 on a bad character. */
static long b64_decode(const char *s, size_t n, uint8_t *out, size_t cap) {
  uint32_t acc = 0;
  int bits = 0;
  size_t o = 0;
  for (size_t i = 0; i < n; i++) {
    if (s[i] == '=') break;
    int v = b64_val((unsigned char)s[i]);
    if (v < 0) return -1;
    acc = (acc << 6) | (uint32_t)v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      if (o >= cap) return -2;
      out[o++] = (uint8_t)(acc >> bits);
    }
  }
  return (long)o;
}

/* ------------------------------------------------------------------ answers */

static void hex64(uint64_t v, char out[17]) { snprintf(out, 17, "%016" PRIx64, v); }

static void add_result(cJSON *o, const char *key, const kick_board_result *r) {
  cJSON *j = cJSON_AddObjectToObject(o, key);
  cJSON_AddNumberToObject(j, "outcome", r->outcome);
  cJSON_AddNumberToObject(j, "points", r->points);
  cJSON_AddNumberToObject(j, "decision_step", (double)r->decision_step);
  cJSON_AddNumberToObject(j, "moments", r->moments);
  cJSON_AddBoolToObject(j, "crossed", r->crossed);
  cJSON_AddNumberToObject(j, "cross_x", r->cross_x);
  cJSON_AddNumberToObject(j, "cross_y", r->cross_y);
}

static void add_fields(cJSON *o, const kick_board_try *t) {
  cJSON_AddNumberToObject(o, "rules", t->rules);
  cJSON_AddNumberToObject(o, "day", t->day_number);
  cJSON_AddNumberToObject(o, "try", t->try_number);
  cJSON_AddNumberToObject(o, "strike_step", (double)t->strike_step);
  cJSON_AddStringToObject(o, "input", t->input == KICK_BOARD_INPUT_KEYS ? "keys" : "swipe");
}

/* One answer line; `text` replaces the verdict's own sentence when the line itself was wrong. */
static void answer_text(cJSON *id, kick_board_verdict v, const kick_board_report *rep, const char *share, const char *text) {
  cJSON *o = cJSON_CreateObject();
  if (share) cJSON_AddStringToObject(o, "share", share);
  if (id) cJSON_AddItemToObject(o, "id", cJSON_Duplicate(id, true));
  cJSON_AddStringToObject(o, "verdict", kick_board_verdict_name(v));
  cJSON_AddStringToObject(o, "text", text ? text : kick_board_verdict_text(v));
  if (rep) {
    add_fields(o, &rep->fields);
    if (rep->simulated) {
      char h[17];
      add_result(o, "result", &rep->result);
      hex64(rep->shot_hash, h);
      cJSON_AddStringToObject(o, "shot_hash", h);
      hex64(rep->input_hash, h);
      cJSON_AddStringToObject(o, "input_hash", h);
      cJSON_AddNumberToObject(o, "steps", (double)rep->steps);
    }
  }
  char *s = cJSON_PrintUnformatted(o);
  if (s) {
    fputs(s, stdout);
    fputc('\n', stdout);
    free(s);
  }
  cJSON_Delete(o);
}

static void answer(cJSON *id, kick_board_verdict v, const kick_board_report *rep, const char *share) {
  answer_text(id, v, rep, share, NULL);
}

#define LINE_MAX_BYTES (256 * 1024)

static int run_verify(void) {
  static char line[LINE_MAX_BYTES + 2];
  static uint8_t bytes[KICK_BOARD_MAX_BYTES + 16];
  while (fgets(line, sizeof line, stdin)) {
    size_t n = strlen(line);
    if (n > 0 && line[n - 1] != '\n' && !feof(stdin)) { /* too long: skip the rest of the line */
      int c;
      while ((c = getchar()) != EOF && c != '\n') {
      }
      answer_text(NULL, KICK_BOARD_OVERSIZED, NULL, NULL, "the line is longer than 256 KiB");
      fflush(stdout);
      continue;
    }
    while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r')) line[--n] = 0;
    if (n == 0) continue;
    cJSON *j = NULL, *id = NULL;
    const char *b64 = line;
    size_t b64n = n;
    if (line[0] == '{') {
      j = cJSON_ParseWithLength(line, n);
      cJSON *s = j ? cJSON_GetObjectItemCaseSensitive(j, "b64") : NULL;
      id = j ? cJSON_GetObjectItemCaseSensitive(j, "id") : NULL;
      if (!cJSON_IsString(s)) {
        answer_text(id, KICK_BOARD_MALFORMED, NULL, NULL,
                    j ? "the line's JSON object has no string \"b64\"" : "the line starts with { but is not JSON");
        cJSON_Delete(j);
        fflush(stdout);
        continue;
      }
      b64 = s->valuestring;
      b64n = strlen(b64);
    }
    long len = b64_decode(b64, b64n, bytes, sizeof bytes);
    if (len < 0) {
      answer_text(id, len == -2 ? KICK_BOARD_OVERSIZED : KICK_BOARD_MALFORMED, NULL, NULL,
                  len == -2 ? "the submission is larger than the largest allowed" : "the submission is not base64");
    } else {
      kick_board_report rep;
      kick_board_verdict v = kick_board_verify(bytes, (size_t)len, &rep);
      const char *share = NULL;
      static char code[KICK_REPLAY_MAX_CODE + 1];
      static kick_replay replay;
      size_t clen;
      if (v == KICK_BOARD_OK && cJSON_IsTrue(j ? cJSON_GetObjectItemCaseSensitive(j, "share") : NULL) &&
          kick_board_replay(bytes, (size_t)len, &replay) == KICK_BOARD_OK &&
          kick_replay_share_encode(&replay, code, sizeof code, &clen, NULL) == KS_OK)
        share = code;
      answer(id, v, &rep, share);
    }
    cJSON_Delete(j);
    if (fflush(stdout) != 0) return 2;
  }
  return ferror(stdin) ? 2 : 0;
}

/* ------------------------------------------------------------------ hand, bench */

static int parse_i64(const char *s, int64_t *out) {
  char *end;
  errno = 0;
  long long v = strtoll(s, &end, 10);
  if (errno || end == s || *end) return -1;
  *out = v;
  return 0;
}

typedef struct opts {
  int64_t day, try_number, seed, count;
} opts;

static int parse_opts(int argc, char **argv, int from, opts *o) {
  for (int i = from; i < argc; i++) {
    int64_t *dst = NULL;
    if (!strcmp(argv[i], "--day")) dst = &o->day;
    else if (!strcmp(argv[i], "--try")) dst = &o->try_number;
    else if (!strcmp(argv[i], "--seed")) dst = &o->seed;
    else if (!strcmp(argv[i], "--count")) dst = &o->count;
    if (!dst || i + 1 >= argc || parse_i64(argv[i + 1], dst) != 0) {
      fprintf(stderr, "kick-board-verify: bad option %s (see --help)\n", argv[i]);
      return -1;
    }
    i++;
  }
  return 0;
}

static int run_hand(const opts *o) {
  static kick_touch pts[KICK_HAND_MAX_SAMPLES];
  static uint8_t bytes[KICK_BOARD_MAX_BYTES];
  static char b64[KICK_BOARD_MAX_BYTES * 2];
  for (int64_t i = 0; i < o->count; i++) {
    kick_board_try t;
    kick_board_verdict v = kick_board_hand_try((int32_t)o->day, (int32_t)o->try_number, (uint64_t)(o->seed + i) * 1000u,
                                               &t, pts);
    if (v != KICK_BOARD_OK) {
      fprintf(stderr, "kick-board-verify: no honest try: %s\n", kick_board_verdict_text(v));
      return 1;
    }
    size_t n = kick_board_encode(&t, pts, bytes, sizeof bytes);
    b64_encode(bytes, n, b64);
    cJSON *j = cJSON_CreateObject();
    add_fields(j, &t);
    add_result(j, "claim", &t.claim);
    cJSON_AddStringToObject(j, "b64", b64);
    char *s = cJSON_PrintUnformatted(j);
    puts(s);
    free(s);
    cJSON_Delete(j);
  }
  return fflush(stdout) == 0 ? 0 : 2;
}

static double cpu_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int run_bench(const opts *o) {
  enum { KINDS = 64 };
  static kick_touch pts[KICK_HAND_MAX_SAMPLES];
  static uint8_t bytes[KINDS][8192];
  size_t len[KINDS];
  int64_t steps = 0;
  for (int i = 0; i < KINDS; i++) {
    kick_board_try t;
    /* the tries of `hand --try 1 + i % 3 --seed i + 1` (tools/board/bench-wasm.mjs verifies the same) */
    if (kick_board_hand_try((int32_t)o->day, 1 + i % 3, (uint64_t)(i + 1) * 1000u, &t, pts) != KICK_BOARD_OK) return 1;
    len[i] = kick_board_encode(&t, pts, bytes[i], sizeof bytes[i]);
    if (len[i] == 0) return 1;
  }
  double t0 = cpu_seconds();
  for (int64_t k = 0; k < o->count; k++) {
    kick_board_report rep;
    if (kick_board_verify(bytes[k % KINDS], len[k % KINDS], &rep) != KICK_BOARD_OK) return 1;
    steps += rep.steps;
  }
  double dt = cpu_seconds() - t0;
  printf("{\"verifications\":%" PRId64 ",\"cpu_s\":%.4f,\"per_cpu_s\":%.1f,\"steps_per_verification\":%.1f}\n",
         o->count, dt, (double)o->count / dt, (double)steps / (double)o->count);
  return 0;
}

int main(int argc, char **argv) {
  if (argc > 1 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
    fputs(usage, stdout);
    return 0;
  }
  if (argc > 1 && !strcmp(argv[1], "--version")) {
    printf("kick-board-verify rules %d\n", KICK_BOARD_RULES);
    return 0;
  }
  if (argc == 1 || !strcmp(argv[1], "verify") || !strcmp(argv[1], "-")) {
    if (argc > 2 && strcmp(argv[2], "-") != 0) {
      fprintf(stderr, "kick-board-verify: verify reads standard input only, not %s\n", argv[2]);
      fputs(usage, stderr);
      return 1;
    }
    return run_verify();
  }
  opts o = {20424, 1, 1, 1};
  if (!strcmp(argv[1], "hand")) {
    if (parse_opts(argc, argv, 2, &o) != 0) return 1;
    if (o.day < 0 || o.day > 200000 || o.try_number < 1 || o.try_number > 3 || o.count < 1 || o.count > 1000000 ||
        o.seed < 0) {
      fprintf(stderr, "kick-board-verify: hand takes --day 0..200000, --try 1..3, --count 1..1000000, --seed >= 0\n");
      return 1;
    }
    return run_hand(&o);
  }
  if (!strcmp(argv[1], "bench")) {
    o.count = 20000;
    if (parse_opts(argc, argv, 2, &o) != 0) return 1;
    if (o.count < 1) {
      fprintf(stderr, "kick-board-verify: bench --count must be at least 1\n");
      return 1;
    }
    return run_bench(&o);
  }
  fprintf(stderr, "kick-board-verify: unknown command %s\n", argv[1]);
  fputs(usage, stderr);
  return 1;
}
