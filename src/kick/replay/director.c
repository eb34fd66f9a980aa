// SPDX-License-Identifier: MIT
/* The play director: frames to steps, slow motion from a look-ahead, the
   instant replay queue, events for front ends. See kickstep/kick_director.h
   and docs/director.md. */
#include "kickstep/kick_director.h"

#include "kickstep/clock.h"
#include "kickstep/dmath.h"
#include "simulation/simulation.h"

#define DIRECTOR_COOKIE 0x6b646972u /* "kdir" */

/* Real time is banked in ticks: 9e6 per 1/600 s step of real time. A step
   costs 9e6 ticks at 1×, 30e6 at 0.3× and 20e6 at 0.45×: exact integers, so
   the speed may change between two steps of one frame with nothing lost. */
#define COST_LIVE 9000000ll
#define COST_SLOW 30000000ll
#define COST_REPLAY 20000000ll
#define UNITS_PER_SECOND (600ll * KS_CLOCK_UNITS_PER_STEP)
#define TICKS_PER_UNIT 9ll

enum {
  NOTICE_REPLAY_SKIPPED = 1u << 0, /* a playing replay was skipped: REPLAY_END(1) owed */
  NOTICE_SLOWMO_ENDED = 1u << 1,   /* effects off during slow motion: SLOWMO_END owed */
};

static const ks_vec3 GOAL_MIDDLE = {0.0, 1.22, 0.0};

/* ------------------------------------------------------------------ cameras */

static kick_camera camera_look(ks_vec3 pos, ks_vec3 target, double fov) {
  kick_camera c;
  c.pos = pos;
  c.target = target;
  ks_vec3 d = ks_v3_sub(target, pos);
  c.yaw = ks_atan2(d.x, d.z);
  c.pitch = ks_atan2(d.y, ks_sqrt(d.x * d.x + d.z * d.z));
  c.fov = fov;
  return c;
}

kick_camera kick_director_live_camera(ks_vec3 spot, ks_vec3 ball) {
  ks_vec3 pos = ks_v3(spot.x, 1.8, spot.z - 4.5);
  return camera_look(pos, ks_v3_lerp(GOAL_MIDDLE, ball, 0.5), 0.87);
}

kick_camera kick_director_replay_camera(ks_vec3 spot, ks_vec3 crossing) {
  /* The side the ball did not go: a ball heading to +x puts the camera at -x. */
  double side = crossing.x > spot.x ? -1.0 : 1.0;
  ks_vec3 pos = ks_v3(spot.x + side * 5.0, 2.0, spot.z - 12.0);
  ks_vec3 from = ks_v3(spot.x, 0.5, spot.z);
  return camera_look(pos, ks_v3_lerp(from, crossing, 0.75), 0.35);
}

double kick_yaw_lerp(double a, double b, double t) {
  double d = ks_wrap_angle(b - a);
  return ks_wrap_angle(a + d * t);
}

kick_camera kick_camera_lerp(const kick_camera *a, const kick_camera *b, double t) {
  kick_camera c;
  c.pos = ks_v3_lerp(a->pos, b->pos, t);
  c.target = ks_v3_lerp(a->target, b->target, t);
  c.yaw = kick_yaw_lerp(a->yaw, b->yaw, t);
  c.pitch = ks_lerp(a->pitch, b->pitch, t);
  c.fov = ks_lerp(a->fov, b->fov, t);
  return c;
}

static ks_vec3 spot_of(const kick_shot *s) { return ks_v3(s->setup.spot_x, KICK_BALL_RADIUS, s->setup.spot_z); }

/* --------------------------------------------------------------------- init */

kick_director_def kick_director_default_def(void) {
  kick_director_def d;
  d.setup = kick_setup_default();
  d.effects = true;
  d.cookie = KS_DEF_COOKIE;
  return d;
}

static void record_run(kick_run_record *r, const kick_shot *s) {
  r->valid = kick_shot_decided(s);
  r->outcome = s->outcome;
  r->decision_step = s->decision_step;
  r->moments = s->moments;
  r->crossing_bits[0] = s->crossed ? ks_f64_bits(s->crossing.x) : 0u;
  r->crossing_bits[1] = s->crossed ? ks_f64_bits(s->crossing.y) : 0u;
  r->crossing_bits[2] = s->crossed ? ks_f64_bits(s->crossing.z) : 0u;
}

