// SPDX-License-Identifier: MIT
// The World Tour's end: the trophy with the stars of each world, and its share.
import { $ } from '../src/dom.js';
import { fmt } from './words.js';
import { buzz } from './settings.js';
import { hideResult } from './result.js';
import { openMenu, renderTour } from './menus.js';
import { share } from './share.js';

export function showTrophy(page) {
  const { game } = page;
  game.read();
  hideResult(page);
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
  page.ui.menuOpen = true;
  game.pause();
  page.stadium.celebrate();
  page.sound.crowdReact('cheer');
  buzz(page, [60, 40, 60, 40, 160]);
}

export function bindTrophy(page) {
  const { game, api } = page;
  $('btn-trophy-share').addEventListener('click', async () => {
    game.read();
    const text = `I won the Free Kick World Tour: ${game.v('tour_stars')} of ${game.v('tour_stars_max')} stars, ${fmt(game.v('tour_points'))} points.`;
    api.lastShare = { text, url: `${location.origin}${location.pathname}` };
    await share(page, text, `${location.origin}${location.pathname}`);
  });
  $('btn-trophy-tour').addEventListener('click', () => {
    $('trophy').classList.add('hidden');
    openMenu(page, 'menu-tour');
    renderTour(page);
  });
  $('btn-trophy-menu').addEventListener('click', () => {
    $('trophy').classList.add('hidden');
    openMenu(page);
  });
}
