// SPDX-License-Identifier: MIT
// The free-kick stadium in three.js. It only draws: every position comes from
// the simulation's view (see game.js). The pitch frame of kick.h maps straight
// onto three.js world space: x across the goal (+x to the shooter's left),
// y up, z from the ball towards the goal line, origin at the goal's middle.
//
// The live camera is the module's aiming camera (kick_aim_camera, framed for
// this screen and given in the view as aim_cam_*): the picture the player
// swipes in is the one the swipe is read in. After the strike it stays the
// base and turns just enough to keep the ball in frame; the replay's long lens
// is the director's, nudged to keep the ball in frame. The shooter stands on
// the side of the ball away from the camera, so neither hides the ball
// (Stadium.check measures it). The duel page draws with this stadium too: its
// module packs the shooter's aiming camera the same way (the keeper's page
// then looks from behind the goal, web/duel/view.js).
import * as THREE from 'three';
import { WORLDS, canvasTexture, skyTexture, grassTexture, crowdTexture, boardTexture, mountainTexture } from './worlds.js';
import { Shooter, Keeper, WallPlayer } from './people.js';
import { Rain, Snow, Spray, Confetti, Flag, Lightning } from './effects.js';

const GOAL_W = 7.32;
const GOAL_H = 2.44;
const POST_R = 0.06;
const POST_X = GOAL_W / 2 + POST_R;
const NET_DEPTH = 2.0;
const BALL_R = 0.11;
const V = (x = 0, y = 0, z = 0) => new THREE.Vector3(x, y, z);

/** The ball: white with dark panels, so its spin shows. */
function ballTexture() {
  return canvasTexture(256, 128, (g, w, h) => {
    g.fillStyle = '#f8f8f4';
    g.fillRect(0, 0, w, h);
    g.fillStyle = '#1b1b22';
    const spots = [[0.1, 0.5], [0.35, 0.2], [0.35, 0.8], [0.6, 0.5], [0.85, 0.2], [0.85, 0.8], [0.6, 0.05], [0.1, 0.95]];
    for (const [u, v] of spots) {
      g.beginPath();
      for (let k = 0; k < 5; k++) {
        const a = (k / 5) * Math.PI * 2 - Math.PI / 2;
        g.lineTo(u * w + Math.cos(a) * 17, v * h + Math.sin(a) * 13);
      }
      g.closePath();
      g.fill();
    }
    g.strokeStyle = '#c22';
    g.lineWidth = 5;
    g.beginPath();
    g.moveTo(0, h * 0.5);
    g.lineTo(w, h * 0.5);
    g.stroke();
  });
}

export class Stadium {
  constructor(canvas) {
    this.renderer = new THREE.WebGLRenderer({ canvas, antialias: true, powerPreference: 'high-performance' });
    this.renderer.setPixelRatio(Math.min(window.devicePixelRatio || 1, 1.5));
    this.renderer.shadowMap.enabled = true;
    this.renderer.shadowMap.type = THREE.PCFShadowMap;
    this.renderer.outputColorSpace = THREE.SRGBColorSpace;
    this.renderer.toneMapping = THREE.ACESFilmicToneMapping;
    this.scene = new THREE.Scene();
    this.scene.fog = new THREE.Fog(0x20324f, 70, 160);
    this.camera = new THREE.PerspectiveCamera(50, 1, 0.1, 400);
    this.width = 1;
    this.height = 1;
    this.shakeOffset = V();
    this.spinQ = new THREE.Quaternion();
    this.lastTime = 0;
    this.clock = 0;
    this.netBulge = 0;
    this.world = 0;
    this.crossings = [];
    this.celebrateT = -1;
    this.lastBallY = 1;
    this.lookTarget = V(0, 1.4, 0);
    this.buildLights();
    this.buildPitch();
    this.buildGoal();
    this.buildBall();
    this.buildRings();
    this.buildMarks();
    this.shooter = new Shooter(this.scene);
    this.keeper = new Keeper(this.scene);
    this.wall = [];
    for (let i = 0; i < 6; i++) {
      const w = new WallPlayer(this.scene, 0xd62839);
      w.g.visible = false;
      this.wall.push(w);
    }
    this.rain = new Rain(this.scene);
    this.snow = new Snow(this.scene);
    this.spray = new Spray(this.scene);
    this.confetti = new Confetti(this.scene);
    this.lightning = new Lightning(() => this.onThunder && this.onThunder());
    this.flags = [
      new Flag(this.scene, V(-20, 0, 14), 0xffd23f),
      new Flag(this.scene, V(20, 0, 14), 0xe63946),
      new Flag(this.scene, V(-34, 0, 0), 0xffd23f, 1.5),
      new Flag(this.scene, V(34, 0, 0), 0xffd23f, 1.5),
    ];
    this.setWorld(1, {});
  }

  buildLights() {
    this.hemi = new THREE.HemisphereLight(0xdfe9ff, 0x2b5a2b, 1.1);
    this.scene.add(this.hemi);
    const sun = new THREE.DirectionalLight(0xffffff, 2.0);
    sun.position.set(-18, 40, -20);
    sun.castShadow = true;
    sun.shadow.mapSize.set(1024, 1024);
    const s = sun.shadow.camera;
    s.left = -25; s.right = 25; s.top = 25; s.bottom = -40; s.near = 1; s.far = 140;
    sun.target.position.set(0, 0, -10);
    this.sun = sun;
    this.scene.add(sun, sun.target);
  }

