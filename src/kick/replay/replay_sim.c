// SPDX-License-Identifier: MIT
/* Replays re-simulated: recording the expectations and verifying them. */
#include "kickstep/kick_replay.h"
#include "kickstep/timeline.h"
#include "replay.h"

static const kick_input *input_at(const kick_input *inputs, int32_t count, int64_t n) {
  const kick_input *in = NULL;
  for (int32_t i = 0; i < count; i++)
    if (inputs[i].tap_step <= n) in = &inputs[i];
  return in;
}

static ks_status build_before(const kick_setup *setup, int64_t wait_steps, const kick_input *inputs, int32_t count,
                              kick_shot *out) {
  kick_shot s;
  ks_status st = kick_shot_init(&s, setup);
  if (st != KS_OK) return st;
  for (int64_t i = 0; i < wait_steps; i++) kick_shot_step(&s, input_at(inputs, count, s.clock.total_steps), NULL);
  *out = s;
  return KS_OK;
}

/* Strikes and runs `s` until decided (or 10 s of flight), filling the
   expectations of r (outcome .. checkpoints). */
static ks_status run_and_fill(kick_shot *s, const kick_launch *launch, const kick_input *inputs, int32_t count,
                              kick_replay *r) {
  ks_status st = kick_shot_strike(s, launch);
  if (st != KS_OK) return st;
  int64_t s0 = s->clock.total_steps;
  r->checkpoint_count = 0;
  while (!kick_shot_decided(s) && s->clock.total_steps - s0 < KICK_REPLAY_MAX_FLIGHT_STEPS) {
    kick_shot_step(s, input_at(inputs, count, s->clock.total_steps), NULL);
    int64_t k = s->clock.total_steps - s0;
    if (!kick_shot_decided(s) && k % KICK_REPLAY_CHECKPOINT_STEPS == 0 &&
        r->checkpoint_count < KICK_REPLAY_MAX_CHECKPOINTS)
      r->checkpoints[r->checkpoint_count++] = kick_shot_hash(s);
  }
  if (!kick_shot_decided(s)) return KS_ERR_STATE;
  r->outcome = s->outcome;
  r->moments = s->moments;
  r->decision_step = s->decision_step;
  r->crossed = s->crossed;
  r->crossing_bits[0] = s->crossed ? ks_f64_bits(s->crossing.x) : 0u;
  r->crossing_bits[1] = s->crossed ? ks_f64_bits(s->crossing.y) : 0u;
  r->crossing_bits[2] = s->crossed ? ks_f64_bits(s->crossing.z) : 0u;
  r->final_hash = kick_shot_hash(s);
  return KS_OK;
}

ks_status kick_replay_record(const kick_setup *setup, int64_t wait_steps, const kick_launch *launch,
                             const kick_input *inputs, int32_t input_count, kick_replay *out) {
  if (!setup || !launch || !out || (input_count > 0 && !inputs)) return KS_ERR_NULL;
  if (wait_steps < 0 || wait_steps > KICK_REPLAY_MAX_WAIT_STEPS) return KS_ERR_RANGE;
  if (input_count < 0 || input_count > KICK_REPLAY_MAX_INPUTS) return KS_ERR_RANGE;
  ks_status st = kick_launch_validate(launch);
  if (st != KS_OK) return st;
  kick_replay r = {0};
  r.setup = *setup;
  r.launch = *launch;
  r.wait_steps = wait_steps;
  r.input_count = input_count;
  int64_t prev = wait_steps;
  for (int32_t i = 0; i < input_count; i++) {
    if (!inputs[i].has_tap || inputs[i].tap_step < prev) return KS_ERR_RANGE;
    if (!ks_is_finite(inputs[i].tap_x) || !ks_is_finite(inputs[i].tap_y)) return KS_ERR_NOT_FINITE;
    prev = inputs[i].tap_step;
    r.inputs[i] = inputs[i];
  }
  kick_shot s;
  st = build_before(setup, wait_steps, r.inputs, r.input_count, &s);
  if (st != KS_OK) return st;
  st = run_and_fill(&s, launch, r.inputs, r.input_count, &r);
  if (st != KS_OK) return st;
  *out = r;
  return KS_OK;
}

ks_status kick_replay_from_director(const kick_director *d, kick_replay *out) {
  if (!d || !out) return KS_ERR_NULL;
  if (!d->struck || !kick_shot_decided(&d->live)) return KS_ERR_STATE;
  return kick_replay_record(&d->live.setup, d->before.clock.total_steps, &d->launch, d->inputs, d->input_count, out);
}

