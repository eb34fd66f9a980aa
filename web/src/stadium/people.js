// SPDX-License-Identifier: MIT
// The people on the pitch: the shooter, the keeper, the wall. Drawing only.
// Every pose is a function of the simulation's view at this frame (its clock,
// the strike's time, the keeper's pose capsules, the wall's capsules): nothing
// here decides anything about a kick. Limbs are capsules placed between
// joints; knees and elbows come from two-bone inverse kinematics.
import * as THREE from 'three';

const V = (x = 0, y = 0, z = 0) => new THREE.Vector3(x, y, z);
const UP = V(0, 1, 0);

/** A capsule between two points: a unit cylinder and two spheres. */
export function capsule(material, segs = 10) {
  const group = new THREE.Group();
  const body = new THREE.Mesh(new THREE.CylinderGeometry(1, 1, 1, segs, 1, true), material);
  const capA = new THREE.Mesh(new THREE.SphereGeometry(1, segs, 8), material);
  const capB = capA.clone();
  body.castShadow = capA.castShadow = capB.castShadow = true;
  group.add(body, capA, capB);
  const dir = V();
  const c = {
    object: group, a: V(), b: V(), r: 0,
    place(a, b, r) {
      c.a.copy(a);
      c.b.copy(b);
      c.r = r;
      dir.subVectors(b, a);
      const len = Math.max(1e-4, dir.length());
      body.position.addVectors(a, b).multiplyScalar(0.5);
      body.quaternion.setFromUnitVectors(UP, dir.multiplyScalar(1 / len));
      body.scale.set(r, len, r);
      capA.position.copy(a);
      capB.position.copy(b);
      capA.scale.setScalar(r);
      capB.scale.setScalar(r);
    },
  };
  return c;
}

/** The knee (or elbow) of a two-bone limb from `root` to `end`, bending towards `hint`. */
function joint(root, end, l1, l2, hint, out) {
  const d = V().subVectors(end, root);
  let len = d.length();
  const max = (l1 + l2) * 0.999;
  if (len > max) {
    d.multiplyScalar(max / len);
    end = V().addVectors(root, d);
    len = max;
  }
  len = Math.max(len, 1e-4);
  const a = (l1 * l1 - l2 * l2 + len * len) / (2 * len);
  const h = Math.sqrt(Math.max(0, l1 * l1 - a * a));
  const n = d.clone().normalize();
  const side = hint.clone().sub(n.clone().multiplyScalar(hint.dot(n)));
  if (side.lengthSq() < 1e-8) side.set(0, 0, 1);
  side.normalize();
  out.copy(root).addScaledVector(n, a).addScaledVector(side, h);
  return end;
}

const smooth = (t) => t * t * (3 - 2 * t);
const clamp01 = (t) => Math.max(0, Math.min(1, t));

/** A person: torso, head, two arms and two legs, each of two capsules. */
class Person {
  constructor(scene, kit, shorts, skin, socks, boots) {
    this.g = new THREE.Group();
    this.parts = {};
    const add = (name, mat, segs) => {
      const c = capsule(mat, segs);
      this.g.add(c.object);
      this.parts[name] = c;
      return c;
    };
    add('torso', kit, 12);
    add('hips', shorts, 10);
    for (const s of ['L', 'R']) {
      add(`thigh${s}`, shorts, 8);
      add(`shin${s}`, socks, 8);
      add(`boot${s}`, boots, 6);
      add(`arm${s}`, kit, 8);
      add(`fore${s}`, skin, 8);
    }
    this.head = new THREE.Mesh(new THREE.SphereGeometry(0.11, 14, 10), skin);
    this.head.castShadow = true;
    this.hair = new THREE.Mesh(new THREE.SphereGeometry(0.115, 14, 10, 0, Math.PI * 2, 0, Math.PI / 2),
      new THREE.MeshStandardMaterial({ color: 0x2a1a10 }));
    this.g.add(this.head, this.hair);
    scene.add(this.g);
    this.knee = V();
    this.elbow = V();
  }

