// SPDX-License-Identifier: MIT
// The connection guard of kickstep's Node servers (tools/serve.mjs,
// tools/relay.mjs): what one remote address may hold, and how long a
// connection may stay silent before it says anything.
//
//   const g = guardConnections(server, { perAddress: 32, firstByteMs: 2000 });
//   g.count(address)   // connections that address holds now
//   g.refused          // connections cut so far: {overLimit, silent}
//
// - A remote address holds at most perAddress connections at once: one more
//   is destroyed as soon as it is accepted (before a byte is read), so one
//   client holding hundreds of silent sockets cannot fill the server's
//   connection table (server.maxConnections) for everyone else.
// - A connection that has sent no byte firstByteMs after it was accepted is
//   destroyed. An honest browser or client sends its request at once; the
//   longer header and request timeouts still apply after the first byte.
// Counting is by socket.remoteAddress (an IPv4-mapped IPv6 address counts as
// its IPv4 one). Behind a proxy every client has the proxy's address: raise
// perAddress there.
export function guardConnections(server, { perAddress, firstByteMs }) {
  const held = new Map();
  const refused = { overLimit: 0, silent: 0 };
  const keyOf = (socket) => String(socket.remoteAddress || '').replace(/^::ffff:/, '');
  server.on('connection', (socket) => {
    const key = keyOf(socket);
    const n = held.get(key) || 0;
    if (n >= perAddress) {
      refused.overLimit++;
      socket.destroy();
      return;
    }
    held.set(key, n + 1);
    let counted = true;
    const release = () => {
      if (!counted) return;
      counted = false;
      const left = (held.get(key) || 1) - 1;
      if (left > 0) held.set(key, left);
      else held.delete(key);
    };
    socket.once('close', release);
    if (firstByteMs > 0) {
      const timer = setTimeout(() => {
        if (socket.bytesRead === 0 && !socket.destroyed) {
          refused.silent++;
          socket.destroy();
        }
      }, firstByteMs);
      timer.unref();
      socket.once('close', () => clearTimeout(timer));
    }
  });
  return { count: (address) => held.get(String(address).replace(/^::ffff:/, '')) || 0, refused };
}
