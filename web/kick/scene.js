// SPDX-License-Identifier: MIT
// The free-kick stadium in three.js. It only draws: every position comes from
// the simulation's view (see game.js). The pitch frame of kick.h maps straight
// onto three.js world space: x across the goal (+x to the shooter's left),
// y up, z from the ball towards the goal line, origin at the goal's middle.
import * as THREE from 'three';

const GOAL_W = 7.32;
const GOAL_H = 2.44;
const POST_R = 0.06;
const POST_X = GOAL_W / 2 + POST_R;
const NET_DEPTH = 2.0;
const BALL_R = 0.11;

function canvasTexture(w, h, draw) {
  const c = document.createElement('canvas');
  c.width = w;
  c.height = h;
  draw(c.getContext('2d'), w, h);
  const t = new THREE.CanvasTexture(c);
  t.colorSpace = THREE.SRGBColorSpace;
  t.anisotropy = 4;
  return t;
}

/** Grass: mown stripes across the pitch, with a little noise. */
function grassTexture() {
  return canvasTexture(512, 512, (g, w, h) => {
    const stripes = 8;
    for (let i = 0; i < stripes; i++) {
      g.fillStyle = i % 2 ? '#2f8f3e' : '#37a047';
      g.fillRect(0, (i * h) / stripes, w, h / stripes);
    }
    let seed = 7;
    const rnd = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    for (let i = 0; i < 9000; i++) {
      g.fillStyle = `rgba(${rnd() < 0.5 ? '20,60,25' : '120,200,110'},${0.05 + rnd() * 0.08})`;
      g.fillRect(rnd() * w, rnd() * h, 1 + rnd() * 2, 1 + rnd() * 3);
    }
  });
}

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

/** Crowd: rows of small figures for the stands. */
function crowdTexture() {
  return canvasTexture(1024, 512, (g, w, h) => {
    g.fillStyle = '#141a26';
    g.fillRect(0, 0, w, h);
    let seed = 3;
    const rnd = () => ((seed = (seed * 48271) % 2147483647) / 2147483647);
    const shirts = ['#c1121f', '#e9ecef', '#ffd23f', '#3a6ea5', '#1d3557', '#e76f51', '#8d99ae'];
    const rows = 40, per = 170;
    for (let row = 0; row < rows; row++) {
      const y = row * (h / rows);
      g.fillStyle = row % 2 ? '#10151f' : '#1a2130';
      g.fillRect(0, y + h / rows - 3, w, 3);
      for (let i = 0; i < per; i++) {
        if (rnd() < 0.12) continue;
        const x = (i + (row % 2) * 0.5) * (w / per) + rnd() * 1.5;
        g.fillStyle = shirts[Math.floor(rnd() * shirts.length)];
        g.fillRect(x, y + 5, 4, 5);
        g.fillStyle = rnd() < 0.5 ? '#e0b994' : '#8a5a3c';
        g.fillRect(x + 1, y + 2, 3, 3);
      }
    }
  });
}

function skyTexture() {
  return canvasTexture(16, 256, (g, w, h) => {
    const grad = g.createLinearGradient(0, 0, 0, h);
    grad.addColorStop(0, '#0b1630');
    grad.addColorStop(0.55, '#2a4a7a');
    grad.addColorStop(1, '#8fb3d9');
    g.fillStyle = grad;
    g.fillRect(0, 0, w, h);
  });
}

