// SPDX-License-Identifier: MIT
/* Contacts: the post's 17 cm, the bar, the goal line and rings interpolated
   within the step, the net. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <string.h>

#include "support/kick_setups.h"

/* A struck open-pitch shot whose ball we then place by hand. */
static kick_shot placed(ks_vec3 pos, ks_vec3 vel) {
  kick_shot s = kt_struck(kick_setup_default(), 0.0, kt_launch(10.0, 0.0, 0.0, 0.0));
  s.ball.pos = pos;
  s.ball.vel = vel;
  s.ball.on_ground = false;
  return s;
}

static int count_type(const ks_events *e, kick_event_type t) {
  int n = 0;
  for (uint32_t i = 0; i < e->count; i++)
    if (e->items[i].type == (uint32_t)t) n++;
  return n;
}

/* The ball touches the post when its centre ends a step within 0.17 m of the
   axis, and not when it ends just outside. */
static void test_post_contact_radius(void **state) {
  (void)state;
  const double ax = KICK_GOAL_WIDTH * 0.5 + KICK_POST_RADIUS;
  const double reach = KICK_BALL_RADIUS + KICK_POST_RADIUS;
  assert_true(fabs(reach - 0.17) < 1e-15);
  for (int side = 0; side < 2; side++) {
    double sx = side == 0 ? -1.0 : 1.0;
    /* Still ball beside the axis at mid height: gravity only moves it in y. */
    kick_shot in = placed(ks_v3(sx * (ax - (reach - 0.0005)), 1.2, KICK_POST_Z), ks_v3(0.0, 0.0, 0.0));
    kick_shot out = placed(ks_v3(sx * (ax - (reach + 0.0005)), 1.2, KICK_POST_Z), ks_v3(0.0, 0.0, 0.0));
    ks_events e1, e2;
    ks_events_clear(&e1);
    ks_events_clear(&e2);
    kick_shot_step(&in, NULL, &e1);
    kick_shot_step(&out, NULL, &e2);
    assert_int_equal(count_type(&e1, KICK_EV_POST), 1);
    assert_int_equal(e1.items[ks_events_find(&e1, KICK_EV_POST)].subject, (uint32_t)side);
    assert_int_equal(count_type(&e2, KICK_EV_POST), 0);
    assert_true((in.contact_flags & (side == 0 ? KICK_TOUCH_POST_NEG : KICK_TOUCH_POST_POS)) != 0u);
    assert_true((out.contact_flags & KICK_TOUCH_WOODWORK) == 0u);
    /* The touch leaves the centre exactly 0.17 m out. */
    double dx = in.ball.pos.x - sx * ax, dz = in.ball.pos.z - KICK_POST_Z;
    assert_true(fabs(sqrt(dx * dx + dz * dz) - reach) < 1e-12);
  }
}

/* A ball flying into the post bounces back off it (restitution). */
static void test_post_rebound(void **state) {
  (void)state;
  const double ax = KICK_GOAL_WIDTH * 0.5 + KICK_POST_RADIUS;
  kick_shot s = placed(ks_v3(ax, 1.0, -1.0), ks_v3(0.0, 0.0, 20.0));
  for (int i = 0; i < 60; i++) kick_shot_step(&s, NULL, NULL);
  assert_true(s.ball.vel.z < 0.0);
  assert_true((s.contact_flags & KICK_TOUCH_POST_POS) != 0u);
  assert_false(s.crossed);
}

/* The bar: a ball along the bar's axis height touches it. */
static void test_bar_contact(void **state) {
  (void)state;
  kick_shot s = placed(ks_v3(0.5, KICK_GOAL_HEIGHT + KICK_POST_RADIUS - 0.05, -1.0), ks_v3(0.0, 0.0, 20.0));
  ks_events e;
  ks_events_clear(&e);
  for (int i = 0; i < 60; i++) kick_shot_step(&s, NULL, &e);
  assert_int_equal(count_type(&e, KICK_EV_BAR), 1);
}

/* The goal line can't be skipped: the crossing is interpolated within the
   step, exactly on z = KICK_CROSS_Z, on the segment the ball moved along. */
static void test_goal_line_interpolated(void **state) {
  (void)state;
  kick_shot s = kt_struck(kick_setup_default(), 0.0, kt_launch(33.5, 0.1, 0.05, 30.0));
  ks_vec3 p0 = s.ball.pos;
  int64_t cross_step = -1;
  for (int i = 0; i < 1200 && !s.crossed; i++) {
    p0 = s.ball.pos;
    kick_shot_step(&s, NULL, NULL);
    cross_step = kick_shot_steps(&s);
  }
  assert_true(s.crossed);
  ks_vec3 p1 = s.ball.pos;
  assert_true(p0.z < KICK_CROSS_Z && p1.z >= KICK_CROSS_Z);
  double u = (KICK_CROSS_Z - p0.z) / (p1.z - p0.z);
  ks_vec3 want = ks_v3_lerp(p0, p1, u);
  ks_vec3 got;
  assert_true(kick_shot_crossing(&s, &got));
  assert_true(got.z == KICK_CROSS_Z);
  assert_memory_equal(&got.x, &want.x, sizeof(double));
  assert_memory_equal(&got.y, &want.y, sizeof(double));
  assert_int_equal(s.crossing_step, cross_step);
  assert_int_equal(kick_shot_outcome(&s), KICK_OUTCOME_GOAL);
  assert_int_equal(kick_shot_decision_step(&s), cross_step);
  /* The point is between the step's ends, not at either. */
  assert_true(got.x != p0.x && got.x != p1.x);
}

