// SPDX-License-Identifier: MIT
/* play: a game session (kickstep/kick_session.h) played from a script of
   inputs, one JSON object a line, printing what the page would show after
   each kick. The page's call log (web/kick/game.js) becomes such a script
   with tools/calllog-to-play.mjs, and gives the same results. */
#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "kickstep/host_file.h"
#include "kickstep/kick_session.h"

#define PLAY_MAX_BYTES (64u << 20)
#define PLAY_FRAME (1.0 / 60.0)
#define PLAY_MAX_WAIT_S 600.0

static const char play_usage[] =
    "usage: kick-cli play [--date YYYY-MM-DD] [--json] SCRIPT\n"
    "Plays a game session of the free kick from a script of inputs and prints what the\n"
    "page would show after each kick: level, attempt, outcome, points, stars, the levels\n"
    "it unlocked, the Daily Kick's tries and streak, the kick's share code. The rules are\n"
    "the page's own (kick_session.h): the same script gives the same kicks, bit for bit.\n"
    "\n"
    "SCRIPT is a JSON lines file ('-': standard input), one input a line, each an object\n"
    "with \"do\" naming it (blank lines and lines starting with # are skipped):\n"
    "  {\"do\":\"tour\",\"level\":\"1-1\",\"attempt\":1}   a World Tour level (id, name or index) on\n"
    "                                            the tour's seed; \"seed\": N for another\n"
    "  {\"do\":\"daily\",\"date\":\"2026-12-01\"}     the Daily Kick's next try (date: --date's)\n"
    "  {\"do\":\"progress\",\"level\":0,\"stars\":2,\"best\":1500}   stored progress of a level\n"
    "  {\"do\":\"progress_load\",\"hex\":\"4b535047...\"}   stored progress as bytes (kick_session.h)\n"
    "  {\"do\":\"daily_record\",\"day\":..,\"tries\":..,\"goals_mask\":..,\"best_points\":..,\n"
    "   \"streak\":..,\"best_streak\":..,\"last_goal_day\":..}   the stored Daily Kick record\n"
    "  {\"do\":\"option\",\"name\":\"person_keeper\",\"value\":1}   or \"id\": N (effects, person_keeper)\n"
    "  {\"do\":\"screen\",\"width\":390,\"height\":844}   the drawing's size, CSS px\n"
    "  {\"do\":\"swipe\",\"samples\":[[x,y,t],...]}    a whole swipe (x y px, y down, t s: kick-cli\n"
    "      flick --json's samples); or its parts: swipe_begin,\n"
    "      {\"do\":\"swipe_point\",\"t\":..,\"x\":..,\"y\":..}, swipe_end\n"
    "  {\"do\":\"keys\",\"aim\":0.2,\"height\":0.5,\"bend\":0,\"hold\":0.6}   a key kick now; or its\n"
    "      parts: keys_set (aim, height, bend), keys_charge / keys_release (t)\n"
    "  {\"do\":\"frame\",\"t\":12.5}   one display frame at t s      {\"do\":\"wait\",\"seconds\":2}\n"
    "  {\"do\":\"play\"}   frames of 1/60 s until the result shows ({\"skip\":true}: tap when a\n"
    "      tap may skip)\n"
    "  {\"do\":\"tap\",\"x\":..,\"y\":..}  {\"do\":\"next\"}  {\"do\":\"pause\"}  {\"do\":\"resume\"}\n"
    "  {\"do\":\"share\",\"code\":\"...\"}   plays a share code's kick\n"
    "Frames made by wait and play go on from the last frame's time (1 s at the start).\n"
    "\n"
    "options:\n"
    "  --date YYYY-MM-DD    the Daily Kick's date for \"daily\" lines without one (\"today\": UTC)\n"
    "  --json               one JSON object a line per kick, then {\"summary\":...}\n"
    "\n"
    "exit codes: 0 played, 1 a script that cannot be read or holds a bad line (named),\n"
    "2 usage error\n"
    "\n"
    "examples:\n"
    "  kick-cli play tour.jsonl\n"
    "  node tools/calllog-to-play.mjs page.calls.json | kick-cli play --json -\n";

