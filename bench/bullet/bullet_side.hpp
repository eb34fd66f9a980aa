// SPDX-License-Identifier: MIT
// The Bullet scene (see bullet_side.cpp).
#ifndef KS_BENCH_BULLET_SIDE_HPP
#define KS_BENCH_BULLET_SIDE_HPP

#include <vector>

#include "sides.h"

class btDefaultCollisionConfiguration;
class btCollisionDispatcher;
class btBroadphaseInterface;
class btSequentialImpulseConstraintSolver;
class btDiscreteDynamicsWorld;
class btCollisionShape;
class btRigidBody;
class btVector3;

class BulletScene {
 public:
  explicit BulletScene(const scene_start &start);
  ~BulletScene();
  BulletScene(const BulletScene &) = delete;
  BulletScene &operator=(const BulletScene &) = delete;
  // Resets the ball to its launch and runs `steps` steps; returns its final z.
  double run(int steps);
  void ball(double out[3]) const;

 private:
  void reset();
  void add_static(btCollisionShape *shape, const btVector3 &at, double restitution, double friction);
  scene_start start_;
  btDefaultCollisionConfiguration *config_;
  btCollisionDispatcher *dispatcher_;
  btBroadphaseInterface *broadphase_;
  btSequentialImpulseConstraintSolver *solver_;
  btDiscreteDynamicsWorld *world_;
  btCollisionShape *ground_shape_, *post_shape_, *bar_shape_, *ball_shape_;
  btRigidBody *ball_;
  std::vector<btRigidBody *> statics_;
};

#endif
