// SPDX-License-Identifier: MIT
// The free-kick page: menus, HUD, swipe input and the frame loop. It draws the
// simulation's view and forwards input; every rule (what a swipe means, when
// slow motion starts, what a goal earns) is in the wasm module.
import { createGame, SCREEN, OPT, MODE } from './game.js';
import { Stadium } from './scene.js';
import { Sound } from './audio.js';

const $ = (id) => document.getElementById(id);
const STORE_TOUR = 'kickstep.kick.tour';
const STORE_SETTINGS = 'kickstep.kick.settings';
const STORE_DAILY = 'kickstep.kick.daily';

const OUTCOME_TITLE = {
  goal: 'GOAL!', saved: 'SAVED', woodwork: 'OFF THE WOODWORK', blocked: 'BLOCKED',
  wide: 'WIDE', over: 'OVER THE BAR', short: 'SHORT',
};
const MOMENT_LABEL = {
  woodwork: 'Woodwork', save: 'Great save', top_corner: 'Top corner', in_off_woodwork: 'In off the woodwork',
  panenka: 'Panenka', target_ring: 'Through the ring', curler: 'Curler', past_keeper: 'Past the keeper', rocket: 'Rocket',
};

function load(key, fallback) {
  try {
    const v = JSON.parse(localStorage.getItem(key));
    return v && typeof v === 'object' ? { ...fallback, ...v } : fallback;
  } catch {
    return fallback;
  }
}
function save(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    /* private mode: progress is not kept */
  }
}

function utcDay(ms = Date.now()) {
  return Math.floor(ms / 86400000);
}

