// SPDX-License-Identifier: MIT
/* A swipe at the goal as it is drawn: the aiming camera for a screen, the
   projection both ways, and the swipe laid from the ball in that picture,
   named as an aim point the solver kicks at. See kickstep/kick_aim.h and
   docs/kick-input.md. */
#include "kickstep/kick_aim.h"

#include "kickstep/dmath.h"
#include "kickstep/vec.h"

/* ------------------------------------------------------------------ camera */

/* The camera's frame: forward f, right r, up u (r = f x +y, u = r x f), as a
   look-at camera whose up is +y builds it. */
typedef struct cam_frame {
  ks_vec3 f, r, u;
  double ty, tx; /* tan of half the vertical and horizontal fields of view */
} cam_frame;

static bool frame_of(const kick_camera *c, double width, double height, cam_frame *o) {
  ks_vec3 d = ks_v3_sub(c->target, c->pos);
  double dl = ks_v3_len(d);
  if (!(dl > 1e-9) || !(width > 0.0) || !(height > 0.0) || !(c->fov > 0.0 && c->fov < 3.1)) return false;
  o->f = ks_v3_scale(d, 1.0 / dl);
  ks_vec3 r = ks_v3(-o->f.z, 0.0, o->f.x); /* f x (0,1,0) */
  double rl = ks_sqrt(r.x * r.x + r.z * r.z);
  if (!(rl > 1e-9)) return false;
  o->r = ks_v3_scale(r, 1.0 / rl);
  o->u = ks_v3_cross(o->r, o->f);
  o->ty = ks_tan(0.5 * c->fov);
  o->tx = o->ty * (width / height);
  return ks_is_finite(o->ty) && o->ty > 0.0;
}

bool kick_camera_project(const kick_camera *c, double width, double height, ks_vec3 p, double *sx, double *sy) {
  cam_frame fr;
  if (!c || !sx || !sy || !frame_of(c, width, height, &fr)) return false;
  ks_vec3 q = ks_v3_sub(p, c->pos);
  double depth = ks_v3_dot(q, fr.f);
  if (!(depth > 1e-6)) return false;
  double nx = ks_v3_dot(q, fr.r) / (depth * fr.tx);
  double ny = ks_v3_dot(q, fr.u) / (depth * fr.ty);
  *sx = (nx + 1.0) * 0.5 * width;
  *sy = (1.0 - ny) * 0.5 * height;
  return ks_is_finite(*sx) && ks_is_finite(*sy);
}

bool kick_camera_unproject_z(const kick_camera *c, double width, double height, double sx, double sy,
                             double plane_z, ks_vec3 *out) {
  cam_frame fr;
  if (!c || !out || !frame_of(c, width, height, &fr)) return false;
  double nx = 2.0 * sx / width - 1.0, ny = 1.0 - 2.0 * sy / height;
  ks_vec3 dir = ks_v3_add(fr.f, ks_v3_add(ks_v3_scale(fr.r, nx * fr.tx), ks_v3_scale(fr.u, ny * fr.ty)));
  if (!(dir.z > 1e-9)) return false;
  double t = (plane_z - c->pos.z) / dir.z;
  if (!(t > 0.0)) return false;
  ks_vec3 p = ks_v3_mad(c->pos, dir, t);
  if (!ks_v3_finite(p)) return false;
  *out = p;
  return true;
}

static kick_camera camera_at(ks_vec3 pos, double yaw, double pitch, double fov) {
  kick_camera c;
  double cp = ks_cos(pitch);
  c.pos = pos;
  c.target = ks_v3(pos.x + ks_sin(yaw) * cp * 10.0, pos.y + ks_sin(pitch) * 10.0, pos.z + ks_cos(yaw) * cp * 10.0);
  c.yaw = yaw;
  c.pitch = pitch;
  c.fov = fov;
  return c;
}

/* Where the ball and the bar sit on screen (normalised, +1 the top edge) and
   how close to the sides anything may come. */
