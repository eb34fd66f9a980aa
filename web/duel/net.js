// SPDX-License-Identifier: MIT
// The page's side of the relay (tools/relay.mjs): a WebSocket that creates or
// joins a room, carries the rollback messages as binary frames, and comes
// back to its seat with its token after a drop, or after the page was
// reloaded (rejoin). It knows nothing of the game.
export class RelayLink {
  constructor(url, handlers) {
    this.url = url;
    this.h = handlers;
    this.ws = null;
    this.room = null;
    this.token = null;
    this.seat = -1;
    this.started = false;
    this.watching = false; // this page watches the match (no seat)
    this.watchRoom = null;
    this.closed = false;  // we left on purpose, or the room is gone
    this.retry = null;
    this.rtt = 0;
    this.pingTimer = null;
    // The relay refuses more than its rate of messages a second per connection
    // (it says which in its welcome; 200 by default). The page keeps its game
    // data under three quarters of that, whatever the display's frame rate or
    // the number of seats: a rollback message not sent this frame is carried
    // by the next one, whose inputs it repeats.
    this.rate = 150;
    this.tokens = 30;
    this.lastRefill = performance.now();
  }

  /** May game data go out now (the page's own budget under the relay's rate)? */
  canSend() {
    const now = performance.now();
    this.tokens = Math.min(this.rate / 5, this.tokens + ((now - this.lastRefill) / 1000) * this.rate);
    this.lastRefill = now;
    return this.tokens >= 1;
  }
  /** The relay's rate from its welcome message: the budget is three quarters of it. */
  takeRate(m) {
    if (Number.isFinite(m.rate) && m.rate >= 4) this.rate = Math.floor(m.rate * 0.75);
  }

  open(first) {
    const ws = new WebSocket(this.url);
    ws.binaryType = 'arraybuffer';
    this.ws = ws;
    ws.onopen = () => {
      if (this.token) ws.send(JSON.stringify({ t: 'rejoin', room: this.room, token: this.token }));
      else if (this.watchRoom && this.watching) ws.send(JSON.stringify({ t: 'watch', room: this.watchRoom }));
      else first(ws);
      clearInterval(this.pingTimer);
      this.pingTimer = setInterval(() => this.control({ t: 'ping', n: performance.now() }), 2000);
    };
    ws.onmessage = (e) => {
      if (typeof e.data !== 'string') return this.h.data(new Uint8Array(e.data));
      let m;
      try { m = JSON.parse(e.data); } catch { return; }
      this.onControl(m);
    };
    ws.onclose = () => {
      clearInterval(this.pingTimer);
      if (this.ws !== ws) return;
      this.ws = null;
      if (this.closed) return;
      if (!this.token && !this.watching) return this.h.error({ code: 'no-relay', message: `cannot reach the relay at ${this.url}` });
      this.h.status('reconnecting');
      clearTimeout(this.retry);
      this.retry = setTimeout(() => this.open(() => {}), 1000);
    };
    ws.onerror = () => {};
  }

  onControl(m) {
    switch (m.t) {
      case 'created':
      case 'joined':
        this.takeRate(m);
        this.room = m.room;
        this.token = m.token;
        this.seat = m.seat;
        return this.h.seated(m);
      case 'rejoined':
        this.takeRate(m);
        this.seat = m.seat;
        if (!this.started && m.started) {
          // A page that was reloaded: its seat is back, the match must be too.
          this.started = true;
          return this.h.reseated(m);
        }
        if (!this.started) return this.h.reseated(m); // back in its lobby
        return this.h.status('rejoined');
      case 'watching':
        // A watcher (a watch link, or a join of a full room): it follows the match, plays no part.
        this.takeRate(m);
        this.watching = true;
        this.watchRoom = this.room = m.room;
        if (this.started) return this.h.status('rejoined');
        this.started = m.started;
        return this.h.watching(m);
      case 'start':
        if (this.started) return this.h.status('rejoined');
        this.started = true;
        return this.h.start(m.seat, m);
      case 'peer-left': return this.h.peer('left', m.timeout, m);
      case 'peer-back': return this.h.peer('back', undefined, m);
      case 'peer-gone':
        this.closed = true;
        return this.h.peer('gone', m.reason);
      case 'pong':
        this.rtt = performance.now() - m.n;
        return undefined;
      case 'error':
        if (m.code === 'unknown-room' && this.token) this.closed = true;
        return this.h.error(m);
      default: return undefined;
    }
  }

  /** Opens a room; seats 3 or 4: a party room (the relay's party rooms, docs/duel.md). */
  create(seats = 2) {
    this.token = null;
    this.closed = false;
    const m = seats > 2 ? { t: 'create', seats } : { t: 'create' };
    if (this.ws && this.ws.readyState === 1) return this.control(m);
    return this.open((ws) => ws.send(JSON.stringify(m)));
  }
  join(room) {
    this.token = null;
    this.room = room;
    if (this.ws && this.ws.readyState === 1) return this.control({ t: 'join', room });
    return this.open((ws) => ws.send(JSON.stringify({ t: 'join', room })));
  }
  /** Watches the match of `room` (a watch link): the relay forwards its requests and the players' answers. */
  watch(room) {
    this.token = null;
    this.room = room;
    if (this.ws && this.ws.readyState === 1) return this.control({ t: 'watch', room });
    return this.open((ws) => ws.send(JSON.stringify({ t: 'watch', room })));
  }
  /** Takes a seat this browser held (a reloaded page): its room and token. */
  rejoin(room, token) {
    this.room = room;
    this.token = token;
    if (this.ws && this.ws.readyState === 1) return this.control({ t: 'rejoin', room, token });
    return this.open(() => {});
  }
  control(obj) { if (this.ws && this.ws.readyState === 1) this.ws.send(JSON.stringify(obj)); }
  /** Sends game data (dropped while the connection is down: the rollback messages are re-sent). */
  data(bytes, answer = false) {
    // An answer (a handover part for a reloaded page) goes out even over budget,
    // and the budget goes into debt: it answers one request of the other's.
    if (!this.started || !this.ws || this.ws.readyState !== 1 || (!this.canSend() && !answer)) return false;
    this.tokens -= 1;
    this.ws.send(bytes);
    return true;
  }
  /** A party room: game data for one seat (the relay's party frame: the seat byte, then the bytes); an answer as in data(). */
  dataTo(seat, bytes, answer = false) {
    if (!this.started || !this.ws || this.ws.readyState !== 1 || (!this.canSend() && !answer)) return false;
    this.tokens -= 1;
    const frame = new Uint8Array(bytes.length + 1);
    frame[0] = seat;
    frame.set(bytes, 1);
    this.ws.send(frame);
    return true;
  }
  /** Cuts the connection without leaving the room (it comes back by itself). */
  drop() { if (this.ws) this.ws.close(); }
  leave() {
    this.closed = true;
    this.control({ t: 'leave' });
  }
}
