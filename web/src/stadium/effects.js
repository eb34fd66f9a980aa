// SPDX-License-Identifier: MIT
// Weather and celebrations: rain, snow, spray off a wet pitch, a storm's
// lightning, flags in the wind, confetti after a goal. Drawing only, with
// their own random numbers (Math.random), never the simulation's dice; the
// wind they show is the simulation's wind at this moment.
import * as THREE from 'three';

/** Rain: streaks in a box that follows the camera, blown by the wind. */
export class Rain {
  constructor(scene, count = 900) {
    this.count = count;
    this.pos = new Float32Array(count * 6);
    this.drops = [];
    for (let i = 0; i < count; i++) this.drops.push({ x: 0, y: 0, z: 0, v: 9 + Math.random() * 3 });
    const geo = new THREE.BufferGeometry();
    geo.setAttribute('position', new THREE.BufferAttribute(this.pos, 3));
    this.lines = new THREE.LineSegments(geo, new THREE.LineBasicMaterial({ color: 0xbfd4e6, transparent: true, opacity: 0.42 }));
    this.lines.frustumCulled = false;
    this.lines.visible = false;
    scene.add(this.lines);
    this.seeded = false;
  }

  setOn(on, heavy) {
    this.lines.visible = on;
    this.lines.material.opacity = heavy ? 0.55 : 0.38;
    this.active = on ? (heavy ? this.count : Math.floor(this.count * 0.55)) : 0;
  }

  update(dt, cam, wind) {
    if (!this.lines.visible) return;
    const R = 14, H = 12;
    const wx = wind.x * 0.25, wz = wind.z * 0.25;
    for (let i = 0; i < this.count; i++) {
      const d = this.drops[i];
      if (!this.seeded || d.y < 0 || Math.abs(d.x - cam.x) > R || Math.abs(d.z - cam.z - 6) > R) {
        d.x = cam.x + (Math.random() * 2 - 1) * R;
        d.z = cam.z + 6 + (Math.random() * 2 - 1) * R;
        d.y = this.seeded ? H : Math.random() * H;
      }
      d.y -= d.v * dt;
      d.x += wx * dt;
      d.z += wz * dt;
      const k = i * 6;
      const on = i < this.active;
      this.pos[k] = d.x;
      this.pos[k + 1] = on ? d.y : -10;
      this.pos[k + 2] = d.z;
      this.pos[k + 3] = d.x - wx * 0.04;
      this.pos[k + 4] = on ? d.y + 0.35 : -10;
      this.pos[k + 5] = d.z - wz * 0.04;
    }
    this.seeded = true;
    this.lines.geometry.attributes.position.needsUpdate = true;
  }
}

/** Snow: slow flakes that drift with the wind. */
export class Snow {
  constructor(scene, count = 700) {
    this.count = count;
    this.pos = new Float32Array(count * 3);
    this.flakes = [];
    for (let i = 0; i < count; i++) this.flakes.push({ x: 0, y: -1, z: 0, v: 0.6 + Math.random() * 0.8, p: Math.random() * 6 });
    const geo = new THREE.BufferGeometry();
    geo.setAttribute('position', new THREE.BufferAttribute(this.pos, 3));
    this.points = new THREE.Points(geo, new THREE.PointsMaterial({ color: 0xffffff, size: 0.07, transparent: true, opacity: 0.85 }));
    this.points.frustumCulled = false;
    this.points.visible = false;
    scene.add(this.points);
  }

  update(dt, cam, wind, clock) {
    if (!this.points.visible) return;
    const R = 16;
    for (let i = 0; i < this.count; i++) {
      const f = this.flakes[i];
      if (f.y < 0 || Math.abs(f.x - cam.x) > R || Math.abs(f.z - cam.z - 8) > R) {
        f.x = cam.x + (Math.random() * 2 - 1) * R;
        f.z = cam.z + 8 + (Math.random() * 2 - 1) * R;
        f.y = f.y < -0.5 ? Math.random() * 10 : 10;
      }
      f.y -= f.v * dt;
      f.x += (wind.x * 0.5 + 0.3 * Math.sin(clock + f.p)) * dt;
      f.z += wind.z * 0.5 * dt;
      this.pos[i * 3] = f.x;
      this.pos[i * 3 + 1] = f.y;
      this.pos[i * 3 + 2] = f.z;
    }
    this.points.geometry.attributes.position.needsUpdate = true;
  }
}