#define FRAME_BALL_Y (-0.58)
#define FRAME_BAR_Y 0.56
#define FRAME_SIDE_X 0.9
#define FRAME_MIN_FOV 0.30   /* rad, about 17 degrees */
#define FRAME_MAX_FOV 1.30   /* rad, about 74 degrees */
#define FRAME_SIDE 0.35      /* m to the shooter's right */
#define FRAME_UP 2.4         /* m above the pitch */
#define FRAME_BACK 6.2       /* m behind the ball, at first */
#define FRAME_BACK_STEP 0.25 /* m closer each step, */
#define FRAME_STEPS 12       /* at most this many (3.2 m behind the ball) */

/* The pitch that puts a point at elevation `a` (rad above the horizontal,
   seen from the camera) at normalised height y, t being the tangent of half the field of view. */
static double pitch_for(double a, double y, double t) { return a - ks_atan(y * t); }

/* The camera `back` metres behind the ball, framed for the screen: turned
   to the goal's middle (a tenth of the way towards the ball), pitched and
   zoomed so the ball sits at FRAME_BALL_Y and the bar at FRAME_BAR_Y, then
   widened until the goal (and a little net beside it) and the ball are within
   FRAME_SIDE_X across, the ball kept where it sits. True when the bar is still
   at FRAME_BAR_Y or above (nothing had to be widened away). */
static bool frame_from(const kick_setup *su, double gx, double gz, double back, double width, double height,
                       kick_camera *out) {
  const double side = FRAME_SIDE;
  ks_vec3 pos = ks_v3(su->spot_x - gx * back - gz * side, FRAME_UP, su->spot_z - gz * back + gx * side);
  ks_vec3 ball = ks_v3(su->spot_x, KICK_BALL_RADIUS, su->spot_z);
  ks_vec3 bar = ks_v3(0.0, KICK_GOAL_HEIGHT + KICK_POST_RADIUS, KICK_POST_Z);
  double yaw_ball = ks_atan2(ball.x - pos.x, ball.z - pos.z);
  double yaw_goal = ks_atan2(-pos.x, KICK_POST_Z - pos.z);
  double yaw = yaw_goal + 0.1 * ks_wrap_angle(yaw_ball - yaw_goal);
  double db = ks_sqrt((ball.x - pos.x) * (ball.x - pos.x) + (ball.z - pos.z) * (ball.z - pos.z));
  double dg = ks_sqrt(pos.x * pos.x + (KICK_POST_Z - pos.z) * (KICK_POST_Z - pos.z));
  double a_ball = ks_atan2(ball.y - pos.y, db), a_bar = ks_atan2(bar.y - pos.y, dg);
  /* The ratio of the tangents of (a_bar - p) and (a_ball - p) is BAR_Y / BALL_Y: p by bisection (g
     rises from below 0 to above 0 as p runs over (a_ball, a_bar)). */
  double lo = a_ball, hi = a_bar;
  for (int i = 0; i < 64; i++) {
    double p = 0.5 * (lo + hi);
    double g = ks_tan(a_bar - p) * FRAME_BALL_Y - ks_tan(a_ball - p) * FRAME_BAR_Y;
    if (g < 0.0) lo = p;
    else hi = p;
  }
  double pitch = 0.5 * (lo + hi);
  double t = ks_clamp(ks_tan(a_bar - pitch) / FRAME_BAR_Y, ks_tan(0.5 * FRAME_MIN_FOV), ks_tan(0.5 * FRAME_MAX_FOV));
  pitch = pitch_for(a_ball, FRAME_BALL_Y, t);
  const double t_fit = t;

  const double px = 0.5 * KICK_GOAL_WIDTH + 2.0 * KICK_POST_RADIUS + 0.2;
  const ks_vec3 pts[5] = {ball, ks_v3(px, 0.0, KICK_POST_Z), ks_v3(-px, 0.0, KICK_POST_Z),
                          ks_v3(px, KICK_GOAL_HEIGHT, KICK_POST_Z), ks_v3(-px, KICK_GOAL_HEIGHT, KICK_POST_Z)};
  for (int it = 0; it < 6; it++) {
    kick_camera c = camera_at(pos, yaw, pitch, 2.0 * ks_atan(t));
    double worst = 0.0;
    for (int i = 0; i < 5; i++) {
      double sx, sy;
      if (!kick_camera_project(&c, width, height, pts[i], &sx, &sy)) {
        worst = 2.0;
        break;
      }
      double nx = ks_fabs(2.0 * sx / width - 1.0);
      if (nx > worst) worst = nx;
    }
    if (worst <= FRAME_SIDE_X) break;
    t = ks_clamp(t * worst / FRAME_SIDE_X, ks_tan(0.5 * FRAME_MIN_FOV), ks_tan(0.5 * FRAME_MAX_FOV));
    pitch = pitch_for(a_ball, FRAME_BALL_Y, t);
  }
  *out = camera_at(pos, yaw, pitch, 2.0 * ks_atan(t));
  return t <= t_fit * 1.1;
}

