// SPDX-License-Identifier: MIT
/* Worst-case rollback kernels (see rb_kernels.h). */
#include "rb_kernels.h"

#include "kickstep/kick_duel.h"
#include "kickstep/rollback.h"

#define STORAGE (6u << 20) /* the four-player scene: two duel states per copy */

static kick_duel scene;
static kick_duel four[2]; /* RBK_FOUR: two pitches, players 0-1 and 2-3 */
static int32_t players = 2;
static ks_rb_def def;
static ks_rb_session session;
static uint8_t storage[STORAGE];
static int64_t last_resim;
static kick_shot_cache cache; /* the session's: its steps and re-simulations share it */

static void run(kick_duel *d, int64_t n, const kick_duel_input *in0, const kick_duel_input *in1) {
  for (int64_t i = 0; i < n; i++) {
    const kick_duel_input *in[2] = {in0, in1};
    kick_duel_step_cached(d, in, &cache);
  }
}

static void four_step(void *state, const uint8_t *const in[], void *user) {
  kick_duel *f = (kick_duel *)state;
  const uint8_t *second[2] = {in[2], in[3]};
  kick_duel_rb_step(&f[0], in, user);
  kick_duel_rb_step(&f[1], second, user);
}

static uint64_t four_hash(const void *state, void *user) {
  const kick_duel *f = (const kick_duel *)state;
  return kick_duel_rb_hash(&f[0], user) ^ (kick_duel_rb_hash(&f[1], user) * 1099511628211ull);
}

int32_t rbk_prepare(int32_t which, int32_t window) {
  players = which == RBK_FOUR ? 4 : 2;
  kick_duel_def dd = kick_duel_default_def();
  if (kick_duel_init(&scene, &dd) != KS_OK) return 1;
  kick_launch k = kick_launch_default();
  k.speed_mps = 27.0;
  k.elevation = 0.15;
  k.direction = 0.24; /* the corner: a goal */
  k.spin_axis = ks_v3(0.0, 1.0, 0.0);
  k.spin_rate = 20.0;
  kick_duel_input strike = kick_duel_strike_input(&k);
  run(&scene, dd.ready_steps, NULL, NULL);
  if (which == RBK_REPLAY) run(&scene, dd.aim_steps - 2, NULL, NULL); /* the longest wait on the spot */
  run(&scene, 1, &strike, NULL);
  if (scene.phase != KICK_DUEL_FLIGHT) return 2;
  if (which == RBK_REPLAY) {
    while (scene.phase == KICK_DUEL_FLIGHT) run(&scene, 1, NULL, NULL);
    if (scene.phase != KICK_DUEL_AFTER || scene.results[0] != KICK_DUEL_SCORED) return 3;
    run(&scene, dd.after_steps - 2, NULL, NULL); /* the replay starts two steps into the window */
  }
  def = ks_rb_default_def();
  def.state_size = sizeof scene;
  def.input_size = KICK_DUEL_INPUT_BYTES;
  def.max_prediction = window;
  def.hash_every = 120;
  kick_shot_cache_init(&cache);
  def.step = kick_duel_rb_step_cached;
  def.user = &cache;
  def.hash = kick_duel_rb_hash;
  if (players == 4) {
    four[0] = four[1] = scene;
    def.players = 4;
    def.state_size = sizeof four;
    def.step = four_step;
    def.hash = four_hash;
  }
  if (ks_rb_storage_size(&def) > STORAGE || ks_rb_storage_size(&def) == 0) return 4;
  return 0;
}

static uint64_t fill(void) {
  if (ks_rb_init(&session, &def, storage, STORAGE, players == 4 ? (const void *)four : (const void *)&scene) != KS_OK)
    return 0;
  for (int32_t i = 0; i < def.max_prediction; i++) (void)ks_rb_advance(&session, NULL, NULL);
  return kick_duel_hash((const kick_duel *)ks_rb_state(&session));
}

uint64_t rbk_fill(int32_t k) {
  uint64_t h = 0;
  for (int32_t i = 0; i < k; i++) h ^= fill();
  return h;
}

uint64_t rbk_fill_rollback(int32_t k) {
  uint64_t h = 0;
  uint8_t tap[KICK_DUEL_INPUT_BYTES];
  kick_duel_input t = kick_duel_tap_input(2.4, 1.3);
  kick_duel_input_encode(&t, tap);
  for (int32_t i = 0; i < k; i++) {
    h ^= fill();
    for (int32_t p = 1; p < players; p++) (void)ks_rb_add_player_input(&session, p, 0, tap);
    last_resim = ks_rb_settle(&session);
    h ^= kick_duel_hash((const kick_duel *)ks_rb_state(&session));
  }
  return h;
}

int64_t rbk_last_resimulated(void) { return last_resim; }
int32_t rbk_state_bytes(void) { return (int32_t)(players == 4 ? sizeof four : sizeof(kick_duel)); }