  buildPitch() {
    this.grassMat = new THREE.MeshStandardMaterial({ roughness: 0.95 });
    const ground = new THREE.Mesh(new THREE.PlaneGeometry(140, 140), this.grassMat);
    ground.rotation.x = -Math.PI / 2;
    ground.position.z = -35;
    ground.receiveShadow = true;
    this.scene.add(ground);
    const lineMat = new THREE.MeshBasicMaterial({ color: 0xf2f5ef });
    const lines = new THREE.Group();
    const strip = (x0, z0, x1, z1, w = 0.12) => {
      const len = Math.hypot(x1 - x0, z1 - z0);
      const m = new THREE.Mesh(new THREE.PlaneGeometry(len + w, w), lineMat);
      m.rotation.x = -Math.PI / 2;
      m.rotation.z = -Math.atan2(z1 - z0, x1 - x0);
      m.position.set((x0 + x1) / 2, 0.006, (z0 + z1) / 2);
      lines.add(m);
    };
    const halfW = 34;
    strip(-halfW, 0, halfW, 0);
    strip(-20.16, 0, -20.16, -16.5);
    strip(20.16, 0, 20.16, -16.5);
    strip(-20.16, -16.5, 20.16, -16.5);
    strip(-9.16, 0, -9.16, -5.5);
    strip(9.16, 0, 9.16, -5.5);
    strip(-9.16, -5.5, 9.16, -5.5);
    strip(-halfW, 0, -halfW, -60);
    strip(halfW, 0, halfW, -60);
    let prev = null;
    for (let a = -0.93; a <= 0.93 + 1e-9; a += 0.0775) {
      const p = [Math.sin(a) * 9.15, -11 - Math.cos(a) * 9.15];
      if (prev) strip(prev[0], prev[1], p[0], p[1], 0.12);
      prev = p;
    }
    const spot = new THREE.Mesh(new THREE.CircleGeometry(0.13, 16), lineMat);
    spot.rotation.x = -Math.PI / 2;
    spot.position.set(0, 0.007, -11);
    lines.add(spot);
    this.scene.add(lines);
    this.spotMark = new THREE.Mesh(new THREE.RingGeometry(0.16, 0.2, 24), new THREE.MeshBasicMaterial({ color: 0xffffff, transparent: true, opacity: 0.7 }));
    this.spotMark.rotation.x = -Math.PI / 2;
    this.scene.add(this.spotMark);
    // The keyboard's aim: a dashed arrow on the grass from the ball along the
    // keys' launch direction (drawn in the arrow's own frame: +y forward).
    const aimTex = canvasTexture(16, 64, (c, w, h) => {
      c.clearRect(0, 0, w, h);
      c.fillStyle = '#fff';
      c.fillRect(0, 0, w, h * 0.6);
    });
    aimTex.wrapT = THREE.RepeatWrapping;
    aimTex.repeat.set(1, 11);
    const aimMat = new THREE.MeshBasicMaterial({ color: 0xffe066, transparent: true, opacity: 0.85, depthWrite: false });
    this.aim = new THREE.Group();
    const shaft = new THREE.Mesh(new THREE.PlaneGeometry(0.12, 8.5), new THREE.MeshBasicMaterial({ color: 0xffe066, map: aimTex, transparent: true, opacity: 0.85, depthWrite: false }));
    shaft.position.set(0, 0.5 + 4.25, 0);
    const head = new THREE.Mesh(new THREE.BufferGeometry().setFromPoints([V(-0.42, 9.0, 0), V(0.42, 9.0, 0), V(0, 9.9, 0)]), aimMat);
    this.aim.add(shaft, head);
    this.aim.visible = false;
    this.scene.add(this.aim);
    // A wet pitch shines a little (drawing only: the simulation knows it is wet).
    this.puddles = new THREE.Mesh(new THREE.PlaneGeometry(140, 140), new THREE.MeshStandardMaterial({ color: 0x9fb7c8, transparent: true, opacity: 0.12, roughness: 0.15, metalness: 0.3 }));
    this.puddles.rotation.x = -Math.PI / 2;
    this.puddles.position.set(0, 0.004, -35);
    this.scene.add(this.puddles);
  }

