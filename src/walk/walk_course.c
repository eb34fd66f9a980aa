// SPDX-License-Identifier: MIT
/* The course: walk, jump, three steps climbed, sprint, slide, off a ledge,
   land. Its script changes keys at multiples of 1/30 s. A step that a key
   change falls inside is split there, so every rate sees the same input at
   the same moments, and the report's samples are read at their own times. */
#include "kickstep/walk.h"
#include "walk_internal.h"

typedef struct cue {
  int32_t tick30; /* time in 1/30 s */
  uint32_t keys;
} cue;

static const cue script[] = {
    {0, WALK_KEY_FORWARD},
    {30, WALK_KEY_FORWARD | WALK_KEY_JUMP},
    {36, WALK_KEY_FORWARD},
    {90, WALK_KEY_FORWARD | WALK_KEY_SPRINT},
    {135, WALK_KEY_FORWARD | WALK_KEY_SPRINT | WALK_KEY_CROUCH},
    {180, WALK_KEY_FORWARD},
    {240, 0},
};

const char *walk_report_field_name(int32_t field) {
  static const char *const names[] = {
      "jump_takeoff_x", "jump_takeoff_t", "jump_apex_y",    "jump_land_x",    "jump_land_t",
      "jump_land_speed", "steps_top_x",   "steps_top_t",    "sprint_x",       "slide_start_x",
      "slide_end_x",    "slide_end_t",    "slide_distance", "ledge_x",        "ledge_t",
      "drop_land_x",    "drop_land_t",    "drop_land_speed", "eye_at_2_4",    "eye_at_7_5",
      "x_at_4",         "x_at_7_5",       "final_x",        "final_t"};
  return field >= 0 && field < walk_report_field_count ? names[field] : "unknown";
}

/* Keys for the step that starts at step index k (time k / rate). */
static uint32_t keys_at(int64_t k, int64_t rate) {
  uint32_t keys = 0;
  for (size_t i = 0; i < sizeof script / sizeof script[0]; i++)
    if ((int64_t)script[i].tick30 * rate <= 30 * k) keys = script[i].keys;
  return keys;
}

uint32_t walk_course_keys(int64_t step, int32_t rate) { return rate > 0 ? keys_at(step, rate) : 0u; }

static void take(walk_report *r, const ks_events *e) {
  int landings = 0;
  for (uint32_t i = 0; i < e->count; i++) {
    const ks_event *ev = &e->items[i];
    double x = ev->value[0], t = ev->value[1], v = ev->value[2];
    r->events++;
    switch (ev->type) {
    case WALK_EV_TAKEOFF:
      r->v[WALK_R_JUMP_TAKEOFF_X] = x;
      r->v[WALK_R_JUMP_TAKEOFF_T] = t;
      break;
    case WALK_EV_APEX: r->v[WALK_R_JUMP_APEX_Y] = v; break;
    case WALK_EV_LAND:
      landings++;
      if (r->v[WALK_R_JUMP_LAND_T] == 0.0) {
        r->v[WALK_R_JUMP_LAND_X] = x;
        r->v[WALK_R_JUMP_LAND_T] = t;
        r->v[WALK_R_JUMP_LAND_SPEED] = v;
      } else {
        r->v[WALK_R_DROP_LAND_X] = x;
        r->v[WALK_R_DROP_LAND_T] = t;
        r->v[WALK_R_DROP_LAND_SPEED] = v;
      }
      break;
    case WALK_EV_STEP_UP:
      if (ev->subject == 2) {
        r->v[WALK_R_STEPS_TOP_X] = x;
        r->v[WALK_R_STEPS_TOP_T] = t;
      }
      break;
    case WALK_EV_SLIDE_START: r->v[WALK_R_SLIDE_START_X] = x; break;
    case WALK_EV_SLIDE_END:
      r->v[WALK_R_SLIDE_END_X] = x;
      r->v[WALK_R_SLIDE_END_T] = t;
      break;
    case WALK_EV_LEDGE:
      r->v[WALK_R_LEDGE_X] = x;
      r->v[WALK_R_LEDGE_T] = t;
      break;
    default: break;
    }
  }
  (void)landings;
}

/* The report's samples: fields read at script times, multiples of 1/30 s. */
typedef struct sample {
  int32_t tick30;
  int32_t field;
  int32_t what; /* 0 x, 1 eye height above the feet */
} sample;

