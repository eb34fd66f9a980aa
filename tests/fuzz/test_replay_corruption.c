// SPDX-License-Identifier: MIT
/* Corrupt input everywhere: every single-byte change to a replay, every
 * truncation and every extension is detected, never crashes and never
 * half-loads — as bytes, as files on disk and as share codes.
 *
 * Replays: real kicks recorded by the engine, chosen so that every part of
 * the format is present (setup slots, rings, history, taps, checkpoints).
 *   - bytes: each position takes each of the 255 other values
 *     (kick_replay_decode, which kick_replay_file_load calls);
 *   - files: each position flipped (xor 0xff), each truncation, one extra
 *     byte, through kick_replay_file_save / kick_replay_file_load;
 *   - share codes: each character changed to each of the 63 other alphabet
 *     characters and to characters outside it, each truncation.
 * Every attempt must fail with a named error, leave the output exactly as it
 * was, and give a sentence. The untouched input must still load. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h> /* access, getpid */

#include "kickstep/host_file.h"
#include "support/replay_file.h"
#include "kickstep/kick_replay.h"

static const char B64URL[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

static kick_replay sentinel; /* what every failed load must leave in place */
static long tried;            /* corruptions tried, over all tests */

static kick_replay record(int which) {
  kick_setup su = kick_setup_default();
  kick_launch k = kick_launch_default();
  kick_input taps[2];
  memset(taps, 0, sizeof taps);
  int32_t ntaps = 0;
  int64_t wait = 0;
  if (which == 1) {
    su.spot_x = 4.0;
    su.spot_z = -24.0;
    su.keeper.kind = KICK_KEEPER_LEARNER;
    su.history_count = 3;
    for (int i = 0; i < 3; i++) {
      su.history[i].x = -2.0 + i;
      su.history[i].y = 1.0;
      su.history[i].outcome = (kick_outcome)(KICK_OUTCOME_GOAL + i);
    }
    kick_setup_wall_at(&su, 4);
    su.wall.jump_mask = 0x5u;
    su.wind.mean_speed_mps = 6.0;
    su.wind.gustiness = 0.7;
    su.wind.swirl = 0.3;
    su.ring_count = 2;
    su.rings[0] = kick_ring_default(2.5, 1.8);
    su.rings[1] = kick_ring_default(-2.0, 0.8);
    su.rings[1].motion = KICK_RING_SLIDE;
    su.rings[1].amplitude = 0.5;
    su.pitch = kick_pitch_default(true);
    k.speed_mps = 28.0;
    k.elevation = 0.28;
    k.direction = -0.2;
    k.spin_axis = ks_v3(0.1, 1.0, 0.0);
    k.spin_rate = 55.0;
    wait = 45;
  } else if (which == 2) {
    su.keeper.kind = KICK_KEEPER_PLAIN;
    su.person_in_goal = true;
    taps[0].has_tap = true;
    taps[0].tap_step = 80;
    taps[0].tap_x = 2.5;
    taps[0].tap_y = 1.2;
    ntaps = 1;
    k.speed_mps = 24.0;
    k.direction = 0.12;
    wait = 10;
  }
  kick_replay r;
  assert_int_equal(kick_replay_record(&su, wait, &k, taps, ntaps, &r), KS_OK);
  return r;
}

static size_t encode(const kick_replay *r, uint8_t *buf, size_t cap) {
  size_t n = 0;
  assert_int_equal(kick_replay_encode(r, buf, cap, &n, NULL), KS_OK);
  return n;
}

/* A failed load: a named error, a sentence, and the output untouched. */
static void rejected(ks_status st, const kick_replay_error *e, const kick_replay *out, const char *what, size_t at) {
  if (st == KS_OK) fail_msg("%s at %zu was accepted", what, at);
  if (e->status != st || e->field[0] == '\0') fail_msg("%s at %zu: incomplete error report", what, at);
  char text[256];
  if (kick_replay_error_text(e, text, sizeof text) == 0) fail_msg("%s at %zu: no error sentence", what, at);
  if (memcmp(out, &sentinel, sizeof *out) != 0) fail_msg("%s at %zu: output half-loaded", what, at);
  tried++;
}

static void every_byte_change(void **state) {
  (void)state;
  for (int which = 0; which < 3; which++) {
    kick_replay r = record(which);
    static uint8_t good[KICK_REPLAY_MAX_BYTES], bad[KICK_REPLAY_MAX_BYTES + 1];
    size_t n = encode(&r, good, sizeof good);
    static kick_replay out;
    assert_int_equal(kick_replay_decode(good, n, &out, NULL), KS_OK);
    for (size_t i = 0; i < n; i++) {
      for (unsigned v = 0; v < 256; v++) {
        if (v == good[i]) continue;
        memcpy(bad, good, n);
        bad[i] = (uint8_t)v;
        out = sentinel;
        kick_replay_error e;
        rejected(kick_replay_decode(bad, n, &out, &e), &e, &out, "byte change", i);
      }
    }
    for (size_t len = 0; len < n; len++) {
      out = sentinel;
      kick_replay_error e;
      rejected(kick_replay_decode(good, len, &out, &e), &e, &out, "truncation", len);
    }
    memcpy(bad, good, n);
    bad[n] = 0;
    out = sentinel;
    kick_replay_error e;
    rejected(kick_replay_decode(bad, n + 1, &out, &e), &e, &out, "extension", n);
  }
}

static void every_file_corruption(void **state) {
  (void)state;
  /* Saving is atomic and flushes each file: on tmpfs that costs nothing. */
  char path[256];
  const char *dir = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : ".";
  snprintf(path, sizeof path, "%s/kickstep-corrupt-%ld.ksreplay", dir, (long)getpid());
  for (int which = 0; which < 3; which++) {
    kick_replay r = record(which);
    static uint8_t good[KICK_REPLAY_MAX_BYTES], bad[KICK_REPLAY_MAX_BYTES + 1];
    size_t n = encode(&r, good, sizeof good);
    assert_int_equal(kick_replay_file_save(path, &r, NULL), KS_OK);
    static kick_replay out;
    assert_int_equal(kick_replay_file_load(path, &out, NULL), KS_OK);
    for (size_t i = 0; i <= n; i++) {
      size_t len = n;
      memcpy(bad, good, n);
      if (i < n) bad[i] ^= 0xffu;
      else bad[len++] = 0x42u; /* one byte too many */
      assert_int_equal(ks_host_write_file(path, bad, len, NULL), KS_OK);
      out = sentinel;
      kick_replay_error e;
      rejected(kick_replay_file_load(path, &out, &e), &e, &out, "file byte flip", i);
    }
    for (size_t len = 0; len < n; len++) {
      assert_int_equal(ks_host_write_file(path, good, len, NULL), KS_OK);
      out = sentinel;
      kick_replay_error e;
      rejected(kick_replay_file_load(path, &out, &e), &e, &out, "file truncation", len);
    }
  }
  remove(path);
  static kick_replay out;
  out = sentinel;
  kick_replay_error e;
  rejected(kick_replay_file_load(path, &out, &e), &e, &out, "missing file", 0);
}

static void every_share_code_change(void **state) {
  (void)state;
  static const char outside[] = "=+/ .~\n\0\x80";
  for (int which = 0; which < 3; which++) {
    kick_replay r = record(which);
    static char good[KICK_REPLAY_MAX_CODE + 1], bad[KICK_REPLAY_MAX_CODE + 1];
    size_t n = 0;
    assert_int_equal(kick_replay_share_encode(&r, good, sizeof good, &n, NULL), KS_OK);
    static kick_replay out;
    assert_int_equal(kick_replay_share_decode(good, n, &out, NULL), KS_OK);
    for (size_t i = 0; i < n; i++) {
      for (size_t a = 0; a < 64 + sizeof outside - 1; a++) {
        char c = a < 64 ? B64URL[a] : outside[a - 64];
        if (c == good[i]) continue;
        memcpy(bad, good, n);
        bad[i] = c;
        out = sentinel;
        kick_replay_error e;
        rejected(kick_replay_share_decode(bad, n, &out, &e), &e, &out, "share code change", i);
      }
    }
    for (size_t len = 0; len < n; len++) {
      out = sentinel;
      kick_replay_error e;
      rejected(kick_replay_share_decode(good, len, &out, &e), &e, &out, "share code truncation", len);
    }
  }
  print_message("%ld corruptions tried, every one detected, nothing half-loaded\n", tried);
}

int main(void) {
  memset(&sentinel, 0xa5, sizeof sentinel);
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(every_byte_change),
      cmocka_unit_test(every_file_corruption),
      cmocka_unit_test(every_share_code_change),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
