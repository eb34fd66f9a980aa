// SPDX-License-Identifier: MIT
/* The free kick's game session (kick_session.h): the rules of play that used
   to live in the browser's glue, as one value over the director. */
#include "kickstep/kick_session.h"

#include "kickstep/dmath.h"
#include "kickstep/hash.h"
#include "kickstep/vec.h"

#define SESSION_COOKIE 0x6b736573u /* "kses" */

/* ------------------------------------------------------------------ names */

#define NAME_OF(N, n) #n,
static const char *const mode_names[] = {KICK_SESSION_MODES(NAME_OF)};
static const char *const screen_names[] = {KICK_SESSION_SCREENS(NAME_OF)};
static const char *const option_names[] = {KICK_SESSION_OPTIONS(NAME_OF)};
#undef NAME_OF
static const char *const points_kind_names[] = {"goal", "moment", "ring"};

/* Each list names every value of its enum: a value added without a name fails the build. */
_Static_assert(sizeof mode_names / sizeof mode_names[0] == kick_session_mode_count, "a mode without a name");
_Static_assert(sizeof screen_names / sizeof screen_names[0] == kick_session_screen_count, "a screen without a name");
_Static_assert(sizeof option_names / sizeof option_names[0] == kick_session_option_count, "an option without a name");
_Static_assert(sizeof points_kind_names / sizeof points_kind_names[0] == kick_points_kind_count,
               "a points kind without a name");

const char *kick_session_mode_name(int32_t m) { return m >= 0 && m < kick_session_mode_count ? mode_names[m] : ""; }
const char *kick_session_screen_name(int32_t x) {
  return x >= 0 && x < kick_session_screen_count ? screen_names[x] : "";
}
const char *kick_session_option_name(int32_t o) {
  return o >= 0 && o < kick_session_option_count ? option_names[o] : "";
}
const char *kick_points_kind_name(int32_t k) {
  return k >= 0 && k < kick_points_kind_count ? points_kind_names[k] : "";
}

/* ------------------------------------------------------------------ def */

kick_session_def kick_session_default_def(void) {
  kick_session_def d = {0};
  d.tour_seed = 20261029u;
  d.tour_attempts = 5;
  d.runup_steps = 270;
  d.result_delay_goal = 900;
  d.result_delay_miss = 540;
  d.result_delay_short = 300;
  d.daily_tries = KICK_DAILY_TRIES;
  d.effects = true;
  d.person_keeper = false;
  d.screen_width = 1280.0;
  d.screen_height = 800.0;
  d.cookie = KS_DEF_COOKIE;
  return d;
}

ks_status kick_session_def_check(const kick_session_def *d) {
  if (!d) return KS_ERR_NULL;
  if (d->cookie != KS_DEF_COOKIE) return KS_ERR_UNINITIALISED;
  if (d->tour_attempts < 1 || d->tour_attempts > 99) return KS_ERR_RANGE;
  if (d->runup_steps < 0 || d->runup_steps > 6000) return KS_ERR_RANGE;
  if (d->result_delay_goal < 0 || d->result_delay_miss < 0 || d->result_delay_short < 0) return KS_ERR_RANGE;
  if (d->result_delay_goal > 60000 || d->result_delay_miss > 60000 || d->result_delay_short > 60000)
    return KS_ERR_RANGE;
  if (d->daily_tries != KICK_DAILY_TRIES) return KS_ERR_RANGE;
  if (!ks_is_finite(d->screen_width) || !ks_is_finite(d->screen_height)) return KS_ERR_NOT_FINITE;
  return kick_aim_screen_check(d->screen_width, d->screen_height);
}

static bool usable(const kick_session *s) { return s && s->cookie == SESSION_COOKIE; }

ks_status kick_session_check(const kick_session *s) {
  if (!s) return KS_ERR_NULL;
  return usable(s) ? KS_OK : KS_ERR_UNINITIALISED;
}

ks_status kick_session_init(kick_session *s, const kick_session_def *def) {
  if (!s) return KS_ERR_NULL;
  ks_status st = kick_session_def_check(def);
  if (st != KS_OK) return st;
  /* Field by field from zero (no struct literal of this size on the stack). */
  uint8_t *p = (uint8_t *)s;
  for (size_t i = 0; i < sizeof *s; i++) p[i] = 0;
  s->def = *def;
  s->effects = def->effects;
  s->person_keeper = def->person_keeper;
  s->keys = (kick_keys){0.0, 0.45, 0.0, 0.0};
  s->screen_w = def->screen_width;
  s->screen_h = def->screen_height;
  s->level = 0;
  kick_shot_cache_init(&s->cache);
  s->cookie = SESSION_COOKIE;
  return KS_OK;
}

/* ------------------------------------------------------------------ kicks */

