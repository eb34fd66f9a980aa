// SPDX-License-Identifier: MIT
// Seats kept. The relay gives each seat an unguessable token. It is kept for
// the tab (sessionStorage: a reload takes the same seat back) and for the
// browser (localStorage: a closed tab whose link is opened again does too; it
// is tried only after the tab's own, and a seat whose page is still connected
// refuses it, so two tabs of one browser keep their own seats). Seats are
// kept per relay and per room: a token is only ever sent to the relay that
// gave it.
// Each seat is its own localStorage entry: two tabs of one browser that write
// their seats at the same moment cannot overwrite each other's (a shared entry
// read, changed and written back by both loses one of them).
const SEATS = 'kickstep.duel.seat.v3';
const DAY_MS = 24 * 3600 * 1000;

function readJson(store, key) {
  try {
    return JSON.parse(store.getItem(key) || 'null');
  } catch {
    return null;
  }
}
function writeJson(store, key, value) {
  try {
    if (value === null) store.removeItem(key);
    else store.setItem(key, JSON.stringify(value));
  } catch {
    /* storage unavailable (private mode): the seat cannot come back after a reload */
  }
}

/** The localStorage keys of kept seats (all relays and rooms), a day old ones dropped. */
function keptKeys() {
  const keys = [];
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i);
      if (k && k.startsWith(`${SEATS}|`)) keys.push(k);
    }
  } catch {
    return [];
  }
  const now = Date.now();
  return keys.filter((k) => {
    const v = readJson(localStorage, k);
    if (v && typeof v.token === 'string' && now - v.t < DAY_MS) return true;
    writeJson(localStorage, k, null);
    return false;
  });
}

/** The seats this browser keeps at one relay (its URL). */
export class KeptSeats {
  constructor(relay) {
    this.relay = relay;
  }

  /** A room's key at this relay. */
  seatKey(room) {
    return `${this.relay} ${room}`;
  }

  keptKey(room, seat) {
    return `${SEATS}|${this.seatKey(room)}|${seat}`;
  }

  tabKey(room) {
    return `kickstep.duel.seat.${this.seatKey(room)}`;
  }

  /** This browser's kept seats of a room: [{ seat, token }], seat order. */
  keptSeats(room) {
    const prefix = `${SEATS}|${this.seatKey(room)}|`;
    return keptKeys().filter((k) => k.startsWith(prefix))
      .map((k) => ({ seat: Number(k.slice(prefix.length)), token: readJson(localStorage, k).token }))
      .sort((x, y) => x.seat - y.seat);
  }

  /** Keeps a seat; started: whether its match has begun (a lobby's seat is not kept by the relay once its page goes). */
  remember(room, seat, token, started) {
    writeJson(sessionStorage, this.tabKey(room), { seat, token, started });
    writeJson(localStorage, this.keptKey(room, seat), { token, t: Date.now() });
  }

  forget(room) {
    writeJson(sessionStorage, this.tabKey(room), null);
    for (const { seat } of this.keptSeats(room)) writeJson(localStorage, this.keptKey(room, seat), null);
  }

  /** The tokens to try for a room, this tab's first: [{ token, own, lobby }]. */
  tokens(room) {
    const out = [];
    const mine = readJson(sessionStorage, this.tabKey(room));
    if (mine && mine.token) out.push({ token: mine.token, own: true, lobby: mine.started === false });
    for (const k of this.keptSeats(room)) if (!out.some((c) => c.token === k.token)) out.push({ token: k.token, own: false });
    return out;
  }
}
