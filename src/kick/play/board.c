// SPDX-License-Identifier: MIT
/* The Daily Kick board's check (kick_board.h): a submitted try is read as the
   page reads it and stepped as the play director steps its live shot. The
   bytes are defined in docs/board.md. */
#include "kickstep/kick_board.h"

#include "replay/replay.h"
#include "kickstep/events.h"
#include "kickstep/hash.h"
#include "kickstep/kick_aim.h"
#include "kickstep/kick_levels.h"
#include "kickstep/kick_score.h"

static const uint8_t board_magic[4] = {'K', 'S', 'B', 'T'};

/* The verdicts' names and sentences, one line each, placed by their enum value. */
#define BOARD_VERDICTS(X)                                                                              \
  X(OK, "ok", "accepted")                                                                              \
  X(TRUNCATED, "truncated", "the submission ends before its fields do")                                \
  X(OVERSIZED, "oversized", "the submission is longer than its fields, or than the largest allowed")   \
  X(BAD_MAGIC, "bad_magic", "the submission does not start with KSBT")                                 \
  X(BAD_CHECKSUM, "bad_checksum", "the checksum does not match the bytes (damaged or edited)")          \
  X(UNKNOWN_RULES, "unknown_rules", "the rules version is not one this server verifies")               \
  X(MALFORMED, "malformed", "a field holds a value outside its definition")                            \
  X(BAD_DAY, "bad_day", "the day number is not a date the Daily Kick has")                             \
  X(BAD_TRY, "bad_try", "the try number is not 1, 2 or 3")                                             \
  X(BAD_STRIKE_STEP, "bad_strike_step", "the strike step is before the run-up or after five minutes") \
  X(BAD_SCREEN, "bad_screen", "the screen size is not one the page frames")                            \
  X(BAD_KEYS, "bad_keys", "a key value is outside its range")                                          \
  X(NO_KICK, "no_kick", "the input does not make a kick (the page would have refused it too)")         \
  X(UNDECIDED, "undecided", "the kick is not decided within 10 s of flight")                           \
  X(CLAIM_OUTCOME, "claim_outcome", "the claimed outcome is not the re-simulation's")                  \
  X(CLAIM_POINTS, "claim_points", "the claimed points are not the re-simulation's")                    \
  X(CLAIM_DECISION, "claim_decision", "the claimed decision step is not the re-simulation's")          \
  X(CLAIM_MOMENTS, "claim_moments", "the claimed moments are not the re-simulation's")                 \
  X(CLAIM_CROSSING, "claim_crossing", "the claimed crossing is not the re-simulation's, bit for bit")

#define BOARD_X_NAME(tail, name, text) [KICK_BOARD_##tail] = name,
#define BOARD_X_TEXT(tail, name, text) [KICK_BOARD_##tail] = text,
#define BOARD_X_COUNT(tail, name, text) +1
static const char *const verdict_names[kick_board_verdict_count] = {BOARD_VERDICTS(BOARD_X_NAME)};
static const char *const verdict_texts[kick_board_verdict_count] = {BOARD_VERDICTS(BOARD_X_TEXT)};
_Static_assert((0 BOARD_VERDICTS(BOARD_X_COUNT)) == kick_board_verdict_count, "a verdict without a name");

const char *kick_board_verdict_name(kick_board_verdict v) {
  return (int32_t)v >= 0 && v < kick_board_verdict_count ? verdict_names[v] : "unknown";
}

const char *kick_board_verdict_text(kick_board_verdict v) {
  return (int32_t)v >= 0 && v < kick_board_verdict_count ? verdict_texts[v] : "unknown verdict";
}

/* The civil date of a day number (the inverse of kick_day_number). */
bool kick_board_date(int32_t day_number, int32_t *year, int32_t *month, int32_t *day) {
  int64_t z = (int64_t)day_number + 719468;
  if (z < 0) return false;
  int64_t era = z / 146097;
  int64_t doe = z - era * 146097;
  int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  int64_t y = yoe + era * 400;
  int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  int64_t mp = (5 * doy + 2) / 153;
  int64_t d = doy - (153 * mp + 2) / 5 + 1;
  int64_t m = mp < 10 ? mp + 3 : mp - 9;
  if (m <= 2) y++;
  if (y < KICK_DAILY_MIN_YEAR || y > KICK_DAILY_MAX_YEAR) return false;
  if (!kick_daily_date_valid((int32_t)y, (int32_t)m, (int32_t)d)) return false;
  if (year) *year = (int32_t)y;
  if (month) *month = (int32_t)m;
  if (day) *day = (int32_t)d;
  return true;
}