/* The swipe reader's units: CSS pixels of the screen the picture is drawn on. */
static kick_swipe_def swipe_def(const kick_session *s) {
  kick_swipe_def sd = kick_swipe_default_def();
  sd.screen_height = s->screen_h;
  return sd;
}

static void swipe_restart(kick_session *s) {
  kick_swipe_def sd = swipe_def(s);
  kick_swipe_begin(&s->swipe, &sd);
  s->input.sample_count = 0;
  s->input.samples_dropped = false;
}

static void after_start(kick_session *s) {
  s->screen = KICK_SESSION_SCREEN_AIM;
  s->decided_seen = false;
  s->friendly = false;
  s->skip = false;
  s->key_charging = false;
  ks_events_clear(&s->events);
  swipe_restart(s);
  s->reading = (kick_swipe_reading){0};
  s->aim = (kick_aim_reading){0};
}

/* Makes `su` the next kick. The first kick builds the director; later ones
   keep its settings and frame timing and the player's last eight shots
   (kick_director_next_kick). A `fresh` kick starts a new director instead:
   the Daily Kick is the same for everyone, so no player's history reaches
   its learner keeper, and no friend takes its keeper's place (`friend` false). */
static ks_status start(kick_session *s, const kick_setup *su, bool fresh, bool friend) {
  kick_setup k = *su;
  k.person_in_goal = friend && s->person_keeper;
  if (k.person_in_goal && k.keeper.kind == KICK_KEEPER_NONE) k.keeper.kind = KICK_KEEPER_PLAIN;
  ks_status st;
  if (s->started && !fresh) {
    st = kick_director_next_kick(&s->dir, &k);
  } else if (s->started) {
    kick_director_def d = kick_director_default_def();
    d.setup = k;
    d.effects = s->dir.settings.effects;
    bool paused = s->dir.paused;
    kick_director fresh_dir;
    st = kick_director_init(&fresh_dir, &d);
    if (st == KS_OK) {
      s->dir = fresh_dir;
      if (paused) kick_director_pause(&s->dir);
    }
  } else {
    kick_director_def d = kick_director_default_def();
    d.setup = k;
    d.effects = s->effects;
    st = kick_director_init(&s->dir, &d);
  }
  if (st != KS_OK) return st;
  s->started = true;
  after_start(s);
  return KS_OK;
}

static ks_status begin_tour(kick_session *s, int32_t level, uint64_t seed, int32_t attempt) {
  const kick_level *lv = kick_level_at(level);
  if (!lv) return KS_ERR_NOT_FOUND;
  kick_setup su;
  ks_status st = kick_level_setup(lv, seed, (uint64_t)(attempt - 1), &su);
  if (st != KS_OK) return st;
  st = start(s, &su, false, true);
  if (st != KS_OK) return st;
  s->mode = KICK_SESSION_MODE_TOUR;
  s->level = level;
  s->match_seed = seed;
  s->attempt = attempt;
  return KS_OK;
}

/* The day's rule (kick_daily_kick, the same in kick-cli): the dice come from
   the day, and attempt n is the day's kick number n - 1. */
static ks_status begin_daily(kick_session *s, int32_t y, int32_t m, int32_t d, int32_t attempt) {
  if (attempt > s->def.daily_tries) return KS_ERR_RANGE;
  kick_daily day;
  ks_status st = kick_daily_kick(y, m, d, (uint64_t)(attempt - 1), &day);
  if (st != KS_OK) return st;
  st = start(s, &day.setup, true, false);
  if (st != KS_OK) return st;
  s->mode = KICK_SESSION_MODE_DAILY;
  s->year = y;
  s->month = m;
  s->day = d;
  s->match_seed = day.setup.match_seed;
  s->attempt = attempt;
  return KS_OK;
}

static void fresh_scores(kick_session *s) {
  s->goals = 0;
  s->best_stars = 0;
  s->last_stars = 0;
  s->last_outcome = 0;
  s->last_moments = 0;
  s->friendly = false;
  s->has_share = false;
  s->points = (kick_points){0};
  s->tour_complete = false;
}

ks_status kick_session_tour_seeded(kick_session *s, int32_t level, uint64_t seed, int32_t attempt) {
  if (!s) return KS_ERR_NULL;
  if (!usable(s)) return KS_ERR_UNINITIALISED;
  if (seed == 0) seed = 1;
  if (attempt < 1 || attempt > s->def.tour_attempts) return KS_ERR_RANGE;
  ks_status st = begin_tour(s, level, seed, attempt);
  if (st == KS_OK) fresh_scores(s);
  return st;
}

ks_status kick_session_tour(kick_session *s, int32_t level, int32_t attempt) {
  if (!s) return KS_ERR_NULL;
  if (!usable(s)) return KS_ERR_UNINITIALISED;
  return kick_session_tour_seeded(s, level, s->def.tour_seed, attempt);
}

