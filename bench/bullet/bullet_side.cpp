// SPDX-License-Identifier: MIT
// The Bullet side of the comparison: the same scene as a Bullet dynamics
// world. A 0.11 m sphere of 0.43 kg; the two posts and the bar as 0.06 m
// capsules at the kick engine's positions (kickstep/kick.h); the ground as a
// static plane; gravity 9.81 m/s^2; the kick engine's quadratic drag applied
// as a force before every step; one 1/600 s step per stepSimulation call.
#include "bullet_side.hpp"

#include <btBulletDynamicsCommon.h>

#include "sides.h"

namespace {
constexpr double kBallRadius = 0.11, kBallMass = 0.43;
constexpr double kPostRadius = 0.06, kGoalHalfWidth = 3.66, kGoalHeight = 2.44, kPostZ = -0.06;
constexpr double kPostAxisX = kGoalHalfWidth + kPostRadius, kBarAxisY = kGoalHeight + kPostRadius;
}  // namespace

BulletScene::BulletScene(const scene_start &start) : start_(start) {
  config_ = new btDefaultCollisionConfiguration();
  dispatcher_ = new btCollisionDispatcher(config_);
  broadphase_ = new btDbvtBroadphase();
  solver_ = new btSequentialImpulseConstraintSolver();
  world_ = new btDiscreteDynamicsWorld(dispatcher_, broadphase_, solver_, config_);
  world_->setGravity(btVector3(0, btScalar(-9.81), 0));

  ground_shape_ = new btStaticPlaneShape(btVector3(0, 1, 0), 0);
  post_shape_ = new btCapsuleShape(btScalar(kPostRadius), btScalar(kBarAxisY));      // along y
  bar_shape_ = new btCapsuleShapeX(btScalar(kPostRadius), btScalar(2 * kPostAxisX)); // along x
  ball_shape_ = new btSphereShape(btScalar(kBallRadius));

  add_static(ground_shape_, btVector3(0, 0, 0), 0.65, 0.45);
  add_static(post_shape_, btVector3(btScalar(-kPostAxisX), btScalar(kBarAxisY / 2), btScalar(kPostZ)), 0.6, 0.1);
  add_static(post_shape_, btVector3(btScalar(kPostAxisX), btScalar(kBarAxisY / 2), btScalar(kPostZ)), 0.6, 0.1);
  add_static(bar_shape_, btVector3(0, btScalar(kBarAxisY), btScalar(kPostZ)), 0.6, 0.1);

  btVector3 inertia(0, 0, 0);
  ball_shape_->calculateLocalInertia(btScalar(kBallMass), inertia);
  btRigidBody::btRigidBodyConstructionInfo info(btScalar(kBallMass), nullptr, ball_shape_, inertia);
  ball_ = new btRigidBody(info);
  ball_->setRestitution(1);  // Bullet multiplies the two bodies' restitutions
  ball_->setFriction(1);
  ball_->setActivationState(DISABLE_DEACTIVATION);
  world_->addRigidBody(ball_);
  reset();
}

void BulletScene::add_static(btCollisionShape *shape, const btVector3 &at, double restitution, double friction) {
  btTransform t;
  t.setIdentity();
  t.setOrigin(at);
  btRigidBody::btRigidBodyConstructionInfo info(0, nullptr, shape);
  info.m_startWorldTransform = t;
  btRigidBody *body = new btRigidBody(info);
  body->setRestitution(btScalar(restitution));
  body->setFriction(btScalar(friction));
  world_->addRigidBody(body);
  statics_.push_back(body);
}

void BulletScene::reset() {
  btTransform t;
  t.setIdentity();
  t.setOrigin(btVector3(btScalar(start_.pos[0]), btScalar(start_.pos[1]), btScalar(start_.pos[2])));
  ball_->setWorldTransform(t);
  ball_->setInterpolationWorldTransform(t);
  ball_->setLinearVelocity(btVector3(btScalar(start_.vel[0]), btScalar(start_.vel[1]), btScalar(start_.vel[2])));
  ball_->setAngularVelocity(btVector3(0, 0, 0));
  ball_->clearForces();
}

double BulletScene::run(int steps) {
  reset();
  const btScalar dt = btScalar(1.0 / 600.0);
  for (int i = 0; i < steps; i++) {
    btVector3 v = ball_->getLinearVelocity();
    double speed = v.length();
    double k = ks_side_drag_factor(speed);
    ball_->applyCentralForce(v * btScalar(-k * speed * kBallMass));
    world_->stepSimulation(dt, 0);  // maxSubSteps 0: exactly one step of dt
  }
  return ball_->getWorldTransform().getOrigin().getZ();
}

void BulletScene::ball(double out[3]) const {
  const btVector3 &p = ball_->getWorldTransform().getOrigin();
  out[0] = p.getX();
  out[1] = p.getY();
  out[2] = p.getZ();
}

BulletScene::~BulletScene() {
  world_->removeRigidBody(ball_);
  delete ball_;
  for (btRigidBody *b : statics_) {
    world_->removeRigidBody(b);
    delete b;
  }
  delete ball_shape_;
  delete bar_shape_;
  delete post_shape_;
  delete ground_shape_;
  delete world_;
  delete solver_;
  delete broadphase_;
  delete dispatcher_;
  delete config_;
}