ks_status kick_aim_screen_check(double width, double height) {
  if (!ks_is_finite(width) || !ks_is_finite(height)) return KS_ERR_NOT_FINITE;
  if (!(width >= KICK_SCREEN_MIN_PX && width <= KICK_SCREEN_MAX_PX && height >= KICK_SCREEN_MIN_PX &&
        height <= KICK_SCREEN_MAX_PX))
    return KS_ERR_RANGE;
  double aspect = width / height;
  return aspect >= 0.25 && aspect <= 4.0 ? KS_OK : KS_ERR_RANGE;
}

ks_status kick_aim_camera(const kick_setup *su, double width, double height, kick_camera *out) {
  if (!su || !out) return KS_ERR_NULL;
  ks_status st = kick_aim_screen_check(width, height);
  if (st != KS_OK) return st;
  st = kick_setup_validate(su);
  if (st != KS_OK) return st;

  /* Behind the ball on the line from the goal's middle, a little to the
     shooter's right (-x when he faces +z), so he can stand on his left
     without hiding it. */
  double gx = -su->spot_x, gz = -su->spot_z;
  double gl = ks_sqrt(gx * gx + gz * gz);
  gx /= gl;
  gz /= gl;
  /* A narrow screen is filled across by the goal before the ball and the bar
     reach their heights: the camera comes closer to the ball, step by step,
     until the bar is up at FRAME_BAR_Y (the ball grows with it). */
  kick_camera best = {0};
  for (int k = 0; k <= FRAME_STEPS; k++) {
    double back = FRAME_BACK - FRAME_BACK_STEP * k;
    bool full = frame_from(su, gx, gz, back, width, height, &best);
    if (full) break;
  }
  *out = best;
  return KS_OK;
}

/* ------------------------------------------------------------------- aim */

#define AIM_COOKIE 0x6b61696du /* "kaim" */

kick_aim_def kick_aim_default_def(void) {
  kick_aim_def d;
  d.slow_flick = 0.55;
  d.fast_flick = 6.0;
  d.slow_speed_mps = 15.0;
  d.min_speed_mps = 9.0;
  d.short_aim_height = 1.2;
  d.max_aim_height = 6.0;
  d.max_aim_across = 16.0;
  d.max_off_angle = 1.05;
  d.cookie = AIM_COOKIE;
  return d;
}