  buildGoal() {
    const white = new THREE.MeshStandardMaterial({ color: 0xffffff, roughness: 0.35, metalness: 0.1 });
    const goal = new THREE.Group();
    const postGeo = new THREE.CylinderGeometry(POST_R, POST_R, GOAL_H + POST_R, 16);
    for (const sx of [-1, 1]) {
      const p = new THREE.Mesh(postGeo, white);
      p.position.set(sx * POST_X, (GOAL_H + POST_R) / 2, -POST_R);
      p.castShadow = true;
      goal.add(p);
    }
    const bar = new THREE.Mesh(new THREE.CylinderGeometry(POST_R, POST_R, 2 * POST_X + 2 * POST_R, 16), white);
    bar.rotation.z = Math.PI / 2;
    bar.position.set(0, GOAL_H + POST_R, -POST_R);
    bar.castShadow = true;
    goal.add(bar);
    const thin = new THREE.MeshStandardMaterial({ color: 0xcfd6dc });
    for (const sx of [-1, 1]) {
      const s = new THREE.Mesh(new THREE.CylinderGeometry(0.03, 0.03, Math.hypot(NET_DEPTH, GOAL_H), 8), thin);
      s.position.set(sx * POST_X, GOAL_H / 2, NET_DEPTH / 2);
      s.rotation.x = Math.atan2(NET_DEPTH, GOAL_H);
      goal.add(s);
    }
    this.scene.add(goal);
    const netMat = new THREE.LineBasicMaterial({ color: 0xffffff, transparent: true, opacity: 0.55 });
    this.netCols = 44;
    this.netRows = 14;
    const nx = this.netCols, ny = this.netRows;
    this.netRest = [];
    const pts = [];
    for (let j = 0; j <= ny; j++) {
      for (let i = 0; i <= nx; i++) {
        const x = -POST_X + (2 * POST_X * i) / nx;
        const y = (GOAL_H * j) / ny;
        const z = NET_DEPTH * (1 - 0.35 * (y / GOAL_H));
        this.netRest.push(V(x, y, z));
        pts.push(x, y, z);
      }
    }
    const idx = [];
    for (let j = 0; j <= ny; j++) {
      for (let i = 0; i <= nx; i++) {
        const k = j * (nx + 1) + i;
        if (i < nx) idx.push(k, k + 1);
        if (j < ny) idx.push(k, k + nx + 1);
      }
    }
    const geo = new THREE.BufferGeometry();
    geo.setAttribute('position', new THREE.Float32BufferAttribute(pts, 3));
    geo.setIndex(idx);
    this.netGeo = geo;
    this.scene.add(new THREE.LineSegments(geo, netMat));
    const side = [];
    const addLine = (a, b) => side.push(...a, ...b);
    const roofZ = NET_DEPTH * 0.65;
    for (let k = 0; k <= 10; k++) {
      const z = (roofZ * k) / 10;
      for (const sx of [-1, 1]) addLine([sx * POST_X, 0, z * (NET_DEPTH / roofZ)], [sx * POST_X, GOAL_H, z]);
      addLine([-POST_X, GOAL_H, z], [POST_X, GOAL_H, z]);
    }
    for (let j = 0; j <= 8; j++) {
      const y = (GOAL_H * j) / 8;
      for (const sx of [-1, 1]) addLine([sx * POST_X, y, 0], [sx * POST_X, y, NET_DEPTH * (1 - 0.35 * (y / GOAL_H))]);
    }
    for (let i = 0; i <= 22; i++) {
      const x = -POST_X + (2 * POST_X * i) / 22;
      addLine([x, GOAL_H, 0], [x, GOAL_H, roofZ]);
    }
    const sg = new THREE.BufferGeometry();
    sg.setAttribute('position', new THREE.Float32BufferAttribute(side, 3));
    this.scene.add(new THREE.LineSegments(sg, netMat));
  }

  /** Where the last kicks crossed the goal line: a disc each, the newest brightest. */
  buildMarks() {
    this.marks = [];
    for (let i = 0; i < 5; i++) {
      const m = new THREE.Mesh(new THREE.RingGeometry(0.1, 0.16, 24), new THREE.MeshBasicMaterial({ color: 0xffd23f, transparent: true, opacity: 0.9, side: THREE.DoubleSide, depthWrite: false }));
      const dot = new THREE.Mesh(new THREE.CircleGeometry(0.05, 16), m.material);
      m.add(dot);
      m.visible = false;
      m.renderOrder = 2;
      this.scene.add(m);
      this.marks.push(m);
    }
  }

  /** crossings: [{x, y, goal}] newest first (the page keeps the last few). */
  markCrossings(list) {
    this.crossings = list.slice(0, this.marks.length);
    for (let i = 0; i < this.marks.length; i++) {
      const m = this.marks[i];
      const c = this.crossings[i];
      m.visible = !!c;
      if (!c) continue;
      m.position.set(c.x, Math.max(0.12, c.y), 0.02);
      m.rotation.y = Math.PI;
      m.scale.setScalar(i === 0 ? 1.25 : 0.9);
      m.material.color.set(c.goal ? 0x3ddc97 : i === 0 ? 0xffd23f : 0xff8c42);
      m.material.opacity = i === 0 ? 0.95 : 0.55 - 0.08 * i;
    }
  }

  buildBall() {
    this.ball = new THREE.Mesh(new THREE.SphereGeometry(BALL_R, 32, 20), new THREE.MeshStandardMaterial({ map: ballTexture(), roughness: 0.45 }));
    this.ball.castShadow = true;
    this.scene.add(this.ball);
    this.ballShadow = new THREE.Mesh(new THREE.CircleGeometry(0.14, 20), new THREE.MeshBasicMaterial({ color: 0x000000, transparent: true, opacity: 0.35 }));
    this.ballShadow.rotation.x = -Math.PI / 2;
    this.scene.add(this.ballShadow);
    this.trailPts = [];
    this.trailGeo = new THREE.BufferGeometry();
    this.trailGeo.setAttribute('position', new THREE.Float32BufferAttribute(new Float32Array(3 * 90), 3));
    this.trail = new THREE.Line(this.trailGeo, new THREE.LineBasicMaterial({ color: 0xffe680, transparent: true, opacity: 0.7 }));
    this.trail.frustumCulled = false;
    this.scene.add(this.trail);
    this.trailRun = null;
  }

