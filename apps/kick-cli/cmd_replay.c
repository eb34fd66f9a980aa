// SPDX-License-Identifier: MIT
/* replay save | verify | share | open. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "kickstep/dmath.h"
#include "kickstep/host_replay.h"
#include "kickstep/host_timeline.h"
#include "kickstep/kick_replay.h"

static const char replay_usage[] =
    "usage: kick-cli replay save [where] (launch | --aim ... | --swipe ...) --out FILE [--trace T] [--json]\n"
    "       kick-cli replay verify FILE [--trace T] [--json]\n"
    "       kick-cli replay share FILE [--json]\n"
    "       kick-cli replay open CODE [--out FILE] [--json]\n\n"
    "save    play a kick and save it as a replay file (versioned, checksummed, written atomically)\n"
    "verify  re-simulate a replay file; prints 'identical' or the first diverging step and field\n"
    "        (a shoot-out record of a penalty duel, saved by the duel page, too: the whole match)\n"
    "        (exit 1 when it diverges). The file holds a state hash every 60 steps, so alone\n"
    "        it names the first checkpoint that differs (the runs parted within the 60 steps\n"
    "        before it); with --trace, the exact step and field\n"
    "--trace T  save: also write the kick's per-step trace T (JSON lines: every step's\n"
    "        state hash, ball, spin, keeper, dice, clock); verify: re-simulate and compare\n"
    "        step by step with T, naming the exact first diverging step and field\n"
    "share   print a replay file's share code (URL-safe; the web page opens /kick/?share=CODE)\n"
    "open    decode a share code (or a whole share link), verify it, and optionally save it as a file\n"
    "A corrupt, truncated or newer-version file or code is rejected with what is wrong (exit 1).\n\n" CLI_KICK_HELP
    "\nexamples:\n"
    "  kick-cli replay save --level 5-2 --aim -2.9,2.1 --speed 26 --bend 0.6 --out setpiece.ksr\n"
    "  kick-cli replay verify setpiece.ksr\n"
    "  kick-cli replay share setpiece.ksr\n"
    "  kick-cli replay open \"$(kick-cli replay share setpiece.ksr)\" --out copy.ksr\n";

static void print_summary(const kick_replay *r, cJSON *j) {
  char hx[19], hy[19];
  cJSON_AddStringToObject(j, "outcome", kick_outcome_name(r->outcome));
  cJSON_AddNumberToObject(j, "decision_step", (double)r->decision_step);
  cJSON_AddItemToObject(j, "moments", cli_moments_json(r->moments));
  if (r->crossed) {
    cli_hex(ks_f64_from_bits(r->crossing_bits[0]), hx);
    cli_hex(ks_f64_from_bits(r->crossing_bits[1]), hy);
    cJSON *c = cJSON_AddObjectToObject(j, "crossing");
    cJSON_AddNumberToObject(c, "x", ks_f64_from_bits(r->crossing_bits[0]));
    cJSON_AddNumberToObject(c, "y", ks_f64_from_bits(r->crossing_bits[1]));
    cJSON_AddStringToObject(c, "x_hex", hx);
    cJSON_AddStringToObject(c, "y_hex", hy);
  }
  cJSON_AddNumberToObject(j, "wait_steps", (double)r->wait_steps);
  cJSON_AddNumberToObject(j, "match_seed", (double)r->setup.match_seed);
  cJSON_AddNumberToObject(j, "kick_number", (double)r->setup.kick_number);
  cJSON_AddNumberToObject(j, "history", r->setup.history_count);
  cJSON_AddNumberToObject(j, "inputs", r->input_count);
  cJSON_AddNumberToObject(j, "speed_mps", r->launch.speed_mps);
}

static void print_text_summary(const kick_replay *r) {
  printf("outcome:  %s, decided on step %lld\n", kick_outcome_name(r->outcome), (long long)r->decision_step);
  if (r->crossed)
    printf("crossing: x %.4f m, y %.4f m\n", ks_f64_from_bits(r->crossing_bits[0]),
           ks_f64_from_bits(r->crossing_bits[1]));
  printf("moments: ");
  if (!r->moments) printf(" none");
  for (uint32_t b = 1; b <= KICK_MOMENT_ALL; b <<= 1)
    if (r->moments & b) printf(" %s", kick_moment_name(b));
  printf("\n");
}

static int report_error(const char *what, const kick_replay_error *err) {
  char text[256];
  kick_replay_error_text(err, text, sizeof text);
  cli_error("%s: %s", what, text);
  return EXIT_RUNTIME;
}

/* The replay's per-step trace in a malloc'd buffer (free it); NULL after an error message. */
static char *make_trace(const kick_replay *r, size_t *len) {
  int64_t steps = r->decision_step - r->wait_steps + 1;
  if (steps < 1 || steps > KICK_REPLAY_MAX_FLIGHT_STEPS + 1) steps = KICK_REPLAY_MAX_FLIGHT_STEPS + 1;
  size_t cap = (size_t)steps * KICK_REPLAY_TRACE_LINE_MAX;
  char *buf = malloc(cap);
  if (!buf) {
    cli_error("out of memory for the trace");
    return NULL;
  }
  ks_status s = kick_replay_trace(r, buf, cap, len);
  if (s != KS_OK) {
    free(buf);
    cli_error("the replay cannot be traced: %s", ks_status_name(s));
    return NULL;
  }
  return buf;
}

