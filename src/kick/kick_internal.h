/* Private to src/kick: shared between the files of the free-kick simulation. */
#ifndef KICKSTEP_KICK_INTERNAL_H
#define KICKSTEP_KICK_INTERNAL_H

#include "kickstep/kick.h"
#include "kickstep/dmath.h"
#include "kickstep/noise.h"

#define KICK_DT (1.0 / 600.0)
#define KICK_GRAVITY 9.81
#define KICK_AIR_DENSITY 1.225
#define KICK_POST_AXIS_X (KICK_GOAL_WIDTH * 0.5 + KICK_POST_RADIUS)
#define KICK_BAR_AXIS_Y (KICK_GOAL_HEIGHT + KICK_POST_RADIUS)
#define KICK_WOODWORK_REACH (KICK_BALL_RADIUS + KICK_POST_RADIUS)

/* Wall players. */
#define KICK_WALL_SPACING 0.55
#define KICK_WALL_RADIUS 0.22
#define KICK_WALL_HEIGHT 1.80

/* Keeper body. */
#define KICK_KEEPER_BODY_RADIUS 0.20
#define KICK_KEEPER_ARM_RADIUS 0.08
#define KICK_KEEPER_COM_Y 1.0
#define KICK_KEEPER_ARM_REACH 0.85

/* Stepping. */
double kick_step_time(int64_t step_index);

/* flight.c */
/* One semi-implicit Euler step of the ball through the air, then the ground.
   Returns bit 0 set if the ball bounced, bit 1 if it came to rest. */
uint32_t kick_flight_step(kick_ball *b, ks_vec3 wind, double dt, double spin_decay,
                          const kick_pitch_def *pitch);
/* Runs a copy of the ball forward at 1/240 s until its centre reaches z_line
   (or max_seconds pass), in the wind as it is at t0 (no contacts).
   Returns true when it reached the line; fills the point and the time taken. */
bool kick_estimate_to_line(const kick_shot *s, kick_ball ball, double t0, double z_line,
                           double max_seconds, double *x, double *y, double *seconds);

/* wind.c */
void kick_wind_prepare(kick_shot *s);
void kick_wind_memo_reset(kick_shot *s);
/* The wind at t for a step: kick_wind_at's bits, using the shot's noise memo. */
ks_vec3 kick_wind_step(kick_shot *s, double t);
/* ks_noise1(seed, u) bit for bit, with the lattice cell's slopes memoised. */
double kick_noise_memo(uint64_t seed, double u, uint64_t *memo_seed, int64_t *cell, double g[2]);

/* contact.c */
/* Pushes the ball out of a capsule and reflects its velocity with restitution e
   when its centre is within `reach` of the axis [a, b]. Returns true on touch;
   normal_out gets the contact normal (from the axis to the ball). */
bool kick_capsule_contact(kick_ball *b, ks_vec3 a, ks_vec3 c, double reach, double e,
                          double tangential_keep, ks_vec3 *normal_out);
bool kick_capsule_touching(ks_vec3 p, ks_vec3 a, ks_vec3 c, double reach);
void kick_contact_woodwork(kick_shot *s, int64_t ev_step, ks_events *out);
void kick_contact_net(kick_shot *s, int64_t ev_step, ks_events *out);

/* keeper.c */
void kick_keeper_prepare(kick_shot *s);
void kick_keeper_pose_at(const kick_shot *s, double t, kick_keeper_pose *p);
void kick_keeper_update(kick_shot *s, int64_t n, const kick_input *in, ks_events *out);
void kick_contact_keeper(kick_shot *s, int64_t n, ks_events *out);
void kick_note_keeper_touch(kick_shot *s);

/* wall.c */
void kick_wall_prepare(kick_shot *s);
void kick_wall_on_strike(kick_shot *s);
void kick_wall_capsule_at(const kick_shot *s, int32_t i, double t, kick_capsule *c);
void kick_contact_wall(kick_shot *s, int64_t n, ks_events *out);

/* rings.c */
ks_vec3 kick_ring_center_at(const kick_ring_def *r, double t);
void kick_rings_cross(kick_shot *s, int64_t n, ks_vec3 p0, ks_vec3 p1, ks_events *out);


/* events */
void kick_emit(ks_events *out, int64_t step, kick_event_type type, uint32_t subject, ks_vec3 v);

#endif