typedef struct play_state {
  kick_session s;
  double now;           /* the last frame's time, s */
  int32_t y, m, d;      /* --date */
  bool has_date;
  bool json;
  int32_t kicks;
  int32_t shown_screen; /* the screen after the last input */
  int32_t unlocked_before[KICK_SESSION_LEVELS];
} play_state;

static play_state P;

/* ------------------------------------------------------------------ reading a line */

static bool num(const cJSON *o, const char *key, double *out) {
  const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
  if (cJSON_IsNumber(v)) {
    *out = v->valuedouble;
    return true;
  }
  if (cJSON_IsNull(v)) { /* JSON.stringify writes NaN and infinities as null */
    *out = NAN;
    return true;
  }
  return false;
}

static bool whole(const cJSON *o, const char *key, int64_t lo, int64_t hi, int64_t *out) {
  double x;
  if (!num(o, key, &x) || !(x >= (double)lo && x <= (double)hi) || x != floor(x)) return false;
  *out = (int64_t)x;
  return true;
}

static bool parse_date(const char *s, int32_t *y, int32_t *m, int32_t *d) {
  if (strcmp(s, "today") == 0) {
    time_t t = time(NULL);
    struct tm tm;
    if (!gmtime_r(&t, &tm)) return false;
    *y = tm.tm_year + 1900;
    *m = tm.tm_mon + 1;
    *d = tm.tm_mday;
    return true;
  }
  int n = 0;
  if (sscanf(s, "%4d-%2d-%2d%n", y, m, d, &n) != 3 || s[n] != '\0' || strlen(s) != 10) return false;
  return kick_day_number(*y, *m, *d) > 0;
}

/* ------------------------------------------------------------------ what the page shows */

static const char *level_id(int32_t level) {
  const kick_level *lv = kick_level_at(level);
  return lv ? lv->id : "-";
}

static void note_unlocks(void) {
  for (int32_t i = 0; i < KICK_SESSION_LEVELS; i++) P.unlocked_before[i] = kick_session_level_unlocked(&P.s, i);
}

