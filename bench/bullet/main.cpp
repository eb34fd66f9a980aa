// SPDX-License-Identifier: MIT
// kickstep against Bullet on the same ball-and-goal scene, measured in one run,
// alternating: each round times the kick engine, then Bullet, on 1,800 steps
// of 1/600 s. Times are this thread's CPU time, so time the shared machine
// gives to other programs does not count; the medians over the rounds give
// ns per step and their ratio (the fastest rounds are printed too).
//
// Output: readable lines, then machine-readable ones:
//   figure<TAB>name<TAB>value<TAB>unit
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <vector>

#include "bullet_side.hpp"
#include "sides.h"

namespace {
constexpr int kSteps = 1800;

double now_ns() {
  timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return double(ts.tv_sec) * 1e9 + double(ts.tv_nsec);
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  size_t n = v.size();
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

// The fastest round: on a shared machine noise only ever adds time.
double fastest(const std::vector<double> &v) { return *std::min_element(v.begin(), v.end()); }
}  // namespace

int main(int argc, char **argv) {
  int rounds = argc > 1 ? std::atoi(argv[1]) : 15;
  if (rounds < 1) rounds = 1;
  scene_start start = ks_side_prepare();
  BulletScene bullet(start);

  // Enough kickstep repeats per round that a round lasts about as long as Bullet's.
  int ks_repeat = 20;
  volatile uint64_t sink = 0;
  std::vector<double> ks_ns, bt_ns;
  int in_play = 0;
  for (int r = 0; r < rounds + 1; r++) {  // round 0 warms up and is not counted
    double t0 = now_ns();
    for (int i = 0; i < ks_repeat; i++) sink = sink + ks_side_run(kSteps, &in_play);
    double t1 = now_ns();
    double z = bullet.run(kSteps);
    double t2 = now_ns();
    sink = sink + uint64_t(z > 0);
    if (r == 0) continue;
    ks_ns.push_back((t1 - t0) / (double(ks_repeat) * kSteps));
    bt_ns.push_back((t2 - t1) / kSteps);
  }
  double ks = median(ks_ns), bt = median(bt_ns);
  double ks_min = fastest(ks_ns), bt_min = fastest(bt_ns);
  double kb[3], bb[3];
  ks_side_ball(kb);
  bullet.ball(bb);
  std::printf("scene: ball struck at (%.2f, %.2f, %.2f) m with (%.2f, %.2f, %.2f) m/s; posts and bar as capsules; "
              "quadratic drag; %d steps of 1/600 s; %d rounds, alternating\n",
              start.pos[0], start.pos[1], start.pos[2], start.vel[0], start.vel[1], start.vel[2], kSteps, rounds);
  std::printf("kickstep: %.1f ns/step (ball moving for %d of %d steps; ends at %.2f %.2f %.2f)\n", ks, in_play, kSteps,
              kb[0], kb[1], kb[2]);
  std::printf("Bullet:   %.1f ns/step (ends at %.2f %.2f %.2f)\n", bt, bb[0], bb[1], bb[2]);
  std::printf("kickstep is %.1fx faster per step (target: at least 20x); fastest rounds: %.1f and %.1f ns/step, %.1fx\n",
              bt / ks, ks_min, bt_min, bt_min / ks_min);
  std::printf("figure\tbullet_ns_per_step\t%.2f\tns\n", bt);
  std::printf("figure\tkick_vs_bullet_ns_per_step\t%.2f\tns\n", ks);
  std::printf("figure\tbullet_over_kickstep\t%.2f\tx\n", bt / ks);
  std::printf("kick_shot state: %llu bytes\n", (unsigned long long)ks_side_state_bytes());
  return sink == 42 ? 1 : 0;
}