static const sample samples[] = {
    {90, WALK_R_SPRINT_X, 0},   {72, WALK_R_EYE_AT_2_4, 1}, {120, WALK_R_X_AT_4, 0},
    {225, WALK_R_EYE_AT_7_5, 1}, {225, WALK_R_X_AT_7_5, 0},
};
#define SAMPLE_COUNT (sizeof samples / sizeof samples[0])
#define CUE_COUNT (sizeof script / sizeof script[0])

static void read_sample(walk_report *r, const sample *sm, const walk_body *b, const walk_def *def) {
  if (r) r->v[sm->field] = sm->what == 0 ? b->x : walk_body_eye_rest(b, def) + b->eye_offset;
}

/* One step of the course: step k covers (k/rate, (k+1)/rate]. Times are
   compared on one integer grid of 1/(30·rate) s, where the step starts at
   30·k and script tick t lies at t·rate, so no float decides which step a
   moment falls in. A key change inside the step splits it into spans, each
   integrated exactly, so the change happens at its own moment at every rate;
   a sample inside the step is read from a copy advanced to its moment, so
   reading it changes nothing. At a rate that is a multiple of 30 every cue
   and sample falls on a step boundary and the step is one whole span. */
static void course_step(walk_body *b, const walk_def *def, int64_t k, int64_t rate, walk_report *r, ks_events *e) {
  const double dt = 1.0 / (double)rate;
  const int64_t g0 = 30 * k, g1 = 30 * (k + 1);
  const double grid = 1.0 / (double)(30 * rate); /* one grid unit, s */
  b->step++;
  b->time = (double)k / (double)rate;
  uint32_t keys = keys_at(k, rate);
  int64_t at = g0; /* the current span starts here */
  size_t next = 0;
  for (;;) {
    /* The next cue strictly inside the step, if any. */
    while (next < CUE_COUNT && (int64_t)script[next].tick30 * rate <= at) next++;
    int64_t end = g1;
    if (next < CUE_COUNT && (int64_t)script[next].tick30 * rate < g1) end = (int64_t)script[next].tick30 * rate;
    /* Samples strictly inside this span: a copy advanced to their moment. */
    for (size_t i = 0; r && i < SAMPLE_COUNT; i++) {
      int64_t gs = (int64_t)samples[i].tick30 * rate;
      if (gs > at && gs < end) {
        walk_body peek = *b;
        walk_body_span(&peek, def, keys, 0u, (double)(gs - at) * grid, NULL);
        read_sample(r, &samples[i], &peek, def);
      }
    }
    double span = (at == g0 && end == g1) ? dt : (double)(end - at) * grid;
    b->time = (double)k / (double)rate + (double)(at - g0) * grid;
    walk_body_span(b, def, keys, 0u, span, e);
    if (end == g1) break;
    keys = script[next].keys;
    at = end;
  }
  b->time = (double)(k + 1) / (double)rate;
  for (size_t i = 0; i < SAMPLE_COUNT; i++)
    if ((int64_t)samples[i].tick30 * rate == g1) read_sample(r, &samples[i], b, def);
}

void walk_course_step(walk_body *b, const walk_def *def, ks_events *out) {
  if (!walk_body_usable(b, def) || b->step < 0) return;
  course_step(b, def, b->step, def->steps_per_second, NULL, out);
}

ks_status walk_course_run(const walk_def *def, walk_report *out) {
  if (!def || !out) return KS_ERR_NULL;
  walk_game g;
  ks_status st = walk_game_init(&g, def);
  if (st != KS_OK) return st;
  walk_report r = {0};
  r.steps_per_second = def->steps_per_second;
  int64_t rate = def->steps_per_second;
  int64_t total = (int64_t)WALK_COURSE_SECONDS * rate;
  walk_body *b = &g.body;
  for (int64_t k = 0; k < total; k++) {
    ks_events e;
    ks_events_clear(&e);
    course_step(b, &g.def, k, rate, &r, &e);
    take(&r, &e);
  }
  r.v[WALK_R_SLIDE_DISTANCE] = r.v[WALK_R_SLIDE_END_X] - r.v[WALK_R_SLIDE_START_X];
  r.v[WALK_R_FINAL_X] = b->x;
  r.v[WALK_R_FINAL_T] = b->time;
  *out = r;
  return KS_OK;
}