  buildRings() {
    this.rings = [];
    for (let i = 0; i < 4; i++) {
      const m = new THREE.Mesh(new THREE.TorusGeometry(1, 0.045, 10, 48), new THREE.MeshStandardMaterial({ color: 0xffb300, emissive: 0xff7a00, emissiveIntensity: 0.6 }));
      m.visible = false;
      this.scene.add(m);
      this.rings.push(m);
    }
  }

  /* ----------------------------------------------------------------- worlds */

  /** Dresses the stadium as world 1..6; weather: {wet, storm, snow}. */
  setWorld(world, weather) {
    const key = `${world}:${!!weather.wet}:${!!weather.storm}:${!!weather.snow}`;
    if (key === this.worldKey) return;
    this.worldKey = key;
    const th = WORLDS[world] || WORLDS[1];
    this.theme = th;
    this.world = world;
    this.weather = weather;
    if (this.scenery) {
      this.scene.remove(this.scenery);
      this.scenery.traverse((o) => {
        if (o.geometry) o.geometry.dispose();
        if (o.material) {
          if (o.material.map) o.material.map.dispose();
          o.material.dispose();
        }
      });
    }
    const dark = (c, k) => new THREE.Color(c).multiplyScalar(k);
    const stormy = weather.storm;
    const sky = stormy ? ['#101418', '#2b333c', '#4d5863'] : th.sky;
    if (this.scene.background && this.scene.background.dispose) this.scene.background.dispose();
    this.scene.background = skyTexture(sky);
    this.scene.fog.color.set(stormy ? 0x39424c : weather.wet && th.time === 'day' ? dark(th.fog, 0.75) : th.fog);
    this.scene.fog.near = weather.wet ? th.fogNear * 0.75 : th.fogNear;
    this.scene.fog.far = weather.wet ? th.fogFar * 0.8 : th.fogFar;
    this.sun.color.set(th.sun);
    this.sun.intensity = th.sunI * (weather.wet ? 0.7 : 1) * (stormy ? 0.8 : 1);
    this.sun.position.set(...th.sunPos);
    this.hemi.color.set(th.hemiSky);
    this.hemi.groundColor.set(th.hemiGround);
    this.baseHemi = th.hemiI * (weather.wet ? 0.85 : 1);
    this.hemi.intensity = this.baseHemi;
    if (this.grassMat.map) this.grassMat.map.dispose();
    const tex = grassTexture(th.grass);
    tex.wrapS = tex.wrapT = THREE.RepeatWrapping;
    tex.repeat.set(4, 8);
    this.grassMat.map = tex;
    this.grassMat.color.setScalar(weather.wet ? 0.78 : 1);
    this.grassMat.needsUpdate = true;
    this.puddles.visible = !!weather.wet;
    this.rain.setOn(!!weather.wet, stormy);
    this.snow.points.visible = !!weather.snow;
    this.shooter.setKit(th.kit);
    this.scenery = new THREE.Group();
    this.buildStands(th);
    this.scene.add(this.scenery);
  }