size_t kick_board_size(const kick_board_try *t) {
  if (!t) return 0;
  if (t->input == KICK_BOARD_INPUT_KEYS) return KICK_BOARD_HEAD_BYTES + KICK_BOARD_KEYS_BYTES + KICK_BOARD_CHECK_BYTES;
  if (t->input != KICK_BOARD_INPUT_SWIPE || t->sample_count < 0) return 0;
  return KICK_BOARD_HEAD_BYTES + KICK_BOARD_SWIPE_HEAD_BYTES + (size_t)t->sample_count * KICK_BOARD_SAMPLE_BYTES +
         KICK_BOARD_CHECK_BYTES;
}

size_t kick_board_encode(const kick_board_try *t, const kick_touch *samples, uint8_t *buf, size_t cap) {
  if (!t || !buf) return 0;
  size_t n = kick_board_size(t);
  if (n == 0 || n > cap) return 0;
  if (t->input == KICK_BOARD_INPUT_SWIPE && t->sample_count > 0 && !samples) return 0;
  wbuf w = {buf, cap, 0};
  for (int i = 0; i < 4; i++) w_u8(&w, board_magic[i]);
  w_u16(&w, (uint32_t)t->rules);
  w_u8(&w, (uint32_t)t->input);
  w_u8(&w, (uint32_t)t->try_number);
  w_u32(&w, (uint32_t)t->day_number);
  w_u32(&w, (uint32_t)t->strike_step);
  w_u8(&w, (uint32_t)t->claim.outcome);
  w_u8(&w, t->claim.crossed ? 1u : 0u);
  w_u16(&w, 0u);
  w_u32(&w, (uint32_t)t->claim.points);
  w_u32(&w, (uint32_t)t->claim.decision_step);
  w_u32(&w, t->claim.moments);
  w_f64(&w, t->claim.cross_x);
  w_f64(&w, t->claim.cross_y);
  if (t->input == KICK_BOARD_INPUT_SWIPE) {
    w_f64(&w, t->screen_w);
    w_f64(&w, t->screen_h);
    w_u32(&w, (uint32_t)t->sample_count);
    w_u32(&w, 0u);
    for (int32_t i = 0; i < t->sample_count; i++) {
      w_f64(&w, samples[i].t);
      w_f64(&w, samples[i].x);
      w_f64(&w, samples[i].y);
    }
  } else {
    w_f64(&w, t->aim);
    w_f64(&w, t->height);
    w_f64(&w, t->bend);
    w_f64(&w, t->key_down_t);
    w_f64(&w, t->key_up_t);
  }
  w_u64(&w, ks_fnv1a64(buf, w.len));
  return w.len;
}

/* Where the samples come from: an array, or the submission's bytes. */
typedef struct sample_source {
  const kick_touch *array;
  const uint8_t *bytes;
} sample_source;

static kick_touch sample_at(const sample_source *src, int32_t i) {
  if (src->array) return src->array[i];
  rbuf r = {src->bytes + (size_t)i * KICK_BOARD_SAMPLE_BYTES, KICK_BOARD_SAMPLE_BYTES, 0, false};
  kick_touch s;
  s.t = r_f64(&r);
  s.x = r_f64(&r);
  s.y = r_f64(&r);
  return s;
}

static bool keys_in_range(const kick_board_try *t) {
  if (!ks_is_finite(t->aim) || !ks_is_finite(t->height) || !ks_is_finite(t->bend)) return false;
  if (!ks_is_finite(t->key_down_t) || !ks_is_finite(t->key_up_t)) return false;
  return t->aim >= -1.0 && t->aim <= 1.0 && t->height >= 0.0 && t->height <= 1.0 && t->bend >= -1.0 &&
         t->bend <= 1.0;
}