  /**
   * Places the body from its joints (world space): pelvis, chest (the top of
   * the spine), head centre, feet, hands, and a facing direction (knees bend
   * towards it, elbows away from it).
   */
  pose(j, facing) {
    const p = this.parts;
    const right = V().crossVectors(facing, UP).normalize();
    p.torso.place(j.pelvis.clone().addScaledVector(UP, 0.14), j.chest, 0.17);
    p.hips.place(j.pelvis.clone().addScaledVector(right, -0.08), j.pelvis.clone().addScaledVector(right, 0.08), 0.12);
    this.head.position.copy(j.head);
    this.hair.position.copy(j.head).addScaledVector(UP, 0.01);
    this.hair.quaternion.setFromUnitVectors(UP, V().subVectors(j.head, j.chest).normalize());
    for (const [s, sg] of [['L', -1], ['R', 1]]) {
      const hip = j.pelvis.clone().addScaledVector(right, 0.1 * sg);
      const foot = joint(hip, j[`foot${s}`], 0.46, 0.46, facing.clone().addScaledVector(UP, 0.2), this.knee);
      p[`thigh${s}`].place(hip, this.knee, 0.07);
      p[`shin${s}`].place(this.knee, foot, 0.055);
      p[`boot${s}`].place(foot, foot.clone().addScaledVector(j[`toe${s}`] || facing, 0.12), 0.05);
      const sh = j.chest.clone().addScaledVector(right, 0.2 * sg).addScaledVector(UP, -0.04);
      const hand = joint(sh, j[`hand${s}`], 0.3, 0.29, facing.clone().multiplyScalar(-1).addScaledVector(UP, -0.5).addScaledVector(right, 0.4 * sg), this.elbow);
      p[`arm${s}`].place(sh, this.elbow, 0.055);
      p[`fore${s}`].place(this.elbow, hand, 0.045);
    }
  }

  /** The capsules (world space) and the head, for projection tests. */
  boxes(skip = []) {
    const out = [];
    for (const [name, c] of Object.entries(this.parts)) if (!skip.includes(name) && c.object.visible !== false) out.push({ name, a: c.a, b: c.b, r: c.r });
    out.push({ name: 'head', a: this.head.position, b: this.head.position, r: 0.12 });
    return out;
  }
}

const kitMaterials = (color) => ({
  kit: new THREE.MeshStandardMaterial({ color, roughness: 0.7 }),
  shorts: new THREE.MeshStandardMaterial({ color: 0xf2f2f2, roughness: 0.8 }),
  skin: new THREE.MeshStandardMaterial({ color: 0xb98563, roughness: 0.8 }),
  socks: new THREE.MeshStandardMaterial({ color, roughness: 0.8 }),
  boots: new THREE.MeshStandardMaterial({ color: 0x111111, roughness: 0.4 }),
});

/**
 * The shooter. He waits a few steps behind and to one side of the ball, runs
 * up while the director's run-up counts down (the view's `runup`, 0..1), meets
 * the ball with his kicking foot on the strike's step, follows through and
 * jogs away from the line of the kick; after a goal he celebrates.
 */
export class Shooter extends Person {
  constructor(scene) {
    const m = kitMaterials(0x1e4fd8);
    super(scene, m.kit, m.shorts, m.skin, m.socks, m.boots);
    this.mats = m;
    const num = document.createElement('canvas');
    num.width = num.height = 64;
    const c = num.getContext('2d');
    c.fillStyle = '#fff';
    c.font = 'bold 44px system-ui, sans-serif';
    c.textAlign = 'center';
    c.fillText('10', 32, 48);
    const tex = new THREE.CanvasTexture(num);
    this.number = new THREE.Mesh(new THREE.PlaneGeometry(0.22, 0.22), new THREE.MeshBasicMaterial({ map: tex, transparent: true }));
    this.g.add(this.number);
  }

  setKit(color) {
    this.mats.kit.color.set(color);
    this.mats.socks.color.set(color);
    this.number.material.color.set(color === 0xffffff ? 0x0b3d91 : 0xffffff);
  }