  buildStands(th) {
    const S = this.scenery;
    const tex = crowdTexture(th, 3 + this.world * 17);
    tex.wrapS = tex.wrapT = THREE.RepeatWrapping;
    tex.repeat.set(3, 1);
    this.crowdTex = tex;
    const mat = new THREE.MeshStandardMaterial({ map: tex, roughness: 1, color: th.time === 'night' ? 0xd8deea : 0xc8d0dc });
    const h = th.stand;
    const behind = new THREE.Mesh(new THREE.PlaneGeometry(150, h * 1.25), mat);
    behind.position.set(0, h * 0.55, 12 + h * 0.6);
    behind.rotation.order = 'YXZ';
    behind.rotation.y = Math.PI;
    behind.rotation.x = -0.62;
    S.add(behind);
    const base = new THREE.MeshStandardMaterial({ color: th.standBase, roughness: 0.9 });
    const wallB = new THREE.Mesh(new THREE.BoxGeometry(150, 1.2, 0.4), base);
    wallB.position.set(0, 0.6, 9.5);
    S.add(wallB);
    for (const sx of [-1, 1]) {
      const s = new THREE.Mesh(new THREE.PlaneGeometry(110, h * 1.25), mat);
      s.position.set(sx * (40 + h * 0.6), h * 0.55, -30);
      s.rotation.order = 'YXZ';
      s.rotation.y = -sx * Math.PI / 2;
      s.rotation.x = -0.62;
      S.add(s);
    }
    if (th.roof) {
      const roof = new THREE.Mesh(new THREE.BoxGeometry(150, 0.6, 10), new THREE.MeshStandardMaterial({ color: 0x2b3445 }));
      roof.position.set(0, h * 1.1 + 1.5, 14 + h * 0.9);
      S.add(roof);
    }
    // The boards: the world's sponsors, behind the goal and down the sides.
    const ads = boardTexture(th);
    const bmat = new THREE.MeshBasicMaterial({ map: ads });
    const board = new THREE.Mesh(new THREE.PlaneGeometry(60, 1), bmat);
    board.position.set(0, 0.5, 5);
    board.rotation.y = Math.PI;
    S.add(board);
    for (const sx of [-1, 1]) {
      const sb = new THREE.Mesh(new THREE.PlaneGeometry(60, 1), bmat);
      sb.position.set(sx * 37, 0.5, -28);
      sb.rotation.y = -sx * Math.PI / 2;
      S.add(sb);
    }
    this.boardTex = ads;
    if (th.lights) {
      const lampMat = new THREE.MeshBasicMaterial({ color: 0xfffbe0 });
      for (const sx of [-1, 1]) {
        for (const z of [12, -45]) {
          const mast = new THREE.Mesh(new THREE.CylinderGeometry(0.3, 0.4, 30, 8), new THREE.MeshStandardMaterial({ color: 0x555b66 }));
          mast.position.set(sx * 48, 15, z);
          const lamp = new THREE.Mesh(new THREE.BoxGeometry(5, 2.5, 0.5), lampMat);
          lamp.position.set(sx * 48, 30, z);
          lamp.lookAt(0, 0, -10);
          S.add(mast, lamp);
        }
      }
    }
    if (th.trees) {
      const trunk = new THREE.MeshStandardMaterial({ color: 0x5b3a1e });
      const leaves = new THREE.MeshStandardMaterial({ color: 0x2f6b2f, roughness: 1 });
      for (let i = -6; i <= 6; i++) {
        const x = i * 11 + (i % 2) * 3;
        const t = new THREE.Mesh(new THREE.CylinderGeometry(0.3, 0.4, 4, 6), trunk);
        t.position.set(x, 2, 24);
        const c = new THREE.Mesh(new THREE.ConeGeometry(3, 7, 8), leaves);
        c.position.set(x, 7, 24);
        S.add(t, c);
      }
    }
    if (th.cranes) {
      const steel = new THREE.MeshStandardMaterial({ color: 0x2b2d42 });
      for (const [x, z] of [[-30, 40], [18, 46], [44, 38]]) {
        const tower = new THREE.Mesh(new THREE.BoxGeometry(1.2, 24, 1.2), steel);
        tower.position.set(x, 12, z);
        const jib = new THREE.Mesh(new THREE.BoxGeometry(18, 0.8, 0.8), steel);
        jib.position.set(x + 6, 23, z);
        S.add(tower, jib);
      }
    }
    if (th.mountains) {
      const m = new THREE.Mesh(new THREE.PlaneGeometry(320, 80), new THREE.MeshBasicMaterial({ map: mountainTexture(), transparent: true, fog: false }));
      m.position.set(0, 28, 150);
      m.rotation.y = Math.PI;
      S.add(m);
    }
    if (th.banners) {
      const cols = [0xffd700, 0x0b3d91, 0xc1121f];
      for (let i = 0; i < 9; i++) {
        const b = new THREE.Mesh(new THREE.PlaneGeometry(2.2, 6), new THREE.MeshStandardMaterial({ color: cols[i % 3], side: THREE.DoubleSide }));
        b.position.set(-40 + i * 10, th.stand * 0.9, 12 + th.stand * 0.75);
        b.rotation.y = Math.PI;
        S.add(b);
      }
    }
  }

  resize(w, h) {
    this.width = w;
    this.height = h;
    this.renderer.setSize(w, h, false);
    this.camera.aspect = w / h;
    this.camera.updateProjectionMatrix();
  }

  /* ---------------------------------------------------------------- drawing */