ks_status kick_director_init(kick_director *d, const kick_director_def *def) {
  if (!d || !def) return KS_ERR_NULL;
  if (def->cookie != KS_DEF_COOKIE) return KS_ERR_UNINITIALISED;
  kick_shot live;
  ks_status st = kick_shot_init(&live, &def->setup);
  if (st != KS_OK) return st;
  kick_director z = {0};
  z.live = live;
  z.before = live;
  z.replay = live;
  z.launch = kick_launch_default();
  z.settings.effects = def->effects;
  z.settings.person_in_goal = def->setup.person_in_goal;
  z.mode = KICK_DIRECTOR_WAITING;
  z.resume_pending = true;
  z.slow_from_step = -1;
  z.slow_to_step = -1;
  z.replay_start_live_step = -1;
  z.replay_stop_step = -1;
  z.strike_due_step = -1;
  z.runup_from_step = -1;
  for (int i = 0; i < KICK_RUN_COUNT; i++) z.runs[i].decision_step = -1;
  z.ball_prev = z.ball_cur = live.ball.pos;
  z.cam_prev = z.cam_cur = kick_director_live_camera(spot_of(&live), live.ball.pos);
  z.cookie = DIRECTOR_COOKIE;
  *d = z;
  return KS_OK;
}

static bool usable(const kick_director *d) { return d && d->cookie == DIRECTOR_COOKIE; }

ks_status kick_director_next_kick(kick_director *d, const kick_setup *setup) {
  if (!usable(d) || !setup) return KS_ERR_NULL;
  kick_director_def def = kick_director_default_def();
  def.setup = *setup;
  def.effects = d->settings.effects;
  /* The player's last eight shots follow them from kick to kick (learner
     keepers read them), unless the new setup brings a history of its own. */
  if (setup->history_count == 0) {
    def.setup.history_count = d->live.setup.history_count;
    for (int32_t i = 0; i < d->live.setup.history_count; i++) def.setup.history[i] = d->live.setup.history[i];
    kick_history_shot h;
    if (kick_shot_history_entry(&d->live, &h)) kick_setup_push_history(&def.setup, h);
  }
  kick_director n;
  ks_status st = kick_director_init(&n, &def);
  if (st != KS_OK) return st;
  n.paused = d->paused;
  n.resume_pending = d->resume_pending;
  n.last_target = d->last_target;
  n.bank_ticks = d->bank_ticks % COST_LIVE;
  n.frames = d->frames;
  *d = n;
  return KS_OK;
}

/* ------------------------------------------------------------------- inputs */

/* The tap that applies at step index n: the latest one stamped at or before n. */
static const kick_input *input_at(const kick_director *d, int64_t n) {
  const kick_input *in = NULL;
  for (int32_t i = 0; i < d->input_count; i++)
    if (d->inputs[i].tap_step <= n) in = &d->inputs[i];
  return in;
}

/* -------------------------------------------------------------------- speed */

static bool in_slow_window(const kick_director *d, int64_t n) {
  return d->settings.effects && !d->settings.person_in_goal && d->slow_planned && n >= d->slow_from_step &&
         n < d->slow_to_step;
}

static int64_t next_cost(const kick_director *d) {
  if (d->mode == KICK_DIRECTOR_REPLAY) return COST_REPLAY;
  return in_slow_window(d, d->live.clock.total_steps) ? COST_SLOW : COST_LIVE;
}

double kick_director_speed(const kick_director *d) {
  if (!usable(d) || d->paused) return 0.0;
  int64_t c = next_cost(d);
  if (c == COST_REPLAY) return KICK_DIRECTOR_SPEED_REPLAY;
  if (c == COST_SLOW) return KICK_DIRECTOR_SPEED_SLOW;
  return KICK_DIRECTOR_SPEED_LIVE;
}

kick_director_mode kick_director_get_mode(const kick_director *d) {
  return usable(d) ? d->mode : KICK_DIRECTOR_WAITING;
}

/* ------------------------------------------------------------------- events */

static void emit(ks_events *out, int64_t step, kick_director_event_type t, uint32_t subject, ks_vec3 v) {
  if (out) (void)ks_events_push(out, step, (uint32_t)t, subject, v.x, v.y, v.z);
}