  /**
   * spot: the ball's spot (x, z); dir: unit vector from the spot towards the
   * goal; side: +1 he stands on the shooter's left of the ball (+x for a kick
   * straight at goal), -1 mirrored; runup: the view's run-up progress (-1 none,
   * 0..1, 1 once struck); since: seconds of simulated time since the strike
   * (< 0 before it); goal: seconds since a goal was decided (< 0: none);
   * inFrame(points): whether the camera sees every one of these points well
   * inside the frame (a narrow phone's view is narrow: he then waits nearer
   * the ball, where it sees all of him, not a sliver at its edge).
   */
  update({ spot, dir, side, runup, since, goal, clock, camera, ball, inFrame }) {
    const left = V(dir.z, 0, -dir.x).multiplyScalar(side);
    const at = (u, v, y = 0) => V(spot.x, y, spot.z).addScaledVector(dir, u).addScaledVector(left, v);
    // Key positions on the ground: where he waits, where he plants his standing foot.
    // He plants wide of the ball and, once it is struck, steps back and out,
    // away from its path (the camera looks past him on the other side).
    // On the camera's side of the ball (a narrow portrait picture) he runs in
    // and plants a little wider, so his feet pass wide of the camera's line to it.
    const camSide = camera && V().subVectors(camera, V(spot.x, 0, spot.z)).dot(left) > 0;
    const plant = { u: -0.12, v: camSide ? 0.62 : 0.52 };
    let wait = { u: -1.6, v: 1.05 };
    if (inFrame && since < 0) {
      // His outline standing at (u, v): head and feet, both shoulders' width.
      const outline = (w) => {
        const c = at(w.u, w.v);
        const pts = [];
        for (const dv of [-0.5, 0.5]) for (const y of [0.05, 1.9]) pts.push(c.clone().addScaledVector(left, dv).setY(y));
        return pts;
      };
      // Along the line from his usual spot to a nearer one, and on past it (a
      // narrow portrait picture): the first place where all of him is in view.
      const nearest = { u: -0.95, v: 0.74 };
      for (let k = 0; k <= 12; k++) {
        const f = k / 8;
        const w = { u: -1.6 + (nearest.u + 1.6) * f, v: 1.05 + (nearest.v - 1.05) * f };
        wait = w;
        if (inFrame(outline(w))) break;
      }
    }
    const away = { u: -0.6, v: 1.6 };
    let P; // pelvis on the ground plane
    let facing;
    let stride = 0; // stride phase (rad)
    let stepAmp = 0;
    let kick = -1; // kicking leg: -1 none, 0..1 the swing (0.5 = contact), >1 follow-through
    let lean = 0;
    let arms = 0; // 0 at his sides, 1 out for balance, 2 up (celebration)
    let bob = 0;
    const s = since;
    if (runup < 0) {
      P = at(wait.u, wait.v);
      facing = V().subVectors(at(0, 0), P).setY(0).normalize();
      bob = 0.01 * Math.sin(clock * 2.2);
    } else if (s < 0) {
      // The run-up: from where he waits to the plant, three strides; the last
      // one swings the kicking leg back and through to the ball at runup = 1.
      const r = clamp01(runup);
      const e = smooth(r);
      P = at(wait.u + (plant.u - wait.u) * e, wait.v + (plant.v - wait.v) * e);
      facing = V().subVectors(at(0.2, 0), P).setY(0).normalize();
      stride = r * Math.PI * 5;
      stepAmp = r < 0.7 ? 1 : 1 - (r - 0.7) / 0.3;
      if (r > 0.6) kick = ((r - 0.6) / 0.4) * 0.5;
      lean = 0.12 * r;
      arms = r > 0.6 ? (r - 0.6) / 0.4 : 0;
    } else {
      // Through the ball, then a few steps away from the line of the kick.
      const f = clamp01(s / 0.35);
      const w = clamp01((s - 0.12) / 0.9);
      const ew = smooth(w);
      P = at(plant.u + (away.u - plant.u) * ew, plant.v + (away.v - plant.v) * ew);
      facing = w > 0 ? V().subVectors(at(away.u + 1, away.v + 0.3), P).setY(0).normalize() : dir.clone();
      // Once the ball is on its way he keeps out of the camera's line to it:
      // seen from the camera, his near edge stays wide of the ball's.
      if (camera && ball) {
        const lat = (X) => V().subVectors(X, camera).dot(left);
        const dep = (X) => Math.max(0.5, V().subVectors(X, camera).dot(dir));
        const need = Math.atan2(lat(ball) + 0.12, dep(ball)) + 0.035;
        const body = 0.36; // half his width with the near arm in, m
        if (Math.atan2(lat(P) - body, dep(P)) < need) {
          const want = Math.tan(need) * dep(P) + body;
          P.addScaledVector(left, want - lat(P));
        }
      }
      kick = 0.5 + f * 0.5 + (w > 0 ? 1 : 0);
      stride = w * Math.PI * 4;
      stepAmp = w > 0 && w < 1 ? 0.8 : 0;
      lean = 0.12 * (1 - f) - 0.1 * f * (1 - w);
      arms = w > 0 ? 0 : 1;
      if (goal >= 0) {
        arms = 2;
        bob = 0.12 * Math.abs(Math.sin(goal * 7));
        facing = V().subVectors(at(-3, 0), P).setY(0).normalize();
      }
    }
    const right = V().crossVectors(facing, UP).normalize();
    const pelvis = P.clone().setY(0.95 + bob - 0.04 * stepAmp * Math.abs(Math.sin(stride)));
    const chest = pelvis.clone().addScaledVector(UP, 0.52).addScaledVector(facing, lean);
    const head = chest.clone().addScaledVector(UP, 0.26).addScaledVector(facing, 0.03);
    const j = { pelvis, chest, head };
    // Feet: a jog cycle, then the kick.
    const footAt = (sg, phase) => {
      const fwd = 0.32 * stepAmp * Math.sin(phase);
      const lift = 0.22 * stepAmp * Math.max(0, Math.cos(phase));
      return P.clone().addScaledVector(right, 0.12 * sg).addScaledVector(facing, fwd).setY(0.06 + lift);
    };
    j.footL = footAt(-1, stride);
    j.footR = footAt(1, stride + Math.PI);
    // Which leg kicks: the one farther from where he stands (the right for a
    // shooter on the ball's left).
    const kickLeg = side > 0 ? 'R' : 'L';
    const plantLeg = side > 0 ? 'L' : 'R';
    if (kick >= 0) {
      const standing = at(plant.u, plant.v, 0.06);
      if (kick <= 1.5) j[`foot${plantLeg}`] = standing;
      let foot;
      if (kick < 0.5) {
        // back-swing: behind and up, then down through the ball
        const k = kick / 0.5;
        const back = at(-0.75, 0.25, 0.55);
        foot = back.clone().lerp(at(-0.16, 0.05, 0.12), smooth(k));
      } else if (kick <= 1) {
        const k = (kick - 0.5) / 0.5;
        foot = at(-0.16, 0.05, 0.12).lerp(at(0.7, -0.05, 0.85), smooth(k));
      } else {
        foot = j[`foot${kickLeg}`];
      }
      j[`foot${kickLeg}`] = foot;
    }
    // Hands: at his sides, out for balance (the arm on the ball's side stays
    // in), or up.
    const near = side > 0 ? 1 : -1; // the ball is on his right when he stands on its left
    const handAt = (sg) => {
      if (arms >= 2) return chest.clone().addScaledVector(UP, 0.55).addScaledVector(right, 0.28 * sg);
      const side_ = 0.24 + (sg === near ? 0.04 : 0.3) * Math.min(1, arms);
      const swing = -0.18 * stepAmp * Math.sin(stride + (sg > 0 ? 0 : Math.PI));
      return chest.clone().addScaledVector(UP, -0.5 + 0.3 * Math.min(1, arms)).addScaledVector(right, side_ * sg).addScaledVector(facing, swing);
    };
    j.handL = handAt(-1);
    j.handR = handAt(1);
    this.pose(j, facing);
    this.number.position.copy(chest).addScaledVector(UP, -0.2).addScaledVector(facing, -0.18);
    this.number.quaternion.setFromUnitVectors(V(0, 0, 1), facing.clone().multiplyScalar(-1));
    this.kickLeg = kickLeg;
    this.kicking = kick >= 0 && kick < 1;
  }