ks_status kick_replay_before_strike(const kick_replay *r, kick_shot *out) {
  if (!r || !out) return KS_ERR_NULL;
  if (r->wait_steps < 0 || r->wait_steps > KICK_REPLAY_MAX_WAIT_STEPS) return KS_ERR_RANGE;
  if (r->input_count < 0 || r->input_count > KICK_REPLAY_MAX_INPUTS) return KS_ERR_RANGE;
  return build_before(&r->setup, r->wait_steps, r->inputs, r->input_count, out);
}

static void set_name(kick_replay_verify_result *res, const char *s) {
  size_t i = 0;
  for (; s[i] && i + 1 < sizeof res->field; i++) res->field[i] = s[i];
  res->field[i] = '\0';
}

void kick_verify_begin(kick_replay_verify_result *v) {
  kick_replay_verify_result z = {0};
  *v = z;
  v->identical = true;
  v->step = -1;
  set_name(v, "");
}

void kick_verify_differ(kick_replay_verify_result *v, int64_t step, const char *field, uint64_t expected,
                        uint64_t actual) {
  v->identical = false;
  v->step = step;
  set_name(v, field);
  v->expected = expected;
  v->actual = actual;
}

ks_status kick_replay_verify(const kick_replay *r, kick_replay_verify_result *res) {
  if (!r || !res) return KS_ERR_NULL;
  kick_replay_verify_result v;
  kick_verify_begin(&v);
  kick_shot s;
  ks_status st = kick_replay_before_strike(r, &s);
  if (st != KS_OK) return st;
  st = kick_launch_validate(&r->launch);
  if (st != KS_OK) return st;
  kick_replay a = {0};
  st = run_and_fill(&s, &r->launch, r->inputs, r->input_count, &a);
  int64_t s0 = r->wait_steps;
  if (st == KS_ERR_STATE) {
    /* Never decided: diverges at the expected decision at the latest. */
    int32_t n = r->checkpoint_count < a.checkpoint_count ? r->checkpoint_count : a.checkpoint_count;
    for (int32_t k = 0; k < n; k++)
      if (r->checkpoints[k] != a.checkpoints[k]) {
        kick_verify_differ(&v, s0 + (int64_t)(k + 1) * KICK_REPLAY_CHECKPOINT_STEPS, "state_hash",
                           r->checkpoints[k], a.checkpoints[k]);
        *res = v;
        return KS_OK;
      }
    kick_verify_differ(&v, r->decision_step, "decision_step", (uint64_t)r->decision_step, (uint64_t)-1);
    *res = v;
    return KS_OK;
  }
  if (st != KS_OK) return st;
  /* Walk forward in steps: checkpoints both runs have, then the decision. */
  int32_t n = r->checkpoint_count < a.checkpoint_count ? r->checkpoint_count : a.checkpoint_count;
  int64_t first_dec = r->decision_step < a.decision_step ? r->decision_step : a.decision_step;
  for (int32_t k = 0; k < n; k++) {
    int64_t step = s0 + (int64_t)(k + 1) * KICK_REPLAY_CHECKPOINT_STEPS;
    if (step >= first_dec) break;
    if (r->checkpoints[k] != a.checkpoints[k]) {
      kick_verify_differ(&v, step, "state_hash", r->checkpoints[k], a.checkpoints[k]);
      *res = v;
      return KS_OK;
    }
  }
  int64_t d = r->decision_step;
  if (r->decision_step != a.decision_step)
    kick_verify_differ(&v, first_dec, "decision_step", (uint64_t)r->decision_step, (uint64_t)a.decision_step);
  else if (r->outcome != a.outcome)
    kick_verify_differ(&v, d, "outcome", (uint64_t)r->outcome, (uint64_t)a.outcome);
  else if (r->crossed != a.crossed)
    kick_verify_differ(&v, d, "crossed", r->crossed ? 1u : 0u, a.crossed ? 1u : 0u);
  else if (r->crossing_bits[0] != a.crossing_bits[0])
    kick_verify_differ(&v, d, "crossing.x", r->crossing_bits[0], a.crossing_bits[0]);
  else if (r->crossing_bits[1] != a.crossing_bits[1])
    kick_verify_differ(&v, d, "crossing.y", r->crossing_bits[1], a.crossing_bits[1]);
  else if (r->crossing_bits[2] != a.crossing_bits[2])
    kick_verify_differ(&v, d, "crossing.z", r->crossing_bits[2], a.crossing_bits[2]);
  else if (r->moments != a.moments)
    kick_verify_differ(&v, d, "moments", r->moments, a.moments);
  else if (r->final_hash != a.final_hash)
    kick_verify_differ(&v, d, "state_hash", r->final_hash, a.final_hash);
  *res = v;
  return KS_OK;
}