  /** Draws one frame from the game's view (g.v(name)). With render false it only poses everything (tests). */
  update(g, dtReal, opts = {}) {
    const v = (n) => g.v(n);
    const vec = (a, b, c) => V(v(a), v(b), v(c));
    const dt = Math.max(0, Math.min(0.1, dtReal || 0));
    this.clock += dt;
    const spotX = v('spot_x'), spotZ = v('spot_z');
    const spot = V(spotX, 0, spotZ);
    const toGoal = V(-spotX, 0, -spotZ).normalize();
    this.spotMark.position.set(spotX, 0.006, spotZ);
    const replay = v('replay') !== 0;
    // The keys' aim, while the keys are in use and nothing is struck.
    const keyAim = !!opts.keyAim && v('runup') < 0; // opts.keyAim: the keys aim, on the aiming screen (the page's call)
    this.aim.visible = keyAim;
    if (keyAim) {
      // Flat on the grass: the arrow's +y along (sin d, cos d), the launch direction.
      const d = v('key_direction');
      this.aim.position.set(spotX, 0.015, spotZ);
      this.aim.rotation.set(-Math.PI / 2, 0, Math.PI + d, 'XYZ');
    }

    // Ball and its spin (the rotation is integrated over simulated time only).
    const t = v('time');
    const dtSim = Math.max(0, Math.min(0.1, t - this.lastTime));
    this.lastTime = t;
    const bx = v('ball_x'), by = v('ball_y'), bz = v('ball_z');
    this.ball.position.set(bx, by, bz);
    const rate = v('spin_rate');
    if (rate > 0 && dtSim > 0) {
      const axis = vec('spin_ax', 'spin_ay', 'spin_az');
      if (axis.lengthSq() > 0) {
        this.spinQ.setFromAxisAngle(axis.normalize(), rate * dtSim);
        this.ball.quaternion.premultiply(this.spinQ);
      }
    }
    const vx = v('ball_vx'), vz = v('ball_vz');
    if (by < BALL_R + 0.02 && dtSim > 0 && rate === 0) {
      const sp = Math.hypot(vx, vz);
      if (sp > 0.01) {
        this.spinQ.setFromAxisAngle(V(vz / sp, 0, -vx / sp), (sp / BALL_R) * dtSim);
        this.ball.quaternion.premultiply(this.spinQ);
      }
    }
    this.ballShadow.position.set(bx, 0.008, bz);
    this.ballShadow.scale.setScalar(Math.max(0.4, 1 - by * 0.12));
    this.ballShadow.material.opacity = Math.max(0.08, 0.35 - by * 0.05);

    // The trail: the path of the run on screen only (a replay draws its own).
    const phase = v('phase');
    const run = replay ? 'replay' : 'live';
    if (phase === 0 || this.trailRun !== run || v('struck') === 0) this.trailPts.length = 0;
    this.trailRun = run;
    if (phase > 0 && v('struck') !== 0 && (this.trailPts.length === 0 || this.ball.position.distanceTo(this.trailPts[this.trailPts.length - 1]) > 0.25)) {
      this.trailPts.push(this.ball.position.clone());
      if (this.trailPts.length > 90) this.trailPts.shift();
    }
    const arr = this.trailGeo.attributes.position.array;
    for (let i = 0; i < 90; i++) {
      const p = this.trailPts[Math.min(i, this.trailPts.length - 1)] || this.ball.position;
      arr[i * 3] = p.x; arr[i * 3 + 1] = p.y; arr[i * 3 + 2] = p.z;
    }
    this.trailGeo.attributes.position.needsUpdate = true;
    this.trail.visible = this.trailPts.length > 1;

    // Spray where the ball meets a wet pitch.
    if (this.weather.wet && by < 0.16 && (this.lastBallY >= 0.16 || Math.hypot(vx, vz) > 4) && v('struck') !== 0) {
      this.spray.emit(this.lastBallY >= 0.16 ? 26 : 3, this.ball.position, 0.2, Math.min(3, Math.hypot(vx, vz) * 0.25 + 0.6), 1.6, 0.6);
    }
    this.lastBallY = by;

    // The camera first: the shooter takes the side away from it, unless the
    // aiming picture (a narrow phone's) has no room for him there and has on
    // the camera's side, where he waits wide of the camera's line to the ball.
    this.updateCamera(g, toGoal, spot);
    const camSide = V().subVectors(this.camBase, spot).dot(V(toGoal.z, 0, -toGoal.x));
    let side = camSide > 0 ? -1 : 1;
    if (!v('camera_long_lens')) {
      const away = this.shooterInView(g, spot, toGoal, side);
      if (away < 1 && this.shooterInView(g, spot, toGoal, -side) > away) side = -side;
    }
    const strikeT = v('strike_time');
    const since = v('struck') !== 0 && strikeT >= 0 ? t - strikeT : -1;
    const goal = v('outcome') === g.names.OUTCOME.GOAL;
    const goalFor = goal && this.goalAt !== undefined ? t - this.goalAt : -1;
    if (goal && this.goalAt === undefined) this.goalAt = t;
    if (!goal) this.goalAt = undefined;
    const cam = this.camera;
    cam.updateMatrixWorld();
    const inFrame = (pts) => pts.every((p) => {
      const q = p.clone().project(cam);
      return q.z < 1 && Math.abs(q.x) < 0.93 && Math.abs(q.y) < 0.96;
    });
    this.shooter.update({ spot, dir: toGoal, side, runup: v('runup'), since, goal: goalFor, clock: this.clock, camera: this.camBase, ball: this.ball.position, inFrame });

    // The wall.
    const wc = v('wall_count');
    for (let i = 0; i < 6; i++) {
      const w = this.wall[i];
      w.g.visible = i < wc;
      if (!w.g.visible) continue;
      const a = vec(`wall${i}_ax`, `wall${i}_ay`, `wall${i}_az`);
      w.update(a, V(spotX - a.x, 0, spotZ - a.z).normalize(), this.clock, i);
    }

    // The keeper: the simulation's pose, drawn as a person.
    this.keeper.g.visible = v('keeper_present') !== 0;
    if (this.keeper.g.visible) this.keeper.update(v, dt, v('outcome') !== g.names.OUTCOME.NONE ? 1 : -1);

    // Rings.
    const rc = v('ring_count');
    for (let i = 0; i < 4; i++) {
      const m = this.rings[i];
      m.visible = i < rc;
      if (!m.visible) continue;
      m.position.set(v(`ring${i}_x`), v(`ring${i}_y`), v(`ring${i}_z`));
      m.scale.setScalar(v(`ring${i}_r`));
      const hit = v(`ring${i}_hit`) !== 0;
      m.material.color.set(hit ? 0x3ddc97 : 0xffb300);
      m.material.emissive.set(hit ? 0x11aa55 : 0xff7a00);
    }

    // Weather and the crowd.
    const wind = V(v('wind_x'), 0, v('wind_z'));
    for (const f of this.flags) f.update(wind, this.clock);
    this.rain.update(dt, this.camera.position, wind);
    this.snow.update(dt, this.camera.position, wind, this.clock);
    this.spray.update(dt, this.clock);
    this.confetti.update(dt, this.clock);
    const flash = this.lightning.update(dt, !!this.weather.storm);
    this.hemi.intensity = this.baseHemi * (1 + 2.5 * flash);
    if (this.celebrateT >= 0) {
      this.celebrateT += dt;
      this.crowdTex.offset.y = 0.006 * Math.abs(Math.sin(this.celebrateT * 11));
      if (this.celebrateT > 4) {
        this.celebrateT = -1;
        this.crowdTex.offset.y = 0;
      }
    }

    this.updateNet(bx, by, bz, dt);
    this.keepBallVisible();
    if (opts.render !== false) this.renderer.render(this.scene, this.camera);
  }