ks_status kick_session_daily(kick_session *s, int32_t year, int32_t month, int32_t day) {
  if (!s) return KS_ERR_NULL;
  if (!usable(s)) return KS_ERR_UNINITIALISED;
  int32_t dn = kick_day_number(year, month, day);
  if (dn <= 0) return KS_ERR_NOT_FOUND;
  kick_daily_record rec = s->daily;
  if (kick_daily_record_open(&rec, dn) != KS_OK) return KS_ERR_RANGE;
  if (kick_daily_tries_left(&rec, dn) <= 0) {
    s->daily = rec;
    return KS_ERR_RANGE;
  }
  ks_status st = begin_daily(s, year, month, day, rec.tries + 1);
  if (st == KS_OK) {
    s->daily = rec;
    fresh_scores(s);
    s->goals = __builtin_popcount(rec.goals_mask);
  }
  return st;
}

ks_status kick_session_next(kick_session *s) {
  if (!s) return KS_ERR_NULL;
  if (!usable(s)) return KS_ERR_UNINITIALISED;
  if (s->screen != KICK_SESSION_SCREEN_RESULT) return KS_ERR_STATE;
  if (s->mode == KICK_SESSION_MODE_SHARED) return KS_ERR_STATE;
  if (s->mode == KICK_SESSION_MODE_DAILY) {
    int32_t goals = s->goals;
    int32_t dn = kick_day_number(s->year, s->month, s->day);
    if (kick_daily_tries_left(&s->daily, dn) <= 0) return KS_ERR_RANGE; /* the day is played */
    ks_status st = begin_daily(s, s->year, s->month, s->day, s->daily.tries + 1);
    if (st == KS_OK) s->goals = goals;
    return st;
  }
  if (s->best_stars > 0) {
    if (s->level + 1 >= kick_level_count()) return KS_ERR_RANGE;
    ks_status st = begin_tour(s, s->level + 1, s->match_seed, 1);
    if (st == KS_OK) fresh_scores(s);
    return st;
  }
  /* A friendly (a friend in goal) used no attempt: the same one again. */
  int32_t attempt = s->friendly ? s->attempt : s->attempt + 1;
  int32_t goals = s->goals;
  if (attempt > s->def.tour_attempts) {
    attempt = 1;
    goals = 0;
  }
  ks_status st = begin_tour(s, s->level, s->match_seed, attempt);
  if (st == KS_OK) s->goals = goals;
  return st;
}

/* The World Tour level a shared kick was played on (its spot, pitch, wind,
   keeper, wall and rings are the level's), or -1 (a Daily Kick, an open pitch). */
static int32_t level_of(const kick_setup *su) {
  for (int32_t i = 0; i < kick_level_count(); i++) {
    kick_setup ls;
    if (kick_level_setup(kick_level_at(i), su->match_seed, su->kick_number, &ls) != KS_OK) continue;
    if (ls.spot_x == su->spot_x && ls.spot_z == su->spot_z && ls.pitch.wet == su->pitch.wet &&
        ls.wind.mean_speed_mps == su->wind.mean_speed_mps && ls.wind.bearing == su->wind.bearing &&
        ls.wind.gust_seed == su->wind.gust_seed && ls.wall.count == su->wall.count && ls.ring_count == su->ring_count &&
        (ls.keeper.kind == su->keeper.kind || su->person_in_goal))
      return i;
  }
  return -1;
}

ks_status kick_session_share(kick_session *s, const kick_replay *r) {
  if (!s || !r) return KS_ERR_NULL;
  if (!usable(s)) return KS_ERR_UNINITIALISED;
  ks_status st;
  if (!s->started) {
    kick_director_def d = kick_director_default_def();
    d.effects = s->effects;
    st = kick_director_init(&s->dir, &d);
    if (st != KS_OK) return st;
    s->started = true;
  }
  st = kick_replay_start_director(r, &s->dir);
  if (st != KS_OK) return st;
  after_start(s);
  fresh_scores(s);
  /* The result says how fast and how much it bent: the code's own kick (its
     bend is the side spin about +y, as a fraction of a full bend's). */
  s->reading.launch = r->launch;
  ks_vec3 ax = r->launch.spin_axis;
  double axl = ks_sqrt(ax.x * ax.x + ax.y * ax.y + ax.z * ax.z);
  s->reading.bend = axl > 0.0 ? ks_clamp(ax.y / axl * r->launch.spin_rate / KICK_FULL_BEND_SPIN, -1.0, 1.0) : 0.0;
  s->has_share = true;
  s->mode = KICK_SESSION_MODE_SHARED;
  s->level = level_of(&r->setup);
  s->screen = KICK_SESSION_SCREEN_FLIGHT;
  return KS_OK;
}