ks_status kick_aim_validate(const kick_aim_def *d) {
  if (!d) return KS_ERR_NULL;
  if (d->cookie != AIM_COOKIE) return KS_ERR_UNINITIALISED;
  const double v[] = {d->slow_flick,       d->fast_flick,     d->slow_speed_mps, d->min_speed_mps,
                      d->short_aim_height, d->max_aim_height, d->max_aim_across, d->max_off_angle};
  for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
    if (!ks_is_finite(v[i])) return KS_ERR_NOT_FINITE;
  if (!(d->slow_flick > 0.0 && d->fast_flick > d->slow_flick && d->fast_flick <= 100.0)) return KS_ERR_RANGE;
  if (!(d->min_speed_mps > 0.0 && d->min_speed_mps <= d->slow_speed_mps &&
        d->slow_speed_mps < KICK_MAX_LAUNCH_SPEED))
    return KS_ERR_RANGE;
  if (!(d->short_aim_height >= KICK_BALL_RADIUS && d->short_aim_height <= d->max_aim_height)) return KS_ERR_RANGE;
  if (!(d->max_aim_height <= 10.0)) return KS_ERR_RANGE;
  if (!(d->max_aim_across >= 0.5 * KICK_GOAL_WIDTH && d->max_aim_across <= 20.0)) return KS_ERR_RANGE;
  if (!(d->max_off_angle > 0.1 && d->max_off_angle < 1.5)) return KS_ERR_RANGE;
  return KS_OK;
}

double kick_aim_flick_speed(const kick_aim_def *d, double flick) {
  if (kick_aim_validate(d) != KS_OK || !ks_is_finite(flick)) return 0.0;
  if (!(flick > 0.0)) return d->min_speed_mps;
  double u = ks_log(flick / d->slow_flick) / ks_log(d->fast_flick / d->slow_flick);
  double v = d->slow_speed_mps + (KICK_MAX_LAUNCH_SPEED - d->slow_speed_mps) * u;
  return ks_clamp(v, d->min_speed_mps, KICK_MAX_LAUNCH_SPEED);
}

static ks_status refuse(kick_aim_reading *out, kick_swipe_error e) {
  out->error = e;
  out->launch = kick_launch_default();
  out->swipe.launch = out->launch;
  out->swipe.error = e;
  return kick_swipe_error_status(e);
}