  /** A goal: confetti, the crowd on its feet. */
  celebrate() {
    this.confetti.burst(V(0, 0, 0), POST_X);
    this.celebrateT = 0;
  }

  /** Confetti pieces in view (the celebration's test reads it). */
  confettiOnScreen() {
    return this.confetti.onScreen(this.camera);
  }

  /** The back of the net bulges around the ball when it is pushed in. */
  updateNet(bx, by, bz, dt) {
    const inside = Math.abs(bx) < POST_X && by < GOAL_H + 0.2 && bz > 0.2;
    const target = inside ? Math.max(0, bz + BALL_R - NET_DEPTH * (1 - 0.35 * Math.min(1, by / GOAL_H)) + 0.05) : 0;
    const push = inside ? Math.max(target, 0) : 0;
    this.netBulge = Math.max(push, this.netBulge - dt * 0.9);
    if (inside) this.netCenter = { x: bx, y: by };
    const pos = this.netGeo.attributes.position;
    const c = this.netCenter || { x: 0, y: 1 };
    for (let i = 0; i < this.netRest.length; i++) {
      const p = this.netRest[i];
      const d2 = (p.x - c.x) ** 2 + (p.y - c.y) ** 2;
      const amp = this.netBulge * Math.exp(-d2 / 0.5);
      pos.setXYZ(i, p.x, p.y, p.z + amp + this.netBulge * 0.15 * Math.exp(-d2 / 3));
    }
    pos.needsUpdate = true;
  }

  /**
   * The camera. Live: the module's aiming camera for this screen (view
   * aim_cam_*: position, target, vertical fov; up +y, the aspect the
   * drawing's), exactly, until the strike; in flight the same camera turns
   * towards the ball just enough to keep it in frame (keepBallVisible), and
   * after a goal it leans in a little. Replay: the director's long lens,
   * turned towards the ball.
   */
  updateCamera(g, toGoal, spot) {
    const cam = this.camera;
    const ball = this.ball.position;
    if (g.v('camera_long_lens')) {
      cam.position.set(g.v('cam_x'), g.v('cam_y'), g.v('cam_z'));
      cam.fov = (g.v('cam_fov') * 180) / Math.PI || 18;
      if (cam.aspect < 0.8) cam.fov = Math.min(60, cam.fov / Math.max(0.45, cam.aspect));
      this.lookTarget.set(g.v('cam_tx'), g.v('cam_ty'), g.v('cam_tz')).lerp(ball, 0.35);
      this.camBase = cam.position.clone();
      this.aiming = false;
    } else if (!(g.v('aim_cam_fov') > 0)) {
      // No aiming camera yet (a duel before its match starts): the picture stays as it was.
      if (!this.camBase) this.camBase = cam.position.clone();
      this.aiming = false;
      return;
    } else {
      cam.position.set(g.v('aim_cam_x'), g.v('aim_cam_y'), g.v('aim_cam_z'));
      cam.fov = (g.v('aim_cam_fov') * 180) / Math.PI;
      this.lookTarget.set(g.v('aim_cam_tx'), g.v('aim_cam_ty'), g.v('aim_cam_tz'));
      this.camBase = cam.position.clone();
      // Before the strike the picture is exactly the one the swipe is read in.
      this.aiming = g.v('struck') === 0;
      // After a goal, lean in a little towards the net (the crowd is on its feet).
      if (g.v('outcome') === g.names.OUTCOME.GOAL && g.v('replay') === 0) {
        const k = Math.min(1, Math.max(0, (g.v('time') - (this.goalAt ?? g.v('time'))) / 1.2));
        cam.position.lerp(V(ball.x * 0.5, 2.2, ball.z - 10), 0.25 * k * k * (3 - 2 * k));
      }
    }
    this.shake = Math.max(0, (this.shake || 0) - 1 / 60 * 2.5);
    if (this.shake > 0) this.shakeOffset.set((Math.random() - 0.5) * 0.22 * this.shake, (Math.random() - 0.5) * 0.16 * this.shake, 0);
    else this.shakeOffset.set(0, 0, 0);
    cam.position.add(this.shakeOffset);
    cam.updateProjectionMatrix();
    cam.lookAt(this.lookTarget);
  }

  /** Turns the camera towards the ball until it is well inside the frame (a pure function of the pose). */
  keepBallVisible() {
    const cam = this.camera;
    const ball = this.ball.position;
    for (let i = 0; i < (this.aiming ? 0 : 8); i++) {
      cam.updateMatrixWorld();
      const p = ball.clone().project(cam);
      const inFront = V().subVectors(ball, cam.position).dot(cam.getWorldDirection(V())) > 0;
      if (inFront && Math.abs(p.x) < 0.86 && Math.abs(p.y) < 0.84) break;
      this.lookTarget.lerp(ball, 0.35);
      cam.lookAt(this.lookTarget);
    }
    // Far away the ball keeps at least a few pixels on screen (drawing only).
    const d = cam.position.distanceTo(ball);
    const px = (BALL_R / (d * Math.tan(THREE.MathUtils.degToRad(cam.fov / 2)))) * (this.height / 2);
    this.ball.scale.setScalar(px < 3 ? 3 / px : 1);
  }

  /** Camera shake of a given strength (from the director's shake event). */
  kick(strength) {
    this.shake = Math.max(this.shake || 0, strength);
  }

