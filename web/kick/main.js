// SPDX-License-Identifier: MIT
// The free-kick page: menus, HUD, input and the frame loop. It draws the
// simulation's view and forwards input; every rule (what a swipe or a key
// press means, when slow motion starts, what a goal earns, how many tries a
// day) is in the wasm module. The page keeps the player's progress in
// localStorage and gives it back to the module on the next visit.
import { createGame, SCREEN, OPT, MODE, OUTCOME, POINTS_FOR } from './game.js';
import { Stadium } from './scene.js';
import { Sound } from './audio.js';
import { worldOf } from './worlds.js';

const $ = (id) => document.getElementById(id);
const STORE_TOUR = 'kickstep.kick.tour';
const STORE_SETTINGS = 'kickstep.kick.settings';
const STORE_DAILY = 'kickstep.kick.daily';
const STORE_COACH = 'kickstep.kick.coach';
const STORE_PROGRESS = 'kickstep.kick.progress';

const OUTCOME_TITLE = {
  goal: 'GOAL!', saved: 'SAVED', woodwork: 'OFF THE WOODWORK', blocked: 'BLOCKED',
  wide: 'WIDE', over: 'OVER THE BAR', short: 'SHORT',
};
const MOMENT_LABEL = {
  woodwork: 'Woodwork', save: 'Great save', top_corner: 'Top corner', in_off_woodwork: 'In off the woodwork',
  panenka: 'Panenka', target_ring: 'Through the ring', curler: 'Curler', past_keeper: 'Past the keeper', rocket: 'Rocket',
};
const BEND_STEPS = [0, 0.5, 1, -0.5, -1];

function load(key, fallback) {
  try {
    const v = JSON.parse(localStorage.getItem(key));
    return v && typeof v === 'object' ? { ...fallback, ...v } : { ...fallback };
  } catch {
    return { ...fallback };
  }
}
function save(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    /* private mode: progress is not kept */
  }
}
function loadText(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}
function saveText(key, value) {
  try {
    localStorage.setItem(key, value);
  } catch {
    /* private mode: progress is not kept */
  }
}
function utcDay(ms = Date.now()) {
  return Math.floor(ms / 86400000);
}
const fmt = (n) => Math.round(n).toLocaleString('en-GB');