/* The input's launch, read with the page's calls in the page's order. */
static kick_board_verdict read_launch(const kick_board_try *t, const sample_source *src, const kick_setup *su,
                                      kick_launch *launch) {
  if (t->input == KICK_BOARD_INPUT_KEYS) {
    if (!keys_in_range(t)) return KICK_BOARD_BAD_KEYS;
    kick_keys k;
    k.aim = t->aim;
    k.height = t->height;
    k.bend = t->bend;
    k.hold_s = t->key_up_t > t->key_down_t ? t->key_up_t - t->key_down_t : 0.0;
    kick_swipe_reading r;
    if (kick_keys_read(NULL, &k, &r) != KS_OK) return KICK_BOARD_NO_KICK;
    *launch = r.launch;
    return KICK_BOARD_OK;
  }
  if (kick_aim_screen_check(t->screen_w, t->screen_h) != KS_OK) return KICK_BOARD_BAD_SCREEN;
  kick_swipe_def sd = kick_swipe_default_def();
  sd.screen_height = t->screen_h;
  kick_swipe sw;
  if (kick_swipe_begin(&sw, &sd) != KS_OK) return KICK_BOARD_BAD_SCREEN;
  for (int32_t i = 0; i < t->sample_count; i++) {
    kick_touch s = sample_at(src, i);
    (void)kick_swipe_add(&sw, &s, 1, NULL); /* a refused sample changes nothing, as in the page */
  }
  kick_aim_reading a;
  if (kick_aim_read(NULL, su, t->screen_w, t->screen_h, &sw, &a) != KS_OK) return KICK_BOARD_NO_KICK;
  *launch = a.swipe.launch;
  return KICK_BOARD_OK;
}

static kick_board_verdict check_fields(const kick_board_try *t) {
  if (t->rules != KICK_BOARD_RULES) return KICK_BOARD_UNKNOWN_RULES;
  if (t->input != KICK_BOARD_INPUT_SWIPE && t->input != KICK_BOARD_INPUT_KEYS) return KICK_BOARD_MALFORMED;
  if (!kick_board_date(t->day_number, NULL, NULL, NULL)) return KICK_BOARD_BAD_DAY;
  if (t->try_number < 1 || t->try_number > KICK_DAILY_TRIES) return KICK_BOARD_BAD_TRY;
  if (t->strike_step < KICK_BOARD_RUNUP_STEPS || t->strike_step > KICK_BOARD_MAX_STRIKE_STEP)
    return KICK_BOARD_BAD_STRIKE_STEP;
  if (t->input == KICK_BOARD_INPUT_SWIPE && (t->sample_count < 1 || t->sample_count > KICK_BOARD_MAX_SAMPLES))
    return KICK_BOARD_MALFORMED;
  return KICK_BOARD_OK;
}

static kick_board_verdict simulate(const kick_board_try *t, const sample_source *src, kick_board_report *out) {
  out->simulated = false;
  kick_board_verdict v = check_fields(t);
  if (v != KICK_BOARD_OK) return v;
  int32_t y, m, d;
  (void)kick_board_date(t->day_number, &y, &m, &d);
  /* The page's Daily Kick (kx_begin_daily, kx_start): the day's kick number
     try − 1, a fresh director, nobody in goal. */
  kick_daily day;
  if (kick_daily_kick(y, m, d, (uint64_t)(t->try_number - 1), &day) != KS_OK) return KICK_BOARD_BAD_DAY;
  kick_setup su = day.setup;
  su.person_in_goal = false;
  kick_shot shot;
  if (kick_shot_init(&shot, &su) != KS_OK) return KICK_BOARD_BAD_DAY;
  kick_launch launch;
  v = read_launch(t, src, &shot.setup, &launch);
  if (v != KICK_BOARD_OK) return v;
  if (kick_launch_validate(&launch) != KS_OK) return KICK_BOARD_NO_KICK;
  /* The director's live shot: a step with no input (nobody keeps goal, so its
     input log is empty) until the strike is due, the strike, then steps. */
  ks_events ev;
  while (shot.clock.total_steps < t->strike_step) {
    ks_events_clear(&ev);
    kick_shot_step(&shot, NULL, &ev);
  }
  if (kick_shot_strike(&shot, &launch) != KS_OK) return KICK_BOARD_NO_KICK;
  int64_t limit = shot.clock.total_steps + KICK_BOARD_MAX_FLIGHT_STEPS;
  while (!kick_shot_decided(&shot) && shot.clock.total_steps < limit) {
    ks_events_clear(&ev);
    kick_shot_step(&shot, NULL, &ev);
  }
  out->steps = shot.clock.total_steps;
  if (!kick_shot_decided(&shot)) return KICK_BOARD_UNDECIDED;
  kick_board_result r = {0};
  r.outcome = (int32_t)kick_shot_outcome(&shot);
  r.points = kick_score_points(&shot).total;
  r.decision_step = kick_shot_decision_step(&shot);
  r.moments = kick_shot_moments(&shot);
  ks_vec3 c;
  r.crossed = kick_shot_crossing(&shot, &c);
  r.cross_x = r.crossed ? c.x : 0.0;
  r.cross_y = r.crossed ? c.y : 0.0;
  out->result = r;
  out->launch = launch;
  out->shot_hash = kick_shot_hash(&shot);
  out->simulated = true;
  return KICK_BOARD_OK;
}