/* Translates one step's shot events into director events. */
static void translate(kick_director *d, const kick_shot *s, const ks_events *in, bool from_replay,
                      ks_events *out) {
  uint32_t tag = from_replay ? KICK_DIR_EV_FROM_REPLAY : 0u;
  bool shake = d->settings.effects && !from_replay;
  for (uint32_t i = 0; i < in->count; i++) {
    const ks_event *e = &in->items[i];
    ks_vec3 v = ks_v3(e->value[0], e->value[1], e->value[2]);
    switch ((kick_event_type)e->type) {
    case KICK_EV_STRIKE: emit(out, e->step, KICK_DIR_EV_STRIKE, tag, v); break;
    case KICK_EV_POST:
      emit(out, e->step, KICK_DIR_EV_POST, tag | e->subject, v);
      if (shake) emit(out, e->step, KICK_DIR_EV_SHAKE, 0u, ks_v3(0.6, 0.0, 0.0));
      break;
    case KICK_EV_BAR:
      emit(out, e->step, KICK_DIR_EV_BAR, tag, v);
      if (shake) emit(out, e->step, KICK_DIR_EV_SHAKE, 0u, ks_v3(0.6, 0.0, 0.0));
      break;
    case KICK_EV_KEEPER_SAVE: emit(out, e->step, KICK_DIR_EV_SAVE, tag, v); break;
    case KICK_EV_RING: emit(out, e->step, KICK_DIR_EV_RING, tag | e->subject, v); break;
    case KICK_EV_DECIDED:
      if (e->subject == (uint32_t)KICK_OUTCOME_GOAL) {
        emit(out, e->step, KICK_DIR_EV_GOAL, tag | (s->moments & 0xffffu), s->crossing);
        if (shake) emit(out, e->step, KICK_DIR_EV_SHAKE, 0u, ks_v3(0.3, 0.0, 0.0));
      }
      emit(out, e->step, KICK_DIR_EV_DECIDED, tag | e->subject, v);
      break;
    default: break;
    }
  }
}

/* ------------------------------------------------------------------- copies */

/* Strikes `s` (a before-strike copy) and steps it with the input log until it
   is decided or max_steps pass. */
static void run_copy(const kick_director *d, kick_shot *s, int64_t max_steps, kick_shot_cache *c) {
  (void)kick_shot_strike(s, &d->launch);
  int64_t s0 = s->clock.total_steps;
  while (!kick_shot_decided(s) && s->clock.total_steps - s0 < max_steps)
    kick_shot_step_cached(s, c, input_at(d, s->clock.total_steps), NULL);
}

static void on_live_decided(kick_director *d, kick_shot_cache *c) {
  record_run(&d->runs[KICK_RUN_LIVE], &d->live);
  if (!d->settings.effects || d->live.outcome != KICK_OUTCOME_GOAL || !kick_moments_replay(d->live.moments)) return;
  kick_shot probe = d->before;
  run_copy(d, &probe, KICK_DIRECTOR_PROBE_MAX_STEPS, c);
  record_run(&d->runs[KICK_RUN_PROBE], &probe);
  if (!kick_shot_decided(&probe)) return;
  d->replay_stop_step = probe.decision_step + KICK_DIRECTOR_REPLAY_TAIL_STEPS;
  d->replay_wait_ticks = 0;
  d->replay_cross = probe.crossed ? probe.crossing : probe.ball.pos;
  d->replay_state = KICK_REPLAY_Q_PENDING;
}

/* --------------------------------------------------------------------- steps */

static void live_step(kick_director *d, ks_events *out, kick_shot_cache *c) {
  ks_events tmp;
  ks_events_clear(&tmp);
  bool was_decided = kick_shot_decided(&d->live);
  d->ball_prev = d->live.ball.pos;
  kick_shot_step_cached(&d->live, c, input_at(d, d->live.clock.total_steps), &tmp);
  d->ball_cur = d->live.ball.pos;
  d->cam_prev = d->cam_cur;
  d->cam_cur = kick_director_live_camera(spot_of(&d->live), d->ball_cur);
  translate(d, &d->live, &tmp, false, out);
  if (!was_decided && kick_shot_decided(&d->live)) on_live_decided(d, c);
}

