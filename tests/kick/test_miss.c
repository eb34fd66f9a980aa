// SPDX-License-Identifier: MIT
/* A miss in words (kick_miss_of, kick_miss_text, kick_miss_tip): the side is
   the shooter's (+x is their left), the distance is edge to edge in the words
   a player uses, and real kicks on the open pitch read as they fly. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "kickstep/kick.h"
#include "kickstep/kick_score.h"

/* Ball centre x (or y) for an edge-to-edge gap of d metres to the post (or bar). */
#define POST_X(d) (KICK_GOAL_WIDTH / 2.0 + 2.0 * KICK_POST_RADIUS + KICK_BALL_RADIUS + (d))
#define BAR_Y(d) (KICK_GOAL_HEIGHT + 2.0 * KICK_POST_RADIUS + KICK_BALL_RADIUS + (d))

static const char *words(kick_outcome o, double x, double y, uint32_t touches) {
  static char buf[96];
  ks_vec3 c = {x, y, KICK_CROSS_Z};
  kick_miss m = kick_miss_of(o, true, c, touches);
  size_t n = kick_miss_text(&m, buf, sizeof buf);
  assert_int_equal(n, strlen(buf));
  return buf;
}

static void test_wide_sides_and_distances(void **state) {
  (void)state;
  /* +x is the shooter's left. */
  assert_string_equal(words(KICK_OUTCOME_WIDE, POST_X(0.1), 1.0, 0), "just wide of the left post");
  assert_string_equal(words(KICK_OUTCOME_WIDE, -POST_X(0.1), 1.0, 0), "just wide of the right post");
  assert_string_equal(words(KICK_OUTCOME_WIDE, -POST_X(0.5), 0.3, 0), "half a metre wide of the right post");
  assert_string_equal(words(KICK_OUTCOME_WIDE, POST_X(1.0), 0.3, 0), "a metre wide of the left post");
  assert_string_equal(words(KICK_OUTCOME_WIDE, POST_X(2.2), 0.3, 0), "two metres wide of the left post");
  assert_string_equal(words(KICK_OUTCOME_WIDE, -POST_X(9.0), 0.3, 0), "nine metres wide of the right post");
  assert_string_equal(words(KICK_OUTCOME_WIDE, -POST_X(12.0), 0.3, 0), "well wide of the right post");
  /* Grazing the post's outside still counts as just wide (never a negative gap). */
  kick_miss m = kick_miss_of(KICK_OUTCOME_WIDE, true, (ks_vec3){POST_X(-0.05), 1.0, KICK_CROSS_Z}, 0);
  assert_true(m.kind == KICK_MISS_WIDE_LEFT && m.distance_m == 0.0);
  /* Wide and above the bar. */
  assert_string_equal(words(KICK_OUTCOME_WIDE, -POST_X(1.0), BAR_Y(0.5), 0), "high and a metre wide of the right post");
}

static void test_over_and_the_rest(void **state) {
  (void)state;
  assert_string_equal(words(KICK_OUTCOME_OVER, 0.5, BAR_Y(0.1), 0), "just over the bar");
  assert_string_equal(words(KICK_OUTCOME_OVER, 0.5, BAR_Y(0.6), 0), "over the bar");
  assert_string_equal(words(KICK_OUTCOME_OVER, 0.5, BAR_Y(2.0), 0), "well over the bar");
  assert_string_equal(words(KICK_OUTCOME_OVER, 0.5, BAR_Y(3.5), 0), "well over the bar");
  assert_string_equal(words(KICK_OUTCOME_OVER, 0.5, BAR_Y(6.0), 0), "high over the bar, into the stands");
  assert_string_equal(words(KICK_OUTCOME_WOODWORK, 0, 0, KICK_TOUCH_POST_POS | KICK_TOUCH_GROUND), "off the left post");
  assert_string_equal(words(KICK_OUTCOME_WOODWORK, 0, 0, KICK_TOUCH_POST_NEG), "off the right post");
  assert_string_equal(words(KICK_OUTCOME_WOODWORK, 0, 0, KICK_TOUCH_BAR | KICK_TOUCH_KEEPER), "off the bar");
  assert_string_equal(words(KICK_OUTCOME_WOODWORK, 0, 0, KICK_TOUCH_BAR | KICK_TOUCH_POST_NEG), "off the post and the bar");
  assert_string_equal(words(KICK_OUTCOME_SAVED, 0, 0, 0), "saved by the keeper");
  assert_string_equal(words(KICK_OUTCOME_BLOCKED, 0, 0, 0), "blocked by the wall");
  assert_string_equal(words(KICK_OUTCOME_SHORT, 0, 0, 0), "it never reached the goal");
  /* A goal, or an undecided kick, is no miss. */
  assert_string_equal(words(KICK_OUTCOME_GOAL, 1, 1, 0), "");
  assert_string_equal(words(KICK_OUTCOME_NONE, 1, 1, 0), "");
  assert_true(kick_shot_miss(NULL).kind == KICK_MISS_NONE);
}