/* Writes the trace atomically (FILE.tmp, then renamed). */
static int save_trace(const kick_replay *r, const char *path) {
  size_t len = 0;
  char *text = make_trace(r, &len);
  if (!text) return EXIT_RUNTIME;
  char tmp[4096];
  if (snprintf(tmp, sizeof tmp, "%s.tmp", path) >= (int)sizeof tmp) {
    free(text);
    cli_error("--trace: path too long");
    return EXIT_USAGE;
  }
  FILE *f = fopen(tmp, "wb");
  bool ok = f && fwrite(text, 1, len, f) == len;
  if (f && fclose(f) != 0) ok = false;
  free(text);
  if (!ok || rename(tmp, path) != 0) {
    remove(tmp);
    cli_error("could not write '%s'", path);
    return EXIT_RUNTIME;
  }
  return EXIT_OK;
}

/* Re-simulates the replay step by step against a saved trace. Fills d; returns
   an exit code (EXIT_OK when it could compare, whatever the verdict). */
static int compare_trace(const kick_replay *r, const char *path, ks_tl_diff *d) {
  char *want = NULL;
  size_t want_len = 0;
  if (ks_tl_read_file(path, &want, &want_len) != KS_OK) {
    cli_error("--trace: cannot read '%s'", path);
    return EXIT_RUNTIME;
  }
  size_t lines = 0, bad = 0;
  if (ks_tl_validate_text(want, want_len, &lines, &bad) != KS_OK || lines == 0) {
    free(want);
    cli_error("--trace: '%s' is not a trace (line %zu)", path, bad);
    return EXIT_RUNTIME;
  }
  size_t have_len = 0;
  char *have = make_trace(r, &have_len);
  if (!have) {
    free(want);
    return EXIT_RUNTIME;
  }
  ks_status s = ks_tl_compare_text(want, want_len, have, have_len, d);
  free(want);
  free(have);
  return s == KS_OK ? EXIT_OK : EXIT_RUNTIME;
}