async function main() {
  const game = await createGame();
  const stadium = new Stadium($('gl'));
  const sound = new Sound();
  const trail = $('trail');
  const tctx = trail.getContext('2d');
  const tour = load(STORE_TOUR, { stars: [] });
  const settings = load(STORE_SETTINGS, { effects: true, keeper: false, sound: true });
  const daily = load(STORE_DAILY, { day: -1, goals: 0, kicks: 0 });
  const ui = { menuOpen: true, lastScreen: -1, resultShown: false, swipe: null, trailPts: [], toastTimer: 0, text: {} };
  const api = { game, ready: false, log: game.log, events: [], frames: 0, lastStatus: 0, stadium };
  window.__kick = api;

  // ------------------------------------------------------------------ settings
  function applySettings() {
    game.setOption(OPT.EFFECTS, settings.effects ? 1 : 0);
    game.setOption(OPT.PERSON_KEEPER, settings.keeper ? 1 : 0);
    sound.setEnabled(settings.sound);
    $('opt-effects').checked = settings.effects;
    $('opt-keeper').checked = settings.keeper;
    $('opt-sound').checked = settings.sound;
  }
  for (const [id, key] of [['opt-effects', 'effects'], ['opt-keeper', 'keeper'], ['opt-sound', 'sound']]) {
    $(id).addEventListener('change', (e) => {
      settings[key] = e.target.checked;
      save(STORE_SETTINGS, settings);
      applySettings();
      if (key === 'keeper') toast('Applies from the next kick');
    });
  }

  // --------------------------------------------------------------------- menus
  function showPanel(id) {
    for (const p of document.querySelectorAll('.menu-panel')) p.classList.toggle('hidden', p.id !== id);
  }
  function openMenu(panel = 'menu-main') {
    ui.menuOpen = true;
    $('menu').classList.remove('hidden');
    $('btn-resume').classList.toggle('hidden', ui.lastScreen < 0);
    showPanel(panel);
    game.pause();
  }
  function closeMenu() {
    ui.menuOpen = false;
    $('menu').classList.add('hidden');
    game.resume();
  }
  function renderTour() {
    const list = $('tour-list');
    list.textContent = '';
    const n = game.levelCount();
    for (let i = 0; i < n; i++) {
      const stars = tour.stars[i] || 0;
      const unlocked = i === 0 || (tour.stars[i - 1] || 0) > 0;
      const li = document.createElement('li');
      const b = document.createElement('button');
      b.className = 'level-btn' + (unlocked ? '' : ' locked');
      b.disabled = !unlocked;
      b.dataset.level = String(i);
      b.innerHTML = `<span class="num">${game.levelText(i, 'id')}</span><span class="name">${game.levelText(i, 'name')}<small>${game.levelText(i, 'world')} · ${game.levelText(i, 'blurb')}</small></span><span class="stars">${starText(stars)}</span>`;
      b.addEventListener('click', () => startTour(i));
      li.append(b);
      list.append(li);
    }
  }
  function starText(n) {
    return '★'.repeat(n) + '☆'.repeat(3 - n);
  }
  $('btn-menu').addEventListener('click', () => openMenu());
  $('btn-tour').addEventListener('click', () => {
    renderTour();
    showPanel('menu-tour');
  });
  $('btn-settings').addEventListener('click', () => showPanel('menu-settings'));
  $('btn-resume').addEventListener('click', closeMenu);
  for (const b of document.querySelectorAll('[data-back]')) b.addEventListener('click', () => showPanel('menu-main'));
  $('btn-daily').addEventListener('click', startDaily);
  $('daily-label').textContent = new Date(utcDay() * 86400000).toISOString().slice(0, 10);

  function startTour(level) {
    sound.unlock();
    const st = game.init(level, 20261029);
    if (st !== 0) return toast(`Cannot start level: ${game.status(st)}`);
    began();
  }
  function startDaily() {
    sound.unlock();
    const day = utcDay();
    const date = new Date(day * 86400000);
    const st = game.initDaily(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
    if (st !== 0) return toast(`Cannot start the Daily Kick: ${game.status(st)}`);
    if (daily.day !== day) Object.assign(daily, { day, goals: 0, kicks: 0 });
    began();
  }
  function began() {
    ui.redraw = true;
    hideResult();
    closeMenu();
    ui.lastScreen = 0;
  }

  // -------------------------------------------------------------------- result
  function showResult() {
    game.read();
    ui.resultShown = true;
    const outcome = game.outcomeName(game.v('last_outcome'));
    const moments = game.v('last_moments');
    const mode = game.v('mode');
    $('result-title').textContent = OUTCOME_TITLE[outcome] || outcome.toUpperCase();
    $('result-title').className = 'result-title ' + (outcome === 'goal' ? 'good' : 'bad');
    const chips = $('result-moments');
    chips.textContent = '';
    for (let bit = 1; bit <= 256; bit <<= 1) {
      if (moments & bit) {
        const c = document.createElement('span');
        c.className = 'chip';
        c.textContent = MOMENT_LABEL[game.momentName(bit)] || game.momentName(bit);
        chips.append(c);
      }
    }
    const passed = game.v('passed') !== 0;
    const stars = game.v('stars');
    const level = game.v('level');
    let note = '';
    let next = 'Next kick';
    if (mode === MODE.TOUR) {
      if (passed) {
        if ((tour.stars[level] || 0) < stars) {
          tour.stars[level] = stars;
          save(STORE_TOUR, tour);
        }
        note = `Level passed on attempt ${game.v('attempt')}`;
        next = level + 1 < game.levelCount() ? 'Next level' : 'Tour complete!';
        const rule = game.levelText(level, `star${Math.min(3, stars + 1)}`);
        if (stars < 3 && rule) note += ` · next star: ${rule}`;
      } else {
        const left = game.v('attempts_max') - game.v('attempt');
        note = left > 0 ? `${left} attempt${left === 1 ? '' : 's'} left` : 'Out of attempts: the level starts again';
        const rule = game.levelText(level, 'star1');
        if (rule) note = `To pass: ${rule.toLowerCase()} · ${note}`;
      }
    } else if (mode === MODE.DAILY) {
      daily.kicks++;
      if (outcome === 'goal') daily.goals++;
      save(STORE_DAILY, daily);
      note = `Daily Kick: ${daily.goals} goal${daily.goals === 1 ? '' : 's'} from ${daily.kicks}`;
    } else {
      note = 'A shared kick, replayed from its code';
      next = 'Play the World Tour';
    }
    $('result-stars').textContent = mode === MODE.TOUR ? starText(game.v('last_stars')) : '';
    $('result-note').textContent = note;
    $('btn-next').textContent = next;
    $('share-link').classList.add('hidden');
    $('result').classList.remove('hidden');
  }
  function hideResult() {
    ui.resultShown = false;
    $('result').classList.add('hidden');
  }
  $('btn-next').addEventListener('click', () => {
    if (game.v('mode') === MODE.SHARED) {
      history.replaceState(null, '', location.pathname);
      return startTour(0);
    }
    const st = game.next();
    if (st !== 0) {
      openMenu();
      renderTour();
      showPanel('menu-tour');
      return;
    }
    hideResult();
  });
  $('btn-result-menu').addEventListener('click', () => openMenu());
  $('btn-share').addEventListener('click', async () => {
    const code = game.shareCode();
    if (!code) return;
    const url = `${location.origin}${location.pathname}?share=${code}`;
    const input = $('share-link');
    input.value = url;
    input.classList.remove('hidden');
    input.select();
    try {
      await navigator.clipboard.writeText(url);
      toast('Link copied');
    } catch {
      toast('Copy the link to share this kick');
    }
  });

  function toast(msg) {
    const t = $('toast');
    t.textContent = msg;
    t.classList.remove('hidden');
    clearTimeout(ui.toastTimer);
    ui.toastTimer = setTimeout(() => t.classList.add('hidden'), 2200);
  }

  // --------------------------------------------------------------------- input
  function rel(e) {
    const r = trail.getBoundingClientRect();
    // x, y in screen heights (the swipe reader's units); px, py in CSS pixels for the trail.
    return { x: (e.clientX - r.left) / r.width, y: (e.clientY - r.top) / r.height, hx: (e.clientX - r.left) / r.height, hy: (e.clientY - r.top) / r.height, px: e.clientX - r.left, py: e.clientY - r.top };
  }
  trail.addEventListener('pointerdown', (e) => {
    if (ui.menuOpen || ui.resultShown) return;
    sound.unlock();
    const screen = game.v('screen');
    if (screen === SCREEN.REPLAY || game.v('replay_pending')) {
      game.tap(0, 0); // skips the replay
      return;
    }
    if (screen === SCREEN.FLIGHT && game.v('person_keeper')) {
      const p = rel(e);
      const hit = stadium.tapToGoal(p.x, p.y);
      if (hit) game.tap(hit.x, hit.y);
      return;
    }
    if (screen !== SCREEN.AIM) return;
    if (game.swipeBegin() !== 0) return;
    trail.setPointerCapture(e.pointerId);
    ui.swipe = { id: e.pointerId };
    ui.trailPts = [];
    addPoint(e);
  });
  function addPoint(e) {
    const p = rel(e);
    // The event's own timestamp, not the frame's: the swipe is read in its own time.
    api.lastStatus = game.swipePoint(e.timeStamp / 1000, p.hx, p.hy);
    ui.trailPts.push({ x: p.px, y: p.py, born: performance.now() });
  }
  trail.addEventListener('pointermove', (e) => {
    if (!ui.swipe || e.pointerId !== ui.swipe.id) return;
    const list = e.getCoalescedEvents ? e.getCoalescedEvents() : [e];
    for (const c of list.length ? list : [e]) addPoint(c);
  });
  function endSwipe(e) {
    if (!ui.swipe || e.pointerId !== ui.swipe.id) return;
    addPoint(e);
    ui.swipe = null;
    const st = game.swipeEnd();
    api.lastStatus = st;
    if (st !== 0) toast(game.swipeError() === 'not_upward' ? 'Swipe up, towards the goal' : 'Swipe a little longer');
  }
  trail.addEventListener('pointerup', endSwipe);
  trail.addEventListener('pointercancel', (e) => {
    if (ui.swipe && e.pointerId === ui.swipe.id) {
      ui.swipe = null;
      ui.trailPts = [];
    }
  });

  function drawTrail(now) {
    const dpr = Math.min(window.devicePixelRatio || 1, 2);
    tctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    tctx.clearRect(0, 0, trail.width, trail.height);
    const pts = ui.trailPts.filter((p) => now - p.born < 650);
    ui.trailPts = ui.swipe ? ui.trailPts : pts;
    if (pts.length < 2) return;
    tctx.lineCap = 'round';
    tctx.lineJoin = 'round';
    for (let i = 1; i < pts.length; i++) {
      const a = pts[i - 1], b = pts[i];
      const life = 1 - (now - b.born) / 650;
      tctx.strokeStyle = `rgba(255, 230, 120, ${0.85 * life})`;
      tctx.lineWidth = 4 + 10 * life * (i / pts.length);
      tctx.beginPath();
      tctx.moveTo(a.x, a.y);
      tctx.lineTo(b.x, b.y);
      tctx.stroke();
    }
  }

  // ----------------------------------------------------------------- the frame
  function resize() {
    const r = $('stage').getBoundingClientRect();
    const dpr = Math.min(window.devicePixelRatio || 1, 2);
    stadium.resize(r.width, r.height);
    trail.width = Math.round(r.width * dpr);
    trail.height = Math.round(r.height * dpr);
  }
  window.addEventListener('resize', resize);
  resize();

  document.addEventListener('visibilitychange', () => {
    if (document.hidden) {
      game.pause();
      sound.suspend();
    } else {
      if (!ui.menuOpen) game.resume();
      sound.resume();
      lastTs = null;
    }
  });

  function setText(id, text) {
    if (ui.text[id] !== text) {
      ui.text[id] = text;
      $(id).textContent = text;
    }
  }

  function hud() {
    const mode = game.v('mode');
    const level = game.v('level');
    if (mode === MODE.TOUR) {
      setText('hud-level', `${game.levelText(level, 'id')} ${game.levelText(level, 'name')}`);
      const keeper = game.levelText(level, 'keeper');
      setText('hud-venue', `${game.levelText(level, 'world')}${keeper ? ` · ${keeper} in goal` : ''} · ★ ${game.levelText(level, 'star1')}`);
      const max = game.v('attempts_max');
      const at = game.v('attempt');
      let dots = '';
      for (let i = 1; i <= max; i++) dots += i < at ? '●' : i === at ? '◉' : '○';
      setText('hud-attempts', `Attempt ${at}/${max} ${dots}`);
      const s = Math.max(tour.stars[level] || 0, game.v('stars'));
      setText('hud-stars', starText(s));
    } else if (mode === MODE.DAILY) {
      setText('hud-level', `Daily Kick · ${game.v('year')}-${String(game.v('month')).padStart(2, '0')}-${String(game.v('day')).padStart(2, '0')}`);
      const keeper = game.dailyText('keeper');
      setText('hud-venue', `${game.dailyText('venue')}${keeper ? ` · ${keeper} in goal` : ''}`);
      setText('hud-attempts', `Kick ${game.v('attempt')} · ${game.v('goals')} goals`);
      setText('hud-stars', '');
    } else {
      setText('hud-level', 'Shared kick');
      setText('hud-venue', 'Replayed from its code');
      setText('hud-attempts', '');
      setText('hud-stars', '');
    }
    // Wind: direction relative to the camera (screen up = towards the goal; screen right = -x).
    const wx = game.v('wind_x'), wz = game.v('wind_z');
    const speed = game.v('wind_speed'), mean = game.v('wind_mean');
    const ang = (Math.atan2(-wx, wz) * 180) / Math.PI;
    $('wind-arrow').setAttribute('transform', `rotate(${ang.toFixed(1)} 20 20)`);
    $('wind').classList.toggle('calm', speed < 0.05);
    setText('wind-speed', speed.toFixed(1));
    const gust = mean > 0 ? Math.max(0, Math.min(1, 0.5 + (speed - mean) / (mean * 0.66 + 1e-9))) : 0;
    $('wind-gust').style.width = `${(gust * 100).toFixed(0)}%`;
    setText('wind-label', speed < 0.05 ? 'calm' : game.v('wind_gustiness') > 0.25 ? 'gusty' : 'steady');

    const screen = game.v('screen');
    document.body.classList.toggle('aiming', screen === SCREEN.AIM && !ui.menuOpen);
    document.body.classList.toggle('replaying', screen === SCREEN.REPLAY);
    document.body.classList.toggle('slowmo', game.v('slow_motion') !== 0);
    document.body.classList.toggle('keeper-turn', screen === SCREEN.FLIGHT && game.v('person_keeper') !== 0 && game.v('taps') === 0 && game.v('phase') === 1);
  }

  function onEvents(evs) {
    for (const e of evs) {
      api.events.push({ name: e.name, step: e.step, subject: e.subject, replay: e.replay });
      switch (e.name) {
        case 'strike': sound.strike(Math.min(1, Math.hypot(...e.value) / 30)); break;
        case 'post': case 'bar': sound.post(); if (!e.replay) flashMoment('CLANG!'); break;
        case 'save': sound.crowdReact('groan'); if (!e.replay) flashMoment('SAVED!'); break;
        case 'goal': sound.crowdReact('roar'); if (!e.replay) flashMoment('GOAL!'); break;
        case 'ring': flashMoment('RING!'); break;
        case 'shake': stadium.kick(e.value[0]); break;
        case 'decided': if (e.subject !== 1 && !e.replay) sound.crowdReact('groan'); break;
        default: break;
      }
    }
    if (api.events.length > 400) api.events.splice(0, api.events.length - 400);
  }
  function flashMoment(text) {
    const m = $('moment');
    m.textContent = text;
    m.classList.remove('show');
    void m.offsetWidth;
    if (text) m.classList.add('show');
  }

  // Tests may drive the frames themselves (?manual): the page then draws on
  // every animation frame but only api.run() hands frames to the game, with
  // scripted timestamps, so a slow machine cannot change what a test sees.
  const manual = new URLSearchParams(location.search).has('manual');
  let manualT = 1000;
  function tick(target) {
    if (ui.menuOpen) return;
    // The frame's own timestamp goes to the director, which caps and scales it.
    game.frame(target);
    onEvents(game.events());
  }
  function present(dt) {
    game.read();
    const screen = game.v('screen');
    if (game.v('in_net') && !ui.inNet) sound.net();
    ui.inNet = game.v('in_net') !== 0;
    if (screen === SCREEN.RESULT && !ui.resultShown && !ui.menuOpen) showResult();
    if (screen !== SCREEN.RESULT && ui.resultShown) hideResult();
    if (!ui.menuOpen) ui.lastScreen = screen;
    hud();
    stadium.update(game, dt);
    drawTrail(performance.now());
  }
  /** Test hook: n frames of dt seconds each; stops early when until(view) is true. */
  api.run = (n, dt = 1 / 60, until = null) => {
    let i = 0;
    for (; i < n; i++) {
      manualT += dt;
      tick(manualT);
      game.read();
      if (until && until((name) => game.v(name))) break;
    }
    present(dt);
    return i;
  };
  api.view = (name) => game.read().v(name);

  let lastTs = null;
  function frame(ts) {
    const dt = lastTs === null ? 0 : (ts - lastTs) / 1000;
    lastTs = ts;
    // With ?manual the test's api.run() draws; the loop only keeps the page alive.
    if (!manual) tick(ts / 1000);
    if (!manual || api.frames < 3 || ui.redraw) present(dt);
    ui.redraw = false;
    api.frames++;
    if (!api.ready && api.frames > 2) {
      api.ready = true;
      window.__ready = true;
    }
    requestAnimationFrame(frame);
  }

  // ------------------------------------------------------------------- start
  applySettings();
  game.init(0, 20261029);
  const share = new URLSearchParams(location.search).get('share');
  if (share) {
    const res = game.loadShare(share);
    const st = res.status;
    if (st === 0) {
      ui.menuOpen = false;
      $('menu').classList.add('hidden');
      ui.lastScreen = SCREEN.FLIGHT;
      api.shareStatus = 'ok';
    } else {
      api.shareStatus = game.status(st);
      api.shareMessage = res.message;
      toast(`This share link cannot be played: ${res.message || game.status(st)}`);
      game.init(0, 20261029);
      game.pause();
    }
  } else {
    game.pause();
  }
  requestAnimationFrame(frame);
}

window.__ready = false;
main().catch((e) => {
  console.error(e);
  const t = document.getElementById('toast');
  if (t) {
    t.textContent = `The game could not start: ${e.message}`;
    t.classList.remove('hidden');
  }
});