static void print_kick(void) {
  const kick_session *s = &P.s;
  P.kicks++;
  char code[KICK_REPLAY_MAX_CODE + 1] = "";
  kick_replay r;
  size_t n = 0;
  if (kick_replay_from_director(&s->dir, &r) == KS_OK) (void)kick_replay_share_encode(&r, code, sizeof code, &n, NULL);
  int32_t unlocked[KICK_SESSION_LEVELS];
  int32_t nu = 0;
  for (int32_t i = 0; i < KICK_SESSION_LEVELS; i++)
    if (kick_session_level_unlocked(s, i) == 1 && P.unlocked_before[i] != 1) unlocked[nu++] = i;
  const char *mode = kick_session_mode_name(s->mode);
  const char *outcome = kick_outcome_name((kick_outcome)s->last_outcome);
  bool tour = s->mode == KICK_SESSION_MODE_TOUR;
  bool daily = s->mode == KICK_SESSION_MODE_DAILY;
  int64_t decision = kick_shot_decision_step(&s->dir.live);
  if (P.json) {
    cJSON *o = cJSON_CreateObject();
    cJSON_AddNumberToObject(o, "kick", P.kicks);
    cJSON_AddStringToObject(o, "mode", mode);
    if (s->level >= 0 && s->mode != KICK_SESSION_MODE_DAILY) {
      cJSON_AddNumberToObject(o, "level", s->level);
      cJSON_AddStringToObject(o, "level_id", level_id(s->level));
    }
    if (daily) {
      char date[16];
      snprintf(date, sizeof date, "%04d-%02d-%02d", (int)s->year, (int)s->month, (int)s->day);
      cJSON_AddStringToObject(o, "date", date);
    }
    cJSON_AddNumberToObject(o, "attempt", s->attempt);
    cJSON_AddStringToObject(o, "outcome", outcome);
    cJSON_AddNumberToObject(o, "moments", s->last_moments);
    cJSON_AddNumberToObject(o, "points", s->points.total);
    cJSON_AddNumberToObject(o, "decision_step", (double)decision);
    cJSON_AddBoolToObject(o, "friendly", s->friendly);
    cJSON_AddNumberToObject(o, "goals", s->goals);
    if (tour) {
      cJSON_AddNumberToObject(o, "stars", s->last_stars);
      cJSON_AddNumberToObject(o, "level_stars", s->stars[s->level]);
      cJSON_AddNumberToObject(o, "level_best", s->best[s->level]);
      cJSON_AddNumberToObject(o, "tour_stars", kick_session_tour_stars(s));
      cJSON_AddNumberToObject(o, "tour_points", kick_session_tour_points(s));
      cJSON_AddBoolToObject(o, "tour_complete", s->tour_complete);
      cJSON *u = cJSON_AddArrayToObject(o, "unlocked");
      for (int32_t i = 0; i < nu; i++) cJSON_AddItemToArray(u, cJSON_CreateString(level_id(unlocked[i])));
    }
    if (daily) {
      cJSON_AddNumberToObject(o, "daily_tries", s->daily.tries);
      cJSON_AddNumberToObject(o, "daily_tries_left", kick_session_daily_tries_left(s));
      cJSON_AddNumberToObject(o, "daily_best", s->daily.best_points);
      cJSON_AddNumberToObject(o, "streak", s->daily.streak);
      cJSON_AddNumberToObject(o, "best_streak", s->daily.best_streak);
    }
    cJSON_AddStringToObject(o, "share", code);
    char *txt = cJSON_PrintUnformatted(o);
    if (txt) printf("%s\n", txt);
    free(txt);
    cJSON_Delete(o);
    return;
  }
  printf("kick %d  %s", (int)P.kicks, mode);
  if (tour || (s->mode == KICK_SESSION_MODE_SHARED && s->level >= 0)) printf(" %s", level_id(s->level));
  if (daily) printf(" %04d-%02d-%02d", (int)s->year, (int)s->month, (int)s->day);
  printf("  attempt %d  %s  %d pts", (int)s->attempt, outcome, (int)s->points.total);
  if (s->friendly) printf("  friendly");
  if (tour && !s->friendly)
    printf("  stars %d (level %d, tour %d/%d)", (int)s->last_stars, (int)s->stars[s->level],
           (int)kick_session_tour_stars(s), (int)kick_session_tour_stars_max());
  if (daily)
    printf("  try %d of %d, streak %d", (int)s->daily.tries, (int)s->def.daily_tries, (int)s->daily.streak);
  for (int32_t i = 0; i < nu; i++) printf("%s%s", i ? ", " : "  unlocked ", level_id(unlocked[i]));
  if (s->tour_complete) printf("  the tour is won");
  printf("\n");
}

/* After every input: a kick whose result has just come is printed. */
static void after_input(void) {
  int32_t scr = P.s.screen;
  if (scr == KICK_SESSION_SCREEN_RESULT && P.shown_screen != KICK_SESSION_SCREEN_RESULT && P.s.decided_seen)
    print_kick();
  if (scr != KICK_SESSION_SCREEN_RESULT && P.shown_screen == KICK_SESSION_SCREEN_RESULT) note_unlocks();
  P.shown_screen = scr;
}

static void frame(double t) {
  (void)kick_session_frame(&P.s, t);
  if (ks_is_finite(t)) P.now = t;
  after_input();
}

/* ------------------------------------------------------------------ one line */

static int bad(int lineno, const char *what) {
  cli_error("script line %d: %s", lineno, what);
  return EXIT_RUNTIME;
}