static void show_live(kick_director *d) {
  d->mode = d->struck ? KICK_DIRECTOR_LIVE : KICK_DIRECTOR_WAITING;
  d->ball_prev = d->ball_cur = d->live.ball.pos;
  d->cam_prev = d->cam_cur = kick_director_live_camera(spot_of(&d->live), d->ball_cur);
}

static void replay_begin(kick_director *d, ks_events *out) {
  d->replay = d->before;
  (void)kick_shot_strike(&d->replay, &d->launch);
  d->replay_state = KICK_REPLAY_Q_PLAYING;
  d->replay_start_live_step = d->live.clock.total_steps;
  d->mode = KICK_DIRECTOR_REPLAY;
  d->ball_prev = d->ball_cur = d->replay.ball.pos;
  d->cam_prev = d->cam_cur = kick_director_replay_camera(spot_of(&d->replay), d->replay_cross);
  emit(out, d->live.clock.total_steps, KICK_DIR_EV_REPLAY_START, 0u, ks_v3((double)d->replay_stop_step, 0.0, 0.0));
}

static void replay_step(kick_director *d, ks_events *out, kick_shot_cache *c) {
  ks_events tmp;
  ks_events_clear(&tmp);
  bool was_decided = kick_shot_decided(&d->replay);
  d->ball_prev = d->replay.ball.pos;
  kick_shot_step_cached(&d->replay, c, input_at(d, d->replay.clock.total_steps), &tmp);
  d->ball_cur = d->replay.ball.pos;
  translate(d, &d->replay, &tmp, true, out);
  if (!was_decided && kick_shot_decided(&d->replay)) record_run(&d->runs[KICK_RUN_REPLAY], &d->replay);
  if (d->replay.clock.total_steps >= d->replay_stop_step) {
    d->replay_state = KICK_REPLAY_Q_FINISHED;
    emit(out, d->live.clock.total_steps, KICK_DIR_EV_REPLAY_END, 0u, ks_v3(0.0, 0.0, 0.0));
    show_live(d);
  }
}

static void flush_notices(kick_director *d, ks_events *out) {
  int64_t n = d->live.clock.total_steps;
  if ((d->notices & NOTICE_SLOWMO_ENDED) != 0u)
    emit(out, n, KICK_DIR_EV_SLOWMO_END, 0u, ks_v3(KICK_DIRECTOR_SPEED_LIVE, 0.0, 0.0));
  if ((d->notices & NOTICE_REPLAY_SKIPPED) != 0u) emit(out, n, KICK_DIR_EV_REPLAY_END, 1u, ks_v3(0.0, 0.0, 0.0));
  d->notices = 0u;
}

ks_status kick_director_frame(kick_director *d, double target_seconds, ks_events *out) {
  return kick_director_frame_cached(d, target_seconds, out, NULL);
}

/* ------------------------------------------------- the look-ahead in the run-up */

/* A kick read with a run-up (kick_director_kick_after_cached) is struck a
   known number of steps later on a shot that only waits until then, so its
   look-ahead can be flown before the strike: the cache's copy of the waiting
   shot is advanced as the live one is (the same steps, the same inputs), is
   struck on the strike step and flown in the release's own 1/60 s chunks, a
   share of the work each frame. The strike takes it when the copy is its
   shot, every byte (kick_shot_ahead). */
static bool ahead_wanted(const kick_director *d, const kick_shot_cache *c) {
  return c && d->settings.effects && !d->settings.person_in_goal;
}

static void ahead_begin(const kick_director *d, kick_shot_cache *c) {
  kick_shot_ahead *a = &c->ahead;
  a->active = true;
  a->struck = false;
  a->due = d->strike_due_step;
  a->s0 = -1;
  a->launch = d->launch;
  a->pre = d->live;
}

static bool ahead_of(const kick_shot_ahead *a, const kick_director *d) {
  return a->active && a->due == d->strike_due_step && ks_f64_bits(a->launch.speed_mps) == ks_f64_bits(d->launch.speed_mps) &&
         ks_f64_bits(a->launch.elevation) == ks_f64_bits(d->launch.elevation) &&
         ks_f64_bits(a->launch.direction) == ks_f64_bits(d->launch.direction) &&
         ks_f64_bits(a->launch.spin_axis.x) == ks_f64_bits(d->launch.spin_axis.x) &&
         ks_f64_bits(a->launch.spin_axis.y) == ks_f64_bits(d->launch.spin_axis.y) &&
         ks_f64_bits(a->launch.spin_axis.z) == ks_f64_bits(d->launch.spin_axis.z) &&
         ks_f64_bits(a->launch.spin_rate) == ks_f64_bits(d->launch.spin_rate);
}

