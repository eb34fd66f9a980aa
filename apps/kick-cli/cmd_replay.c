// SPDX-License-Identifier: MIT
/* replay save | verify | share | open. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "kickstep/dmath.h"
#include "support/cli.h"
#include "kickstep/host_file.h"
#include "support/replay_file.h"
#include "kickstep/host_timeline.h"
#include "kickstep/kick_replay.h"
#include "kickstep/kick_shootout.h"

/* The longest share code or link read from standard input. */
#define CLI_CODE_MAX_BYTES ((size_t)64 << 10)

static const char replay_usage[] =
    "usage: kick-cli replay save [where] (launch | --aim ... | --swipe ...) --out FILE [--trace T] [--json]\n"
    "       kick-cli replay verify FILE [--trace T] [--json]\n"
    "       kick-cli replay share FILE [--json]\n"
    "       kick-cli replay open CODE [--out FILE] [--json]\n\n"
    "save    play a kick and save it as a replay file (versioned, checksummed, written atomically)\n"
    "verify  re-simulate a replay file; prints 'identical' or the first diverging step and field\n"
    "        (a shoot-out record of a penalty duel, saved by the duel page, too: the whole match;\n"
    "        FILE '-' reads either kind from standard input)\n"
    "        (exit 1 when it diverges). The file holds a state hash every 60 steps, so alone\n"
    "        it names the first checkpoint that differs (the runs parted within the 60 steps\n"
    "        before it); with --trace, the exact step and field\n"
    "--trace T  save: also write the kick's per-step trace T (JSON lines: every step's\n"
    "        state hash, ball, spin, keeper, dice, clock); verify: re-simulate and compare\n"
    "        step by step with T, naming the exact first diverging step and field\n"
    "share   print a replay file's share code (URL-safe; the web page opens /kick/?share=CODE)\n"
    "open    decode a share code (or a whole share link), verify it, and optionally save it as a file\n"
    "A corrupt, truncated or newer-version file or code is rejected with what is wrong (exit 1).\n"
    "'-' is standard input (FILE, CODE, verify --trace) or standard output (--out, save --trace);\n"
    "a command whose --out or --trace is '-' prints no report, and refuses --json.\n"
    "save writes the replay and the trace together: if either cannot be written,\n"
    "neither file is changed. One file named twice is refused (exit 2).\n\n" CLI_KICK_HELP
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
  cli_error("%s: %s", strcmp(what, "-") == 0 ? "standard input" : what, text);
  return EXIT_RUNTIME;
}

/* Reads a replay file or a shoot-out record ("-": stdin) whole, and once: a
   pipe, a FIFO or standard input cannot be read again. */
static int read_input(const char *path, char **bytes, size_t *n) {
  ks_host_error e;
  if (ks_host_read_all(path, KICK_SHOOTOUT_MAX_BYTES, "a shoot-out record (a replay file is at most 2 KiB)", bytes, n,
                       &e) != KS_OK) {
    cli_error("%s", e.message);
    return EXIT_RUNTIME;
  }
  return EXIT_OK;
}

/* Decodes the bytes of a single-kick replay read from path. */
static int decode_replay(const char *path, const char *bytes, size_t n, kick_replay *r) {
  char buf[KS_HOST_PATH_MAX + 3];
  const char *name = cli_input_name(path, buf, sizeof buf);
  if (kick_shootout_is_record((const uint8_t *)bytes, n)) {
    cli_error("%s is a shoot-out record, not a single-kick replay: share codes are for single kicks ('kick-cli "
              "replay verify' checks the record)",
              name);
    return EXIT_RUNTIME;
  }
  if (n > KICK_REPLAY_MAX_BYTES) {
    cli_error("%s is larger than 2 KiB, the limit for a replay file", name);
    return EXIT_RUNTIME;
  }
  kick_replay_error err;
  ks_status s = kick_replay_decode((const uint8_t *)bytes, n, r, &err);
  return s == KS_OK ? EXIT_OK : report_error(path, &err);
}

/* Loads a replay file ("-": stdin), read whole by the shared reader so that a
   file that cannot be read says so as every reader does. */