ks_status kick_session_set_option(kick_session *s, int32_t id, double value) {
  if (!s) return KS_ERR_NULL;
  if (!usable(s)) return KS_ERR_UNINITIALISED;
  if (!ks_is_finite(value)) return KS_ERR_NOT_FINITE;
  switch (id) {
    case KICK_SESSION_OPT_EFFECTS:
      s->effects = value != 0.0;
      kick_director_set_effects(&s->dir, s->effects);
      return KS_OK;
    case KICK_SESSION_OPT_PERSON_KEEPER: {
      bool was = s->person_keeper;
      s->person_keeper = value != 0.0;
      /* Nothing struck yet (aiming, no run-up): the kick being aimed changes
         keeper now; otherwise from the next kick. */
      bool aiming = s->started && s->screen == KICK_SESSION_SCREEN_AIM && !s->dir.struck && !s->dir.strike_pending;
      if (was == s->person_keeper || !aiming) return KS_OK;
      if (s->mode == KICK_SESSION_MODE_TOUR) {
        int32_t goals = s->goals, best = s->best_stars;
        ks_status st = begin_tour(s, s->level, s->match_seed, s->attempt);
        s->goals = goals;
        s->best_stars = best;
        return st;
      }
      /* The Daily Kick keeps the day's keeper (start): nothing to change. */
      return KS_OK;
    }
    default:
      return KS_ERR_NOT_FOUND;
  }
}

/* ------------------------------------------------------------------ input */

ks_status kick_session_screen_size(kick_session *s, double width, double height) {
  if (!s) return KS_ERR_NULL;
  if (!usable(s)) return KS_ERR_UNINITIALISED;
  ks_status st = kick_aim_screen_check(width, height);
  if (st != KS_OK) return st;
  if (width == s->screen_w && height == s->screen_h) return KS_OK;
  if (s->swipe.points > 0) return KS_ERR_STATE;
  s->screen_w = width;
  s->screen_h = height;
  kick_swipe_def sd = swipe_def(s);
  s->input.sample_count = 0;
  s->input.samples_dropped = false;
  return kick_swipe_begin(&s->swipe, &sd);
}

ks_status kick_session_swipe_begin(kick_session *s) {
  if (!s) return KS_ERR_NULL;
  if (!usable(s)) return KS_ERR_UNINITIALISED;
  if (s->screen != KICK_SESSION_SCREEN_AIM) return KS_ERR_STATE;
  kick_swipe_def sd = swipe_def(s);
  s->input.sample_count = 0;
  s->input.samples_dropped = false;
  return kick_swipe_begin(&s->swipe, &sd);
}

ks_status kick_session_swipe_point(kick_session *s, double t, double x, double y) {
  if (!s) return KS_ERR_NULL;
  if (!usable(s)) return KS_ERR_UNINITIALISED;
  if (s->screen != KICK_SESSION_SCREEN_AIM) return KS_ERR_STATE;
  kick_touch p = {x, y, t};
  ks_status st = kick_swipe_add(&s->swipe, &p, 1, NULL);
  if (st == KS_OK) {
    if (s->input.sample_count < KICK_SESSION_MAX_SAMPLES)
      s->input.samples[s->input.sample_count++] = p;
    else
      s->input.samples_dropped = true;
  }
  return st;
}

/* The kick is read: the shooter runs up and strikes it. */
static ks_status kick_now(kick_session *s, const kick_swipe_reading *r) {
  ks_status st = kick_director_kick_after_cached(&s->dir, &r->launch, s->def.runup_steps, &s->cache);
  if (st != KS_OK) return st;
  s->key_charging = false;
  s->screen = KICK_SESSION_SCREEN_FLIGHT;
  return KS_OK;
}

ks_status kick_session_swipe_end(kick_session *s) {
  if (!s) return KS_ERR_NULL;
  if (!usable(s)) return KS_ERR_UNINITIALISED;
  if (s->screen != KICK_SESSION_SCREEN_AIM) return KS_ERR_STATE;
  kick_aim_reading a;
  ks_status st = kick_aim_read(NULL, &s->dir.live.setup, s->screen_w, s->screen_h, &s->swipe, &a);
  s->aim = a;
  s->reading = a.swipe;
  s->input.keys = false;
  s->input.screen_width = s->screen_w;
  s->input.screen_height = s->screen_h;
  s->input.read_step = kick_shot_steps(&s->dir.live);
  kick_swipe_def sd = swipe_def(s);
  kick_swipe_begin(&s->swipe, &sd);
  if (st != KS_OK) return st;
  return kick_now(s, &s->reading);
}