static bool look_flying(const kick_shot *look, int64_t s0) {
  return !kick_shot_decided(look) && look->clock.total_steps - s0 < KICK_DIRECTOR_LOOKAHEAD_MAX_STEPS;
}

/* About `budget` steps of the run-up's look-ahead: the waiting copy towards
   the strike step (as live_step steps the live shot), then its strike, then
   the look-ahead's chunks. */
static void ahead_work(const kick_director *d, kick_shot_cache *c, int64_t budget) {
  kick_shot_ahead *a = &c->ahead;
  if (!ahead_of(a, d)) return;
  ks_events tmp;
  while (budget > 0 && !a->struck) {
    if (a->pre.clock.total_steps >= a->due) {
      a->look = a->pre;
      if (kick_shot_strike(&a->look, &a->launch) != KS_OK) {
        a->active = false;
        return;
      }
      a->s0 = a->look.clock.total_steps;
      a->pre_hash = kick_shot_hash(&a->pre);
      a->struck = true;
      break;
    }
    ks_events_clear(&tmp);
    kick_shot_step_cached(&a->pre, c, input_at(d, a->pre.clock.total_steps), &tmp);
    budget--;
  }
  while (budget > 0 && a->struck && look_flying(&a->look, a->s0)) {
    int64_t ran = kick_shot_advance_cached(&a->look, c, KICK_DIRECTOR_LOOKAHEAD_CHUNK_SECONDS, NULL, NULL);
    budget -= ran > 0 ? ran : 1;
  }
}

/* The work left, shared out over the frames left of the run-up (each as
   long in steps as this one), never less than a floor a frame. */
#define AHEAD_MIN_STEPS_PER_FRAME 48

static void ahead_frame(const kick_director *d, kick_shot_cache *c, int64_t steps_this_frame) {
  kick_shot_ahead *a = &c->ahead;
  if (!ahead_of(a, d)) return;
  int64_t left = a->struck ? KICK_DIRECTOR_LOOKAHEAD_MAX_STEPS - (a->look.clock.total_steps - a->s0)
                           : (a->due - a->pre.clock.total_steps) + KICK_DIRECTOR_LOOKAHEAD_MAX_STEPS;
  int64_t to_strike = d->strike_due_step - d->live.clock.total_steps;
  int64_t per = steps_this_frame > 0 ? steps_this_frame : 10;
  int64_t frames = to_strike / per + 1;
  int64_t budget = (left + frames - 1) / frames;
  ahead_work(d, c, budget > AHEAD_MIN_STEPS_PER_FRAME ? budget : AHEAD_MIN_STEPS_PER_FRAME);
}

static bool same_f64(double x, double y) { return ks_f64_bits(x) == ks_f64_bits(y); }
static bool same_v3(ks_vec3 x, ks_vec3 y) { return same_f64(x.x, y.x) && same_f64(x.y, y.y) && same_f64(x.z, y.z); }

/* Whether the cache's waiting copy is `before`: its clock, dice and ball bit
   for bit and its hash (every hashed field; the structs' padding is never
   compared). */
static bool same_waiting_shot(const kick_shot_ahead *a, const kick_shot *before) {
  const kick_shot *p = &a->pre;
  return p->clock.total_steps == before->clock.total_steps && p->clock.banked_units == before->clock.banked_units &&
         p->dice.state == before->dice.state && p->phase == before->phase && same_v3(p->ball.pos, before->ball.pos) &&
         same_v3(p->ball.vel, before->ball.vel) && same_v3(p->ball.spin_axis, before->ball.spin_axis) &&
         same_f64(p->ball.spin_rate, before->ball.spin_rate) && p->setup.match_seed == before->setup.match_seed &&
         p->setup.kick_number == before->setup.kick_number && a->pre_hash == kick_shot_hash(before);
}

/* The run-up's look-ahead for the kick struck now on `before` (the live shot
   at the strike step): true with it in *look (struck, part-way or done) and
   its strike step in *s0, when the cache's copy is `before`. */
