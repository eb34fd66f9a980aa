// SPDX-License-Identifier: MIT
/* The course: walk, jump, three steps climbed, sprint, slide, off a ledge,
   land. Its script changes keys only at multiples of 1/30 s, so every rate
   that is a multiple of 30 sees the same input at the same moments. */
#include "kickstep/walk.h"

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
    walk_body_step(b, &g.def, keys_at(k, rate), &e);
    take(&r, &e);
    int64_t done = k + 1; /* time done / rate */
    double eye = walk_body_eye_rest(b, &g.def) + b->eye_offset;
    if (done * 30 == 90 * rate) r.v[WALK_R_SPRINT_X] = b->x;
    if (done * 10 == 24 * rate) r.v[WALK_R_EYE_AT_2_4] = eye;
    if (done * 10 == 75 * rate) {
      r.v[WALK_R_EYE_AT_7_5] = eye;
      r.v[WALK_R_X_AT_7_5] = b->x;
    }
    if (done == 4 * rate) r.v[WALK_R_X_AT_4] = b->x;
  }
  r.v[WALK_R_SLIDE_DISTANCE] = r.v[WALK_R_SLIDE_END_X] - r.v[WALK_R_SLIDE_START_X];
  r.v[WALK_R_FINAL_X] = b->x;
  r.v[WALK_R_FINAL_T] = b->time;
  *out = r;
  return KS_OK;
}
