// SPDX-License-Identifier: MIT
// The status line over the match (the connection, the other player, a
// resumed match), and the progress of a match handed back to a reloaded page.
import { $ } from '../src/dom.js';

/** A line over the match; countdown: seconds left, counted down; hideMs: hidden after that long. */
export function showStatus(page, text, bad = false, countdown = 0, hideMs = 0) {
  const { ui } = page;
  const el = $('status');
  clearInterval(ui.statusTimer);
  clearTimeout(ui.hideTimer);
  ui.status = text;
  if (!text) return el.classList.add('hidden');
  page.api.statusLog.push(text);
  el.textContent = text;
  el.classList.toggle('bad', bad);
  el.classList.remove('hidden');
  if (countdown > 0) {
    const end = performance.now() + countdown * 1000;
    ui.statusTimer = setInterval(() => {
      const left = Math.max(0, Math.ceil((end - performance.now()) / 1000));
      el.textContent = `Your opponent lost the connection — waiting for them, ${left} s left`;
    }, 250);
  }
  if (hideMs > 0) ui.hideTimer = setTimeout(() => showStatus(page, null), hideMs);
}

/** A resume that ended without the match: the room is left and forgotten. */
function resumeLost(page, text) {
  page.ui.resuming = false;
  showStatus(page, text, true);
  page.link.leave();
  page.seats.forget(page.ui.room);
}

/** This reloaded page's resume: done, failed, or how much of the match it has. */
function followOwnResume(page) {
  const { duel, ui } = page;
  if (duel.v('ready')) {
    ui.resuming = false;
    page.api.resumed = true;
    showStatus(page, `Match resumed where it was${page.debug ? ` (step ${duel.v('resumed_at')})` : ''}`, false, 0, 3000);
  } else if (duel.v('resume_failed')) {
    resumeLost(page, `The match could not be resumed${page.debug ? `: ${duel.status(duel.v('resume_failed'))} (${duel.text()})` : ''}`);
  } else if (duel.v('other_lost') || performance.now() - ui.resumeSince > 20000) {
    resumeLost(page, 'The match could not be resumed: your opponent no longer has it');
  } else if (duel.v('resume_total')) {
    $('status').textContent = `Back in your seat — resuming the match… (${Math.round((100 * duel.v('resume_have')) / duel.v('resume_total'))}%)`;
  }
}

/** The reloaded page's progress, and the other page's view of it. */
export function followResume(page) {
  const { duel, ui } = page;
  if (ui.resuming) return followOwnResume(page);
  if (!duel.v('ready')) return;
  if (duel.v('handovers') > ui.handovers) {
    ui.handovers = duel.v('handovers');
    showStatus(page, 'Your opponent reloaded the page — handing the match over…');
  }
  if (duel.v('peer_resumes') > ui.peerResumes) {
    ui.peerResumes = duel.v('peer_resumes');
    page.api.peerResumed = ui.peerResumes;
    showStatus(page, 'Your opponent is back: match resumed', false, 0, 3000);
  }
}