static bool ahead_take(const kick_director *d, kick_shot_cache *c, const kick_shot *before, kick_shot *look, int64_t *s0) {
  if (!c) return false;
  kick_shot_ahead *a = &c->ahead;
  bool mine = ahead_of(a, d) && a->struck && same_waiting_shot(a, before);
  a->active = false;
  if (!mine) return false;
  *look = a->look;
  *s0 = a->s0;
  a->taken++;
  return true;
}

/* While the kick waits, the wind of the steps a look-ahead at release would
   fly goes into the cache's table, a few chunks a frame, so that the
   release does not compute it. */
#define FILL_AHEAD_CHUNKS_PER_FRAME 4

ks_status kick_director_frame_cached(kick_director *d, double target_seconds, ks_events *out, kick_shot_cache *cache) {
  if (!usable(d)) return d ? KS_ERR_UNINITIALISED : KS_ERR_NULL;
  if (!ks_is_finite(target_seconds)) return KS_ERR_NOT_FINITE;
  flush_notices(d, out);
  if (d->paused) {
    d->last_target = target_seconds;
    return KS_OK;
  }
  double real;
  if (d->resume_pending) {
    real = KICK_DIRECTOR_RESUME_FRAME_SECONDS;
    d->resume_pending = false;
  } else {
    real = target_seconds - d->last_target;
    if (!(real > 0.0)) real = 0.0;
    if (real > KICK_DIRECTOR_MAX_FRAME_SECONDS) real = KICK_DIRECTOR_MAX_FRAME_SECONDS;
  }
  d->last_target = target_seconds;
  d->frames++;
  d->bank_ticks += ks_clock_seconds_to_units(real, UNITS_PER_SECOND) * TICKS_PER_UNIT;
  int64_t n_before = d->live.clock.total_steps;

  for (;;) {
    if (d->mode == KICK_DIRECTOR_REPLAY) {
      if (d->bank_ticks < COST_REPLAY) break;
      d->bank_ticks -= COST_REPLAY;
      replay_step(d, out, cache);
      continue;
    }
    if (d->replay_state == KICK_REPLAY_Q_PENDING && d->replay_wait_ticks >= KICK_DIRECTOR_REPLAY_DELAY_TICKS) {
      replay_begin(d, out);
      continue;
    }
    int64_t n = d->live.clock.total_steps;
    if (d->strike_pending && n >= d->strike_due_step) {
      kick_launch k = d->launch;
      d->strike_pending = false;
      (void)kick_director_kick_cached(d, &k, cache); /* validated when it was read */
    }
    bool slow = in_slow_window(d, n);
    int64_t cost = slow ? COST_SLOW : COST_LIVE;
    if (d->bank_ticks < cost) break;
    d->bank_ticks -= cost;
    if (slow != d->slow_active) {
      d->slow_active = slow;
      if (slow) emit(out, n, KICK_DIR_EV_SLOWMO_START, 0u, ks_v3(KICK_DIRECTOR_SPEED_SLOW, 0.0, 0.0));
      else emit(out, n, KICK_DIR_EV_SLOWMO_END, 0u, ks_v3(KICK_DIRECTOR_SPEED_LIVE, 0.0, 0.0));
    }
    bool pending = d->replay_state == KICK_REPLAY_Q_PENDING;
    live_step(d, out, cache);
    if (pending) d->replay_wait_ticks += cost; /* the goal's own step does not count */
  }
  if (d->strike_pending && ahead_wanted(d, cache)) {
    ahead_frame(d, cache, d->live.clock.total_steps - n_before);
  } else if (cache && !d->struck && d->settings.effects && !d->settings.person_in_goal) {
    int64_t n = d->live.clock.total_steps;
    (void)kick_shot_cache_fill_ahead(cache, &d->live, n, n + KICK_DIRECTOR_LOOKAHEAD_MAX_STEPS + 2 * KICK_BATCH_WIND_CHUNK,
                                     FILL_AHEAD_CHUNKS_PER_FRAME);
  }
  return KS_OK;
}

/* --------------------------------------------------------------------- kick */

ks_status kick_director_kick_after(kick_director *d, const kick_launch *launch, int32_t steps) {
  return kick_director_kick_after_cached(d, launch, steps, NULL);
}