  /** His boxes for projection; the kicking leg is left out while it swings through the ball and follows it. */
  shadowBoxes() {
    return this.boxes(this.kicking ? [`boot${this.kickLeg}`, `shin${this.kickLeg}`, `thigh${this.kickLeg}`] : []);
  }
}

/**
 * The keeper: the simulation's pose (body capsule, shoulders, gloves) with
 * legs and bent arms that read as a person. Before the strike he is set
 * (knees bent), he steps with his sway, dives along the pose, and once the
 * kick is decided after a dive he falls to the ground (drawing only: the
 * kick has ended).
 */
export class Keeper extends Person {
  constructor(scene) {
    const m = kitMaterials(0x35e07a);
    m.shorts.color.set(0x111111);
    super(scene, m.kit, m.shorts, m.skin, m.socks, m.boots);
    this.mats = m;
    const gloves = new THREE.MeshStandardMaterial({ color: 0xffe14d, roughness: 0.5 });
    this.glove0 = new THREE.Mesh(new THREE.SphereGeometry(0.1, 12, 8), gloves);
    this.glove1 = this.glove0.clone();
    this.g.add(this.glove0, this.glove1);
    this.lastX = null;
    this.stepPhase = 0;
  }

  setKit(color) {
    this.mats.kit.color.set(color);
    this.mats.socks.color.set(color);
  }

