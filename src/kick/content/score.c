// SPDX-License-Identifier: MIT
/* Points for a kick, and the Daily Kick's record: tries, streak, best, the
   share line. See kickstep/kick_score.h. */
#include "kickstep/kick_score.h"

/* ------------------------------------------------------------------ points */

static void add(kick_points *p, kick_points_kind kind, uint32_t moment, int32_t ring, int32_t points) {
  if (p->count >= KICK_POINTS_MAX_ITEMS) return;
  kick_points_item it = {kind, moment, ring, points};
  p->items[p->count++] = it;
  p->total += points;
}

kick_points kick_score_points(const kick_shot *s) {
  kick_points p = {0};
  if (!s || !kick_shot_decided(s)) return p;
  uint32_t m = kick_shot_moments(s);
  bool goal = kick_shot_outcome(s) == KICK_OUTCOME_GOAL;
  if (goal) {
    add(&p, KICK_POINTS_FOR_GOAL, 0u, -1, KICK_POINTS_GOAL);
    static const struct { uint32_t bit; int32_t points; } table[] = {
        {KICK_MOMENT_TOP_CORNER, KICK_POINTS_TOP_CORNER},   {KICK_MOMENT_CURLER, KICK_POINTS_CURLER},
        {KICK_MOMENT_ROCKET, KICK_POINTS_ROCKET},           {KICK_MOMENT_PANENKA, KICK_POINTS_PANENKA},
        {KICK_MOMENT_IN_OFF_WOODWORK, KICK_POINTS_IN_OFF_WOODWORK},
        {KICK_MOMENT_PAST_KEEPER, KICK_POINTS_PAST_KEEPER},
    };
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
      if ((m & table[i].bit) != 0u) add(&p, KICK_POINTS_FOR_MOMENT, table[i].bit, -1, table[i].points);
  } else if ((m & KICK_MOMENT_WOODWORK) != 0u) {
    add(&p, KICK_POINTS_FOR_MOMENT, KICK_MOMENT_WOODWORK, -1, KICK_POINTS_WOODWORK);
  }
  for (int32_t i = 0; i < s->setup.ring_count && i < KICK_RING_MAX; i++)
    if (((s->ring_hits >> i) & 1u) != 0u) add(&p, KICK_POINTS_FOR_RING, 0u, i, KICK_POINTS_RING);
  return p;
}

/* ------------------------------------------------------------------- days */

static bool leap(int32_t y) { return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0; }

int32_t kick_day_number(int32_t y, int32_t m, int32_t d) {
  static const int32_t len[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  if (y < 1970 || y > 9999 || m < 1 || m > 12 || d < 1) return -1;
  int32_t ml = len[m - 1] + (m == 2 && leap(y) ? 1 : 0);
  if (d > ml) return -1;
  /* Days from 1970-01-01 (the civil-from-days construction, shifted to March). */
  int32_t yy = m <= 2 ? y - 1 : y;
  int32_t era = yy / 400;
  int32_t yoe = yy - era * 400;
  int32_t mp = m > 2 ? m - 3 : m + 9;
  int32_t doy = (153 * mp + 2) / 5 + d - 1;
  int32_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + doe - 719468;
}

/* ------------------------------------------------------------ the record */

ks_status kick_daily_record_check(const kick_daily_record *r) {
  if (!r) return KS_ERR_NULL;
  if (r->day < 0 || r->tries < 0 || r->tries > KICK_DAILY_TRIES) return KS_ERR_RANGE;
  if ((r->goals_mask >> r->tries) != 0u) return KS_ERR_RANGE;
  if (r->best_points < 0 || r->streak < 0 || r->best_streak < r->streak) return KS_ERR_RANGE;
  if (r->last_goal_day < 0 || r->last_goal_day > r->day) return KS_ERR_RANGE;
  if (r->streak > 0 && r->last_goal_day == 0) return KS_ERR_RANGE;
  return KS_OK;
}

ks_status kick_daily_record_open(kick_daily_record *r, int32_t today) {
  if (!r) return KS_ERR_NULL;
  if (kick_daily_record_check(r) != KS_OK || today <= 0) return KS_ERR_RANGE;
  if (today < r->day) return KS_ERR_RANGE;
  if (today == r->day) return KS_OK;
  r->day = today;
  r->tries = 0;
  r->goals_mask = 0u;
  r->best_points = 0;
  if (r->last_goal_day < today - 1) r->streak = 0;
  return KS_OK;
}

int32_t kick_daily_tries_left(const kick_daily_record *r, int32_t today) {
  if (!r || kick_daily_record_check(r) != KS_OK || today <= 0 || today < r->day) return 0;
  if (today > r->day) return KICK_DAILY_TRIES;
  return KICK_DAILY_TRIES - r->tries;
}

ks_status kick_daily_record_kick(kick_daily_record *r, int32_t today, bool goal, int32_t points) {
  if (!r) return KS_ERR_NULL;
  if (kick_daily_record_check(r) != KS_OK || r->day != today || today <= 0) return KS_ERR_STATE;
  if (r->tries >= KICK_DAILY_TRIES) return KS_ERR_STATE;
  if (points < 0) points = 0;
  if (goal) {
    r->goals_mask |= 1u << r->tries;
    if (r->last_goal_day != today) {
      r->streak = r->last_goal_day == today - 1 ? r->streak + 1 : 1;
      r->last_goal_day = today;
      if (r->streak > r->best_streak) r->best_streak = r->streak;
    }
  }
  r->tries++;
  if (points > r->best_points) r->best_points = points;
  return KS_OK;
}

/* --------------------------------------------------------- the share line */

typedef struct tbuf {
  char *p;
  size_t cap, len;
  bool over;
} tbuf;

static void put(tbuf *t, const char *s) {
  for (; *s; s++) {
    if (t->len + 1 >= t->cap) {
      t->over = true;
      return;
    }
    t->p[t->len++] = *s;
  }
}

static void put_num(tbuf *t, int32_t v, int width) {
  char d[12];
  int n = 0;
  do {
    d[n++] = (char)('0' + v % 10);
    v /= 10;
  } while (v > 0 && n < 11);
  while (n < width && n < 11) d[n++] = '0';
  char s[13];
  for (int i = 0; i < n; i++) s[i] = d[n - 1 - i];
  s[n] = '\0';
  put(t, s);
}

size_t kick_daily_share_text(const kick_daily_record *r, int32_t year, int32_t month, int32_t day, char *buf,
                             size_t cap) {
  if (!r || !buf || cap == 0) return 0;
  buf[0] = '\0';
  int32_t dn = kick_day_number(year, month, day);
  if (dn <= 0 || kick_daily_record_check(r) != KS_OK || r->day != dn) return 0;
  tbuf t = {buf, cap, 0, false};
  put(&t, "Daily Kick ");
  put_num(&t, year, 4);
  put(&t, "-");
  put_num(&t, month, 2);
  put(&t, "-");
  put_num(&t, day, 2);
  put(&t, ":");
  if (r->tries > 0) put(&t, " ");
  for (int32_t i = 0; i < r->tries; i++) put(&t, ((r->goals_mask >> i) & 1u) ? "\xE2\x9A\xBD" : "\xE2\x9D\x8C");
  if (t.over) {
    buf[0] = '\0';
    return 0;
  }
  buf[t.len] = '\0';
  return t.len;
}