ks_status kick_session_keys_set(kick_session *s, double aim, double height, double bend) {
  if (!s) return KS_ERR_NULL;
  if (!usable(s)) return KS_ERR_UNINITIALISED;
  if (!ks_is_finite(aim) || !ks_is_finite(height) || !ks_is_finite(bend)) return KS_ERR_NOT_FINITE;
  if (!(aim >= -1.0 && aim <= 1.0) || !(height >= 0.0 && height <= 1.0) || !(bend >= -1.0 && bend <= 1.0))
    return KS_ERR_RANGE;
  s->keys.aim = aim;
  s->keys.height = height;
  s->keys.bend = bend;
  return KS_OK;
}

ks_status kick_session_keys_charge(kick_session *s, double t) {
  if (!s) return KS_ERR_NULL;
  if (!usable(s)) return KS_ERR_UNINITIALISED;
  if (s->screen != KICK_SESSION_SCREEN_AIM) return KS_ERR_STATE;
  if (!ks_is_finite(t)) return KS_ERR_NOT_FINITE;
  s->key_charging = true;
  s->key_t0 = t;
  return KS_OK;
}

ks_status kick_session_keys_release(kick_session *s, double t) {
  if (!s) return KS_ERR_NULL;
  if (!usable(s)) return KS_ERR_UNINITIALISED;
  if (s->screen != KICK_SESSION_SCREEN_AIM || !s->key_charging) return KS_ERR_STATE;
  if (!ks_is_finite(t)) return KS_ERR_NOT_FINITE;
  kick_keys k = s->keys;
  k.hold_s = t > s->key_t0 ? t - s->key_t0 : 0.0;
  s->key_charging = false;
  kick_swipe_reading r;
  ks_status st = kick_keys_read(NULL, &k, &r);
  if (st != KS_OK) return st;
  s->reading = r;
  s->input.keys = true;
  s->input.key_kick = k;
  s->input.screen_width = s->screen_w;
  s->input.screen_height = s->screen_h;
  s->input.sample_count = 0;
  s->input.samples_dropped = false;
  s->input.read_step = kick_shot_steps(&s->dir.live);
  return kick_now(s, &r);
}

double kick_session_keys_power(const kick_session *s, double t) {
  if (!usable(s) || !s->key_charging || !ks_is_finite(t)) return 0.0;
  return kick_keys_power(t - s->key_t0);
}

/* ------------------------------------------------------------------ frames */

/* The same miss twice in a row earns a tip (kick_miss_tip). */
static void note_miss(kick_session *s, kick_miss m) {
  bool same = m.kind != KICK_MISS_NONE && m.kind == s->miss.kind && s->miss_repeat > 0;
  s->miss_repeat = m.kind == KICK_MISS_NONE ? 0 : same ? s->miss_repeat + 1 : 1;
  s->miss = m;
}

static void on_decided(kick_session *s) {
  const kick_shot *shot = &s->dir.live;
  s->decided_seen = true;
  s->last_outcome = (int32_t)kick_shot_outcome(shot);
  s->last_moments = kick_shot_moments(shot);
  s->points = kick_score_points(shot);
  note_miss(s, kick_shot_miss(shot));
  bool goal = s->last_outcome == KICK_OUTCOME_GOAL;
  s->last_stars = 0;
  /* A kick against a friend in goal is a friendly: the points are shown, but
     it earns no star, no best and no goal, and uses no attempt (next), so
     the tour cannot be won by a friend who stands still. (The Daily Kick never
     has one: start.) */
  s->friendly = shot->setup.person_in_goal;
  if (s->friendly) return;
  if (goal) s->goals++;
  if (s->mode == KICK_SESSION_MODE_TOUR) {
    s->last_stars = kick_level_stars(kick_level_at(s->level), shot);
    if (s->last_stars > s->best_stars) s->best_stars = s->last_stars;
    if (s->last_stars > s->stars[s->level]) s->stars[s->level] = s->last_stars;
    if (s->last_stars > 0 && s->points.total > s->best[s->level]) s->best[s->level] = s->points.total;
    if (s->last_stars > 0 && s->level == KICK_SESSION_LEVELS - 1) s->tour_complete = true;
  } else if (s->mode == KICK_SESSION_MODE_DAILY) {
    (void)kick_daily_record_kick(&s->daily, kick_day_number(s->year, s->month, s->day), goal, s->points.total);
  }
}

int64_t kick_session_result_delay(const kick_session *s) {
  if (!usable(s)) return 0;
  if (s->last_outcome == KICK_OUTCOME_GOAL) return s->def.result_delay_goal;
  if (s->last_outcome == KICK_OUTCOME_SHORT) return s->def.result_delay_short;
  return s->def.result_delay_miss;
}

