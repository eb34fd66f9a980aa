// SPDX-License-Identifier: MIT
/* Contacts, checked at the end of each step: the ball against capsules (posts,
   bar, wall players, the keeper) and the net. A touch is the ball's centre
   strictly within `reach` (ball radius + capsule radius) of the capsule's axis. */
#include "simulation.h"

/* Restitution and kept tangential speed off the aluminium woodwork. */
#define KICK_WOODWORK_E 0.6
#define KICK_WOODWORK_KEEP 0.9
/* The net: what is left of the speed into it, and of the speed along it. */
#define KICK_NET_E 0.1
#define KICK_NET_KEEP 0.6

void kick_emit(ks_events *out, int64_t step, kick_event_type type, uint32_t subject, ks_vec3 v) {
  if (out) (void)ks_events_push(out, step, (uint32_t)type, subject, v.x, v.y, v.z);
}

bool kick_capsule_touching(ks_vec3 p, ks_vec3 a, ks_vec3 c, double reach) {
  double t = ks_segment_closest_t(p, a, c);
  ks_vec3 q = ks_v3_lerp(a, c, t);
  return ks_v3_len2(ks_v3_sub(p, q)) < reach * reach;
}

bool kick_capsule_contact(kick_ball *b, ks_vec3 a, ks_vec3 c, double reach, double e,
                          double tangential_keep, ks_vec3 *normal_out) {
  double t = ks_segment_closest_t(b->pos, a, c);
  ks_vec3 q = ks_v3_lerp(a, c, t);
  ks_vec3 d = ks_v3_sub(b->pos, q);
  double d2 = ks_v3_len2(d);
  if (!(d2 < reach * reach)) return false;
  double dist = ks_sqrt(d2);
  ks_vec3 n;
  if (dist > 1e-12) {
    n = ks_v3_scale(d, 1.0 / dist);
  } else {
    /* Dead centre: send it back the way it came. */
    n = ks_v3_norm(ks_v3_scale(b->vel, -1.0));
    if (!(ks_v3_len2(n) > 0.0)) n = ks_v3(0.0, 0.0, -1.0);
  }
  b->pos = ks_v3_mad(q, n, reach);
  double vn = ks_v3_dot(b->vel, n);
  if (vn < 0.0) {
    ks_vec3 vt = ks_v3_mad(b->vel, n, -vn);
    b->vel = ks_v3_mad(ks_v3_scale(vt, tangential_keep), n, -e * vn);
    b->on_ground = false;
  }
  if (normal_out) *normal_out = n;
  return true;
}

static void note_touch(kick_shot *s, uint32_t kind) {
  s->contact_flags |= kind;
  if (s->stats.first_touch_kind == 0u) {
    s->stats.first_touch_kind = kind;
    s->stats.first_touch = s->ball.pos;
  }
  s->stats.last_touch_kind = kind;
}

void kick_contact_woodwork(kick_shot *s, int64_t ev_step, ks_events *out) {
  kick_ball *b = &s->ball;
  uint32_t now = 0;
  if (ks_fabs(b->pos.z - KICK_POST_Z) < KICK_WOODWORK_REACH && b->pos.y < KICK_BAR_AXIS_Y + KICK_WOODWORK_REACH) {
    const double X = KICK_POST_AXIS_X, Y = KICK_BAR_AXIS_Y, Z = KICK_POST_Z;
    const uint32_t bits[3] = {KICK_TOUCH_POST_NEG, KICK_TOUCH_POST_POS, KICK_TOUCH_BAR};
    ks_vec3 a[3] = {{-X, 0.0, Z}, {X, 0.0, Z}, {-X, Y, Z}};
    ks_vec3 c[3] = {{-X, Y, Z}, {X, Y, Z}, {X, Y, Z}};
    for (int i = 0; i < 3; i++) {
      if (kick_capsule_clear(b->pos, a[i], c[i], KICK_WOODWORK_REACH) ||
          !kick_capsule_contact(b, a[i], c[i], KICK_WOODWORK_REACH, KICK_WOODWORK_E, KICK_WOODWORK_KEEP, NULL))
        continue;
      now |= bits[i];
      if ((s->woodwork_prev & bits[i]) == 0u) {
        note_touch(s, bits[i]);
        if (i < 2) kick_emit(out, ev_step, KICK_EV_POST, (uint32_t)i, b->pos);
        else kick_emit(out, ev_step, KICK_EV_BAR, 0u, b->pos);
      }
    }
  }
  s->woodwork_prev = now;
}

/* Pushes one coordinate back inside [lo, hi] (or outside, for the outer net):
   the speed into the net keeps KICK_NET_E, the rest KICK_NET_KEEP. */
