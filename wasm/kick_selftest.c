// SPDX-License-Identifier: MIT
/// wasm/kick_selftest.c — the seed's replay test inside the page's kick.wasm.
///
/// Exports (wasm names = C names; see kick_selftest.h):
///   kx_replay_test_count() -> cases
///   kx_replay_test_run(i) -> 1 agree, 0 differ, -1 bad case
///   kx_replay_test_result() -> ptr to the case's doubles
///   kx_replay_test_field_count(), kx_replay_test_field_name(i), kx_replay_test_level(i)
/// Freestanding: the same file builds natively for the comparison.
#include "kickstep/dmath.h"
#include "kickstep/kick.h"
#include "kickstep/kick_levels.h"
#include "kickstep/kick_solver.h"

#include "export.h"
#include "kick_selftest.h"

#define KR_EXPORT(name) KS_WASM_EXPORT(name)

#define KR_LEVELS 3
#define KR_KICKS 7
#define KR_SEEDS 6
#define KR_MAX_FRAMES 20000

static const char *const kr_levels[KR_LEVELS] = {"5-2", "4-4", "6-5"};
static const double kr_live_frames[5] = {1.0 / 60.0, 1.0 / 120.0, 1.0 / 37.0, 0.3 / 60.0, 1.0 / 90.0};
#define KR_REPLAY_FRAME (0.45 / 120.0)

/* Aims beyond the reference kick: x, y, speed, bend. */
static const double kr_aims[KR_KICKS - 1][4] = {
    {2.8, 1.9, 27.0, 0.5}, {-2.8, 1.9, 27.0, -0.5}, {-2.5, 0.4, 31.0, 0.0},
    {0.4, 1.3, 16.0, 0.0}, {3.1, 1.0, 24.0, 1.0},   {-1.0, 2.3, 33.5, -0.2},
};

static const char *const kr_names[KX_REPLAY_FIELD_COUNT] = {KX_REPLAY_FIELDS(KS_WASM_FIELD_NAME)};

static double kr_out[KX_REPLAY_FIELD_COUNT];

KR_EXPORT(kx_replay_test_count) int32_t kx_replay_test_count(void) { return KR_LEVELS * KR_KICKS * KR_SEEDS; }
KR_EXPORT(kx_replay_test_result) double *kx_replay_test_result(void) { return kr_out; }
KR_EXPORT(kx_replay_test_field_count) int32_t kx_replay_test_field_count(void) { return KX_REPLAY_FIELD_COUNT; }

KR_EXPORT(kx_replay_test_field_name) const char *kx_replay_test_field_name(int32_t i) {
  return ks_wasm_field_name(kr_names, KX_REPLAY_FIELD_COUNT, i);
}

KR_EXPORT(kx_replay_test_level) const char *kx_replay_test_level(int32_t i) {
  return i >= 0 && i < kx_replay_test_count() ? kr_levels[i / (KR_KICKS * KR_SEEDS)] : "";
}

static bool kr_launch(const kick_level *lv, const kick_setup *su, int32_t k, kick_launch *out) {
  kick_solver_def d = kick_solver_def_for_setup(su);
  if (k == 0) {
    d.aim_x = lv->aim.aim_x;
    d.aim_y = lv->aim.aim_y;
    d.speed_mps = lv->aim.speed_mps;
    d.bend = lv->aim.bend;
  } else {
    d.aim_x = kr_aims[k - 1][0];
    d.aim_y = kr_aims[k - 1][1];
    d.speed_mps = kr_aims[k - 1][2];
    d.bend = kr_aims[k - 1][3];
  }
  kick_solution s;
  ks_status st = kick_solve(&d, &s);
  if (st != KS_OK && st != KS_ERR_NOT_FOUND) return false;
  *out = s.launch; /* the best try is a fine kick either way */
  return true;
}

