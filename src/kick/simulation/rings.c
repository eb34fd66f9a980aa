// SPDX-License-Identifier: MIT
/* Target rings: hoops in a plane of constant z that slide or bob as
   functions of the shot clock. The ball passes through when its centre
   crosses the ring's plane within the radius; the crossing is interpolated
   within the step, so no ring can be skipped. */
#include "simulation.h"

ks_vec3 kick_ring_center_at(const kick_ring_def *r, double t) {
  ks_vec3 c = ks_v3(r->x, r->y, r->z);
  if (r->motion == KICK_RING_STATIC || !(r->amplitude > 0.0)) return c;
  double off = r->amplitude * ks_sin(KS_TAU * (t / r->period_s) + r->phase);
  if (r->motion == KICK_RING_SLIDE) c.x += off;
  else c.y += off;
  return c;
}

void kick_rings_prepare(kick_shot *s) {
  double lo = 0.0, hi = 0.0;
  for (int32_t i = 0; i < s->setup.ring_count; i++) {
    double z = s->setup.rings[i].z;
    if (i == 0 || z < lo) lo = z;
    if (i == 0 || z > hi) hi = z;
  }
  s->ring_z_min = lo;
  s->ring_z_max = hi;
}

void kick_rings_cross(kick_shot *s, int64_t n, ks_vec3 p0, ks_vec3 p1, ks_events *out) {
  for (int32_t i = 0; i < s->setup.ring_count; i++) {
    const kick_ring_def *r = &s->setup.rings[i];
    if ((s->ring_hits & (1u << i)) != 0u) continue;
    if (!(p0.z < r->z && p1.z >= r->z)) continue;
    double u = (r->z - p0.z) / (p1.z - p0.z);
    ks_vec3 pt = ks_v3_lerp(p0, p1, u);
    ks_vec3 c = kick_ring_center_at(r, ((double)n + u) / (double)KICK_STEPS_PER_SECOND);
    double dx = pt.x - c.x, dy = pt.y - c.y;
    if (dx * dx + dy * dy < r->radius * r->radius) {
      s->ring_hits |= 1u << i;
      if (s->phase == KICK_PHASE_FLIGHT) s->moments |= (uint32_t)KICK_MOMENT_TARGET_RING;
      kick_emit(out, n + 1, KICK_EV_RING, (uint32_t)i, pt);
    }
  }
}

bool kick_shot_ring_center(const kick_shot *s, int32_t i, ks_vec3 *out) {
  if (!s || !out || i < 0 || i >= s->setup.ring_count) return false;
  *out = kick_ring_center_at(&s->setup.rings[i], kick_shot_time_of(s));
  return true;
}
