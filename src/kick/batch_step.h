// SPDX-License-Identifier: MIT
/* The batch's step: each lane's kick_shot_step, with the flight of all of
   them in vectors. Included at the end of shot.c, so the step's parts
   (step_begin, step_end_head, step_contacts, step_contacts_none,
   step_rules) are the very functions kick_shot_step runs, inlined here too:
   every rule of the step reaches the batch with no copy of it. */

/* Whether the ball's path this step, z0 to z1, meets a band. */
KICK_ALWAYS_INLINE static inline bool batch_near_band(const kick_lane_bands *bd, double z0, double z1) {
  double lo = z0 < z1 ? z0 : z1, hi = z0 < z1 ? z1 : z0;
  bool near = false;
  for (int i = 0; i < KICK_LANE_BANDS; i++) near |= (hi >= bd->lo[i]) & (lo <= bd->hi[i]);
  return near;
}

/* Lane s's wind on step n >= 0 (kick_wind_step_inline's bits), from its
   table t (-1: its own). Two chunks that map to the same place: the earlier
   one keeps it, and a lane that needs the later one evaluates its own wind
   there. Lanes of one kick's trials start together, so the steps just after
   the strike are the ones most lanes come back to; two lanes taking the
   place from each other on every step would fill a chunk for each step. */
KICK_ALWAYS_INLINE static inline ks_vec3 batch_lane_wind(kick_batch *b, int8_t t, kick_shot *s, int64_t n) {
  if (t < 0) return kick_wind_step_inline(s, kick_step_time(n));
  kick_batch_wind *w = &b->wind[t];
  uint64_t c = (uint64_t)n / KICK_BATCH_WIND_CHUNK;
  int64_t have = w->chunk[c & (KICK_BATCH_WIND_SLOTS / KICK_BATCH_WIND_CHUNK - 1)];
  if (have != (int64_t)c) {
    if (have >= 0 && have < (int64_t)c) return kick_wind_step_inline(s, kick_step_time(n));
    kick_batch_wind_fill(w, s, c);
  }
  return w->wind[(uint64_t)n & (KICK_BATCH_WIND_SLOTS - 1)];
}

uint32_t kick_batch_advance(kick_batch *b, uint32_t mask, const kick_input *in, ks_events *out, int64_t max_flight_steps) {
  _Alignas(32) double wx[KICK_BATCH_LANES], wy[KICK_BATCH_LANES], wz[KICK_BATCH_LANES];
  ks_vec3 p0[KICK_BATCH_LANES];
  uint32_t fly = 0, done = 0;
  for (int32_t i = 0; i < KICK_BATCH_LANES; i++) {
    wx[i] = wy[i] = wz[i] = 0.0; /* read, and thrown away, for a lane that does not fly */
    if ((mask & (1u << i)) == 0u) continue;
    kick_shot *s = &b->lane[i];
    int64_t n = s->clock.total_steps;
    s->clock.total_steps = n + 1;
    if (!step_begin(s, n, in ? &in[i] : NULL, out ? &out[i] : NULL)) continue;
    ks_vec3 w = batch_lane_wind(b, b->wind_of[i], s, n);
    wx[i] = w.x;
    wy[i] = w.y;
    wz[i] = w.z;
    p0[i] = s->ball.pos;
    fly |= 1u << i;
  }
  if (fly != 0u) kick_batch_fly(b, fly, wx, wy, wz, b->vector_width);
  for (int32_t i = 0; i < KICK_BATCH_LANES; i++) {
    if ((mask & (1u << i)) == 0u) continue;
    kick_shot *s = &b->lane[i];
    if ((fly & (1u << i)) != 0u) {
      int64_t n = s->clock.total_steps - 1;
      ks_events *o = out ? &out[i] : NULL;
      kick_ball *ball = &s->ball;
      uint32_t f = 0;
      /* The flight's ground, as kick_flight_step_inline ends (it changes
         nothing for a ball in the air at or above its radius). */
      if (ball->on_ground || ball->pos.y < KICK_BALL_RADIUS) kick_ground_inline(ball, KICK_DT, &s->setup.pitch, &f);
      step_end_head(s, n, f, o);
      if (s->crossed || batch_near_band(&b->bands[i], p0[i].z, ball->pos.z)) step_contacts(s, n, p0[i], o);
      else step_contacts_none(s);
      step_rules(s, n, f, o);
    }
    if (s->outcome != KICK_OUTCOME_NONE || s->strike_step < 0 || s->clock.total_steps - s->strike_step >= max_flight_steps)
      done |= 1u << i;
  }
  return done;
}