/** Short-lived particles: spray off a wet pitch, confetti after a goal. */
class Particles {
  constructor(scene, count, size, colors, opacity) {
    this.count = count;
    this.pos = new Float32Array(count * 3);
    this.col = new Float32Array(count * 3);
    this.p = [];
    for (let i = 0; i < count; i++) this.p.push({ x: 0, y: -50, z: 0, vx: 0, vy: 0, vz: 0, life: 0 });
    const geo = new THREE.BufferGeometry();
    geo.setAttribute('position', new THREE.BufferAttribute(this.pos, 3));
    geo.setAttribute('color', new THREE.BufferAttribute(this.col, 3));
    this.points = new THREE.Points(geo, new THREE.PointsMaterial({ size, vertexColors: true, transparent: true, opacity }));
    this.points.frustumCulled = false;
    scene.add(this.points);
    this.colors = colors.map((c) => new THREE.Color(c));
    this.next = 0;
    this.alive = 0;
  }

  emit(n, at, spread, speed, up, life) {
    for (let k = 0; k < n; k++) {
      const p = this.p[this.next];
      this.next = (this.next + 1) % this.count;
      p.x = at.x + (Math.random() - 0.5) * spread;
      p.y = at.y + Math.random() * spread * 0.3;
      p.z = at.z + (Math.random() - 0.5) * spread;
      const a = Math.random() * Math.PI * 2;
      const s = speed * (0.4 + Math.random() * 0.6);
      p.vx = Math.cos(a) * s;
      p.vz = Math.sin(a) * s;
      p.vy = up * (0.5 + Math.random() * 0.7);
      p.life = life * (0.6 + Math.random() * 0.4);
      p.c = this.colors[Math.floor(Math.random() * this.colors.length)];
    }
    this.alive = this.count;
  }

  update(dt, gravity, drag, flutter, clock) {
    if (this.alive === 0) return;
    let alive = 0;
    for (let i = 0; i < this.count; i++) {
      const p = this.p[i];
      if (p.life > 0) {
        p.life -= dt;
        p.vy -= gravity * dt;
        p.vx *= 1 - drag * dt;
        p.vz *= 1 - drag * dt;
        p.vy *= 1 - drag * dt;
        p.x += (p.vx + flutter * Math.sin(clock * 5 + i)) * dt;
        p.y += p.vy * dt;
        p.z += p.vz * dt;
        if (p.y < 0.02) {
          p.y = 0.02;
          p.vy = 0;
        }
        alive++;
      }
      const on = p.life > 0;
      this.pos[i * 3] = p.x;
      this.pos[i * 3 + 1] = on ? p.y : -50;
      this.pos[i * 3 + 2] = p.z;
      if (p.c) {
        this.col[i * 3] = p.c.r;
        this.col[i * 3 + 1] = p.c.g;
        this.col[i * 3 + 2] = p.c.b;
      }
    }
    this.alive = alive;
    this.points.geometry.attributes.position.needsUpdate = true;
    this.points.geometry.attributes.color.needsUpdate = true;
  }
}

export class Spray extends Particles {
  constructor(scene) {
    super(scene, 240, 0.06, [0xdfeaf2, 0xc6d7e3, 0xffffff], 0.8);
  }
  update(dt, clock) {
    super.update(dt, 6, 1.5, 0, clock);
  }
}