ks_status kick_replay_start_director(const kick_replay *r, kick_director *d) {
  if (!r || !d) return KS_ERR_NULL;
  kick_shot before;
  ks_status st = kick_replay_before_strike(r, &before);
  if (st != KS_OK) return st;
  kick_director n = *d;
  st = kick_director_next_kick(&n, &r->setup);
  if (st != KS_OK) return st;
  n.live = before;
  n.before = before;
  n.ball_prev = n.ball_cur = before.ball.pos;
  n.cam_prev = n.cam_cur =
      kick_director_live_camera(ks_v3(before.setup.spot_x, KICK_BALL_RADIUS, before.setup.spot_z), before.ball.pos);
  st = kick_director_kick(&n, &r->launch);
  if (st != KS_OK) return st;
  for (int32_t i = 0; i < r->input_count; i++) n.inputs[i] = r->inputs[i];
  n.input_count = r->input_count;
  *d = n;
  return KS_OK;
}

/* ------------------------------------------------------------------ trace */

size_t kick_replay_trace_fields(const kick_shot *s, ks_tl_field *out, size_t cap) {
  if (!s || !out || cap < KICK_REPLAY_TRACE_FIELDS) return 0;
  kick_keeper_pose p;
  kick_shot_keeper_pose(s, &p);
  const kick_ball *b = &s->ball;
  ks_tl_field f[KICK_REPLAY_TRACE_FIELDS] = {
      {"x", b->pos.x},
      {"y", b->pos.y},
      {"z", b->pos.z},
      {"vx", b->vel.x},
      {"vy", b->vel.y},
      {"vz", b->vel.z},
      {"spin", b->spin_rate},
      {"axis_x", b->spin_axis.x},
      {"axis_y", b->spin_axis.y},
      {"axis_z", b->spin_axis.z},
      {"glove0_x", p.glove[0].x},
      {"glove0_y", p.glove[0].y},
      {"glove1_x", p.glove[1].x},
      {"glove1_y", p.glove[1].y},
      {"dive_step", (double)s->keeper.dive_step},
      {"dice_hi", (double)(s->dice.state >> 32)},
      {"dice_lo", (double)(s->dice.state & 0xffffffffu)},
      {"banked_units", (double)s->clock.banked_units},
      {"phase", (double)s->phase},
      {"outcome", (double)s->outcome},
      {"contacts", (double)s->contact_flags},
      {"keeper_touches", (double)s->keeper.touches},
      {"wall_touched", (double)s->wall.touched},
      {"ring_hits", (double)s->ring_hits},
  };
  for (size_t i = 0; i < KICK_REPLAY_TRACE_FIELDS; i++) out[i] = f[i];
  return KICK_REPLAY_TRACE_FIELDS;
}

static void trace_line(ks_tl_writer *w, const kick_shot *s) {
  ks_tl_field f[KICK_REPLAY_TRACE_FIELDS];
  size_t n = kick_replay_trace_fields(s, f, KICK_REPLAY_TRACE_FIELDS);
  ks_tl_line(w, s->clock.total_steps, kick_shot_hash(s), f, n);
}

ks_status kick_replay_trace(const kick_replay *r, char *buf, size_t cap, size_t *len) {
  if (!r || !len || (!buf && cap > 0)) return KS_ERR_NULL;
  *len = 0;
  kick_shot s;
  ks_status st = kick_replay_before_strike(r, &s);
  if (st != KS_OK) return st;
  st = kick_shot_strike(&s, &r->launch);
  if (st != KS_OK) return st;
  ks_tl_writer w;
  ks_tl_writer_init(&w, buf, cap);
  trace_line(&w, &s);
  int64_t s0 = s.clock.total_steps;
  while (!kick_shot_decided(&s) && s.clock.total_steps - s0 < KICK_REPLAY_MAX_FLIGHT_STEPS && !w.overflow) {
    kick_shot_step(&s, input_at(r->inputs, r->input_count, s.clock.total_steps), NULL);
    trace_line(&w, &s);
  }
  if (w.overflow) return KS_ERR_CAPACITY;
  if (!kick_shot_decided(&s)) return KS_ERR_STATE;
  *len = w.len;
  return KS_OK;
}
