// SPDX-License-Identifier: MIT
// Which relay the duel page talks to.

/** A ws: or wss: address as a URL's href, else null. */
function href(x) {
  try {
    const u = new URL(x);
    return u.protocol === 'ws:' || u.protocol === 'wss:' ? u.href : null;
  } catch {
    return null;
  }
}

/**
 * The relay: the site's server names it in relay.json ({"url"} or {"port"}
 * on this page's host; 8601 without one), with the further relays a link may
 * name ("allow"). A ?relay= link is followed only to this page's own origin,
 * the site's relay or an allowed one: {url}, else {refused}.
 */
export async function relayAddress(params) {
  let conf = {};
  try {
    const r = await fetch('./relay.json', { cache: 'no-store' });
    if (r.ok) conf = (await r.json()) || {};
  } catch {
    /* no relay.json: the default port */
  }
  const own = (typeof conf.url === 'string' && href(conf.url)) || `ws://${location.hostname || '127.0.0.1'}:${Number(conf.port) || 8601}/`;
  const asked = params.get('relay');
  if (!asked) return { url: own };
  const url = href(asked);
  if (!url) return { refused: asked };
  const allowed = [own, ...(Array.isArray(conf.allow) ? conf.allow.map(href) : [])];
  if (new URL(url).host === location.host || allowed.includes(url)) return { url };
  return { refused: asked };
}