static void test_text_buffer(void **state) {
  (void)state;
  kick_miss m = kick_miss_of(KICK_OUTCOME_WIDE, true, (ks_vec3){-POST_X(1.0), BAR_Y(0.5), 0}, 0);
  char small[8] = "xxxxxxx";
  assert_int_equal(kick_miss_text(&m, small, sizeof small), 0);
  assert_string_equal(small, "");
  char big[64];
  assert_true(kick_miss_text(&m, big, sizeof big) > 0);
  assert_int_equal(kick_miss_text(&m, NULL, 10), 0);
  assert_int_equal(kick_miss_text(NULL, big, sizeof big), 0);
}

static void test_tips(void **state) {
  (void)state;
  assert_string_equal(kick_miss_tip(KICK_MISS_NONE), "");
  assert_string_equal(kick_miss_tip(kick_miss_kind_count), "");
  for (int k = KICK_MISS_NONE + 1; k < kick_miss_kind_count; k++) assert_true(strlen(kick_miss_tip((kick_miss_kind)k)) > 10);
  assert_non_null(strstr(kick_miss_tip(KICK_MISS_OVER), "lower"));
  assert_non_null(strstr(kick_miss_tip(KICK_MISS_WIDE_RIGHT), "left"));
  assert_non_null(strstr(kick_miss_tip(KICK_MISS_WIDE_LEFT), "right"));
}

/* Real kicks on the open pitch: a launch turned towards +x misses on the
   shooter's left, one towards -x on their right, a steep one over the bar. */
static kick_miss fly(double direction, double elevation, double speed) {
  kick_setup su = kick_setup_default();
  kick_shot s;
  assert_int_equal(kick_shot_init(&s, &su), KS_OK);
  kick_launch k = kick_launch_default();
  k.speed_mps = speed;
  k.elevation = elevation;
  k.direction = direction;
  assert_int_equal(kick_shot_strike(&s, &k), KS_OK);
  for (int i = 0; i < 2000 && !kick_shot_decided(&s); i++) kick_shot_advance(&s, 1.0 / 60.0, NULL, NULL);
  assert_true(kick_shot_decided(&s));
  return kick_shot_miss(&s);
}

static void test_real_kicks(void **state) {
  (void)state;
  char buf[64];
  kick_miss left = fly(0.3, 0.12, 26.0);
  assert_int_equal(left.kind, KICK_MISS_WIDE_LEFT);
  kick_miss_text(&left, buf, sizeof buf);
  assert_non_null(strstr(buf, "wide of the left post"));
  kick_miss right = fly(-0.3, 0.12, 26.0);
  assert_int_equal(right.kind, KICK_MISS_WIDE_RIGHT);
  kick_miss_text(&right, buf, sizeof buf);
  assert_non_null(strstr(buf, "wide of the right post"));
  /* Mirror images: the same distance either side. */
  assert_true(left.distance_m > 1.0 && left.distance_m == right.distance_m);
  kick_miss over = fly(0.0, 0.45, 28.0);
  assert_int_equal(over.kind, KICK_MISS_OVER);
  kick_miss_text(&over, buf, sizeof buf);
  assert_non_null(strstr(buf, "over the bar"));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_wide_sides_and_distances),
      cmocka_unit_test(test_over_and_the_rest),
      cmocka_unit_test(test_text_buffer),
      cmocka_unit_test(test_tips),
      cmocka_unit_test(test_real_kicks),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