function capsuleBetween(material) {
  // A unit capsule built so that scale.y = axis length keeps round caps: the
  // cylinder part is 1 long, the caps are drawn by two spheres.
  const group = new THREE.Group();
  const body = new THREE.Mesh(new THREE.CylinderGeometry(1, 1, 1, 14, 1, true), material);
  const capA = new THREE.Mesh(new THREE.SphereGeometry(1, 14, 10), material);
  const capB = capA.clone();
  body.castShadow = capA.castShadow = capB.castShadow = true;
  group.add(body, capA, capB);
  const up = new THREE.Vector3(0, 1, 0);
  const dir = new THREE.Vector3();
  return {
    object: group,
    place(a, b, r) {
      dir.subVectors(b, a);
      const len = Math.max(1e-4, dir.length());
      body.position.addVectors(a, b).multiplyScalar(0.5);
      body.quaternion.setFromUnitVectors(up, dir.multiplyScalar(1 / len));
      body.scale.set(r, len, r);
      capA.position.copy(a);
      capB.position.copy(b);
      capA.scale.setScalar(r);
      capB.scale.setScalar(r);
    },
  };
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
    this.scene.background = skyTexture();
    this.scene.fog = new THREE.Fog(0x20324f, 70, 160);
    this.camera = new THREE.PerspectiveCamera(50, 1, 0.1, 400);
    this.shakeOffset = new THREE.Vector3();
    this.spinQ = new THREE.Quaternion();
    this.lastTime = 0;
    this.netBulge = 0;
    this.buildLights();
    this.buildPitch();
    this.buildGoal();
    this.buildStands();
    this.buildPlayers();
    this.buildBall();
    this.buildRings();
    this.buildShooter();
    this.lookTarget = new THREE.Vector3(0, 1.4, 0);
  }

  buildLights() {
    this.scene.add(new THREE.HemisphereLight(0xdfe9ff, 0x2b5a2b, 1.1));
    const sun = new THREE.DirectionalLight(0xffffff, 2.0);
    sun.position.set(-18, 40, -20);
    sun.castShadow = true;
    sun.shadow.mapSize.set(1024, 1024);
    const s = sun.shadow.camera;
    s.left = -25; s.right = 25; s.top = 25; s.bottom = -40; s.near = 1; s.far = 120;
    sun.target.position.set(0, 0, -10);
    this.scene.add(sun, sun.target);
  }

  buildPitch() {
    const tex = grassTexture();
    tex.wrapS = tex.wrapT = THREE.RepeatWrapping;
    tex.repeat.set(4, 8);
    this.grassMat = new THREE.MeshStandardMaterial({ map: tex, roughness: 0.95 });
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
    strip(-halfW, 0, halfW, 0); // goal line
    strip(-20.16, 0, -20.16, -16.5); // penalty area
    strip(20.16, 0, 20.16, -16.5);
    strip(-20.16, -16.5, 20.16, -16.5);
    strip(-9.16, 0, -9.16, -5.5); // goal area
    strip(9.16, 0, 9.16, -5.5);
    strip(-9.16, -5.5, 9.16, -5.5);
    strip(-halfW, 0, -halfW, -60); // touch lines
    strip(halfW, 0, halfW, -60);
    // The arc: 9.15 m around the penalty spot, outside the area.
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

    // The ball's spot: a small white disc and the free-kick foam line.
    this.spotMark = new THREE.Mesh(new THREE.RingGeometry(0.16, 0.2, 24), new THREE.MeshBasicMaterial({ color: 0xffffff, transparent: true, opacity: 0.7 }));
    this.spotMark.rotation.x = -Math.PI / 2;
    this.scene.add(this.spotMark);
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
    // Back supports.
    const thin = new THREE.MeshStandardMaterial({ color: 0xcfd6dc });
    for (const sx of [-1, 1]) {
      const s = new THREE.Mesh(new THREE.CylinderGeometry(0.03, 0.03, Math.hypot(NET_DEPTH, GOAL_H), 8), thin);
      s.position.set(sx * POST_X, GOAL_H / 2, NET_DEPTH / 2);
      s.rotation.x = Math.atan2(NET_DEPTH, GOAL_H);
      goal.add(s);
    }
    this.scene.add(goal);

    // The net: a grid of lines whose back and roof bulge where the ball pushes.
    const netMat = new THREE.LineBasicMaterial({ color: 0xffffff, transparent: true, opacity: 0.55 });
    this.netCols = 44;
    this.netRows = 14;
    const nx = this.netCols, ny = this.netRows;
    this.netRest = [];
    const pts = [];
    // Back net: columns across x, rows up y, at z = depth with a slope to the bar.
    for (let j = 0; j <= ny; j++) {
      for (let i = 0; i <= nx; i++) {
        const x = -POST_X + (2 * POST_X * i) / nx;
        const y = (GOAL_H * j) / ny;
        const z = NET_DEPTH * (1 - 0.35 * (y / GOAL_H));
        this.netRest.push(new THREE.Vector3(x, y, z));
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
    // Side nets and roof (static).
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

  buildStands() {
    const tex = crowdTexture();
    tex.wrapS = tex.wrapT = THREE.RepeatWrapping;
    tex.repeat.set(3, 1);
    const mat = new THREE.MeshStandardMaterial({ map: tex, roughness: 1, color: 0xb8c0d0 });
    // Behind the goal: a stand rising from 9 m behind the line.
    const stand = new THREE.Mesh(new THREE.PlaneGeometry(150, 20), mat);
    stand.position.set(0, 6.2, 17);
    stand.rotation.order = 'YXZ';
    stand.rotation.y = Math.PI;
    stand.rotation.x = -0.62;
    this.scene.add(stand);
    const roof = new THREE.Mesh(new THREE.BoxGeometry(150, 0.6, 10), new THREE.MeshStandardMaterial({ color: 0x2b3445 }));
    roof.position.set(0, 14.5, 24);
    this.scene.add(roof);
    for (const sx of [-1, 1]) {
      const s = new THREE.Mesh(new THREE.PlaneGeometry(110, 20), mat);
      s.position.set(sx * 46, 6.2, -30);
      s.rotation.order = 'YXZ';
      s.rotation.y = -sx * Math.PI / 2;
      s.rotation.x = -0.62;
      this.scene.add(s);
    }
    // Ad boards behind the goal.
    const ads = canvasTexture(2048, 64, (g, w, h) => {
      const cols = ['#ffd23f', '#e63946', '#3ddc97', '#457b9d'];
      const words = ['KICKSTEP', '1/600 s', 'FIXED STEP', 'REPLAY'];
      for (let i = 0; i < 8; i++) {
        g.fillStyle = cols[i % 4];
        g.fillRect((i * w) / 8, 0, w / 8, h);
        g.fillStyle = '#101820';
        g.font = 'bold 36px system-ui, sans-serif';
        g.textAlign = 'center';
        g.fillText(words[i % 4], (i + 0.5) * (w / 8), h * 0.68);
      }
    });
    const board = new THREE.Mesh(new THREE.PlaneGeometry(60, 1), new THREE.MeshBasicMaterial({ map: ads }));
    board.position.set(0, 0.5, 5);
    board.rotation.y = Math.PI;
    this.scene.add(board);
    // Floodlights.
    const lampMat = new THREE.MeshBasicMaterial({ color: 0xfffbe0 });
    for (const sx of [-1, 1]) {
      const mast = new THREE.Mesh(new THREE.CylinderGeometry(0.3, 0.4, 30, 8), new THREE.MeshStandardMaterial({ color: 0x555b66 }));
      mast.position.set(sx * 45, 15, 12);
      const lamp = new THREE.Mesh(new THREE.BoxGeometry(5, 2.5, 0.5), lampMat);
      lamp.position.set(sx * 45, 30, 12);
      this.scene.add(mast, lamp);
    }
  }

  buildPlayers() {
    const shirtWall = new THREE.MeshStandardMaterial({ color: 0xd62839, roughness: 0.7 });
    const skin = new THREE.MeshStandardMaterial({ color: 0xd9a982, roughness: 0.8 });
    const shorts = new THREE.MeshStandardMaterial({ color: 0xf4f4f4, roughness: 0.8 });
    this.wall = [];
    for (let i = 0; i < 6; i++) {
      const body = capsuleBetween(shirtWall);
      const legs = capsuleBetween(shorts);
      const head = new THREE.Mesh(new THREE.SphereGeometry(0.12, 14, 10), skin);
      head.castShadow = true;
      const g = new THREE.Group();
      g.add(body.object, legs.object, head);
      g.visible = false;
      this.scene.add(g);
      this.wall.push({ g, body, legs, head });
    }
    const shirtKeeper = new THREE.MeshStandardMaterial({ color: 0x35e07a, roughness: 0.6 });
    const gloves = new THREE.MeshStandardMaterial({ color: 0xffe14d, roughness: 0.5 });
    this.keeper = {
      g: new THREE.Group(),
      body: capsuleBetween(shirtKeeper),
      arm0: capsuleBetween(shirtKeeper),
      arm1: capsuleBetween(shirtKeeper),
      head: new THREE.Mesh(new THREE.SphereGeometry(0.12, 14, 10), skin),
      glove0: new THREE.Mesh(new THREE.SphereGeometry(0.1, 12, 8), gloves),
      glove1: new THREE.Mesh(new THREE.SphereGeometry(0.1, 12, 8), gloves),
    };
    const k = this.keeper;
    k.head.castShadow = true;
    k.g.add(k.body.object, k.arm0.object, k.arm1.object, k.head, k.glove0, k.glove1);
    this.scene.add(k.g);
  }

  buildShooter() {
    // The kicker beside the ball, seen from behind: kit, shorts, socks and boots.
    const kit = new THREE.MeshStandardMaterial({ color: 0x1e4fd8, roughness: 0.7 });
    const shorts = new THREE.MeshStandardMaterial({ color: 0xf2f2f2, roughness: 0.8 });
    const skin = new THREE.MeshStandardMaterial({ color: 0xb98563, roughness: 0.8 });
    const socks = new THREE.MeshStandardMaterial({ color: 0x1e4fd8, roughness: 0.8 });
    const boots = new THREE.MeshStandardMaterial({ color: 0x111111, roughness: 0.4 });
    const g = new THREE.Group();
    const V = (x, y, z) => new THREE.Vector3(x, y, z);
    const part = (mat, a, b, r) => {
      const c = capsuleBetween(mat);
      c.place(a, b, r);
      g.add(c.object);
    };
    part(kit, V(0, 1.02, 0), V(0, 1.42, 0), 0.17);          // torso
    part(shorts, V(-0.08, 0.84, 0), V(0.08, 0.84, 0), 0.12); // shorts
    for (const sx of [-1, 1]) {
      part(skin, V(sx * 0.1, 0.75, 0), V(sx * 0.11, 0.42, 0), 0.065); // thigh
      part(socks, V(sx * 0.11, 0.42, 0), V(sx * 0.12, 0.1, 0), 0.055); // shin
      part(boots, V(sx * 0.12, 0.05, -0.03), V(sx * 0.12, 0.05, 0.1), 0.05);
      part(kit, V(sx * 0.2, 1.4, 0), V(sx * 0.27, 1.12, 0.02), 0.055); // sleeve
      part(skin, V(sx * 0.27, 1.12, 0.02), V(sx * 0.3, 0.88, 0.05), 0.045); // forearm
    }
    const head = new THREE.Mesh(new THREE.SphereGeometry(0.11, 14, 10), skin);
    head.position.set(0, 1.66, 0);
    head.castShadow = true;
    const hair = new THREE.Mesh(new THREE.SphereGeometry(0.115, 14, 10, 0, Math.PI * 2, 0, Math.PI / 2), new THREE.MeshStandardMaterial({ color: 0x2a1a10 }));
    hair.position.set(0, 1.67, -0.005);
    g.add(head, hair);
    // The shirt number on his back.
    const num = canvasTexture(64, 64, (c) => {
      c.fillStyle = '#fff';
      c.font = 'bold 44px system-ui, sans-serif';
      c.textAlign = 'center';
      c.fillText('10', 32, 48);
    });
    const back = new THREE.Mesh(new THREE.PlaneGeometry(0.22, 0.22), new THREE.MeshBasicMaterial({ map: num, transparent: true }));
    back.position.set(0, 1.25, -0.175);
    back.rotation.y = Math.PI;
    g.add(back);
    this.shooter = g;
    this.scene.add(g);
  }

  buildBall() {
    this.ball = new THREE.Mesh(new THREE.SphereGeometry(BALL_R, 32, 20), new THREE.MeshStandardMaterial({ map: ballTexture(), roughness: 0.45 }));
    this.ball.castShadow = true;
    this.scene.add(this.ball);
    this.ballShadow = new THREE.Mesh(new THREE.CircleGeometry(0.14, 20), new THREE.MeshBasicMaterial({ color: 0x000000, transparent: true, opacity: 0.35 }));
    this.ballShadow.rotation.x = -Math.PI / 2;
    this.scene.add(this.ballShadow);
    // The flight trail: recent positions, drawn as a fading line.
    this.trailPts = [];
    this.trailGeo = new THREE.BufferGeometry();
    this.trailGeo.setAttribute('position', new THREE.Float32BufferAttribute(new Float32Array(3 * 90), 3));
    this.trail = new THREE.Line(this.trailGeo, new THREE.LineBasicMaterial({ color: 0xffe680, transparent: true, opacity: 0.7 }));
    this.trail.frustumCulled = false;
    this.scene.add(this.trail);
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

  resize(w, h) {
    this.renderer.setSize(w, h, false);
    this.camera.aspect = w / h;
    this.camera.updateProjectionMatrix();
  }

  /** Draws one frame from the game's view (g.v(name)). */
  update(g, dtReal) {
    const v = (n) => g.v(n);
    const V = (a, b, c) => new THREE.Vector3(v(a), v(b), v(c));
    const spotX = v('spot_x'), spotZ = v('spot_z');
    this.spotMark.position.set(spotX, 0.006, spotZ);
    this.grassMat.color.setScalar(v('wet') ? 0.8 : 1);

    // Ball and its spin (the rotation is integrated over simulated time only).
    const t = v('time');
    const dtSim = Math.max(0, Math.min(0.1, t - this.lastTime));
    this.lastTime = t;
    const bx = v('ball_x'), by = v('ball_y'), bz = v('ball_z');
    this.ball.position.set(bx, by, bz);
    const rate = v('spin_rate');
    if (rate > 0 && dtSim > 0) {
      const axis = V('spin_ax', 'spin_ay', 'spin_az');
      if (axis.lengthSq() > 0) {
        this.spinQ.setFromAxisAngle(axis.normalize(), rate * dtSim);
        this.ball.quaternion.premultiply(this.spinQ);
      }
    }
    // Rolling on the ground reads as spin too.
    const vx = v('ball_vx'), vz = v('ball_vz');
    if (by < BALL_R + 0.02 && dtSim > 0 && rate === 0) {
      const sp = Math.hypot(vx, vz);
      if (sp > 0.01) {
        this.spinQ.setFromAxisAngle(new THREE.Vector3(vz / sp, 0, -vx / sp), (sp / BALL_R) * dtSim);
        this.ball.quaternion.premultiply(this.spinQ);
      }
    }
    this.ballShadow.position.set(bx, 0.008, bz);
    this.ballShadow.scale.setScalar(Math.max(0.4, 1 - by * 0.12));
    this.ballShadow.material.opacity = Math.max(0.08, 0.35 - by * 0.05);

    const phase = v('phase');
    if (phase === 0) this.trailPts.length = 0;
    else if (this.trailPts.length === 0 || this.ball.position.distanceTo(this.trailPts[this.trailPts.length - 1]) > 0.25) {
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

    // The shooter stands behind the ball until the strike, then steps through.
    this.shooter.visible = phase === 0 || g.v('screen') !== 3;
    this.shooter.position.set(spotX + 0.75, 0, spotZ - 0.55 + (phase > 0 ? 0.5 : 0));
    this.shooter.lookAt(0, 0, 0);

    // Wall.
    const wc = v('wall_count');
    for (let i = 0; i < 6; i++) {
      const w = this.wall[i];
      w.g.visible = i < wc;
      if (!w.g.visible) continue;
      const a = V(`wall${i}_ax`, `wall${i}_ay`, `wall${i}_az`);
      const b = V(`wall${i}_bx`, `wall${i}_by`, `wall${i}_bz`);
      const r = v(`wall${i}_r`);
      const hip = a.clone().lerp(b, 0.42);
      w.legs.place(a, hip, r * 0.62);
      w.body.place(hip, b, r);
      w.head.position.copy(b).add(new THREE.Vector3(0, r + 0.1, 0));
    }

    // Keeper: capsules straight from the simulation's pose.
    const k = this.keeper;
    k.g.visible = v('keeper_present') !== 0;
    if (k.g.visible) {
      const a = V('keeper_ax', 'keeper_ay', 'keeper_az');
      const b = V('keeper_bx', 'keeper_by', 'keeper_bz');
      const r = v('keeper_r');
      k.body.place(a, b, r);
      const dir = b.clone().sub(a).normalize();
      k.head.position.copy(b).addScaledVector(dir, r + 0.1);
      const s0 = V('keeper_s0x', 'keeper_s0y', 'keeper_s0z'), g0 = V('keeper_g0x', 'keeper_g0y', 'keeper_g0z');
      const s1 = V('keeper_s1x', 'keeper_s1y', 'keeper_s1z'), g1 = V('keeper_g1x', 'keeper_g1y', 'keeper_g1z');
      const ar = v('keeper_arm_r');
      k.arm0.place(s0, g0, ar);
      k.arm1.place(s1, g1, ar);
      k.glove0.position.copy(g0);
      k.glove1.position.copy(g1);
    }

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

    this.updateNet(bx, by, bz, dtReal);
    this.updateCamera(g, dtReal);
    this.renderer.render(this.scene, this.camera);
  }

  /** The back of the net bulges around the ball when it is pushed in. */
  updateNet(bx, by, bz, dt) {
    const inside = Math.abs(bx) < POST_X && by < GOAL_H + 0.2 && bz > 0.2;
    const target = inside ? Math.max(0, bz + BALL_R - NET_DEPTH * (1 - 0.35 * Math.min(1, by / GOAL_H)) + 0.05) : 0;
    const push = inside ? Math.max(target, 0) : 0;
    // The mesh relaxes slowly back (drawing only).
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

  updateCamera(g, dt) {
    const cam = this.camera;
    if (g.v('camera_long_lens')) {
      cam.position.set(g.v('cam_x'), g.v('cam_y'), g.v('cam_z'));
      cam.fov = (g.v('cam_fov') * 180) / Math.PI || 18;
      this.lookTarget.set(g.v('cam_tx'), g.v('cam_ty'), g.v('cam_tz'));
      // Follow the ball a little so it stays in frame through the corner.
      this.lookTarget.lerp(this.ball.position, 0.35);
    } else {
      const sx = g.v('spot_x'), sz = g.v('spot_z');
      const portrait = cam.aspect < 0.8;
      const back = portrait ? 6.2 : 5.2;
      const height = portrait ? 2.3 : 2.05;
      cam.fov = portrait ? 62 : 36;
      const toGoal = new THREE.Vector3(-sx, 0, -sz).normalize();
      cam.position.set(sx - toGoal.x * back, height, sz - toGoal.z * back);
      this.lookTarget.set(sx * 0.15, portrait ? 0.2 : 0.55, -1.5);
      // In flight, lean gently towards the ball.
      if (g.v('phase') > 0) this.lookTarget.lerp(this.ball.position, 0.18);
    }
    this.shake = Math.max(0, (this.shake || 0) - dt * 2.5);
    const shake = this.shake;
    if (shake > 0) this.shakeOffset.set((Math.random() - 0.5) * 0.22 * shake, (Math.random() - 0.5) * 0.16 * shake, 0);
    else this.shakeOffset.set(0, 0, 0);
    cam.position.add(this.shakeOffset);
    cam.updateProjectionMatrix();
    cam.lookAt(this.lookTarget);
  }

  /** Camera shake of a given strength (from the director's shake event). */
  kick(strength) {
    this.shake = Math.max(this.shake || 0, strength);
  }

  /** Where a tap on the screen points on the keeper's line (for a person in goal). */
  tapToGoal(nx, ny) {
    const ray = new THREE.Raycaster();
    ray.setFromCamera(new THREE.Vector2(nx * 2 - 1, -(ny * 2 - 1)), this.camera);
    const plane = new THREE.Plane(new THREE.Vector3(0, 0, 1), 0.35);
    const hit = new THREE.Vector3();
    return ray.ray.intersectPlane(plane, hit) ? { x: hit.x, y: hit.y } : null;
  }

  /** Screen position (0..1) of a world point, for labels. */
  project(x, y, z) {
    const p = new THREE.Vector3(x, y, z).project(this.camera);
    return { x: (p.x + 1) / 2, y: (1 - p.y) / 2, visible: p.z < 1 };
  }
}