ks_status kick_director_kick_after_cached(kick_director *d, const kick_launch *launch, int32_t steps,
                                          kick_shot_cache *cache) {
  if (!usable(d) || !launch) return KS_ERR_NULL;
  if (d->struck || d->strike_pending) return KS_ERR_STATE;
  if (steps < 0 || steps > 600) return KS_ERR_RANGE;
  ks_status st = kick_launch_validate(launch);
  if (st != KS_OK) return st;
  if (steps == 0) return kick_director_kick_cached(d, launch, cache);
  d->launch = *launch;
  d->strike_pending = true;
  d->runup_from_step = d->live.clock.total_steps;
  d->strike_due_step = d->live.clock.total_steps + steps;
  if (ahead_wanted(d, cache)) ahead_begin(d, cache);
  return KS_OK;
}

ks_status kick_director_skip_to_decision(kick_director *d, ks_events *out) {
  return kick_director_skip_to_decision_cached(d, out, NULL);
}

ks_status kick_director_skip_to_decision_cached(kick_director *d, ks_events *out, kick_shot_cache *cache) {
  if (!usable(d)) return d ? KS_ERR_UNINITIALISED : KS_ERR_NULL;
  if (!d->struck || kick_shot_decided(&d->live) || d->mode == KICK_DIRECTOR_REPLAY) return KS_ERR_STATE;
  int64_t limit = d->live.strike_step + KICK_DIRECTOR_PROBE_MAX_STEPS;
  while (!kick_shot_decided(&d->live) && d->live.clock.total_steps < limit) live_step(d, out, cache);
  if (d->slow_active) {
    d->slow_active = false;
    emit(out, d->live.clock.total_steps, KICK_DIR_EV_SLOWMO_END, 0u, ks_v3(KICK_DIRECTOR_SPEED_LIVE, 0.0, 0.0));
  }
  d->slow_planned = false;
  return KS_OK;
}

ks_status kick_director_kick(kick_director *d, const kick_launch *launch) {
  return kick_director_kick_cached(d, launch, NULL);
}

ks_status kick_director_kick_cached(kick_director *d, const kick_launch *launch, kick_shot_cache *cache) {
  if (!usable(d) || !launch) return KS_ERR_NULL;
  if (d->struck) return KS_ERR_STATE;
  ks_status st = kick_launch_validate(launch);
  if (st != KS_OK) return st;
  kick_shot before = d->live;
  kick_shot live = d->live;
  st = kick_shot_strike(&live, launch);
  if (st != KS_OK) return st;
  d->launch = *launch;
  d->slow_planned = false;
  d->slow_from_step = d->slow_to_step = -1;
  for (int i = 0; i < KICK_RUN_COUNT; i++) {
    kick_run_record z = {0};
    z.decision_step = -1;
    d->runs[i] = z;
  }
  if (d->settings.effects && !d->settings.person_in_goal) {
    /* The look-ahead: the before-strike copy struck (as the live kick is
       struck: the same bits), run ahead in 1/60 s chunks. */
    kick_shot look;
    int64_t s0;
    if (!ahead_take(d, cache, &before, &look, &s0)) {
      look = live;
      s0 = look.clock.total_steps;
    }
    while (look_flying(&look, s0))
      (void)kick_shot_advance_cached(&look, cache, KICK_DIRECTOR_LOOKAHEAD_CHUNK_SECONDS, NULL, NULL);
    record_run(&d->runs[KICK_RUN_LOOKAHEAD], &look);
    if (kick_shot_decided(&look) && kick_moments_slow_motion(look.moments)) {
      int64_t from = look.decision_step - KICK_DIRECTOR_SLOW_BEFORE_STEPS;
      d->slow_planned = true;
      d->slow_from_step = from > s0 ? from : s0;
      d->slow_to_step = look.decision_step + KICK_DIRECTOR_SLOW_AFTER_STEPS;
    }
  }
  d->before = before;
  d->live = live;
  d->struck = true;
  d->strike_pending = false;
  if (d->runup_from_step < 0) d->runup_from_step = d->live.clock.total_steps;
  d->strike_due_step = d->live.clock.total_steps;
  d->mode = KICK_DIRECTOR_LIVE;
  return KS_OK;
}

/* ---------------------------------------------------------------------- taps */