async function main() {
  const params = new URLSearchParams(location.search);
  const game = await createGame();
  if (params.has('logmax')) game.log.max = Math.max(100, Number(params.get('logmax')) || 100);
  const stadium = new Stadium($('gl'));
  const sound = new Sound();
  stadium.onThunder = () => sound.thunder();
  const trail = $('trail');
  const tctx = trail.getContext('2d');
  const tour = load(STORE_TOUR, { stars: [], best: [], attempt: null });
  const settings = load(STORE_SETTINGS, { effects: true, keeper: false, sound: true, music: true, haptics: true });
  const coach = load(STORE_COACH, { scored: false });
  const ui = {
    menuOpen: true, lastScreen: -1, resultShown: false, swipe: null, trailPts: [], toastTimer: 0, text: {},
    crossings: [], marksFor: null, keys: { aim: 0, height: 0.45, bend: 0, used: false }, coachT: 0,
  };
  const api = { game, ready: false, log: game.log, events: [], frames: 0, lastStatus: 0, stadium };
  window.__kick = api;

  // ------------------------------------------------ stored progress, given back
  // The session's own bytes (kick_session_progress_save: the tour's stars and
  // bests, the Daily Kick's record, checksummed); the page keeps them as hex
  // and holds no rule of its own. A page from before them kept JSON, read once.
  const storedBytes = loadText(STORE_PROGRESS);
  if (!storedBytes || game.progressLoad(storedBytes) !== 0) {
    for (let i = 0; i < game.levelCount(); i++) {
      const st = Math.max(0, Math.min(game.v('star_count'), Number(tour.stars[i]) || 0));
      const best = Math.max(0, Math.floor(Number(tour.best[i]) || 0));
      if (st || best) game.progressSet(i, st, best);
    }
    const dailyStored = load(STORE_DAILY, {});
    if (dailyStored.day !== undefined) game.dailySet(dailyStored); // a damaged record is refused and dropped
    saveProgress();
  }
  function saveProgress() {
    const bytes = game.progressSave();
    if (bytes) saveText(STORE_PROGRESS, bytes);
  }
  function saveDaily() {
    saveProgress();
  }
  // The attempt is spent when the kick is read, before its flight: it is
  // stored then, so reloading the page during a flight (or the run-up) does
  // not give it back. The World Tour stores the attempt the session names
  // (kx_attempt_spent: the next one, 1 after the last, the same after a
  // friendly); the Daily Kick stores the progress the session gives for a
  // kick read (kx_progress_save_spent: the try counted as a miss until its
  // result says more).
  function spendAttempt() {
    game.read();
    if (game.v('mode') === MODE.TOUR) {
      const next = game.attemptSpent();
      if (next > 0) {
        tour.attempt = { level: game.v('level'), attempt: next };
        save(STORE_TOUR, tour);
      }
    } else if (game.v('mode') === MODE.DAILY) {
      const bytes = game.progressSaveSpent();
      if (bytes) saveText(STORE_PROGRESS, bytes);
    }
  }
  for (const name of ['swipeEnd', 'keysRelease']) {
    const read = game[name];
    game[name] = (...a) => {
      const st = read(...a);
      if (st === 0) spendAttempt();
      return st;
    };
  }
  function saveAttempt() {
    game.read();
    tour.attempt = game.v('mode') === MODE.TOUR ? { level: game.v('level'), attempt: game.v('attempt') } : tour.attempt;
    save(STORE_TOUR, tour);
  }

  // ------------------------------------------------------------------ settings
  function applySettings() {
    game.setOption(OPT.EFFECTS, settings.effects ? 1 : 0);
    game.setOption(OPT.PERSON_KEEPER, settings.keeper ? 1 : 0);
    sound.setEnabled(settings.sound);
    sound.setMusic(settings.music);
    for (const [id, key] of [['opt-effects', 'effects'], ['opt-keeper', 'keeper'], ['opt-sound', 'sound'], ['opt-music', 'music'], ['opt-haptics', 'haptics']]) $(id).checked = !!settings[key];
  }
  for (const [id, key] of [['opt-effects', 'effects'], ['opt-keeper', 'keeper'], ['opt-sound', 'sound'], ['opt-music', 'music'], ['opt-haptics', 'haptics']]) {
    $(id).addEventListener('change', (e) => {
      settings[key] = e.target.checked;
      save(STORE_SETTINGS, settings);
      applySettings();
      if (key === 'keeper') {
        game.read();
        const now = game.v('screen') === SCREEN.AIM && game.v('person_keeper') === (settings.keeper ? 1 : 0);
        if (game.v('mode') === MODE.DAILY) toast(settings.keeper ? 'The Daily Kick keeps its own keeper: your friend can go in goal on the World Tour' : 'Your friend is out of goal');
        else toast(now ? (settings.keeper ? 'Your friend is in goal for this kick: a friendly, for no stars' : 'The keeper is back for this kick') : 'Applies from the next kick');
      }
    });
  }
  function buzz(pattern) {
    if (settings.haptics && navigator.vibrate) {
      try {
        navigator.vibrate(pattern);
      } catch {
        /* not allowed here */
      }
    }
  }

  // --------------------------------------------------------------------- menus
  function showPanel(id) {
    for (const p of document.querySelectorAll('.menu-panel')) p.classList.toggle('hidden', p.id !== id);
  }
  function openMenu(panel = 'menu-main') {
    ui.menuOpen = true;
    $('menu').classList.remove('hidden');
    $('btn-resume').classList.toggle('hidden', ui.lastScreen < 0);
    renderLabels();
    showPanel(panel);
    game.pause();
  }
  function closeMenu() {
    ui.menuOpen = false;
    $('menu').classList.add('hidden');
    game.resume();
  }
  const starText = (n) => '★'.repeat(n) + '☆'.repeat(game.v('star_count') - n);
  function renderLabels() {
    game.read();
    $('tour-label').textContent = `${game.v('tour_stars')} of ${game.v('tour_stars_max')} stars`;
    const d = todayDate();
    const left = dailyTriesLeft();
    $('daily-label').textContent = `${d.label} · ${left > 0 ? `${left} ${left === 1 ? 'try' : 'tries'} left` : 'played today'}${game.v('daily_streak') > 0 ? ` · streak ${game.v('daily_streak')}` : ''}`;
  }
  function renderTour() {
    const list = $('tour-list');
    list.textContent = '';
    game.read();
    $('tour-total').textContent = `★ ${game.v('tour_stars')}/${game.v('tour_stars_max')} · ${fmt(game.v('tour_points'))} pts`;
    const n = game.levelCount();
    for (let i = 0; i < n; i++) {
      const stars = game.levelStars(i);
      const unlocked = game.levelUnlocked(i);
      const li = document.createElement('li');
      const b = document.createElement('button');
      b.className = 'level-btn' + (unlocked ? '' : ' locked');
      b.disabled = !unlocked;
      b.dataset.level = String(i);
      const best = game.levelBest(i);
      const resume = tour.attempt && tour.attempt.level === i && tour.attempt.attempt > 1 ? ` · attempt ${tour.attempt.attempt}` : '';
      b.innerHTML = `<span class="num">${game.levelText(i, 'id')}</span><span class="name">${game.levelText(i, 'name')}<small>${game.levelText(i, 'world')} · ${game.levelText(i, 'blurb')}${resume}</small></span><span class="stars">${starText(stars)}${best > 0 ? `<span class="best">${fmt(best)}</span>` : ''}</span>`;
      b.addEventListener('click', () => startTour(i));
      li.append(b);
      list.append(li);
    }
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

  function todayDate() {
    const date = new Date(utcDay() * 86400000);
    return { y: date.getUTCFullYear(), m: date.getUTCMonth() + 1, d: date.getUTCDate(), label: date.toISOString().slice(0, 10) };
  }
  function dailyTriesLeft() {
    game.read();
    return game.v('daily_day') === utcDay() ? game.v('daily_tries_max') - game.v('daily_tries') : game.v('daily_tries_max');
  }

  function startTour(level) {
    sound.unlock();
    const attempt = tour.attempt && tour.attempt.level === level ? tour.attempt.attempt : 1;
    let st = game.initAttempt(level, attempt);
    if (st !== 0) st = game.initAttempt(level, 1);
    if (st !== 0) return toast(`Cannot start level: ${game.status(st)}`);
    ui.crossings = [];
    saveAttempt();
    began();
  }
  function startDaily() {
    sound.unlock();
    const d = todayDate();
    const st = game.initDaily(d.y, d.m, d.d);
    saveDaily();
    if (st !== 0) {
      // The day's three tries are used: the day's result and its share.
      showDailySummary();
      return;
    }
    ui.crossings = [];
    began();
  }
  function showDailySummary() {
    hideResult();
    game.read();
    const d = todayDate();
    const mask = game.v('daily_goals_mask');
    const tries = game.v('daily_tries');
    $('daily-line').innerHTML = triesLine(mask, tries, tries);
    $('daily-summary').textContent = `${d.label}: all three tries played. Best ${fmt(game.v('daily_best'))} points · streak ${game.v('daily_streak')} (best ${game.v('daily_best_streak')}). A new Daily Kick comes at midnight UTC.`;
    openMenu('menu-daily');
  }
  /** The day's tries as marks: a green ball per goal, a red cross per miss, rings for tries to come. */
  function triesLine(mask, tries, of) {
    let h = '';
    for (let i = 0; i < of; i++) h += i < tries ? (mask & (1 << i) ? '<span class="try goal">●</span>' : '<span class="try miss">✕</span>') : '<span class="try left">○</span>';
    return h;
  }
  function began() {
    ui.redraw = true;
    hideResult();
    $('trophy').classList.add('hidden');
    closeMenu();
    ui.lastScreen = 0;
  }

  // -------------------------------------------------------------------- result
  function bendWords(b) {
    if (Math.abs(b) < 0.01) return 'no bend';
    return `bent ${Math.abs(b).toFixed(2)} to the ${b > 0 ? 'left' : 'right'}`;
  }
  function showResult() {
    game.read();
    ui.resultShown = true;
    const outcome = game.outcomeName(game.v('last_outcome'));
    const moments = game.v('last_moments');
    const mode = game.v('mode');
    const goal = outcome === 'goal';
    $('result-title').textContent = OUTCOME_TITLE[outcome] || outcome.toUpperCase();
    $('result-title').className = 'result-title ' + (goal ? 'good' : 'bad');
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
    // How fast, how much it bent, where it crossed.
    const speed = game.v('launch_speed');
    const crossed = game.v('crossed') !== 0;
    // Each part keeps to one line (a number never parts from its unit).
    const stats = $('result-stats');
    stats.textContent = '';
    const parts = [`${speed.toFixed(1)} m/s`, bendWords(game.v('bend'))];
    // A miss says where it went in words (kx_miss_text); a goal where it went in.
    const miss = goal ? '' : game.missText();
    $('result-miss').textContent = miss ? miss[0].toUpperCase() + miss.slice(1) : '';
    $('result-tip').textContent = game.missTip();
    if (crossed && goal) parts.push(`crossed ${Math.abs(game.v('cross_x')).toFixed(1)} m ${game.v('cross_x') > 0 ? 'left' : 'right'}, ${game.v('cross_y').toFixed(1)} m up`);
    parts.forEach((text, i) => {
      if (i > 0) stats.append(' · ');
      const span = document.createElement('span');
      span.textContent = text;
      stats.append(span);
    });
    const items = game.points();
    const pl = $('result-points');
    pl.textContent = '';
    const label = (it) => (it.kind === POINTS_FOR.GOAL ? 'Goal' : it.kind === POINTS_FOR.RING ? `Ring ${it.what + 1}` : MOMENT_LABEL[game.momentName(it.what)] || game.momentName(it.what));
    let total = 0;
    for (const it of items) {
      total += it.points;
      pl.insertAdjacentHTML('beforeend', `<span>${label(it)}</span><span>${it.kind === POINTS_FOR.GOAL ? '' : '+'}${fmt(it.points)}</span>`);
    }
    pl.insertAdjacentHTML('beforeend', `<span class="total">Points</span><span class="total">${fmt(total)}</span>`);
    pl.classList.toggle('hidden', items.length === 0); // a miss earns nothing: no list of nothing
    const passed = game.v('passed') !== 0;
    const level = game.v('level');
    let note = '';
    let next = 'Next kick';
    ui.tourDone = false;
    if (mode === MODE.TOUR && game.v('friendly')) {
      note = 'A friendly: your friend kept goal, so it earns no stars and uses no attempt. Switch the friend off in Settings to play for stars.';
      next = 'Kick again';
    } else if (mode === MODE.TOUR) {
      saveProgress();
      const best = game.levelBest(level);
      if (passed) {
        note = `Level passed on attempt ${game.v('attempt')} · best ${fmt(best)} points`;
        const stars = game.v('stars');
        next = level + 1 < game.levelCount() ? 'Next level' : 'See your trophy';
        ui.tourDone = game.v('tour_complete') !== 0;
        const rule = game.levelText(level, `star${Math.min(game.v('star_count'), stars + 1)}`);
        if (stars < game.v('star_count') && rule) note += ` · next star: ${rule}`;
      } else {
        const left = game.v('attempts_max') - game.v('attempt');
        note = left > 0 ? `${left} attempt${left === 1 ? '' : 's'} left` : 'Out of attempts: the level starts again';
        const rule = game.levelText(level, 'star1');
        if (rule) note = `To pass: ${rule.toLowerCase()} · ${note}`;
      }
    } else if (mode === MODE.DAILY) {
      saveDaily();
      const left = game.v('daily_tries_left');
      note = `Try ${game.v('daily_tries')} of ${game.v('daily_tries_max')} · today's best ${fmt(game.v('daily_best'))} · streak ${game.v('daily_streak')}`;
      next = left > 0 ? 'Next try' : "Today's result";
    } else {
      note = 'A shared kick, replayed from its code';
      next = 'Play the World Tour';
    }
    if (goal) {
      coach.scored = true;
      save(STORE_COACH, coach);
    }
    $('result-stars').textContent = mode === MODE.TOUR && !game.v('friendly') ? starText(game.v('last_stars')) : '';
    $('result-note').textContent = note;
    $('btn-next').textContent = next;
    $('share-link').classList.add('hidden');
    $('result').classList.remove('hidden');
    $('cross-label').textContent = miss;
    ui.crossMark = crossed ? { x: game.v('cross_x'), y: game.v('cross_y'), z: game.v('cross_z'), goal } : null;
    $('result').dataset.dock = '';
    ui.docked = false;
    placeResult();
  }
  function hideResult() {
    ui.resultShown = false;
    ui.crossMark = null;
    $('result').classList.add('hidden');
  }

  // The crossing, marked in the picture: projected with the camera the player
  // sees, each frame while the result shows (the camera may still turn). The
  // panel keeps out of its way: centred when that covers nothing, else docked
  // to the side (or top or bottom) away from the mark.
  const DOCKS = { wide: ['', 'left', 'right', 'bottom', 'top'], tall: ['', 'bottom', 'top', 'left', 'right'] };
  function crossOnScreen() {
    const c = ui.crossMark;
    if (!c) return null;
    const r = $('stage').getBoundingClientRect();
    stadium.camera.updateMatrixWorld();
    const p = stadium.project(c.x, Math.max(0.12, c.y), c.z);
    if (!p.visible) return null;
    const m = 18;
    const x = p.x * r.width, y = p.y * r.height;
    const cx = Math.min(r.width - m, Math.max(m, x)), cy = Math.min(r.height - m, Math.max(m, y));
    return { x: cx, y: cy, edge: cx !== x || cy !== y, w: r.width, h: r.height };
  }
  /** The screen box (CSS px) of the goal's frame as the camera shows it, or null. */
  function goalOnScreen(w, h) {
    const pts = [[-3.78, 0], [3.78, 0], [-3.78, 2.56], [3.78, 2.56]].map(([x, y]) => stadium.project(x, y, 0));
    if (pts.some((p) => !p.visible)) return null;
    const xs = pts.map((p) => p.x * w), ys = pts.map((p) => p.y * h);
    return { left: Math.min(...xs), right: Math.max(...xs), top: Math.min(...ys), bottom: Math.max(...ys) };
  }
  function placeResult() {
    const mark = crossOnScreen();
    const el = $('cross-mark');
    el.classList.toggle('hidden', !mark);
    api.crossMark = mark;
    if (!mark) return;
    el.style.left = `${mark.x.toFixed(1)}px`;
    el.style.top = `${mark.y.toFixed(1)}px`;
    el.classList.toggle('goal', ui.crossMark.goal);
    el.classList.toggle('edge', mark.edge);
    el.classList.toggle('label-above', mark.y > mark.h * 0.6);
    el.classList.toggle('label-start', mark.x < 150);
    el.classList.toggle('label-end', mark.x > mark.w - 150);
    const res = $('result');
    const panel = res.querySelector('.panel');
    // What must stay in sight: the mark and its words; if the panel can, the goal as well.
    const pad = 14;
    const boxes = [el.querySelector('i'), el.querySelector('span')].map((e) => e.getBoundingClientRect()).filter((b) => b.width > 0);
    const keep = boxes.reduce((a, b) => ({ left: Math.min(a.left, b.left), right: Math.max(a.right, b.right), top: Math.min(a.top, b.top), bottom: Math.max(a.bottom, b.bottom) }));
    const goalBox = goalOnScreen(mark.w, mark.h);
    const wide = goalBox ? { left: Math.min(keep.left, goalBox.left), right: Math.max(keep.right, goalBox.right), top: Math.min(keep.top, goalBox.top), bottom: Math.max(keep.bottom, goalBox.bottom) } : keep;
    const clear = (b, k) => k.right < b.left - pad || k.left > b.right + pad || k.bottom < b.top - pad || k.top > b.bottom + pad;
    if (clear(panel.getBoundingClientRect(), keep) && (ui.docked || clear(panel.getBoundingClientRect(), wide))) return;
    // Opposite the mark first.
    const order = mark.w > mark.h ? DOCKS.wide.slice() : DOCKS.tall.slice();
    const away = (d) => (d === 'left' ? mark.x > mark.w / 2 : d === 'right' ? mark.x < mark.w / 2 : d === 'top' ? mark.y > mark.h / 2 : d === 'bottom' ? mark.y < mark.h / 2 : true);
    order.sort((a, b) => Number(away(b)) - Number(away(a)));
    ui.docked = true;
    for (const k of [wide, keep]) {
      for (const d of order) {
        res.dataset.dock = d;
        if (clear(panel.getBoundingClientRect(), k)) return;
      }
    }
    // Nowhere clears it (a tiny screen): as far from the mark as it goes.
    let best = '', bestGap = -Infinity;
    for (const d of order) {
      res.dataset.dock = d;
      const b = panel.getBoundingClientRect();
      const gap = Math.max(b.left - mark.x, mark.x - b.right, b.top - mark.y, mark.y - b.bottom);
      if (gap > bestGap) [best, bestGap] = [d, gap];
    }
    res.dataset.dock = best;
  }
  function nextKick() {
    game.read();
    const mode = game.v('mode');
    if (mode === MODE.SHARED) {
      history.replaceState(null, '', location.pathname);
      return startTour(0);
    }
    if (ui.tourDone) return showTrophy();
    const st = game.next();
    if (st !== 0) {
      if (mode === MODE.DAILY) return showDailySummary();
      openMenu();
      renderTour();
      showPanel('menu-tour');
      return;
    }
    if (mode === MODE.TOUR) saveAttempt();
    if (mode === MODE.DAILY) saveDaily();
    game.read();
    if (game.v('level') !== ui.marksFor) ui.crossings = [];
    hideResult();
  }
  $('btn-next').addEventListener('click', nextKick);
  $('btn-result-menu').addEventListener('click', () => openMenu());

  async function share(text, url) {
    const data = { title: 'Free Kick', text, url };
    if (navigator.share) {
      try {
        await navigator.share(data);
        return 'shared';
      } catch (e) {
        if (e && e.name === 'AbortError') return 'cancelled';
      }
    }
    try {
      await navigator.clipboard.writeText(url ? `${text}\n${url}` : text);
      toast('Copied');
      return 'copied';
    } catch {
      return 'shown';
    }
  }
  api.share = share;
  function replayUrl() {
    const code = game.shareCode();
    return code ? `${location.origin}${location.pathname}?share=${code}` : '';
  }
  $('btn-share').addEventListener('click', async () => {
    const url = replayUrl();
    if (!url) return;
    game.read();
    const input = $('share-link');
    const daily = game.v('mode') === MODE.DAILY ? game.dailyShare() : '';
    input.value = daily ? `${daily} ${url}` : url;
    input.classList.remove('hidden');
    input.select();
    api.lastShare = { text: daily || 'My free kick', url };
    await share(daily || 'My free kick', url);
  });
  $('btn-daily-share').addEventListener('click', async () => {
    const text = game.dailyShare();
    const url = replayUrl();
    $('daily-link').value = url ? `${text} ${url}` : text;
    $('daily-link').classList.remove('hidden');
    api.lastShare = { text, url };
    await share(text, url);
  });

  // ------------------------------------------------------------- tour ending
  function showTrophy() {
    game.read();
    hideResult();
    $('trophy-stars').textContent = String(game.v('tour_stars'));
    $('trophy-points').textContent = fmt(game.v('tour_points'));
    const worlds = $('trophy-worlds');
    worlds.textContent = '';
    for (let w = 0; w < 6; w++) {
      let s = 0;
      for (let k = 0; k < 5; k++) s += game.levelStars(w * 5 + k);
      worlds.insertAdjacentHTML('beforeend', `<span>${game.levelText(w * 5, 'world')}</span><span>${s}/15 ★</span>`);
    }
    $('trophy').classList.remove('hidden');
    ui.menuOpen = true;
    game.pause();
    stadium.celebrate();
    sound.crowdReact('cheer');
    buzz([60, 40, 60, 40, 160]);
  }
  $('btn-trophy-share').addEventListener('click', async () => {
    game.read();
    const text = `I won the Free Kick World Tour: ${game.v('tour_stars')} of ${game.v('tour_stars_max')} stars, ${fmt(game.v('tour_points'))} points.`;
    api.lastShare = { text, url: `${location.origin}${location.pathname}` };
    await share(text, `${location.origin}${location.pathname}`);
  });
  $('btn-trophy-tour').addEventListener('click', () => {
    $('trophy').classList.add('hidden');
    openMenu('menu-tour');
    renderTour();
  });
  $('btn-trophy-menu').addEventListener('click', () => {
    $('trophy').classList.add('hidden');
    openMenu();
  });

  function toast(msg) {
    const t = $('toast');
    t.textContent = msg;
    t.classList.remove('hidden');
    clearTimeout(ui.toastTimer);
    ui.toastTimer = setTimeout(() => t.classList.add('hidden'), 2400);
  }

  // ------------------------------------------------------------ pointer input
  function rel(e) {
    const r = trail.getBoundingClientRect();
    // px, py in CSS pixels of the drawing (the swipe reader's units, kx_screen's size); x, y as fractions of it.
    return { x: (e.clientX - r.left) / r.width, y: (e.clientY - r.top) / r.height, px: e.clientX - r.left, py: e.clientY - r.top };
  }
  trail.addEventListener('pointerdown', (e) => {
    if (ui.menuOpen || ui.resultShown) return;
    sound.unlock();
    game.read();
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
    if (screen === SCREEN.FLIGHT) {
      if (game.v('can_skip')) game.tap(0, 0); // a decided or rolling kick: straight to the result
      return;
    }
    if (screen !== SCREEN.AIM || game.v('key_charging')) return;
    if (game.swipeBegin() !== 0) return;
    trail.setPointerCapture(e.pointerId);
    ui.swipe = { id: e.pointerId };
    ui.trailPts = [];
    ui.keys.used = false;
    addPoint(e);
  });
  // Every sample goes to the reader as the device gave it, with its own
  // timestamp: the pointerdown, each coalesced move, the pointerup. Nothing is
  // invented and nothing is dropped (the reader merges reports that share a time).
  function addPoint(e) {
    const p = rel(e);
    api.lastStatus = game.swipePoint(e.timeStamp / 1000, p.px, p.py);
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
    if (ui.screenPending) resize();
    if (st !== 0) toast(game.swipeErrorText() || 'Swipe from the ball to where you want it to go');
    else {
      sound.whistle();
      hideCoach();
    }
  }
  trail.addEventListener('pointerup', endSwipe);
  trail.addEventListener('pointercancel', (e) => {
    if (ui.swipe && e.pointerId === ui.swipe.id) {
      ui.swipe = null;
      ui.trailPts = [];
      if (ui.screenPending) {
        game.swipeBegin(); // the cancelled samples are dropped, so the new size can be taken
        resize();
      }
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

  // --------------------------------------------------------------- keyboard
  // Arrows aim and lift, B (or Q/E) bends, holding Space charges the power and
  // releasing it kicks: the module reads the keys (kick_keys_read) with the key
  // events' own timestamps. Escape or P pauses.
  function sendKeys() {
    game.keysSet(ui.keys.aim, ui.keys.height, ui.keys.bend);
    ui.keys.used = true;
  }
  window.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' || e.key === 'p' || e.key === 'P') {
      if (!$('trophy').classList.contains('hidden')) return;
      if (ui.menuOpen && ui.lastScreen >= 0) closeMenu();
      else if (!ui.menuOpen) openMenu();
      e.preventDefault();
      return;
    }
    if (ui.menuOpen) return;
    if (ui.resultShown) {
      if (e.key === 'Enter' || e.key === ' ') {
        if (!e.repeat) nextKick();
        e.preventDefault();
      }
      return;
    }
    game.read();
    const screen = game.v('screen');
    if (e.key === ' ' && screen !== SCREEN.AIM) {
      if (!e.repeat && (screen === SCREEN.REPLAY || game.v('replay_pending') || game.v('can_skip'))) game.tap(0, 0);
      e.preventDefault();
      return;
    }
    if (screen !== SCREEN.AIM) return;
    const k = ui.keys;
    const step = e.shiftKey ? 0.02 : 0.06;
    switch (e.key) {
      case 'ArrowLeft': k.aim = Math.max(-1, +(k.aim - step).toFixed(3)); break;
      case 'ArrowRight': k.aim = Math.min(1, +(k.aim + step).toFixed(3)); break;
      case 'ArrowUp': k.height = Math.min(1, +(k.height + step).toFixed(3)); break;
      case 'ArrowDown': k.height = Math.max(0, +(k.height - step).toFixed(3)); break;
      case 'b': case 'B': k.bend = BEND_STEPS[(BEND_STEPS.indexOf(k.bend) + 1) % BEND_STEPS.length] ?? 0; break;
      case 'q': case 'Q': k.bend = Math.min(1, +(k.bend + 0.25).toFixed(2)); break;
      case 'e': case 'E': k.bend = Math.max(-1, +(k.bend - 0.25).toFixed(2)); break;
      case ' ':
        e.preventDefault();
        if (e.repeat || ui.swipe) return;
        sound.unlock();
        if (!k.used) sendKeys();
        game.keysCharge(e.timeStamp / 1000);
        hideCoach();
        return;
      default: return;
    }
    e.preventDefault();
    sendKeys();
  });
  window.addEventListener('keyup', (e) => {
    if (e.key !== ' ' || ui.menuOpen || ui.resultShown) return;
    game.read();
    if (!game.v('key_charging')) return;
    const st = game.keysRelease(e.timeStamp / 1000);
    api.lastStatus = st;
    if (st === 0) sound.whistle();
    e.preventDefault();
  });
  function keysHud() {
    const charging = game.v('key_charging') !== 0;
    const on = game.v('screen') === SCREEN.AIM && (ui.keys.used || charging) && !ui.menuOpen;
    document.body.classList.toggle('keying', on);
    if (!on) return;
    const power = charging ? game.keysPower(performance.now() / 1000) : 0;
    $('key-power').style.height = `${(power * 100).toFixed(0)}%`;
    const b = game.v('key_bend');
    setText('key-text', `aim ${game.v('key_aim') >= 0 ? '→' : '←'} ${Math.abs(game.v('key_aim')).toFixed(2)}\nheight ${game.v('key_height').toFixed(2)}\nbend ${b === 0 ? 'none' : `${Math.abs(b).toFixed(2)} ${b > 0 ? 'left' : 'right'}`}${charging ? `\npower ${(power * 100).toFixed(0)}%` : '\nhold Space'}`);
  }

  // ------------------------------------------------------------------ coach
  // On 1-1, until the player has scored: three short lessons of the swipe.
  function coachWanted() {
    return !coach.scored && game.v('mode') === MODE.TOUR && game.v('level') === 0 && game.v('screen') === SCREEN.AIM && !ui.menuOpen && !ui.swipe && !game.v('key_charging');
  }
  function hideCoach() {
    ui.coachHidden = true;
  }
  // The lessons' strokes: from the ball (the view's aim_ball_px/py) to a point
  // of the goal as it is drawn on this screen (u across the mouth, -1 at the
  // screen-left post, 1 at the right; h up it, 0..1), each path bowed by `bow`
  // of its length, drawn over `dur` s of its 2.4 s.
  const COACH_LESSONS = [
    { u: -0.78, h: 0.8, bow: 0, dur: 1.6 },   // where: the top corner, as drawn
    { u: 0.1, h: 0.35, bow: 0, dur: 0.6 },    // speed: a quick flick at the goal
    { u: 0.72, h: 0.75, bow: 0.18, dur: 1.6 }, // a bow: curled in to the other top corner
  ];
  function coachFrame(now) {
    const want = coachWanted() && !ui.coachHidden;
    $('coach').classList.toggle('hidden', !want);
    document.body.classList.toggle('coaching', want);
    if (game.v('screen') !== SCREEN.AIM) ui.coachHidden = false;
    if (!want) return;
    const t = (now / 1000) % 7.2;
    const step = Math.floor(t / 2.4);
    const lesson = COACH_LESSONS[step];
    const u = Math.min(1, (t % 2.4) / lesson.dur);
    const bx = game.v('aim_ball_px'), by = game.v('aim_ball_py');
    const end = stadium.goalPoint(game, lesson.u, lesson.h) || { x: game.v('aim_goal_px'), y: game.v('aim_goal_py') };
    // The control point of the bow: off the chord's middle, to its right for bow > 0.
    const dx = end.x - bx, dy = end.y - by;
    const cx = (bx + end.x) / 2 - dy * lesson.bow, cy = (by + end.y) / 2 + dx * lesson.bow;
    const path = $('coach-path');
    path.setAttribute('d', `M${bx.toFixed(1)} ${by.toFixed(1)} Q${cx.toFixed(1)} ${cy.toFixed(1)} ${end.x.toFixed(1)} ${end.y.toFixed(1)}`);
    const len = path.getTotalLength ? path.getTotalLength() : Math.hypot(dx, dy);
    const ease = u * u * (3 - 2 * u);
    const p = path.getPointAtLength ? path.getPointAtLength(len * ease) : { x: bx + dx * ease, y: by + dy * ease };
    $('coach-finger').setAttribute('cx', p.x.toFixed(1));
    $('coach-finger').setAttribute('cy', p.y.toFixed(1));
    $('coach-target').setAttribute('cx', end.x.toFixed(1));
    $('coach-target').setAttribute('cy', end.y.toFixed(1));
    document.querySelectorAll('.coach-lines p').forEach((el) => el.classList.toggle('on', Number(el.dataset.step) === step));
    ui.coachStep = step;
    ui.coachStroke = { from: [bx, by], to: [end.x, end.y] };
  }

  // ----------------------------------------------------------------- the frame
  // The module is told the drawing's size in CSS pixels (kx_screen): it frames
  // the aiming camera for it and reads swipes in its pixels. While a swipe is
  // being drawn the size cannot change (the module refuses it); it is sent
  // again when the swipe ends.
  function resize() {
    const r = trail.getBoundingClientRect();
    const dpr = Math.min(window.devicePixelRatio || 1, 2);
    stadium.resize(r.width, r.height);
    trail.width = Math.round(r.width * dpr);
    trail.height = Math.round(r.height * dpr);
    const st = game.screen(r.width, r.height);
    ui.screenPending = st !== 0 && !!ui.swipe;
    api.screenStatus = st;
    ui.redraw = true;
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
      const keeper = game.v('person_keeper') ? 'a friend' : game.levelText(level, 'keeper');
      setText('hud-venue', `${game.levelText(level, 'world')}${keeper ? ` · ${keeper} in goal` : ''}`);
      setText('hud-rule', game.v('person_keeper') ? 'A friendly: no stars' : `★ ${game.levelText(level, 'star1')}`);
      const max = game.v('attempts_max');
      const at = game.v('attempt');
      let dots = '';
      for (let i = 1; i <= max; i++) dots += i < at ? '●' : i === at ? '◉' : '○';
      setText('hud-attempts', `Attempt ${at}/${max} ${dots}`);
      setText('hud-stars', starText(game.levelStars(level)));
      const best = game.levelBest(level);
      setText('hud-points', best > 0 ? `best ${fmt(best)}` : '');
    } else if (mode === MODE.DAILY) {
      setText('hud-level', 'Daily Kick');
      const keeper = game.dailyText('keeper');
      setText('hud-venue', `${game.v('year')}-${String(game.v('month')).padStart(2, '0')}-${String(game.v('day')).padStart(2, '0')} · ${game.dailyText('venue')}`);
      setText('hud-rule', keeper ? `${keeper} in goal` : '');
      const mask = game.v('daily_goals_mask');
      const tries = game.v('daily_tries_max');
      const html = `Try ${Math.min(tries, game.v('attempt'))}/${tries} ${triesLine(mask, game.v('daily_tries'), tries)}`;
      if (ui.text['hud-attempts'] !== html) {
        ui.text['hud-attempts'] = html;
        $('hud-attempts').innerHTML = html;
      }
      setText('hud-stars', game.v('daily_streak') > 0 ? `streak ${game.v('daily_streak')}` : '');
      setText('hud-points', game.v('daily_best') > 0 ? `best ${fmt(game.v('daily_best'))}` : '');
    } else {
      setText('hud-level', level >= 0 ? `${game.levelText(level, 'id')} ${game.levelText(level, 'name')}` : 'Shared kick');
      setText('hud-venue', level >= 0 ? `Shared kick · ${game.levelText(level, 'world')}` : 'Replayed from its code');
      setText('hud-rule', level >= 0 ? 'Replayed from its code' : '');
      setText('hud-attempts', '');
      setText('hud-stars', '');
      setText('hud-points', '');
    }
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
    document.body.classList.toggle('can-skip', screen === SCREEN.FLIGHT && game.v('can_skip') !== 0);
    document.body.classList.toggle('keeper-turn', screen === SCREEN.FLIGHT && game.v('person_keeper') !== 0 && game.v('taps') === 0 && game.v('phase') === 1);
  }

  function onEvents(evs) {
    for (const e of evs) {
      api.events.push({ name: e.name, step: e.step, subject: e.subject, replay: e.replay });
      switch (e.name) {
        case 'strike':
          sound.strike(Math.min(1, Math.hypot(...e.value) / 30));
          if (!e.replay) buzz(18);
          break;
        case 'post': case 'bar':
          sound.post();
          if (!e.replay) {
            flashMoment('CLANG!');
            buzz([40, 30, 40]);
          }
          break;
        case 'save': sound.crowdReact('oh'); if (!e.replay) flashMoment('SAVED!'); break;
        case 'goal':
          if (!e.replay) {
            sound.crowdReact('cheer');
            flashMoment('GOAL!');
            stadium.celebrate();
            buzz([70, 40, 140]);
          } else sound.crowdReact('roar');
          break;
        case 'ring': flashMoment('RING!'); break;
        case 'shake': stadium.kick(e.value[0]); break;
        case 'decided':
          if (!e.replay) {
            if (e.subject !== 1) sound.crowdReact('groan');
            recordCrossing();
          }
          break;
        default: break;
      }
    }
    if (api.events.length > 400) api.events.splice(0, api.events.length - 400);
  }
  /** The last few crossings of the goal line, newest first, for the marks on the goal. */
  function recordCrossing() {
    game.read();
    const level = game.v('mode') === MODE.TOUR ? game.v('level') : -1 - game.v('mode');
    if (ui.marksFor !== level) ui.crossings = [];
    ui.marksFor = level;
    if (game.v('crossed')) ui.crossings.unshift({ x: game.v('cross_x'), y: game.v('cross_y'), goal: game.v('outcome') === OUTCOME.GOAL });
    ui.crossings = ui.crossings.slice(0, 5);
    stadium.markCrossings(ui.crossings);
  }
  function flashMoment(text) {
    const m = $('moment');
    m.textContent = text;
    m.classList.remove('show');
    void m.offsetWidth;
    if (text) m.classList.add('show');
  }

  function dressStadium() {
    const mode = game.v('mode');
    const level = game.v('level');
    const venue = mode === MODE.DAILY ? game.dailyText('venue') : '';
    const onLevel = mode === MODE.TOUR || (mode === MODE.SHARED && level >= 0);
    const world = worldOf(onLevel ? 0 : 1, level, mode === MODE.SHARED ? 'shared' : venue);
    const id = onLevel ? game.levelText(level, 'id') : '';
    stadium.setWorld(world, { wet: game.v('wet') !== 0, storm: id === '4-4' || (game.v('wet') !== 0 && game.v('wind_mean') >= 6), snow: id === '3-4' });
  }

  // Tests may drive the frames themselves (?manual): the page then draws on
  // every animation frame but only api.run() hands frames to the game, with
  // scripted timestamps, so a slow machine cannot change what a test sees.
  const manual = params.has('manual');
  let manualT = 1000;
  function tick(target) {
    if (ui.menuOpen) return;
    game.frame(target);
    onEvents(game.events());
  }
  function present(dt, render = true) {
    game.read();
    const screen = game.v('screen');
    if (game.v('in_net') && !ui.inNet) sound.net();
    ui.inNet = game.v('in_net') !== 0;
    if (screen === SCREEN.RESULT && !ui.resultShown && !ui.menuOpen) showResult();
    if (screen !== SCREEN.RESULT && ui.resultShown) hideResult();
    if (ui.resultShown && render) placeResult();
    if (!ui.menuOpen) ui.lastScreen = screen;
    if (screen === SCREEN.AIM) stadium.markCrossings(ui.marksFor === (game.v('mode') === MODE.TOUR ? game.v('level') : -1 - game.v('mode')) ? ui.crossings : []);
    dressStadium();
    hud();
    keysHud();
    coachFrame(performance.now());
    stadium.update(game, dt, { render, keyAim: document.body.classList.contains('keying') && game.v('screen') === SCREEN.AIM });
    if (render) drawTrail(performance.now());
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
  /**
   * Test hook: n frames of dt seconds, each posed (not rendered) and checked:
   * the ball's disc on screen and the shooter's boxes (Stadium.check). Returns
   * the frames that failed and how many were checked.
   */
  api.checkFrames = (n, dt = 1 / 60, until = null, draw = true) => {
    const bad = [];
    let i = 0;
    for (; i < n; i++) {
      manualT += dt;
      tick(manualT);
      present(dt, false);
      const c = stadium.check();
      if (!c.onScreen || c.overlap) bad.push({ frame: i, screen: game.v('screen'), replay: game.v('replay'), time: game.v('time'), ball: c.ball, overlap: c.overlap, onScreen: c.onScreen });
      if (until && until((name) => game.v(name))) break;
    }
    present(dt, draw);
    return { checked: i, bad };
  };
  api.view = (name) => game.read().v(name);
  api.check = () => stadium.check();
  api.ui = ui;

  let lastTs = null;
  function frame(ts) {
    const dt = lastTs === null ? 0 : (ts - lastTs) / 1000;
    lastTs = ts;
    if (!manual) tick(ts / 1000);
    if (!manual || api.frames < 3 || ui.redraw) present(dt);
    else {
      // Manual frames: the HUD's animations (coach, keys) still move.
      coachFrame(ts);
    }
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
  game.init(0);
  renderLabels();
  const shareCode = params.get('share');
  if (shareCode) {
    const res = game.loadShare(shareCode);
    const st = res.status;
    if (st === 0) {
      ui.menuOpen = false;
      $('menu').classList.add('hidden');
      ui.lastScreen = SCREEN.FLIGHT;
      api.shareStatus = 'ok';
    } else {
      api.shareStatus = game.status(st);
      api.shareMessage = res.message;
      // The decoder's own words (api.shareMessage) are for tests and bug reports, not for players.
      toast('This share link cannot be read. Ask for a new one, or play the World Tour.');
      game.init(0);
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