  update(v, dt, decidedFor) {
    const a = V(v('keeper_ax'), v('keeper_ay'), v('keeper_az'));
    const b = V(v('keeper_bx'), v('keeper_by'), v('keeper_bz'));
    const g0 = V(v('keeper_g0x'), v('keeper_g0y'), v('keeper_g0z'));
    const g1 = V(v('keeper_g1x'), v('keeper_g1y'), v('keeper_g1z'));
    const axis = V().subVectors(b, a).normalize();
    const diving = v('keeper_diving') !== 0;
    const facing = V(0, 0, -1);
    const perp = V().crossVectors(axis, facing).normalize();
    // The sway's steps: feet follow his x.
    const x = (a.x + b.x) / 2;
    if (this.lastX !== null && dt > 0) this.stepPhase += Math.min(0.6, Math.abs(x - this.lastX) * 18);
    this.lastX = x;
    const set = v('struck') !== 0 && !diving ? 1 : 0;
    const pelvis = a.clone().addScaledVector(axis, 0.52 - 0.06 * set);
    const chest = b.clone().addScaledVector(axis, -0.02);
    const head = b.clone().addScaledVector(axis, 0.3);
    const j = { pelvis, chest, head, handL: g1.clone(), handR: g0.clone() };
    if (!diving) {
      const st = Math.sin(this.stepPhase);
      j.footL = V(pelvis.x - 0.24 - 0.05 * st, 0.06 + 0.05 * Math.max(0, st), pelvis.z - 0.05);
      j.footR = V(pelvis.x + 0.24 - 0.05 * st, 0.06 + 0.05 * Math.max(0, -st), pelvis.z - 0.05);
    } else {
      // Legs trail the dive; the take-off leg is the one away from the dive.
      const p = v('keeper_dive');
      j.footL = pelvis.clone().addScaledVector(axis, -0.86).addScaledVector(perp, 0.16 + 0.12 * p).setY(Math.max(0.06, pelvis.y - 0.86 * axis.y));
      j.footR = pelvis.clone().addScaledVector(axis, -0.8).addScaledVector(perp, -0.1).setY(Math.max(0.06, pelvis.y - 0.8 * axis.y));
    }
    // After a dive, once the kick is decided, he falls (drawing only).
    const t = v('keeper_dive_time');
    const fall = diving && decidedFor >= 0 && t > 0.45 ? smooth(clamp01((t - 0.45) / 0.35)) : 0;
    if (fall > 0) {
      for (const k of Object.keys(j)) {
        const p = j[k];
        p.y = p.y + (0.14 + (p.y - pelvis.y) * 0.12 - p.y) * fall;
      }
    }
    this.pose(j, facing);
    this.glove0.position.copy(j.handR);
    this.glove1.position.copy(j.handL);
  }
}

/** A wall player: the wall's capsule, arms across in front, arms up and knees tucked when he jumps. */
export class WallPlayer extends Person {
  constructor(scene, kit) {
    const m = kitMaterials(kit);
    super(scene, m.kit, m.shorts, m.skin, m.socks, m.boots);
    this.mats = m;
  }

  update(a, facing, clock, i) {
    const h = Math.max(0, a.y - 0.22);
    const jump = Math.min(1, h / 0.2);
    const base = V(a.x, h, a.z);
    const pelvis = base.clone().setY(h + 0.95 - 0.12 * jump);
    const chest = pelvis.clone().setY(pelvis.y + 0.52);
    const head = chest.clone().setY(chest.y + 0.26);
    const right = V().crossVectors(facing, UP).normalize();
    const fidget = 0.02 * Math.sin(clock * 3 + i * 1.7);
    const j = { pelvis, chest, head };
    j.footL = base.clone().addScaledVector(right, -0.13).setY(h + 0.06 + 0.25 * jump).addScaledVector(facing, 0.12 * jump);
    j.footR = base.clone().addScaledVector(right, 0.13).setY(h + 0.06 + 0.25 * jump).addScaledVector(facing, 0.12 * jump);
    const handLow = (sg) => pelvis.clone().addScaledVector(facing, 0.22).addScaledVector(right, 0.05 * sg).setY(pelvis.y - 0.02 + fidget);
    const handUp = (sg) => head.clone().addScaledVector(UP, 0.45).addScaledVector(right, 0.22 * sg);
    j.handL = handLow(-1).lerp(handUp(-1), jump);
    j.handR = handLow(1).lerp(handUp(1), jump);
    this.pose(j, facing);
  }
}