/* verify, and print the verdict; returns the exit code. */
static int verify_and_print(const kick_replay *r, bool json, const char *file, const char *trace) {
  kick_replay_verify_result v;
  ks_status s = kick_replay_verify(r, &v);
  if (s != KS_OK) {
    cli_error("the replay cannot be simulated: %s", ks_status_name(s));
    return EXIT_RUNTIME;
  }
  char text[256];
  kick_replay_verify_text(&v, text, sizeof text);
  ks_tl_diff d;
  if (trace) {
    int rc = compare_trace(r, trace, &d);
    if (rc != EXIT_OK) return rc;
  }
  bool identical = v.identical && (!trace || d.identical);
  if (json) {
    cJSON *j = cJSON_CreateObject();
    if (file) cJSON_AddStringToObject(j, "file", file);
    cJSON_AddBoolToObject(j, "identical", identical);
    if (!v.identical) {
      cJSON_AddNumberToObject(j, "step", (double)v.step);
      cJSON_AddStringToObject(j, "field", v.field);
    }
    cJSON_AddStringToObject(j, "verdict", text);
    if (trace) {
      cJSON *t = cJSON_AddObjectToObject(j, "trace");
      cJSON_AddStringToObject(t, "file", trace);
      cJSON_AddBoolToObject(t, "identical", d.identical);
      if (!d.identical) {
        if (d.has_step) cJSON_AddNumberToObject(t, "step", (double)d.step);
        cJSON_AddStringToObject(t, "field", d.field);
        cJSON_AddStringToObject(t, "expected", d.expected);
        cJSON_AddStringToObject(t, "actual", d.actual);
      }
      cJSON_AddStringToObject(t, "verdict", d.identical ? "identical" : d.message);
    }
    print_summary(r, j);
    cli_print_json(j);
  } else {
    print_text_summary(r);
    printf("verify:   %s\n", text);
    if (trace) printf("trace:    %s\n", d.identical ? "identical, step by step" : d.message);
  }
  return identical ? EXIT_OK : EXIT_RUNTIME;
}

static int replay_save(int argc, char **argv) {
  enum { OPT_TRACE = 3000 };
  static const struct option opts[] = {CLI_KICK_OPTIONS, {"json", 0, 0, OPT_JSON}, {"out", 1, 0, OPT_OUT},
                                       {"trace", 1, 0, OPT_TRACE}, {0, 0, 0, 0}};
  cli_kick k;
  cli_kick_defaults(&k);
  bool json = false;
  const char *out = NULL, *trace = NULL;
  int c;
  while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
    if (c == OPT_JSON) json = true;
    else if (c == OPT_OUT) out = optarg;
    else if (c == OPT_TRACE) trace = optarg;
    else {
      int r = c == '?' ? 0 : cli_kick_option(&k, c, optarg);
      if (r < 0) return EXIT_USAGE;
      if (r == 0) {
        fputs(replay_usage, stderr);
        return EXIT_USAGE;
      }
    }
  }
  if (optind < argc) {
    cli_error("unexpected argument '%s'", argv[optind]);
    return EXIT_USAGE;
  }
  if (!out) {
    cli_error("replay save needs --out FILE");
    return EXIT_USAGE;
  }
  int rc = cli_kick_finish(&k, true);
  if (rc) return rc;
  kick_replay r;
  int64_t wait_steps = (int64_t)ks_round(k.wait_s * KICK_STEPS_PER_SECOND);
  ks_status s = kick_replay_record(&k.setup, wait_steps, &k.launch, NULL, 0, &r);
  if (s != KS_OK) {
    cli_error("cannot record this kick: %s", ks_status_name(s));
    return EXIT_RUNTIME;
  }
  kick_replay_error err;
  if (ks_host_replay_save(out, &r, &err) != KS_OK) return report_error(out, &err);
  if (trace) {
    rc = save_trace(&r, trace);
    if (rc != EXIT_OK) return rc;
  }
  if (json) {
    cJSON *j = cJSON_CreateObject();
    cJSON_AddStringToObject(j, "file", out);
    if (trace) cJSON_AddStringToObject(j, "trace", trace);
    print_summary(&r, j);
    cli_print_json(j);
  } else {
    printf("saved %s%s%s\n", out, trace ? " and its trace " : "", trace ? trace : "");
    print_text_summary(&r);
  }
  return EXIT_OK;
}