kick_board_verdict kick_board_simulate(const kick_board_try *t, const kick_touch *samples, kick_board_report *out) {
  if (!out) return KICK_BOARD_MALFORMED;
  kick_board_report z = {0};
  *out = z;
  if (!t || (t->input == KICK_BOARD_INPUT_SWIPE && !samples)) {
    out->verdict = KICK_BOARD_MALFORMED;
    return out->verdict;
  }
  out->fields = *t;
  sample_source src = {samples, NULL};
  out->verdict = simulate(t, &src, out);
  return out->verdict;
}

static bool same_bits(double a, double b) { return ks_f64_bits(a) == ks_f64_bits(b); }

static kick_board_verdict compare(const kick_board_result *claim, const kick_board_result *r) {
  if (claim->outcome != r->outcome) return KICK_BOARD_CLAIM_OUTCOME;
  if (claim->points != r->points) return KICK_BOARD_CLAIM_POINTS;
  if (claim->decision_step != r->decision_step) return KICK_BOARD_CLAIM_DECISION;
  if (claim->moments != r->moments) return KICK_BOARD_CLAIM_MOMENTS;
  if (claim->crossed != r->crossed || !same_bits(claim->cross_x, r->cross_x) || !same_bits(claim->cross_y, r->cross_y))
    return KICK_BOARD_CLAIM_CROSSING;
  return KICK_BOARD_OK;
}