static bool net_face(kick_ball *b, double *coord, double *vel, double limit, double sign) {
  /* sign +1: coord must stay <= limit; -1: coord must stay >= limit. */
  if (sign * (*coord - limit) <= 0.0) return false;
  *coord = limit;
  if (sign * *vel > 0.0) *vel = -KICK_NET_E * *vel;
  double *o1 = vel == &b->vel.x ? &b->vel.y : &b->vel.x;
  double *o2 = vel == &b->vel.z ? &b->vel.y : &b->vel.z;
  *o1 *= KICK_NET_KEEP;
  *o2 *= KICK_NET_KEEP;
  return true;
}

void kick_contact_net(kick_shot *s, int64_t ev_step, ks_events *out) {
  kick_ball *b = &s->ball;
  /* A goal stays in the goal: once it is decided the mouth holds the ball
     too, so a rebound or a gust cannot roll it back out across the line. */
  bool kept = s->crossed_inside && s->outcome == KICK_OUTCOME_GOAL;
  if (!s->crossed || b->held || (b->pos.z <= 0.0 && !kept)) return;
  const double r = KICK_BALL_RADIUS, hw = KICK_GOAL_WIDTH * 0.5, h = KICK_GOAL_HEIGHT, d = KICK_GOAL_DEPTH;
  bool hit = false;
  if (s->crossed_inside) {
    if (kept && b->pos.z < KICK_CROSS_Z) {
      /* The mouth: like the net's faces, but the ball keeps falling and
         rolling along it (gravity and the ground are not damped). */
      b->pos.z = KICK_CROSS_Z;
      if (b->vel.z < 0.0) b->vel.z = -KICK_NET_E * b->vel.z;
      b->vel.x *= KICK_NET_KEEP;
    }
    hit |= net_face(b, &b->pos.z, &b->vel.z, d - r, 1.0);
    hit |= net_face(b, &b->pos.x, &b->vel.x, hw - r, 1.0);
    hit |= net_face(b, &b->pos.x, &b->vel.x, -(hw - r), -1.0);
    hit |= net_face(b, &b->pos.y, &b->vel.y, h - r, 1.0);
  } else if (b->pos.z < d + r && ks_fabs(b->pos.x) < hw + r && b->pos.y < h + r) {
    /* From outside: push out through the nearest face. */
    double gx = hw + r - ks_fabs(b->pos.x), gy = h + r - b->pos.y, gz = d + r - b->pos.z;
    if (gy <= gx && gy <= gz) hit |= net_face(b, &b->pos.y, &b->vel.y, h + r, -1.0);
    else if (gz <= gx) hit |= net_face(b, &b->pos.z, &b->vel.z, d + r, -1.0);
    else if (b->pos.x > 0.0) hit |= net_face(b, &b->pos.x, &b->vel.x, hw + r, -1.0);
    else hit |= net_face(b, &b->pos.x, &b->vel.x, -(hw + r), 1.0);
  }
  if (hit) {
    s->contact_flags |= KICK_TOUCH_NET;
    if (!s->in_net) kick_emit(out, ev_step, KICK_EV_NET, 0u, b->pos);
    s->in_net = true;
    b->on_ground = false;
  }
}

void kick_contact_wall(kick_shot *s, int64_t n, ks_events *out) {
  const kick_wall_def *w = &s->setup.wall;
  kick_ball *b = &s->ball;
  uint32_t now = 0;
  const double reach = KICK_WALL_RADIUS + KICK_BALL_RADIUS;
  if (w->count > 0 && ks_fabs(b->pos.z - w->z) < reach && b->pos.y < KICK_WALL_HEIGHT + w->jump_height + reach) {
    double t = kick_step_time(n + 1);
    for (int32_t i = 0; i < w->count; i++) {
      /* A player's axis is upright at x (kick_wall_capsule_at): the squared
         distance to it is dx² plus non-negative terms, so dx² >= reach²
         means no touch. */
      double dx = b->pos.x - (w->x + ((double)i - (double)(w->count - 1) * 0.5) * KICK_WALL_SPACING);
      if (dx * dx >= reach * reach) continue;
      kick_capsule c;
      kick_wall_capsule_at(s, i, t, &c);
      if (kick_capsule_clear(b->pos, c.a, c.b, reach) || !kick_capsule_contact(b, c.a, c.b, reach, 0.3, 0.7, NULL))
        continue;
      now |= 1u << i;
      if ((s->wall.contact_prev & (1u << i)) == 0u) {
        note_touch(s, KICK_TOUCH_WALL);
        s->wall.touched |= 1u << i;
        kick_emit(out, n + 1, KICK_EV_WALL, (uint32_t)i, b->pos);
      }
    }
  }
  s->wall.contact_prev = now;
}

void kick_note_keeper_touch(kick_shot *s) { note_touch(s, KICK_TOUCH_KEEPER); }