/* Parses "FILE|CODE [--out F] [--json]". */
static int parse_simple(int argc, char **argv, const char **arg, const char **out, bool *json, bool allow_out,
                        const char **trace) {
  static const struct option with_out[] = {{"json", 0, 0, 'j'}, {"out", 1, 0, 'o'}, {0, 0, 0, 0}};
  static const struct option with_trace[] = {{"json", 0, 0, 'j'}, {"trace", 1, 0, 't'}, {0, 0, 0, 0}};
  static const struct option plain[] = {{"json", 0, 0, 'j'}, {0, 0, 0, 0}};
  *arg = NULL;
  *json = false;
  if (out) *out = NULL;
  if (trace) *trace = NULL;
  int c;
  optind = 1;
  while ((c = getopt_long(argc, argv, "", allow_out ? with_out : trace ? with_trace : plain, NULL)) != -1) {
    if (c == 'j') {
      *json = true;
    } else if (c == 'o' && out) {
      *out = optarg;
    } else if (c == 't' && trace) {
      *trace = optarg;
    } else {
      fputs(replay_usage, stderr);
      return EXIT_USAGE;
    }
  }
  if (optind < argc) *arg = argv[optind];
  if (optind + 1 < argc) {
    cli_error("unexpected argument '%s'", argv[optind + 1]);
    return EXIT_USAGE;
  }
  if (!*arg) {
    cli_error("missing argument\n%s", replay_usage);
    return EXIT_USAGE;
  }
  return -1;
}

int cmd_replay(int argc, char **argv) {
  if (argc < 2) {
    fputs(replay_usage, stderr);
    return EXIT_USAGE;
  }
  if (cli_wants_help(argc, argv, replay_usage)) return EXIT_OK;
  const char *sub = argv[1];
  argc--;
  argv++;
  if (strcmp(sub, "save") == 0) return replay_save(argc, argv);
  const char *arg, *out = NULL;
  bool json;
  kick_replay r;
  kick_replay_error err;
  if (strcmp(sub, "verify") == 0) {
    const char *trace = NULL;
    int rc = parse_simple(argc, argv, &arg, NULL, &json, false, &trace);
    if (rc >= 0) return rc;
    rc = cli_shootout_verify(arg, json, trace); /* a whole penalty duel (KSSO) */
    if (rc >= 0) return rc;
    if (ks_host_replay_load(arg, &r, &err) != KS_OK) return report_error(arg, &err);
    return verify_and_print(&r, json, arg, trace);
  }
  if (strcmp(sub, "share") == 0) {
    int rc = parse_simple(argc, argv, &arg, NULL, &json, false, NULL);
    if (rc >= 0) return rc;
    if (ks_host_replay_load(arg, &r, &err) != KS_OK) return report_error(arg, &err);
    char code[KICK_REPLAY_MAX_CODE + 1];
    size_t len = 0;
    if (kick_replay_share_encode(&r, code, sizeof code, &len, &err) != KS_OK) return report_error(arg, &err);
    if (json) {
      cJSON *j = cJSON_CreateObject();
      cJSON_AddStringToObject(j, "file", arg);
      cJSON_AddStringToObject(j, "code", code);
      cJSON_AddNumberToObject(j, "length", (double)len);
      cli_print_json(j);
    } else {
      printf("%s\n", code);
    }
    return EXIT_OK;
  }
  if (strcmp(sub, "open") == 0) {
    int rc = parse_simple(argc, argv, &arg, &out, &json, true, NULL);
    if (rc >= 0) return rc;
    const char *code = arg;
    const char *param = strstr(code, "share=");
    if (param) code = param + 6; /* a whole link was pasted: ...?share=CODE */
    size_t code_len = strcspn(code, "&#");
    if (kick_replay_share_decode(code, code_len, &r, &err) != KS_OK) return report_error("share code", &err);
    if (out && ks_host_replay_save(out, &r, &err) != KS_OK) return report_error(out, &err);
    return verify_and_print(&r, json, out, NULL);
  }
  cli_error("unknown replay command '%s' (save, verify, share, open)", sub);
  return EXIT_USAGE;
}