export class Confetti extends Particles {
  constructor(scene) {
    super(scene, 500, 0.24, [0xffd23f, 0xe63946, 0x3ddc97, 0x4cc9f0, 0xffffff, 0xf72585], 0.95);
  }
  /**
   * Two cannons, one at the foot of each post, fire up and out towards the
   * camera, so the paper flutters down in front of the net and the crowd
   * (whose colours it shares) is not its background alone.
   */
  burst(center, halfWidth = 3.66) {
    const half = this.count / 2;
    for (let k = 0; k < this.count; k++) {
      const p = this.p[this.next];
      this.next = (this.next + 1) % this.count;
      const side = k < half ? -1 : 1;
      p.x = center.x + side * (halfWidth + 0.4) + (Math.random() - 0.5) * 0.4;
      p.y = 0.4 + Math.random() * 0.3;
      p.z = center.z - 0.8 + (Math.random() - 0.5) * 0.4;
      // Up, leaning in over the goal mouth and out towards the penalty spot.
      const up = 6 + Math.random() * 4;
      p.vx = -side * (1 + Math.random() * 3.5);
      p.vy = up;
      p.vz = -(2 + Math.random() * 4);
      p.life = 4 + Math.random() * 2;
      p.c = this.colors[Math.floor(Math.random() * this.colors.length)];
    }
    this.alive = this.count;
  }

  /** How many live pieces the camera sees (inside its view, in front of it). */
  onScreen(camera) {
    const v = new THREE.Vector3();
    let n = 0;
    for (const p of this.p) {
      if (p.life <= 0) continue;
      v.set(p.x, p.y, p.z).project(camera);
      if (v.z < 1 && Math.abs(v.x) <= 1 && Math.abs(v.y) <= 1) n++;
    }
    return n;
  }
  update(dt, clock) {
    super.update(dt, 1.6, 1.2, 0.8, clock);
  }
}

/** A flag on a pole, streaming with the wind (hanging down in a calm). */
export class Flag {
  constructor(scene, pos, color, height = 6) {
    this.group = new THREE.Group();
    this.group.position.copy(pos);
    const pole = new THREE.Mesh(new THREE.CylinderGeometry(0.04, 0.05, height, 6), new THREE.MeshStandardMaterial({ color: 0xdddddd }));
    pole.position.y = height / 2;
    this.group.add(pole);
    this.cols = 10;
    this.rows = 6;
    this.w = height > 3 ? 1.6 : 0.5;
    this.h = height > 3 ? 1.0 : 0.35;
    const geo = new THREE.PlaneGeometry(this.w, this.h, this.cols, this.rows);
    this.cloth = new THREE.Mesh(geo, new THREE.MeshStandardMaterial({ color, side: THREE.DoubleSide, roughness: 0.8 }));
    this.cloth.position.y = height - this.h / 2;
    this.group.add(this.cloth);
    this.base = geo.attributes.position.array.slice();
    scene.add(this.group);
    this.height = height;
  }

  update(wind, clock) {
    const sp = Math.hypot(wind.x, wind.z);
    const heading = Math.atan2(wind.x, wind.z); // from +z towards +x
    const stream = Math.min(1, sp / 6);
    const pos = this.cloth.geometry.attributes.position;
    for (let i = 0; i < pos.count; i++) {
      const bx = this.base[i * 3] + this.w / 2; // 0 at the pole
      const by = this.base[i * 3 + 1];
      const u = bx / this.w;
      // Out along the wind when it blows, hanging down the pole when calm.
      const out = bx * (0.25 + 0.75 * stream);
      const droop = bx * (1 - stream) * 0.9;
      const wave = 0.08 * (0.3 + stream) * u * Math.sin(clock * (4 + sp) - u * 6);
      const x = Math.sin(heading) * out + Math.cos(heading) * wave;
      const z = Math.cos(heading) * out - Math.sin(heading) * wave;
      pos.setXYZ(i, x, by - droop, z);
    }
    pos.needsUpdate = true;
    this.cloth.geometry.computeVertexNormals();
  }
}

/** A storm's lightning: a flash now and then; `onFlash` is told (for the thunder). */
export class Lightning {
  constructor(onFlash) {
    this.onFlash = onFlash;
    this.next = 2 + Math.random() * 3;
    this.flash = 0;
  }
  update(dt, on) {
    if (!on) {
      this.flash = 0;
      return 0;
    }
    this.next -= dt;
    if (this.next <= 0) {
      this.next = 3.5 + Math.random() * 6;
      this.flash = 0.45;
      if (this.onFlash) this.onFlash();
    }
    this.flash = Math.max(0, this.flash - dt);
    // Two quick flickers.
    const f = this.flash;
    return f > 0.3 ? 1 : f > 0.22 ? 0.2 : f > 0.12 ? 0.8 : f > 0 ? f * 3 : 0;
  }
}