static kick_board_verdict decode_and_verify(const uint8_t *b, size_t len, kick_board_report *out) {
  if (len > KICK_BOARD_MAX_BYTES) return KICK_BOARD_OVERSIZED;
  if (len < 4) return KICK_BOARD_TRUNCATED;
  for (int i = 0; i < 4; i++)
    if (b[i] != board_magic[i]) return KICK_BOARD_BAD_MAGIC;
  if (len < KICK_BOARD_HEAD_BYTES + KICK_BOARD_CHECK_BYTES) return KICK_BOARD_TRUNCATED;
  rbuf r = {b, len, 4, false};
  kick_board_try *t = &out->fields;
  t->rules = (int32_t)r_u16(&r);
  uint32_t kind = r_u8(&r);
  t->input = (kick_board_input)kind;
  t->try_number = (int32_t)r_u8(&r);
  t->day_number = (int32_t)r_u32(&r);
  t->strike_step = (int64_t)r_u32(&r);
  uint32_t outcome = r_u8(&r);
  uint32_t crossed = r_u8(&r);
  uint32_t reserved = r_u16(&r);
  t->claim.outcome = (int32_t)outcome;
  t->claim.crossed = crossed == 1u;
  t->claim.points = (int32_t)r_u32(&r);
  t->claim.decision_step = (int64_t)r_u32(&r);
  t->claim.moments = r_u32(&r);
  t->claim.cross_x = r_f64(&r);
  t->claim.cross_y = r_f64(&r);
  size_t need;
  if (kind == KICK_BOARD_INPUT_SWIPE) {
    if (len < KICK_BOARD_HEAD_BYTES + KICK_BOARD_SWIPE_HEAD_BYTES + KICK_BOARD_CHECK_BYTES) return KICK_BOARD_TRUNCATED;
    t->screen_w = r_f64(&r);
    t->screen_h = r_f64(&r);
    uint32_t n = r_u32(&r);
    reserved |= r_u32(&r);
    if (n > KICK_BOARD_MAX_SAMPLES) return KICK_BOARD_OVERSIZED;
    t->sample_count = (int32_t)n;
    need = KICK_BOARD_HEAD_BYTES + KICK_BOARD_SWIPE_HEAD_BYTES + (size_t)n * KICK_BOARD_SAMPLE_BYTES +
           KICK_BOARD_CHECK_BYTES;
  } else if (kind == KICK_BOARD_INPUT_KEYS) {
    need = KICK_BOARD_HEAD_BYTES + KICK_BOARD_KEYS_BYTES + KICK_BOARD_CHECK_BYTES;
    if (len < need) return KICK_BOARD_TRUNCATED;
    t->aim = r_f64(&r);
    t->height = r_f64(&r);
    t->bend = r_f64(&r);
    t->key_down_t = r_f64(&r);
    t->key_up_t = r_f64(&r);
  } else {
    need = len; /* an unknown kind: the checksum is checked first, then it is malformed */
  }
  if (len < need) return KICK_BOARD_TRUNCATED;
  if (len > need) return KICK_BOARD_OVERSIZED;
  rbuf c = {b, len, len - KICK_BOARD_CHECK_BYTES, false};
  if (r_u64(&c) != ks_fnv1a64(b, len - KICK_BOARD_CHECK_BYTES)) return KICK_BOARD_BAD_CHECKSUM;
  if (t->rules != KICK_BOARD_RULES) return KICK_BOARD_UNKNOWN_RULES;
  if (kind != KICK_BOARD_INPUT_SWIPE && kind != KICK_BOARD_INPUT_KEYS) return KICK_BOARD_MALFORMED;
  if (reserved != 0u || crossed > 1u || outcome == 0u || outcome >= (uint32_t)kick_outcome_count)
    return KICK_BOARD_MALFORMED;
  if (!t->claim.crossed && (ks_f64_bits(t->claim.cross_x) != 0u || ks_f64_bits(t->claim.cross_y) != 0u))
    return KICK_BOARD_MALFORMED;
  /* The same play, whoever sends it: the strike step and the input's bytes. */
  ks_hash h = ks_hash_begin();
  ks_hash_bytes(&h, b + 12, 4);
  ks_hash_bytes(&h, b + KICK_BOARD_HEAD_BYTES, need - KICK_BOARD_HEAD_BYTES - KICK_BOARD_CHECK_BYTES);
  out->input_hash = ks_hash_end(&h);
  sample_source src = {NULL, b + KICK_BOARD_HEAD_BYTES + KICK_BOARD_SWIPE_HEAD_BYTES};
  kick_board_verdict v = simulate(t, &src, out);
  if (v != KICK_BOARD_OK) return v;
  return compare(&t->claim, &out->result);
}

kick_board_verdict kick_board_verify(const uint8_t *bytes, size_t len, kick_board_report *out) {
  if (!out) return KICK_BOARD_MALFORMED;
  kick_board_report z = {0};
  *out = z;
  out->verdict = bytes ? decode_and_verify(bytes, len, out) : KICK_BOARD_TRUNCATED;
  return out->verdict;
}

kick_board_verdict kick_board_replay(const uint8_t *bytes, size_t len, kick_replay *out) {
  if (!out) return KICK_BOARD_MALFORMED;
  kick_board_report rep;
  kick_board_verdict v = kick_board_verify(bytes, len, &rep);
  if (v != KICK_BOARD_OK) return v;
  int32_t y, m, d;
  (void)kick_board_date(rep.fields.day_number, &y, &m, &d);
  kick_daily day;
  if (kick_daily_kick(y, m, d, (uint64_t)(rep.fields.try_number - 1), &day) != KS_OK) return KICK_BOARD_BAD_DAY;
  kick_setup su = day.setup;
  su.person_in_goal = false;
  kick_replay r;
  if (kick_replay_record(&su, rep.fields.strike_step, &rep.launch, NULL, 0, &r) != KS_OK) return KICK_BOARD_UNDECIDED;
  *out = r;
  return KICK_BOARD_OK;
}