static void refused(int lineno, const char *what, ks_status st) {
  if (P.json) {
    cJSON *o = cJSON_CreateObject();
    cJSON_AddNumberToObject(o, "line", lineno);
    cJSON_AddStringToObject(o, "refused", what);
    cJSON_AddStringToObject(o, "status", ks_status_name(st));
    if (strncmp(what, "swipe", 5) == 0 && P.s.reading.error != KICK_SWIPE_OK)
      cJSON_AddStringToObject(o, "why", kick_swipe_error_name(P.s.reading.error));
    char *txt = cJSON_PrintUnformatted(o);
    if (txt) printf("%s\n", txt);
    free(txt);
    cJSON_Delete(o);
  } else {
    printf("line %d: %s refused (%s)\n", lineno, what, ks_status_name(st));
  }
}

static int apply(const cJSON *o, int lineno) {
  const cJSON *dov = cJSON_GetObjectItemCaseSensitive(o, "do");
  if (!cJSON_IsString(dov)) return bad(lineno, "an object with \"do\" naming the input is wanted");
  const char *d = dov->valuestring;
  kick_session *s = &P.s;
  ks_status st = KS_OK;
  double a = 0, b = 0, c = 0;
  int64_t i1 = 0, i2 = 0, i3 = 0;
  if (!strcmp(d, "tour")) {
    const cJSON *lv = cJSON_GetObjectItemCaseSensitive(o, "level");
    int32_t level = -1;
    if (cJSON_IsString(lv)) {
      if (kick_level_lookup(lv->valuestring, &level) != KS_OK) return bad(lineno, "no such level");
    } else if (whole(o, "level", 0, KICK_SESSION_LEVELS - 1, &i1)) {
      level = (int32_t)i1;
    } else {
      return bad(lineno, "tour: \"level\" is a level id, name or index 0..29");
    }
    int64_t attempt = 1;
    if (cJSON_GetObjectItemCaseSensitive(o, "attempt") && !whole(o, "attempt", 1, 99, &attempt))
      return bad(lineno, "tour: \"attempt\" is a whole number from 1");
    if (cJSON_GetObjectItemCaseSensitive(o, "seed")) {
      if (!whole(o, "seed", 0, (int64_t)1 << 53, &i2)) return bad(lineno, "tour: \"seed\" is a whole number");
      st = kick_session_tour_seeded(s, level, (uint64_t)i2, (int32_t)attempt);
    } else {
      st = kick_session_tour(s, level, (int32_t)attempt);
    }
    if (st == KS_OK) note_unlocks();
  } else if (!strcmp(d, "daily")) {
    int32_t y = P.y, m = P.m, dd = P.d;
    const cJSON *dt = cJSON_GetObjectItemCaseSensitive(o, "date");
    if (cJSON_IsString(dt)) {
      if (!parse_date(dt->valuestring, &y, &m, &dd)) return bad(lineno, "daily: \"date\" is YYYY-MM-DD");
    } else if (!P.has_date) {
      return bad(lineno, "daily: no \"date\" and no --date");
    }
    st = kick_session_daily(s, y, m, dd);
  } else if (!strcmp(d, "progress")) {
    if (!whole(o, "level", -1000, 1000, &i1) || !whole(o, "stars", -1000, 1000, &i2) ||
        !whole(o, "best", -1, INT32_MAX, &i3))
      return bad(lineno, "progress: \"level\", \"stars\" and \"best\" are whole numbers");
    st = kick_session_progress_set(s, (int32_t)i1, (int32_t)i2, (int32_t)i3);
  } else if (!strcmp(d, "progress_load")) {
    const cJSON *hx = cJSON_GetObjectItemCaseSensitive(o, "hex");
    if (!cJSON_IsString(hx)) return bad(lineno, "progress_load: \"hex\", the stored bytes");
    const char *h = hx->valuestring;
    size_t hl = strlen(h);
    uint8_t bytes[KICK_SESSION_PROGRESS_BYTES * 2];
    if (hl % 2 != 0 || hl / 2 > sizeof bytes) return bad(lineno, "progress_load: \"hex\" is an even number of hex digits");
    for (size_t k = 0; k < hl / 2; k++) {
      static const char digits[] = "0123456789abcdef0123456789ABCDEF";
      const char *hi = strchr(digits, h[2 * k]), *lo = strchr(digits, h[2 * k + 1]);
      if (!hi || !lo || !*hi || !*lo) return bad(lineno, "progress_load: \"hex\" is hex digits");
      bytes[k] = (uint8_t)(((hi - digits) % 16) << 4 | ((lo - digits) % 16));
    }
    st = kick_session_progress_load(s, bytes, hl / 2);
  } else if (!strcmp(d, "daily_record")) {
    static const char *const keys[7] = {"day", "tries", "goals_mask", "best_points", "streak", "best_streak",
                                        "last_goal_day"};
    int64_t v[7];
    for (int i = 0; i < 7; i++)
      if (!whole(o, keys[i], INT32_MIN, INT32_MAX, &v[i])) return bad(lineno, "daily_record: a field is missing");
    if (v[2] < 0) {
      st = KS_ERR_RANGE;
    } else {
      kick_daily_record r = {(int32_t)v[0], (int32_t)v[1], (uint32_t)v[2], (int32_t)v[3],
                             (int32_t)v[4], (int32_t)v[5], (int32_t)v[6]};
      st = kick_session_daily_set(s, &r);
    }
  } else if (!strcmp(d, "option")) {
    const cJSON *nm = cJSON_GetObjectItemCaseSensitive(o, "name");
    int32_t id = -1;
    if (cJSON_IsString(nm)) {
      for (int32_t k = 0; k < kick_session_option_count; k++)
        if (!strcmp(nm->valuestring, kick_session_option_name(k))) id = k;
      if (id < 0) return bad(lineno, "option: no such option (effects, person_keeper)");
    } else if (whole(o, "id", -1000, 1000, &i1)) {
      id = (int32_t)i1;
    } else {
      return bad(lineno, "option: a \"name\" or an \"id\"");
    }
    if (!num(o, "value", &a)) return bad(lineno, "option: a \"value\"");
    st = kick_session_set_option(s, id, a);
  } else if (!strcmp(d, "screen")) {
    if (!num(o, "width", &a) || !num(o, "height", &b)) return bad(lineno, "screen: \"width\" and \"height\"");
    st = kick_session_screen_size(s, a, b);
  } else if (!strcmp(d, "swipe_begin")) {
    st = kick_session_swipe_begin(s);
  } else if (!strcmp(d, "swipe_point")) {
    if (!num(o, "t", &a) || !num(o, "x", &b) || !num(o, "y", &c)) return bad(lineno, "swipe_point: t, x, y");
    st = kick_session_swipe_point(s, a, b, c);
  } else if (!strcmp(d, "swipe_end")) {
    st = kick_session_swipe_end(s);
  } else if (!strcmp(d, "swipe")) {
    const cJSON *sm = cJSON_GetObjectItemCaseSensitive(o, "samples");
    if (!cJSON_IsArray(sm)) return bad(lineno, "swipe: \"samples\": [[x, y, t], ...]");
    st = kick_session_swipe_begin(s);
    const cJSON *p;
    cJSON_ArrayForEach(p, sm) {
      if (!cJSON_IsArray(p) || cJSON_GetArraySize(p) != 3) return bad(lineno, "swipe: each sample is [x, y, t]");
      double v[3];
      for (int k = 0; k < 3; k++) {
        const cJSON *e = cJSON_GetArrayItem(p, k);
        if (!cJSON_IsNumber(e)) return bad(lineno, "swipe: each sample is [x, y, t], numbers");
        v[k] = e->valuedouble;
      }
      if (st == KS_OK) (void)kick_session_swipe_point(s, v[2], v[0], v[1]);
    }
    if (st == KS_OK) st = kick_session_swipe_end(s);
  } else if (!strcmp(d, "keys_set")) {
    if (!num(o, "aim", &a) || !num(o, "height", &b) || !num(o, "bend", &c)) return bad(lineno, "keys_set: aim, height, bend");
    st = kick_session_keys_set(s, a, b, c);
  } else if (!strcmp(d, "keys_charge") || !strcmp(d, "keys_release")) {
    if (!num(o, "t", &a)) return bad(lineno, "keys_charge / keys_release: t");
    st = d[5] == 'c' ? kick_session_keys_charge(s, a) : kick_session_keys_release(s, a);
  } else if (!strcmp(d, "keys")) {
    double hold;
    if (!num(o, "aim", &a) || !num(o, "height", &b) || !num(o, "bend", &c) || !num(o, "hold", &hold))
      return bad(lineno, "keys: aim, height, bend, hold");
    st = kick_session_keys_set(s, a, b, c);
    if (st == KS_OK) st = kick_session_keys_charge(s, P.now);
    if (st == KS_OK) st = kick_session_keys_release(s, P.now + hold);
  } else if (!strcmp(d, "frame")) {
    if (!num(o, "t", &a)) return bad(lineno, "frame: \"t\", seconds");
    frame(a);
    return EXIT_OK;
  } else if (!strcmp(d, "wait")) {
    if (!num(o, "seconds", &a) || !(a >= 0.0 && a <= PLAY_MAX_WAIT_S)) return bad(lineno, "wait: \"seconds\", 0..600");
    double end = P.now + a;
    while (P.now + PLAY_FRAME <= end + 1e-9) frame(P.now + PLAY_FRAME);
    return EXIT_OK;
  } else if (!strcmp(d, "play")) {
    const cJSON *sk = cJSON_GetObjectItemCaseSensitive(o, "skip");
    bool skip = cJSON_IsTrue(sk);
    for (int k = 0; k < (int)(PLAY_MAX_WAIT_S * 60) && s->screen != KICK_SESSION_SCREEN_RESULT; k++) {
      if (s->screen == KICK_SESSION_SCREEN_AIM) return bad(lineno, "play: no kick is in flight (swipe first)");
      frame(P.now + PLAY_FRAME);
      if (skip && (kick_session_can_skip(s) || s->screen == KICK_SESSION_SCREEN_REPLAY)) {
        (void)kick_session_tap(s, 0.0, 0.0);
        after_input();
      }
    }
    if (s->screen != KICK_SESSION_SCREEN_RESULT) return bad(lineno, "play: no result in 10 minutes");
    return EXIT_OK;
  } else if (!strcmp(d, "tap")) {
    if (!num(o, "x", &a) || !num(o, "y", &b)) return bad(lineno, "tap: x, y");
    st = kick_session_tap(s, a, b);
  } else if (!strcmp(d, "next")) {
    st = kick_session_next(s);
  } else if (!strcmp(d, "pause")) {
    kick_session_pause(s);
  } else if (!strcmp(d, "resume")) {
    kick_session_resume(s);
  } else if (!strcmp(d, "share")) {
    const cJSON *cd = cJSON_GetObjectItemCaseSensitive(o, "code");
    if (!cJSON_IsString(cd)) return bad(lineno, "share: \"code\"");
    kick_replay r;
    kick_replay_error err;
    st = kick_replay_share_decode(cd->valuestring, strlen(cd->valuestring), &r, &err);
    if (st == KS_OK) st = kick_session_share(s, &r);
  } else {
    char msg[160];
    snprintf(msg, sizeof msg, "unknown input \"%.60s\"", d);
    return bad(lineno, msg);
  }
  if (st != KS_OK) refused(lineno, d, st);
  after_input();
  return EXIT_OK;
}