int32_t kick_session_frame(kick_session *s, double target_seconds) {
  if (!s) return -(int32_t)KS_ERR_NULL;
  if (!usable(s)) return -(int32_t)KS_ERR_UNINITIALISED;
  ks_events_clear(&s->events);
  int64_t before = kick_shot_steps(&s->dir.live) + kick_shot_steps(&s->dir.replay);
  ks_status st = kick_director_frame_cached(&s->dir, target_seconds, &s->events, &s->cache);
  if (st != KS_OK) return -(int32_t)st;
  if (!s->decided_seen && kick_shot_decided(&s->dir.live)) on_decided(s);
  if (s->screen == KICK_SESSION_SCREEN_FLIGHT || s->screen == KICK_SESSION_SCREEN_REPLAY) {
    kick_director_mode m = kick_director_get_mode(&s->dir);
    kick_director_replay_state q = s->dir.replay_state;
    if (m == KICK_DIRECTOR_REPLAY) {
      s->screen = KICK_SESSION_SCREEN_REPLAY;
    } else if (s->decided_seen) {
      bool replay_over = q == KICK_REPLAY_Q_FINISHED || q == KICK_REPLAY_Q_SKIPPED;
      bool no_replay = q == KICK_REPLAY_Q_NONE && kick_shot_steps(&s->dir.live) >=
                                                      kick_shot_decision_step(&s->dir.live) + kick_session_result_delay(s);
      if (replay_over || no_replay || s->skip) s->screen = KICK_SESSION_SCREEN_RESULT;
    }
  }
  int64_t after = kick_shot_steps(&s->dir.live) + kick_shot_steps(&s->dir.replay);
  return (int32_t)(after - before);
}

void kick_session_pause(kick_session *s) {
  if (usable(s)) kick_director_pause(&s->dir);
}
void kick_session_resume(kick_session *s) {
  if (usable(s)) kick_director_resume(&s->dir);
}

/* Whether a tap now skips to the result: no person in goal, and the kick
   decided or rolling on the ground (its ending is slow and certain to come). */
bool kick_session_can_skip(const kick_session *s) {
  if (!usable(s)) return false;
  const kick_director *d = &s->dir;
  if (s->screen != KICK_SESSION_SCREEN_FLIGHT || !d->struck || d->settings.person_in_goal) return false;
  if (d->mode == KICK_DIRECTOR_REPLAY || d->replay_state == KICK_REPLAY_Q_PENDING) return false;
  return kick_shot_decided(&d->live) || d->live.ball.on_ground;
}

ks_status kick_session_tap(kick_session *s, double x, double y) {
  if (!s) return KS_ERR_NULL;
  if (!usable(s)) return KS_ERR_UNINITIALISED;
  if (kick_session_can_skip(s)) {
    ks_events_clear(&s->events);
    if (!kick_shot_decided(&s->dir.live)) (void)kick_director_skip_to_decision_cached(&s->dir, &s->events, &s->cache);
    if (!s->decided_seen && kick_shot_decided(&s->dir.live)) on_decided(s);
    kick_director_tap(&s->dir, 0.0, 0.0); /* a replay it earned is skipped too */
    s->skip = true;
    if (s->decided_seen) s->screen = KICK_SESSION_SCREEN_RESULT;
    return KS_OK;
  }
  return kick_director_tap(&s->dir, x, y);
}

/* ------------------------------------------------------------------ reading */

int32_t kick_session_attempt_spent(const kick_session *s) {
  if (!usable(s) || s->mode != KICK_SESSION_MODE_TOUR || !s->started || s->screen == KICK_SESSION_SCREEN_AIM)
    return 0;
  if (s->dir.settings.person_in_goal) return s->attempt;
  return s->attempt + 1 > s->def.tour_attempts ? 1 : s->attempt + 1;
}

int32_t kick_session_level_unlocked(const kick_session *s, int32_t level) {
  if (!usable(s) || level < 0 || level >= KICK_SESSION_LEVELS) return -1;
  return level == 0 || s->stars[level - 1] > 0;
}

int32_t kick_session_tour_stars(const kick_session *s) {
  int32_t n = 0;
  if (!usable(s)) return 0;
  for (int32_t i = 0; i < KICK_SESSION_LEVELS; i++) n += s->stars[i];
  return n;
}

int32_t kick_session_tour_stars_max(void) { return KICK_SESSION_LEVELS * KICK_STAR_COUNT; }

int32_t kick_session_tour_points(const kick_session *s) {
  int32_t n = 0;
  if (!usable(s)) return 0;
  for (int32_t i = 0; i < KICK_SESSION_LEVELS; i++) n += s->best[i];
  return n;
}

int32_t kick_session_daily_tries_left(const kick_session *s) {
  if (!usable(s) || s->mode != KICK_SESSION_MODE_DAILY) return 0;
  int32_t dn = kick_day_number(s->year, s->month, s->day);
  return dn > 0 ? kick_daily_tries_left(&s->daily, dn) : 0;
}

/* ------------------------------------------------------------------ progress */