static int load_replay(const char *path, kick_replay *r) {
  char *bytes = NULL;
  size_t n = 0;
  int rc = read_input(path, &bytes, &n);
  if (rc == EXIT_OK) rc = decode_replay(path, bytes, n, r);
  free(bytes);
  return rc;
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

/* Writes the encoded replay and (when trace) its trace, both or neither: every
   output is written first and committed only when all were written. */
static int save_outputs(const kick_replay *r, const char *path, const char *trace) {
  uint8_t bytes[KICK_REPLAY_MAX_BYTES];
  size_t n = 0, tlen = 0;
  kick_replay_error err;
  if (kick_replay_encode(r, bytes, sizeof bytes, &n, &err) != KS_OK) return report_error(path, &err);
  char *text = NULL;
  if (trace && !(text = make_trace(r, &tlen))) return EXIT_RUNTIME;
  ks_host_out out[2];
  const char *paths[2] = {path, trace};
  int opened = 0, rc = EXIT_OK;
  ks_host_error e;
  for (int i = 0; i < 2 && paths[i] && rc == EXIT_OK; i++) {
    if (ks_host_out_open(&out[i], paths[i], &e) != KS_OK) {
      cli_error("%s", e.message);
      rc = EXIT_RUNTIME;
      break;
    }
    opened++;
    if (i == 0) ks_host_out_write(&out[0], bytes, n);
    else ks_host_out_write(&out[1], text, tlen);
    if (out[i].failed) {
      cli_error("cannot write '%s': %s", paths[i], strerror(out[i].errnum));
      rc = EXIT_RUNTIME;
    }
  }
  free(text);
  for (int i = 0; i < opened; i++) {
    if (rc != EXIT_OK) ks_host_out_abort(&out[i]);
    else if (ks_host_out_commit(&out[i], &e) != KS_OK) {
      cli_error("%s", e.message);
      rc = EXIT_RUNTIME;
    }
  }
  return rc;
}

/* Re-simulates the replay step by step against a saved trace. Fills d; returns
   an exit code (EXIT_OK when it could compare, whatever the verdict). */
static int compare_trace(const kick_replay *r, const char *path, ks_tl_diff *d) {
  char *want = NULL;
  size_t want_len = 0;
  if (!cli_read_timeline("--trace: ", path, &want, &want_len)) return EXIT_RUNTIME;
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
/* report false: nothing on stdout (it holds data); a divergence is an error line. */
static int verify_and_print(const kick_replay *r, bool json, const char *file, const char *trace, bool report) {
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
  if (!report) {
    if (!identical) cli_error("the replay does not verify: %s", v.identical ? d.message : text);
  } else if (json) {
    cJSON *j = cJSON_CreateObject();
    if (file) cli_json_add_text(j, "file", file);
    cJSON_AddBoolToObject(j, "identical", identical);
    if (!v.identical) {
      cJSON_AddNumberToObject(j, "step", (double)v.step);
      cJSON_AddStringToObject(j, "field", v.field);
    }
    cJSON_AddStringToObject(j, "verdict", text);
    if (trace) {
      cJSON *t = cJSON_AddObjectToObject(j, "trace");
      cli_json_add_text(t, "file", trace);
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
  while ((c = getopt_long(argc, argv, ":", opts, NULL)) != -1) {
    if (c == OPT_JSON) json = true;
    else if (c == OPT_OUT) out = optarg;
    else if (c == OPT_TRACE) trace = optarg;
    else {
      int r = c == '?' || c == ':' ? 0 : cli_kick_option(&k, c, optarg);
      if (r < 0) return EXIT_USAGE;
      if (r == 0) return cli_bad_option(c, argv);
    }
  }
  if (optind < argc) return cli_usage("unknown argument '%s'", argv[optind]);
  if (!out) return cli_usage("replay save needs --out FILE");
  int unused = cli_kick_refuse_unused("replay save", true, false);
  if (unused) return unused;
  bool quiet = strcmp(out, "-") == 0 || (trace && strcmp(trace, "-") == 0);
  if (quiet && json) return cli_usage("--json and an output of '-' would both write to standard output");
  const ks_host_file files[] = {{out, "--out", true}, {trace, "--trace", true}, {cli_kick_swipe_file(), "--swipe-file", false}};
  ks_host_error fe;
  if (ks_host_check_files(files, 3, &fe) != KS_OK) return cli_usage("%s", fe.message);
  int rc = cli_kick_finish(&k, true);
  if (rc) return rc;
  kick_replay r;
  int64_t wait_steps = (int64_t)ks_round(k.wait_s * KICK_STEPS_PER_SECOND);
  ks_status s = kick_replay_record(&k.setup, wait_steps, &k.launch, NULL, 0, &r);
  if (s != KS_OK) {
    cli_error("cannot record this kick: %s", ks_status_name(s));
    return EXIT_RUNTIME;
  }
  rc = save_outputs(&r, out, trace);
  if (rc != EXIT_OK || quiet) return rc;
  if (json) {
    cJSON *j = cJSON_CreateObject();
    cli_json_add_text(j, "file", out);
    if (trace) cli_json_add_text(j, "trace", trace);
    print_summary(&r, j);
    cli_print_json(j);
  } else {
    char a[KS_HOST_PATH_MAX], b[KS_HOST_PATH_MAX];
    printf("saved %s%s%s\n", ks_cli_printable(out, a, sizeof a), trace ? " and its trace " : "",
           trace ? ks_cli_printable(trace, b, sizeof b) : "");
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
  while ((c = getopt_long(argc, argv, ":", allow_out ? with_out : trace ? with_trace : plain, NULL)) != -1) {
    if (c == 'j') {
      *json = true;
    } else if (c == 'o' && out) {
      *out = optarg;
    } else if (c == 't' && trace) {
      *trace = optarg;
    } else {
      return cli_bad_option(c, argv);
    }
  }
  if (optind < argc) *arg = argv[optind];
  if (optind + 1 < argc) return cli_usage("unknown argument '%s'", argv[optind + 1]);
  if (!*arg)
    return cli_usage("%s needs %s ('-': standard input)", argv[0],
                     strcmp(argv[0], "open") == 0 ? "a share code or a whole share link"
                     : strcmp(argv[0], "verify") == 0 ? "a replay file or a shoot-out record"
                                                      : "a replay file");
  return -1;
}

int cmd_replay(int argc, char **argv) {
  if (cli_wants_help(argc, argv, replay_usage)) return EXIT_OK;
  if (argc < 2) return cli_usage("replay needs a command: save, verify, share or open");
  const char *sub = argv[1];
  static char prog[64];
  snprintf(prog, sizeof prog, "kick-cli replay %s", sub);
  if (!strcmp(sub, "save") || !strcmp(sub, "verify") || !strcmp(sub, "share") || !strcmp(sub, "open")) {
    cli_prog = prog;
    ks_cli_set_prog(prog); /* every message, the last one about standard output too */
  }
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
    const ks_host_file files[] = {{arg, "the replay file", false}, {trace, "--trace", false}};
    ks_host_error fe;
    if (ks_host_check_files(files, 2, &fe) != KS_OK) return cli_usage("%s", fe.message);
    char *bytes = NULL;
    size_t n = 0;
    if ((rc = read_input(arg, &bytes, &n)) != EXIT_OK) return rc;
    rc = cli_shootout_verify(arg, (const uint8_t *)bytes, n, json, trace); /* a whole penalty duel (KSSO) */
    if (rc < 0) rc = decode_replay(arg, bytes, n, &r);
    else {
      free(bytes);
      return rc;
    }
    free(bytes);
    if (rc != EXIT_OK) return rc;
    return verify_and_print(&r, json, arg, trace, true);
  }
  if (strcmp(sub, "share") == 0) {
    int rc = parse_simple(argc, argv, &arg, NULL, &json, false, NULL);
    if (rc >= 0) return rc;
    if ((rc = load_replay(arg, &r)) != EXIT_OK) return rc;
    char code[KICK_REPLAY_MAX_CODE + 1];
    size_t len = 0;
    if (kick_replay_share_encode(&r, code, sizeof code, &len, &err) != KS_OK) return report_error(arg, &err);
    if (json) {
      cJSON *j = cJSON_CreateObject();
      cli_json_add_text(j, "file", arg);
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
    bool quiet = out && strcmp(out, "-") == 0;
    if (quiet && json) return cli_usage("--json and --out - would both write to standard output");
    const ks_host_file files[] = {{arg, "the share code", false}, {out, "--out", true}};
    ks_host_error fe;
    if (strcmp(arg, "-") == 0 && ks_host_check_files(files, 2, &fe) != KS_OK) return cli_usage("%s", fe.message);
    char *stdin_text = NULL;
    if (strcmp(arg, "-") == 0) {
      /* The code (or a whole link) from standard input; a final newline is not part of it. */
      size_t n = 0;
      if (ks_host_read_all("-", CLI_CODE_MAX_BYTES, "a share code or link", &stdin_text, &n, &fe) != KS_OK) {
        cli_error("%s", fe.message);
        return EXIT_RUNTIME;
      }
      if (strlen(stdin_text) != n) {
        cli_error("standard input holds a NUL byte: not a share code or link");
        free(stdin_text);
        return EXIT_RUNTIME;
      }
      while (n > 0 && (stdin_text[n - 1] == '\n' || stdin_text[n - 1] == '\r')) stdin_text[--n] = '\0';
      arg = stdin_text;
    }
    const char *code = arg;
    const char *param = strstr(code, "share=");
    if (param) code = param + 6; /* a whole link was pasted: ...?share=CODE */
    size_t code_len = strcspn(code, "&#");
    ks_status ds = kick_replay_share_decode(code, code_len, &r, &err);
    free(stdin_text);
    if (ds != KS_OK) {
      char text[256];
      kick_replay_error_text(&err, text, sizeof text); /* "share code is corrupt: ..." */
      cli_error("%s", text);
      return EXIT_RUNTIME;
    }
    if (out && (rc = save_outputs(&r, out, NULL)) != EXIT_OK) return rc;
    return verify_and_print(&r, json, out, NULL, !quiet);
  }
  return cli_usage("unknown replay command '%s' (save, verify, share, open)", sub);
}