/* ------------------------------------------------------------------ the command */

int cmd_play(int argc, char **argv) {
  if (cli_wants_help(argc, argv, play_usage)) return EXIT_OK;
  enum { OPT_PDATE = 3000, OPT_PJSON };
  static const struct option longopts[] = {{"date", 1, 0, OPT_PDATE}, {"json", 0, 0, OPT_PJSON}, {0, 0, 0, 0}};
  memset(&P, 0, sizeof P);
  int c;
  optind = 1;
  opterr = 0;
  while ((c = getopt_long(argc, argv, ":", longopts, NULL)) != -1) {
    switch (c) {
    case OPT_PDATE:
      if (!parse_date(optarg, &P.y, &P.m, &P.d)) return cli_usage("--date wants YYYY-MM-DD or today, not '%s'", optarg);
      P.has_date = true;
      break;
    case OPT_PJSON: P.json = true; break;
    default: return cli_bad_option(c, argv);
    }
  }
  if (optind != argc - 1) return cli_usage("one SCRIPT wanted ('-' for standard input)");
  const char *path = argv[optind];
  char *text = NULL;
  size_t len = 0;
  ks_host_error e;
  if (ks_host_read_all(path, PLAY_MAX_BYTES, "a play script", &text, &len, &e) != KS_OK) {
    cli_error("%s", e.message);
    return EXIT_RUNTIME;
  }
  if (strlen(text) != len) {
    free(text);
    cli_error("the script holds a NUL byte: not JSON lines");
    return EXIT_RUNTIME;
  }
  kick_session_def def = kick_session_default_def();
  if (kick_session_init(&P.s, &def) != KS_OK) {
    free(text);
    cli_error("the session's rules are unusable");
    return EXIT_RUNTIME;
  }
  P.now = 1.0;
  P.shown_screen = -1;
  note_unlocks();
  int rc = EXIT_OK;
  int lineno = 0;
  for (char *line = text; line && *line && rc == EXIT_OK;) {
    char *nl = strchr(line, '\n');
    if (nl) *nl = '\0';
    lineno++;
    const char *p = line;
    while (*p == ' ' || *p == '\t' || *p == '\r') p++;
    if (*p != '\0' && *p != '#') {
      cJSON *o = cJSON_Parse(p);
      if (!cJSON_IsObject(o)) {
        rc = bad(lineno, "not a JSON object");
      } else {
        rc = apply(o, lineno);
      }
      cJSON_Delete(o);
    }
    line = nl ? nl + 1 : NULL;
  }
  free(text);
  if (rc != EXIT_OK) return rc;
  const kick_session *s = &P.s;
  if (P.json) {
    cJSON *o = cJSON_CreateObject();
    cJSON *sum = cJSON_AddObjectToObject(o, "summary");
    cJSON_AddNumberToObject(sum, "kicks", P.kicks);
    cJSON_AddNumberToObject(sum, "tour_stars", kick_session_tour_stars(s));
    cJSON_AddNumberToObject(sum, "tour_stars_max", kick_session_tour_stars_max());
    cJSON_AddNumberToObject(sum, "tour_points", kick_session_tour_points(s));
    cJSON_AddBoolToObject(sum, "tour_complete", s->tour_complete);
    cJSON_AddNumberToObject(sum, "streak", s->daily.streak);
    char *txt = cJSON_PrintUnformatted(o);
    if (txt) printf("%s\n", txt);
    free(txt);
    cJSON_Delete(o);
  } else {
    printf("%d kicks; the tour: %d of %d stars, %d points%s\n", (int)P.kicks, (int)kick_session_tour_stars(s),
           (int)kick_session_tour_stars_max(), (int)kick_session_tour_points(s), s->tour_complete ? ", won" : "");
  }
  if (fflush(stdout) != 0) return cli_trouble;
  return EXIT_OK;
}
