// SPDX-License-Identifier: MIT
/* The moments table (the seed's rules, one function each) and the names. */
#include "simulation.h"

uint32_t kick_moments_evaluate(const kick_shot *s) {
  if (!s) return 0u;
  uint32_t m = s->moments & (uint32_t)KICK_MOMENT_TARGET_RING;
  bool woodwork = (s->contact_flags & KICK_TOUCH_WOODWORK) != 0u;
  bool keeper = (s->contact_flags & KICK_TOUCH_KEEPER) != 0u;
  const kick_flight_stats *st = &s->stats;
  if (s->outcome != KICK_OUTCOME_GOAL) {
    if (woodwork) m |= KICK_MOMENT_WOODWORK;
    if (keeper) m |= KICK_MOMENT_SAVE;
    return m;
  }
  ks_vec3 c = s->crossing;
  double ax = ks_fabs(c.x);
  if (ax >= KICK_TOP_CORNER_MIN_X && c.y >= KICK_TOP_CORNER_MIN_Y) m |= KICK_MOMENT_TOP_CORNER;
  if (woodwork) m |= KICK_MOMENT_IN_OFF_WOODWORK;
  if (st->launch_speed < KICK_PANENKA_MAX_SPEED && ax <= KICK_PANENKA_MAX_X && c.y > KICK_PANENKA_MIN_Y &&
      st->keeper_diving_at_cross && st->glove_distance > KICK_PANENKA_GLOVE_DISTANCE)
    m |= KICK_MOMENT_PANENKA;
  if (st->bend_fraction >= KICK_CURLER_MIN_BEND && ks_fabs(c.x - st->launch_line_x) >= KICK_CURLER_MIN_OFFSET)
    m |= KICK_MOMENT_CURLER;
  if (keeper) m |= KICK_MOMENT_PAST_KEEPER;
  if (st->launch_speed >= KICK_ROCKET_MIN_SPEED) m |= KICK_MOMENT_ROCKET;
  return m;
}

#define SLOW_MOTION_MASK                                                                                   \
  ((uint32_t)KICK_MOMENT_WOODWORK | (uint32_t)KICK_MOMENT_SAVE | (uint32_t)KICK_MOMENT_TOP_CORNER |      \
   (uint32_t)KICK_MOMENT_IN_OFF_WOODWORK | (uint32_t)KICK_MOMENT_PANENKA | (uint32_t)KICK_MOMENT_TARGET_RING)
#define REPLAY_MASK                                                                                        \
  ((uint32_t)KICK_MOMENT_TOP_CORNER | (uint32_t)KICK_MOMENT_IN_OFF_WOODWORK | (uint32_t)KICK_MOMENT_PANENKA | \
   (uint32_t)KICK_MOMENT_CURLER | (uint32_t)KICK_MOMENT_PAST_KEEPER | (uint32_t)KICK_MOMENT_ROCKET)

static bool one_bit(uint32_t b) { return b != 0u && (b & (b - 1u)) == 0u && (b & ~KICK_MOMENT_ALL) == 0u; }

bool kick_moment_slow_motion(uint32_t bit) { return one_bit(bit) && (bit & SLOW_MOTION_MASK) != 0u; }
bool kick_moment_replay(uint32_t bit) { return one_bit(bit) && (bit & REPLAY_MASK) != 0u; }
bool kick_moments_slow_motion(uint32_t mask) { return (mask & SLOW_MOTION_MASK) != 0u; }
bool kick_moments_replay(uint32_t mask) { return (mask & REPLAY_MASK) != 0u; }

#define OUTCOME_NAME(N, n) #n,
static const char *const outcome_names[] = {KICK_OUTCOMES(OUTCOME_NAME)};
#undef OUTCOME_NAME
_Static_assert(sizeof outcome_names / sizeof outcome_names[0] == kick_outcome_count, "an outcome without a name");

const char *kick_outcome_name(kick_outcome o) {
  return (uint32_t)o < (uint32_t)kick_outcome_count ? outcome_names[o] : "unknown";
}

const char *kick_moment_name(uint32_t bit) {
  switch (bit) {
  case KICK_MOMENT_WOODWORK: return "woodwork";
  case KICK_MOMENT_SAVE: return "save";
  case KICK_MOMENT_TOP_CORNER: return "top_corner";
  case KICK_MOMENT_IN_OFF_WOODWORK: return "in_off_woodwork";
  case KICK_MOMENT_PANENKA: return "panenka";
  case KICK_MOMENT_TARGET_RING: return "target_ring";
  case KICK_MOMENT_CURLER: return "curler";
  case KICK_MOMENT_PAST_KEEPER: return "past_keeper";
  case KICK_MOMENT_ROCKET: return "rocket";
  default: break;
  }
  return "unknown";
}

const char *kick_event_name(uint32_t type) {
  switch ((kick_event_type)type) {
  case KICK_EV_NONE: return "none";
  case KICK_EV_STRIKE: return "strike";
  case KICK_EV_POST: return "post";
  case KICK_EV_BAR: return "bar";
  case KICK_EV_WALL: return "wall";
  case KICK_EV_WALL_JUMP: return "wall_jump";
  case KICK_EV_KEEPER_DIVE: return "keeper_dive";
  case KICK_EV_KEEPER_TOUCH: return "keeper_touch";
  case KICK_EV_KEEPER_SAVE: return "keeper_save";
  case KICK_EV_KEEPER_PARRY: return "keeper_parry";
  case KICK_EV_KEEPER_CATCH: return "keeper_catch";
  case KICK_EV_KEEPER_TIP: return "keeper_tip";
  case KICK_EV_RING: return "ring";
  case KICK_EV_GOAL_LINE: return "goal_line";
  case KICK_EV_NET: return "net";
  case KICK_EV_BOUNCE: return "bounce";
  case KICK_EV_REST: return "rest";
  case KICK_EV_DECIDED: return "decided";
  case kick_event_type_count: break;
  }
  return "unknown";
}

const char *kick_keeper_kind_name(kick_keeper_kind k) {
  switch (k) {
  case KICK_KEEPER_NONE: return "none";
  case KICK_KEEPER_PLAIN: return "plain";
  case KICK_KEEPER_SHOWMAN: return "showman";
  case KICK_KEEPER_SPECIALIST: return "specialist";
  case KICK_KEEPER_LEARNER: return "learner";
  case kick_keeper_kind_count: break;
  }
  return "unknown";
}
