// SPDX-License-Identifier: MIT
// The settings panel: effects, the friend in goal, sound, music and
// vibration. The two that touch the game go to the module as options; whether
// the friend takes goal for this kick is the session's call (person_keeper).
import { $ } from '../src/dom.js';
import { SCREEN, OPT, MODE } from './game.js';
import { STORE_SETTINGS, save } from './store.js';
import { toast } from './hud.js';

const TOGGLES = [['opt-effects', 'effects'], ['opt-keeper', 'keeper'], ['opt-sound', 'sound'], ['opt-music', 'music'], ['opt-haptics', 'haptics']];

/** Gives the settings to the module and the sound, and shows them in the panel. */
export function applySettings(page) {
  const { game, sound, settings } = page;
  game.setOption(OPT.EFFECTS, settings.effects ? 1 : 0);
  game.setOption(OPT.PERSON_KEEPER, settings.keeper ? 1 : 0);
  sound.setEnabled(settings.sound);
  sound.setMusic(settings.music);
  for (const [id, key] of TOGGLES) $(id).checked = !!settings[key];
}

/** What switching the friend in goal does, told to the player. */
function keeperToast(page) {
  const { game, settings } = page;
  game.read();
  const now = game.v('screen') === SCREEN.AIM && game.v('person_keeper') === (settings.keeper ? 1 : 0);
  if (game.v('mode') === MODE.DAILY) toast(page, settings.keeper ? 'The Daily Kick keeps its own keeper: your friend can go in goal on the World Tour' : 'Your friend is out of goal');
  else toast(page, now ? (settings.keeper ? 'Your friend is in goal for this kick: a friendly, for no stars' : 'The keeper is back for this kick') : 'Applies from the next kick');
}

export function bindSettings(page) {
  for (const [id, key] of TOGGLES) {
    $(id).addEventListener('change', (e) => {
      page.settings[key] = e.target.checked;
      save(STORE_SETTINGS, page.settings);
      applySettings(page);
      if (key === 'keeper') keeperToast(page);
    });
  }
}

/** A vibration, if the player allows them and the device has them. */
export function buzz(page, pattern) {
  if (page.settings.haptics && navigator.vibrate) {
    try {
      navigator.vibrate(pattern);
    } catch {
      /* not allowed here */
    }
  }
}
