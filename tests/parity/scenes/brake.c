// SPDX-License-Identifier: MIT
/* brake — the brake game's parity scene.
 *
 * Five scripted drivers each play a whole run through the frame director,
 * fed uneven frames (1/144 s to 1/20 s, drawn from a ks_rng) so the clock's
 * banking, the frame clamp and the eased slow motion of the leap are all on
 * the path. A line every 12 frames, a line per event, and a summary line per
 * run with the result. Freestanding: kickstep headers only. */
#include "kickstep/brake.h"
#include "kickstep/rng.h"
#include "kickstep/timeline.h"

size_t ks_scene_brake(char *out, size_t cap);

static const char *const drivers[] = {"never", "late", "stunt:18", "at-time:1.5", "stunt:11"};

static void state_line(ks_tl_writer *w, const brake_director *d) {
  const brake_sim *s = &d->sim;
  ks_tl_field f[] = {{"x", s->x},         {"y", s->y},         {"vx", s->vx},
                     {"vy", s->vy},       {"pitch", s->pitch}, {"scale", d->time_scale},
                     {"phase", (double)s->phase}, {"stopwatch", s->stopwatch_s}};
  ks_tl_line(w, s->step, brake_sim_hash(s), f, sizeof f / sizeof f[0]);
}

static void event_lines(ks_tl_writer *w, const brake_director *d, const ks_events *e) {
  for (uint32_t i = 0; i < e->count; i++) {
    const ks_event *ev = &e->items[i];
    ks_tl_field f[] = {{"event", (double)ev->type}, {"subject", (double)ev->subject},
                       {"v0", ev->value[0]},        {"v1", ev->value[1]}, {"v2", ev->value[2]}};
    ks_tl_line(w, ev->step, brake_sim_hash(&d->sim), f, sizeof f / sizeof f[0]);
  }
}

size_t ks_scene_brake(char *out, size_t cap) {
  ks_tl_writer w;
  ks_tl_writer_init(&w, out, cap);
  ks_rng frames = ks_rng_seeded(4004);
  for (size_t k = 0; k < sizeof drivers / sizeof drivers[0]; k++) {
    brake_def g = brake_default_def();
    brake_director_def dd = brake_director_default_def();
    brake_director d;
    brake_policy p;
    if (brake_director_init(&d, &g, &dd) != KS_OK || brake_policy_parse(drivers[k], &p) != KS_OK ||
        brake_director_set_policy(&d, &p) != KS_OK) {
      ks_tl_text(&w, "{\"error\":\"init\"}\n");
      continue;
    }
    for (int64_t f = 0; d.sim.phase != BRAKE_PHASE_DONE && f < 100000; f++) {
      ks_events e;
      ks_events_clear(&e);
      brake_director_frame(&d, ks_rng_range(&frames, 1.0 / 144.0, 1.0 / 20.0), false, &e);
      event_lines(&w, &d, &e);
      if (f % 12 == 0) state_line(&w, &d);
    }
    brake_result r = brake_sim_result(&d.sim);
    ks_tl_field f[] = {{"driver", (double)k},         {"outcome", (double)r.outcome},
                       {"score", (double)r.score},    {"flips", (double)r.flips},
                       {"stopwatch", r.stopwatch_s},  {"stop_x", r.stop_x_m},
                       {"stopping_distance", r.stopping_distance_m}, {"leap", r.leap_distance_m},
                       {"frames", (double)d.frames}};
    ks_tl_line(&w, d.sim.step, brake_sim_hash(&d.sim), f, sizeof f / sizeof f[0]);
  }
  return w.len;
}