static void skip_replay(kick_director *d) {
  if (d->replay_state == KICK_REPLAY_Q_PLAYING) {
    d->notices |= NOTICE_REPLAY_SKIPPED;
    show_live(d);
  }
  d->replay_state = KICK_REPLAY_Q_SKIPPED;
}

ks_status kick_director_tap(kick_director *d, double x, double y) {
  if (!usable(d)) return KS_ERR_NULL;
  if (d->replay_state == KICK_REPLAY_Q_PENDING || d->replay_state == KICK_REPLAY_Q_PLAYING) {
    skip_replay(d);
    return KS_OK;
  }
  if (!d->settings.person_in_goal || !d->struck || kick_shot_decided(&d->live)) return KS_ERR_STATE;
  if (!ks_is_finite(x) || !ks_is_finite(y)) return KS_ERR_NOT_FINITE;
  if (d->input_count >= KICK_DIRECTOR_MAX_INPUTS) return KS_ERR_CAPACITY;
  kick_input in;
  in.has_tap = true;
  in.tap_step = d->live.clock.total_steps;
  in.tap_x = x;
  in.tap_y = y;
  d->inputs[d->input_count++] = in;
  return KS_OK;
}

void kick_director_pause(kick_director *d) {
  if (usable(d)) d->paused = true;
}

void kick_director_resume(kick_director *d) {
  if (!usable(d) || !d->paused) return;
  d->paused = false;
  d->resume_pending = true;
}

void kick_director_set_effects(kick_director *d, bool on) {
  if (!usable(d)) return;
  d->settings.effects = on;
  if (on) return;
  if (d->slow_active) {
    d->slow_active = false;
    d->notices |= NOTICE_SLOWMO_ENDED;
  }
  if (d->replay_state == KICK_REPLAY_Q_PENDING || d->replay_state == KICK_REPLAY_Q_PLAYING) skip_replay(d);
}

/* ------------------------------------------------------------------ drawing */

void kick_director_view_get(const kick_director *d, kick_director_view *out) {
  if (!out) return;
  kick_director_view v = {0};
  if (usable(d)) {
    int64_t cost = next_cost(d);
    v.mode = d->mode;
    v.alpha = (double)d->bank_ticks / (double)cost;
    if (v.alpha >= 1.0) v.alpha = 0.0;
    v.speed = kick_director_speed(d);
    v.ball = ks_v3_lerp(d->ball_prev, d->ball_cur, v.alpha);
    v.camera = kick_camera_lerp(&d->cam_prev, &d->cam_cur, v.alpha);
    v.shot = d->mode == KICK_DIRECTOR_REPLAY ? &d->replay : &d->live;
  }
  *out = v;
}

/* ----------------------------------------------------------------- the runs */

bool kick_director_runs_agree(const kick_director *d, uint32_t *mask) {
  uint32_t m = 0u;
  bool ok = usable(d);
  const kick_run_record *first = NULL;
  for (int i = 0; ok && i < KICK_RUN_COUNT; i++) {
    const kick_run_record *r = &d->runs[i];
    if (!r->valid) continue;
    m |= 1u << i;
    if (!first) {
      first = r;
      continue;
    }
    if (r->decision_step != first->decision_step || r->outcome != first->outcome ||
        r->crossing_bits[0] != first->crossing_bits[0] || r->crossing_bits[1] != first->crossing_bits[1] ||
        r->crossing_bits[2] != first->crossing_bits[2])
      ok = false;
  }
  if (mask) *mask = m;
  return ok && first != NULL;
}

const char *kick_director_event_name(uint32_t type) {
  switch ((kick_director_event_type)type) {
  case KICK_DIR_EV_STRIKE: return "strike";
  case KICK_DIR_EV_POST: return "post";
  case KICK_DIR_EV_BAR: return "bar";
  case KICK_DIR_EV_SAVE: return "save";
  case KICK_DIR_EV_GOAL: return "goal";
  case KICK_DIR_EV_RING: return "ring";
  case KICK_DIR_EV_SLOWMO_START: return "slowmo_start";
  case KICK_DIR_EV_SLOWMO_END: return "slowmo_end";
  case KICK_DIR_EV_REPLAY_START: return "replay_start";
  case KICK_DIR_EV_REPLAY_END: return "replay_end";
  case KICK_DIR_EV_SHAKE: return "shake";
  case KICK_DIR_EV_DECIDED: return "decided";
  default: return "unknown";
  }
}
