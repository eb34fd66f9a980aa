// SPDX-License-Identifier: MIT
/* A miss in the words a player uses, and a tip when it repeats. See
   kickstep/kick_score.h. Only reads a decided shot: nothing here is simulated. */
#include "kickstep/kick_score.h"

/* The outer edges of the woodwork: a ball whose centre is this far out (plus
   its radius) clears it. */
#define MISS_POST_OUTER_X (KICK_GOAL_WIDTH / 2.0 + 2.0 * KICK_POST_RADIUS)
#define MISS_BAR_TOP_Y (KICK_GOAL_HEIGHT + 2.0 * KICK_POST_RADIUS)

kick_miss kick_miss_of(kick_outcome outcome, bool crossed, ks_vec3 crossing, uint32_t touches) {
  kick_miss m = {KICK_MISS_NONE, 0.0, false, 0u};
  switch (outcome) {
    case KICK_OUTCOME_WIDE: {
      double ax = crossing.x < 0.0 ? -crossing.x : crossing.x;
      m.kind = crossing.x > 0.0 ? KICK_MISS_WIDE_LEFT : KICK_MISS_WIDE_RIGHT;
      if (crossed) {
        double gap = ax - MISS_POST_OUTER_X - KICK_BALL_RADIUS;
        m.distance_m = gap > 0.0 ? gap : 0.0;
        m.high = crossing.y - KICK_BALL_RADIUS > MISS_BAR_TOP_Y;
      }
      break;
    }
    case KICK_OUTCOME_OVER:
      m.kind = KICK_MISS_OVER;
      if (crossed) {
        double gap = crossing.y - MISS_BAR_TOP_Y - KICK_BALL_RADIUS;
        m.distance_m = gap > 0.0 ? gap : 0.0;
      }
      break;
    case KICK_OUTCOME_WOODWORK:
      m.kind = KICK_MISS_WOODWORK;
      m.touches = touches & KICK_TOUCH_WOODWORK;
      break;
    case KICK_OUTCOME_SAVED: m.kind = KICK_MISS_SAVED; break;
    case KICK_OUTCOME_BLOCKED: m.kind = KICK_MISS_BLOCKED; break;
    case KICK_OUTCOME_SHORT: m.kind = KICK_MISS_SHORT; break;
    default: break;
  }
  return m;
}

kick_miss kick_shot_miss(const kick_shot *shot) {
  if (!shot) {
    kick_miss none = {KICK_MISS_NONE, 0.0, false, 0u};
    return none;
  }
  return kick_miss_of(shot->outcome, shot->crossed, shot->crossing, shot->contact_flags);
}

/* ------------------------------------------------------------------ words */

typedef struct miss_text {
  char *buf;
  size_t cap, len;
  bool full;
} miss_text;

static void put(miss_text *t, const char *s) {
  for (; *s; s++) {
    if (t->len + 1 >= t->cap) {
      t->full = true;
      return;
    }
    t->buf[t->len++] = *s;
  }
}

/* How far wide, as a player says it: "just", "half a metre", "a metre",
   "two metres" ... "nine metres", then "well". */
static void put_wide_distance(miss_text *t, double d) {
  static const char *const metres[] = {"two", "three", "four", "five", "six", "seven", "eight", "nine"};
  if (d < 0.3) put(t, "just wide");
  else if (d < 0.75) put(t, "half a metre wide");
  else if (d < 1.5) put(t, "a metre wide");
  else if (d < 9.5) {
    int n = (int)(d + 0.5);
    put(t, metres[n - 2]);
    put(t, " metres wide");
  } else put(t, "well wide");
}

static void put_over(miss_text *t, double d) {
  if (d < 0.3) put(t, "just over the bar");
  else if (d < 1.2) put(t, "over the bar");
  else if (d < 5.0) put(t, "well over the bar");
  else put(t, "high over the bar, into the stands");
}

static void put_woodwork(miss_text *t, uint32_t touches) {
  uint32_t posts = touches & (KICK_TOUCH_POST_NEG | KICK_TOUCH_POST_POS);
  bool bar = (touches & KICK_TOUCH_BAR) != 0u;
  if (posts == KICK_TOUCH_POST_POS && !bar) put(t, "off the left post");
  else if (posts == KICK_TOUCH_POST_NEG && !bar) put(t, "off the right post");
  else if (posts == 0u && bar) put(t, "off the bar");
  else if (posts != 0u && bar) put(t, "off the post and the bar");
  else put(t, "off the woodwork");
}

size_t kick_miss_text(const kick_miss *m, char *buf, size_t cap) {
  if (!buf || cap == 0) return 0;
  buf[0] = '\0';
  if (!m) return 0;
  miss_text t = {buf, cap, 0, false};
  switch (m->kind) {
    case KICK_MISS_WIDE_LEFT:
    case KICK_MISS_WIDE_RIGHT:
      if (m->high) put(&t, "high and ");
      put_wide_distance(&t, m->distance_m);
      put(&t, m->kind == KICK_MISS_WIDE_LEFT ? " of the left post" : " of the right post");
      break;
    case KICK_MISS_OVER: put_over(&t, m->distance_m); break;
    case KICK_MISS_WOODWORK: put_woodwork(&t, m->touches); break;
    case KICK_MISS_SAVED: put(&t, "saved by the keeper"); break;
    case KICK_MISS_BLOCKED: put(&t, "blocked by the wall"); break;
    case KICK_MISS_SHORT: put(&t, "it never reached the goal"); break;
    default: break;
  }
  if (t.full) {
    buf[0] = '\0';
    return 0;
  }
  buf[t.len] = '\0';
  return t.len;
}

const char *kick_miss_tip(kick_miss_kind kind) {
  switch (kind) {
    case KICK_MISS_WIDE_LEFT: return "Twice wide on the left: aim further right, inside the post.";
    case KICK_MISS_WIDE_RIGHT: return "Twice wide on the right: aim further left, inside the post.";
    case KICK_MISS_OVER: return "Twice over the bar: aim lower, and flick a little softer.";
    case KICK_MISS_WOODWORK: return "The woodwork twice: aim a little further inside the frame.";
    case KICK_MISS_SAVED: return "Saved twice: the keeper reads you. Try the other side, or a corner.";
    case KICK_MISS_BLOCKED: return "The wall twice: lift it over the wall, or bend it round.";
    case KICK_MISS_SHORT: return "Short twice: a faster flick gives it more power.";
    default: return "";
  }
}