ks_status kick_session_progress_set(kick_session *s, int32_t level, int32_t stars, int32_t best_points) {
  if (!s) return KS_ERR_NULL;
  if (!usable(s)) return KS_ERR_UNINITIALISED;
  if (level < 0 || level >= KICK_SESSION_LEVELS) return KS_ERR_NOT_FOUND;
  if (stars < 0 || stars > KICK_STAR_COUNT || best_points < 0) return KS_ERR_RANGE;
  if (stars > s->stars[level]) s->stars[level] = stars;
  if (best_points > s->best[level]) s->best[level] = best_points;
  return KS_OK;
}

ks_status kick_session_daily_set(kick_session *s, const kick_daily_record *r) {
  if (!s || !r) return KS_ERR_NULL;
  if (!usable(s)) return KS_ERR_UNINITIALISED;
  ks_status st = kick_daily_record_check(r);
  if (st != KS_OK) return st;
  s->daily = *r;
  return KS_OK;
}

static void put_u32(uint8_t *p, uint32_t v) {
  for (int i = 0; i < 4; i++) p[i] = (uint8_t)(v >> (8 * i));
}
static uint32_t get_u32(const uint8_t *p) {
  uint32_t v = 0;
  for (int i = 0; i < 4; i++) v |= (uint32_t)p[i] << (8 * i);
  return v;
}

static ks_status write_progress(const kick_session *s, const kick_daily_record *r, uint8_t *buf, size_t cap,
                                size_t *len) {
  if (!s || !buf) return KS_ERR_NULL;
  if (!usable(s)) return KS_ERR_UNINITIALISED;
  if (cap < KICK_SESSION_PROGRESS_BYTES) return KS_ERR_CAPACITY;
  size_t o = 0;
  buf[o++] = 'K';
  buf[o++] = 'S';
  buf[o++] = 'P';
  buf[o++] = 'G';
  buf[o++] = 1;
  buf[o++] = KICK_SESSION_LEVELS;
  for (int32_t i = 0; i < KICK_SESSION_LEVELS; i++) buf[o++] = (uint8_t)s->stars[i];
  for (int32_t i = 0; i < KICK_SESSION_LEVELS; i++, o += 4) put_u32(buf + o, (uint32_t)s->best[i]);
  const int32_t rec[7] = {r->day, r->tries, (int32_t)r->goals_mask, r->best_points, r->streak, r->best_streak,
                          r->last_goal_day};
  for (int i = 0; i < 7; i++, o += 4) put_u32(buf + o, (uint32_t)rec[i]);
  uint64_t h = ks_fnv1a64(buf, o);
  put_u32(buf + o, (uint32_t)h);
  put_u32(buf + o + 4, (uint32_t)(h >> 32));
  o += 8;
  if (len) *len = o;
  return KS_OK;
}

ks_status kick_session_progress_save(const kick_session *s, uint8_t *buf, size_t cap, size_t *len) {
  return write_progress(s, s ? &s->daily : NULL, buf, cap, len);
}

ks_status kick_session_progress_save_spent(const kick_session *s, uint8_t *buf, size_t cap, size_t *len) {
  if (!s) return KS_ERR_NULL;
  if (!usable(s)) return KS_ERR_UNINITIALISED;
  kick_daily_record r = s->daily;
  bool read = s->started && s->screen != KICK_SESSION_SCREEN_AIM && !s->decided_seen;
  if (s->mode == KICK_SESSION_MODE_DAILY && read)
    (void)kick_daily_record_kick(&r, kick_day_number(s->year, s->month, s->day), false, 0);
  return write_progress(s, &r, buf, cap, len);
}

ks_status kick_session_progress_load(kick_session *s, const uint8_t *buf, size_t len) {
  if (!s || !buf) return KS_ERR_NULL;
  if (!usable(s)) return KS_ERR_UNINITIALISED;
  if (len < 6) return KS_ERR_TRUNCATED;
  if (buf[0] != 'K' || buf[1] != 'S' || buf[2] != 'P' || buf[3] != 'G') return KS_ERR_FORMAT;
  if (buf[4] != 1) return KS_ERR_VERSION;
  if (buf[5] != KICK_SESSION_LEVELS) return KS_ERR_FORMAT;
  if (len < KICK_SESSION_PROGRESS_BYTES) return KS_ERR_TRUNCATED;
  if (len > KICK_SESSION_PROGRESS_BYTES) return KS_ERR_FORMAT;
  size_t body = KICK_SESSION_PROGRESS_BYTES - 8;
  uint64_t h = ks_fnv1a64(buf, body);
  uint64_t want = (uint64_t)get_u32(buf + body) | (uint64_t)get_u32(buf + body + 4) << 32;
  if (h != want) return KS_ERR_CHECKSUM;
  int32_t stars[KICK_SESSION_LEVELS], best[KICK_SESSION_LEVELS];
  size_t o = 6;
  for (int32_t i = 0; i < KICK_SESSION_LEVELS; i++) {
    stars[i] = buf[o++];
    if (stars[i] > KICK_STAR_COUNT) return KS_ERR_FORMAT;
  }
  for (int32_t i = 0; i < KICK_SESSION_LEVELS; i++, o += 4) {
    best[i] = (int32_t)get_u32(buf + o);
    if (best[i] < 0) return KS_ERR_FORMAT;
  }
  int32_t rec[7];
  for (int i = 0; i < 7; i++, o += 4) rec[i] = (int32_t)get_u32(buf + o);
  kick_daily_record r = {rec[0], rec[1], (uint32_t)rec[2], rec[3], rec[4], rec[5], rec[6]};
  if (kick_daily_record_check(&r) != KS_OK) return KS_ERR_FORMAT;
  for (int32_t i = 0; i < KICK_SESSION_LEVELS; i++) {
    if (stars[i] > s->stars[i]) s->stars[i] = stars[i];
    if (best[i] > s->best[i]) s->best[i] = best[i];
  }
  s->daily = r;
  return KS_OK;
}