ks_status kick_aim_read(const kick_aim_def *def, const kick_setup *su, double width, double height,
                        const kick_swipe *sw, kick_aim_reading *out) {
  if (!su || !sw || !out) return KS_ERR_NULL;
  kick_aim_def d = def ? *def : kick_aim_default_def();
  kick_aim_reading r = {0};
  r.launch = kick_launch_default();
  ks_status st = kick_aim_validate(&d);
  if (st == KS_OK) st = kick_aim_camera(su, width, height, &r.camera);
  if (st == KS_OK && !(sw->def.screen_height == height)) st = KS_ERR_RANGE;
  if (st != KS_OK) {
    r.error = KICK_SWIPE_BAD_DEF;
    r.swipe.error = KICK_SWIPE_BAD_DEF;
    r.swipe.launch = r.launch;
    *out = r;
    return st;
  }

  /* The swipe's own measures; "not upward" is this reader's call, made in
     the picture below. */
  kick_swipe_reading m;
  st = kick_swipe_finish(sw, &m);
  if (st != KS_OK && m.error != KICK_SWIPE_NOT_UPWARD) {
    r.swipe = m;
    *out = r;
    return refuse(out, m.error);
  }
  const double cx = (sw->latest.x - sw->first.x) * height, cy = -(sw->latest.y - sw->first.y) * height;
  r.swipe = m;
  if (st != KS_OK) { /* downward or flat: its measures were not taken */
    *out = r;
    return refuse(out, KICK_SWIPE_NOT_UPWARD);
  }

  /* The ball and the goal's middle in the picture; the swipe laid from the ball. */
  const ks_vec3 ball = ks_v3(su->spot_x, KICK_BALL_RADIUS, su->spot_z);
  double bx, by, gx, gy;
  if (!kick_camera_project(&r.camera, width, height, ball, &bx, &by) ||
      !kick_camera_project(&r.camera, width, height, ks_v3(0.0, 0.5 * KICK_GOAL_HEIGHT, KICK_CROSS_Z), &gx, &gy)) {
    *out = r;
    return refuse(out, KICK_SWIPE_BAD_DEF);
  }
  r.ball_px[0] = bx;
  r.ball_px[1] = by;
  r.end_px[0] = bx + cx;
  r.end_px[1] = by + cy;
  /* Screen y grows down: the swipe (cx, cy) and the goal's direction (gx-bx, gy-by). */
  double ux = gx - bx, uy = gy - by;
  r.off_angle = ks_atan2(ux * cy - uy * cx, ux * cx + uy * cy);
  if (!(ks_fabs(r.off_angle) <= d.max_off_angle)) {
    *out = r;
    return refuse(out, KICK_SWIPE_NOT_UPWARD);
  }

  /* The line in the goal-line plane that the swipe's screen line shows: from
     the ball's pixel (far below the ground there) through the swipe's end. */
  ks_vec3 pb, pe;
  bool eb = kick_camera_unproject_z(&r.camera, width, height, bx, by, KICK_CROSS_Z, &pb);
  bool ee = kick_camera_unproject_z(&r.camera, width, height, r.end_px[0], r.end_px[1], KICK_CROSS_Z, &pe);
  if (!eb || !ee || !(pe.y > pb.y + 1e-6)) {
    *out = r;
    return refuse(out, KICK_SWIPE_NOT_UPWARD);
  }
  double ax = pe.x, ay = pe.y;
  if (ay < 0.0) { /* short of the goal: carried on along its line to mid-goal */
    double lam = (d.short_aim_height - pb.y) / (pe.y - pb.y);
    ax = pb.x + (pe.x - pb.x) * lam;
    ay = d.short_aim_height;
    r.extended = true;
  }
  if (ay > d.max_aim_height) { /* along the same line, down to the highest aim */
    double lam = (d.max_aim_height - pb.y) / (pe.y - pb.y);
    ax = pb.x + (pe.x - pb.x) * lam;
    ay = d.max_aim_height;
  }
  ax = ks_clamp(ax, -d.max_aim_across, d.max_aim_across);
  ay = ks_clamp(ay, KICK_BALL_RADIUS, d.max_aim_height);
  r.aim[0] = ax;
  r.aim[1] = ay;

  /* The launch: the solver's, at the flick's speed and bend. */
  kick_solver_def sd = kick_solver_def_for_setup(su);
  sd.aim_x = ax;
  sd.aim_y = ay;
  sd.speed_mps = kick_aim_flick_speed(&d, m.release_speed);
  sd.bend = m.bend;
  st = kick_solve(&sd, &r.solution);
  if (st != KS_OK && st != KS_ERR_NOT_FOUND) {
    *out = r;
    return refuse(out, KICK_SWIPE_BAD_DEF);
  }
  r.launch = r.solution.launch;
  r.swipe.launch = r.launch;
  r.error = KICK_SWIPE_OK;
  *out = r;
  return KS_OK;
}

ks_status kick_aim_read_samples(const kick_aim_def *def, const kick_setup *su, double width, double height,
                                const kick_touch *samples, size_t n, kick_aim_reading *out) {
  if (!out || !su || (!samples && n > 0)) return KS_ERR_NULL;
  kick_swipe_def sd = kick_swipe_default_def();
  sd.screen_height = height;
  kick_swipe sw;
  ks_status st = kick_swipe_begin(&sw, &sd);
  if (st == KS_OK) {
    kick_swipe_error e = KICK_SWIPE_OK;
    st = kick_swipe_add(&sw, samples, n, &e);
    if (st != KS_OK) {
      kick_aim_reading r = {0};
      *out = r;
      return refuse(out, e);
    }
    return kick_aim_read(def, su, width, height, &sw, out);
  }
  kick_aim_reading r = {0};
  *out = r;
  (void)refuse(out, KICK_SWIPE_BAD_DEF);
  return st;
}