/* Rings: through the ring counts; a ring slid away by the clock does not. */
static void test_rings(void **state) {
  (void)state;
  kick_setup su = kick_setup_default();
  su.spot_z = -16.0;
  su.ring_count = 1;
  su.rings[0] = kick_ring_default(0.0, 1.0);
  su.rings[0].z = -3.0;
  su.rings[0].radius = 0.6;
  /* Find a straight kick through the still ring. */
  kick_shot s = kt_struck(su, 0.0, kt_launch(20.0, 0.08, 0.0, 0.0));
  ks_vec3 pz = s.ball.pos;
  for (int i = 0; i < 1200 && s.ball.pos.z < -3.0; i++) {
    pz = s.ball.pos;
    kick_shot_step(&s, NULL, NULL);
  }
  (void)pz;
  double y_at_ring = s.ball.pos.y;
  su.rings[0].y = y_at_ring;
  s = kt_struck(su, 0.0, kt_launch(20.0, 0.08, 0.0, 0.0));
  ks_events e;
  ks_events_clear(&e);
  while (!kick_shot_decided(&s)) kick_shot_step(&s, NULL, &e);
  assert_int_equal(count_type(&e, KICK_EV_RING), 1);
  assert_true((kick_shot_moments(&s) & KICK_MOMENT_TARGET_RING) != 0u);
  assert_true(s.ring_hits == 1u);
  /* Sliding by 2 m with a quarter-period phase at the crossing: missed. */
  su.rings[0].motion = KICK_RING_SLIDE;
  su.rings[0].amplitude = 2.0;
  su.rings[0].period_s = 40.0;
  su.rings[0].phase = KS_HALF_PI;
  s = kt_struck(su, 0.0, kt_launch(20.0, 0.08, 0.0, 0.0));
  ks_vec3 c;
  assert_true(kick_shot_ring_center(&s, 0, &c));
  assert_true(fabs(c.x - 2.0) < 1e-9);
  kt_play_to_decision(&s);
  assert_true((kick_shot_moments(&s) & KICK_MOMENT_TARGET_RING) == 0u);
  /* Bobbing: the same, in y. */
  su.rings[0].motion = KICK_RING_BOB;
  kick_shot b;
  assert_int_equal(kick_shot_init(&b, &su), KS_OK);
  assert_true(kick_shot_ring_center(&b, 0, &c));
  assert_true(fabs(c.y - (y_at_ring + 2.0)) < 1e-9);
  assert_false(kick_shot_ring_center(&b, 1, &c));
}

/* A ring in the goal line's own plane (z = KICK_CROSS_Z, the furthest a ring
   may stand) is passed on the very step the ball crosses the line: it still
   counts, and the decision carries its moment. */
static void test_ring_on_the_goal_line(void **state) {
  (void)state;
  kick_setup su = kick_setup_default();
  su.spot_z = -16.0;
  su.ring_count = 1;
  su.rings[0] = kick_ring_default(0.0, 1.0);
  su.rings[0].z = KICK_CROSS_Z;
  su.rings[0].radius = 1.5;
  kick_launch l = kt_launch(31.0, 0.06, 0.0, 0.0);
  kick_shot s = kt_struck(su, 0.0, l);
  /* Put the ring's centre where this kick crosses. */
  kick_shot probe = s;
  kt_play_to_decision(&probe);
  ks_vec3 x;
  assert_true(kick_shot_crossing(&probe, &x));
  su.rings[0].x = x.x;
  su.rings[0].y = x.y;
  s = kt_struck(su, 0.0, l);
  ks_events e;
  ks_events_clear(&e);
  while (!kick_shot_decided(&s)) kick_shot_step(&s, NULL, &e);
  assert_int_equal(kick_shot_outcome(&s), KICK_OUTCOME_GOAL);
  assert_int_equal(count_type(&e, KICK_EV_RING), 1);
  assert_true(s.ring_hits == 1u);
  assert_true((kick_shot_moments(&s) & KICK_MOMENT_TARGET_RING) != 0u);
  /* The ring and the line were passed on the same step. */
  int64_t ring_step = -1, line_step = -1;
  for (uint32_t i = 0; i < e.count; i++) {
    if (e.items[i].type == (uint32_t)KICK_EV_RING) ring_step = e.items[i].step;
    if (e.items[i].type == (uint32_t)KICK_EV_GOAL_LINE) line_step = e.items[i].step;
  }
  assert_true(ring_step >= 0);
  assert_int_equal(ring_step, line_step);
}

/* The net stops the ball. */
static void test_net_stops(void **state) {
  (void)state;
  kick_shot s = kt_struck(kick_setup_default(), 0.0, kt_launch(30.0, 0.1, 0.0, 0.0));
  ks_events e;
  ks_events_clear(&e);
  for (int i = 0; i < 2400 && s.phase != KICK_PHASE_DONE; i++) kick_shot_step(&s, NULL, &e);
  assert_int_equal(count_type(&e, KICK_EV_NET), 1);
  assert_true(s.in_net);
  assert_true(s.ball.pos.z <= KICK_GOAL_DEPTH);
  assert_true(s.ball.pos.z > 0.0);
  assert_int_equal(s.phase, KICK_PHASE_DONE);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_post_contact_radius), cmocka_unit_test(test_post_rebound),
      cmocka_unit_test(test_bar_contact),         cmocka_unit_test(test_goal_line_interpolated),
      cmocka_unit_test(test_rings),
      cmocka_unit_test(test_ring_on_the_goal_line),
      cmocka_unit_test(test_net_stops),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