/* ------------------------------------------------------------------ a Daily try, again */

static void result_of(const kick_shot *shot, const kick_launch *launch, kick_session_result *out) {
  out->outcome = kick_shot_outcome(shot);
  out->moments = kick_shot_moments(shot);
  out->points = kick_score_points(shot).total;
  out->decision_step = kick_shot_decision_step(shot);
  out->final_hash = kick_shot_hash(shot);
  out->launch = *launch;
}

ks_status kick_session_last_result(const kick_session *s, kick_session_result *out) {
  if (!s || !out) return KS_ERR_NULL;
  if (!usable(s)) return KS_ERR_UNINITIALISED;
  if (!s->started || !s->decided_seen) return KS_ERR_STATE;
  /* The live shot may have run on past its decision: the record's re-simulation
     gives the hash right after the deciding step. */
  kick_replay r;
  ks_status st = kick_replay_from_director(&s->dir, &r);
  if (st != KS_OK) return st;
  out->outcome = r.outcome;
  out->moments = r.moments;
  out->points = s->points.total;
  out->decision_step = r.decision_step;
  out->final_hash = r.final_hash;
  out->launch = r.launch;
  return KS_OK;
}

ks_status kick_session_daily_try_replay(const kick_session_def *def, int32_t year, int32_t month, int32_t day,
                                        int32_t try_number, const kick_session_input *in, kick_session_result *out) {
  if (!in || !out) return KS_ERR_NULL;
  kick_session_def dd = kick_session_default_def();
  if (!def) def = &dd;
  ks_status st = kick_session_def_check(def);
  if (st != KS_OK) return st;
  if (kick_day_number(year, month, day) <= 0) return KS_ERR_NOT_FOUND;
  if (try_number < 1 || try_number > def->daily_tries) return KS_ERR_RANGE;
  if (in->read_step < 0 || in->read_step > KICK_REPLAY_MAX_WAIT_STEPS) return KS_ERR_RANGE;
  kick_daily dk;
  st = kick_daily_kick(year, month, day, (uint64_t)(try_number - 1), &dk);
  if (st != KS_OK) return st;
  kick_setup su = dk.setup;
  su.person_in_goal = false; /* the Daily Kick never has a friend in goal (start) */
  kick_launch launch;
  if (in->keys) {
    kick_swipe_reading r;
    st = kick_keys_read(NULL, &in->key_kick, &r);
    if (st != KS_OK) return st;
    launch = r.launch;
  } else {
    if (in->samples_dropped) return KS_ERR_CAPACITY;
    if (in->sample_count < 0 || in->sample_count > KICK_SESSION_MAX_SAMPLES) return KS_ERR_RANGE;
    st = kick_aim_screen_check(in->screen_width, in->screen_height);
    if (st != KS_OK) return st;
    kick_aim_reading a;
    st = kick_aim_read_samples(NULL, &su, in->screen_width, in->screen_height, in->samples,
                               (size_t)in->sample_count, &a);
    if (st != KS_OK) return st;
    launch = a.launch;
  }
  kick_shot shot;
  st = kick_shot_init(&shot, &su);
  if (st != KS_OK) return st;
  int64_t strike = in->read_step + def->runup_steps;
  while (kick_shot_steps(&shot) < strike) kick_shot_step(&shot, NULL, NULL);
  st = kick_shot_strike(&shot, &launch);
  if (st != KS_OK) return st;
  for (int64_t i = 0; i < 10 * KICK_STEPS_PER_SECOND && !kick_shot_decided(&shot); i++)
    kick_shot_step(&shot, NULL, NULL);
  if (!kick_shot_decided(&shot)) return KS_ERR_STATE;
  result_of(&shot, &launch, out);
  return KS_OK;
}