static void kr_record(const kick_shot *s, int32_t frames, bool live) {
  int off = live ? 0 : 1;
  ks_vec3 c = {0.0, 0.0, 0.0};
  bool crossed = kick_shot_crossing(s, &c);
  uint64_t h = kick_shot_hash(s);
  kr_out[KX_R_live_strike + off] = (double)kick_shot_strike_step(s);
  kr_out[KX_R_live_outcome + off] = (double)kick_shot_outcome(s);
  kr_out[KX_R_live_decision + off] = (double)kick_shot_decision_step(s);
  kr_out[KX_R_live_crossed + off] = crossed ? 1.0 : 0.0;
  kr_out[(live ? KX_R_live_cross_x : KX_R_copy_cross_x)] = c.x;
  kr_out[(live ? KX_R_live_cross_y : KX_R_copy_cross_y)] = c.y;
  kr_out[(live ? KX_R_live_cross_z : KX_R_copy_cross_z)] = c.z;
  kr_out[KX_R_live_moments + off] = (double)kick_shot_moments(s);
  kr_out[KX_R_live_frames + off] = (double)frames;
  kr_out[live ? KX_R_live_hash_hi : KX_R_copy_hash_hi] = (double)(uint32_t)(h >> 32);
  kr_out[live ? KX_R_live_hash_lo : KX_R_copy_hash_lo] = (double)(uint32_t)h;
}

static bool kr_same(double a, double b) { return ks_f64_bits(a) == ks_f64_bits(b); }

KR_EXPORT(kx_replay_test_run) int32_t kx_replay_test_run(int32_t i) {
  for (int32_t f = 0; f < KX_REPLAY_FIELD_COUNT; f++) kr_out[f] = 0.0;
  if (i < 0 || i >= kx_replay_test_count()) return -1;
  int32_t li = i / (KR_KICKS * KR_SEEDS), k = (i / KR_SEEDS) % KR_KICKS;
  uint64_t seed = (uint64_t)(i % KR_SEEDS) + 1u;
  int32_t idx = kick_level_find(kr_levels[li]);
  const kick_level *lv = kick_level_at(idx);
  if (!lv) return -1;
  kick_setup su;
  kick_shot live;
  kick_launch launch;
  if (kick_level_setup(lv, seed, 0, &su) != KS_OK || kick_shot_init(&live, &su) != KS_OK) return -1;
  if (!kr_launch(lv, &su, k, &launch)) return -1;
  kr_out[KX_R_level] = (double)idx;
  kr_out[KX_R_seed] = (double)seed;
  kr_out[KX_R_kick] = (double)k;
  /* Half a second on the spot, so the clock is not at zero, then the copy. */
  for (int f = 0; f < 30; f++) kick_shot_advance(&live, 1.0 / 60.0, NULL, NULL);
  kr_out[KX_R_wait_steps] = (double)kick_shot_steps(&live);
  kick_shot copy = live;
  if (kick_shot_strike(&live, &launch) != KS_OK || kick_shot_strike(&copy, &launch) != KS_OK) return -1;
  int32_t n = 0;
  for (; n < KR_MAX_FRAMES && !kick_shot_decided(&live); n++) kick_shot_advance(&live, kr_live_frames[n % 5], NULL, NULL);
  kr_record(&live, n, true);
  for (n = 0; n < KR_MAX_FRAMES && !kick_shot_decided(&copy); n++) kick_shot_advance(&copy, KR_REPLAY_FRAME, NULL, NULL);
  kr_record(&copy, n, false);
  if (!kick_shot_decided(&live) || !kick_shot_decided(&copy)) return 0;
  static const int pairs[][2] = {
      {KX_R_live_strike, KX_R_copy_strike},     {KX_R_live_outcome, KX_R_copy_outcome},
      {KX_R_live_decision, KX_R_copy_decision}, {KX_R_live_crossed, KX_R_copy_crossed},
      {KX_R_live_cross_x, KX_R_copy_cross_x},   {KX_R_live_cross_y, KX_R_copy_cross_y},
      {KX_R_live_cross_z, KX_R_copy_cross_z},   {KX_R_live_moments, KX_R_copy_moments},
  };
  for (unsigned p = 0; p < sizeof pairs / sizeof pairs[0]; p++)
    if (!kr_same(kr_out[pairs[p][0]], kr_out[pairs[p][1]])) return 0;
  return 1;
}
