// SPDX-License-Identifier: MIT
// Sharing a kick: its replay link (the module's share code) and, for the
// Daily Kick, the day's line. Through the system's share sheet where there
// is one, else copied.
import { $ } from '../src/dom.js';
import { MODE } from './game.js';
import { toast } from './hud.js';

/** Shares text and url; says how: 'shared', 'cancelled', 'copied' or 'shown' (neither worked: the field shows it). */
export async function share(page, text, url) {
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
    toast(page, 'Copied');
    return 'copied';
  } catch {
    return 'shown';
  }
}

/** The link that replays the last kick on this page, or '' when there is none. */
function replayUrl(game) {
  const code = game.shareCode();
  return code ? `${location.origin}${location.pathname}?share=${code}` : '';
}

export function bindShare(page) {
  const { game, api } = page;
  api.share = (text, url) => share(page, text, url);
  $('btn-share').addEventListener('click', async () => {
    const url = replayUrl(game);
    if (!url) return;
    game.read();
    const input = $('share-link');
    const daily = game.v('mode') === MODE.DAILY ? game.dailyShare() : '';
    input.value = daily ? `${daily} ${url}` : url;
    input.classList.remove('hidden');
    input.select();
    api.lastShare = { text: daily || 'My free kick', url };
    await share(page, daily || 'My free kick', url);
  });
  $('btn-daily-share').addEventListener('click', async () => {
    const text = game.dailyShare();
    const url = replayUrl(game);
    $('daily-link').value = url ? `${text} ${url}` : text;
    $('daily-link').classList.remove('hidden');
    api.lastShare = { text, url };
    await share(page, text, url);
  });
}