  /** Where a tap on the screen points on the keeper's line (for a person in goal). */
  tapToGoal(nx, ny) {
    const ray = new THREE.Raycaster();
    ray.setFromCamera(new THREE.Vector2(nx * 2 - 1, -(ny * 2 - 1)), this.camera);
    const plane = new THREE.Plane(V(0, 0, 1), 0.35);
    const hit = V();
    return ray.ray.intersectPlane(plane, hit) ? { x: hit.x, y: hit.y } : null;
  }

  /**
   * Where points of the pitch are drawn in the aiming picture (the module's
   * aiming camera for this screen), CSS pixels: [{x, y}] (null for a point
   * behind the camera). Works whatever the live camera is doing.
   */
  projectAim(g, points) {
    const c = this.aimCam || (this.aimCam = new THREE.PerspectiveCamera(50, 1, 0.1, 400));
    c.aspect = this.width / this.height;
    c.fov = (g.v('aim_cam_fov') * 180) / Math.PI;
    c.position.set(g.v('aim_cam_x'), g.v('aim_cam_y'), g.v('aim_cam_z'));
    c.updateProjectionMatrix();
    c.lookAt(g.v('aim_cam_tx'), g.v('aim_cam_ty'), g.v('aim_cam_tz'));
    c.updateMatrixWorld();
    return points.map(([x, y, z]) => {
      const q = V(x, y, z).project(c);
      return q.z < 1 ? { x: ((q.x + 1) / 2) * this.width, y: ((1 - q.y) / 2) * this.height } : null;
    });
  }

  /**
   * How much of the shooter, waiting as near the ball as he does on a narrow
   * screen (people.js Shooter: 0.95 m behind it, 0.74 m to the side `side`),
   * the aiming picture shows across: 1 when all of him (head to feet, both
   * shoulders) is inside it, 0 when none.
   */
  shooterInView(g, spot, dir, side) {
    const left = V(dir.z, 0, -dir.x).multiplyScalar(side);
    const c = V(spot.x, 0, spot.z).addScaledVector(dir, -0.95).addScaledVector(left, 0.74);
    const pts = [];
    for (const dv of [-0.3, 0.3]) for (const y of [0.05, 1.9]) pts.push(c.clone().addScaledVector(left, dv).setY(y).toArray());
    const px = this.projectAim(g, pts);
    if (px.some((p) => !p)) return 0;
    const x0 = Math.min(...px.map((p) => p.x)), x1 = Math.max(...px.map((p) => p.x));
    const lo = 0.035 * this.width, hi = 0.965 * this.width;
    return Math.max(0, Math.min(x1, hi) - Math.max(x0, lo)) / Math.max(1e-9, x1 - x0);
  }

  /** The goal's mouth as drawn in the aiming picture, at a fraction (u across, -1 screen left..1 screen right; h up, 0..1) of it. */
  goalPoint(g, u, h) {
    // The screen's right is the pitch's -x; the inner edges of the posts and the bar.
    return this.projectAim(g, [[-u * GOAL_W / 2, h * GOAL_H, 0]])[0];
  }

  /** Screen position (0..1) of a world point, for labels. */
  project(x, y, z) {
    const p = V(x, y, z).project(this.camera);
    return { x: (p.x + 1) / 2, y: (1 - p.y) / 2, visible: p.z < 1 };
  }

  /**
   * What the player sees of the ball this frame (CSS pixels): its disc, whether
   * it is on screen, and the shooter's boxes (each limb's projected bounds, the
   * kicking boot left out while it swings through the ball) and whether any
   * of them overlaps the ball.
   */
  check() {
    const cam = this.camera;
    cam.updateMatrixWorld();
    const W = this.width, H = this.height;
    const toPx = (p) => {
      const q = p.clone().project(cam);
      return { x: ((q.x + 1) / 2) * W, y: ((1 - q.y) / 2) * H, z: q.z };
    };
    const c = toPx(this.ball.position);
    const d = cam.position.distanceTo(this.ball.position);
    const r = (BALL_R * this.ball.scale.x / (d * Math.tan(THREE.MathUtils.degToRad(cam.fov / 2)))) * (H / 2);
    const inFront = V().subVectors(this.ball.position, cam.position).dot(cam.getWorldDirection(V())) > 0;
    const onScreen = inFront && c.x - r >= 0 && c.x + r <= W && c.y - r >= 0 && c.y + r <= H;
    const boxes = [];
    let overlap = null;
    for (const part of this.shooter.shadowBoxes()) {
      let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
      let behind = true;
      for (const e of [part.a, part.b]) {
        for (let k = 0; k < 8; k++) {
          const q = toPx(V(e.x + (k & 1 ? part.r : -part.r), e.y + (k & 2 ? part.r : -part.r), e.z + (k & 4 ? part.r : -part.r)));
          if (q.z < 1) behind = false;
          x0 = Math.min(x0, q.x); y0 = Math.min(y0, q.y); x1 = Math.max(x1, q.x); y1 = Math.max(y1, q.y);
        }
      }
      if (behind) continue;
      boxes.push({ name: part.name, x0, y0, x1, y1 });
      const nx = Math.max(x0, Math.min(c.x, x1)), ny = Math.max(y0, Math.min(c.y, y1));
      if (!overlap && Math.hypot(nx - c.x, ny - c.y) < r) overlap = part.name;
    }
    return { ball: { x: c.x, y: c.y, r }, onScreen, boxes, overlap };
  }
}
