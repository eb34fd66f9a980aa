// SPDX-License-Identifier: MIT
// The site's service worker, generated after the Vite build by Workbox
// (workbox-build's generateSW): every page, script, style, wasm module and
// icon of the built site is precached under its content's revision, so the
// installed app starts and plays (World Tour, Daily Kick, replays) with no
// network. The board's API is never cached (network only: a try the page
// could not send stays in its own queue). A new version is installed in the
// background and waits (no skipWaiting, no clientsClaim): it takes over when
// the app is next started, never in the middle of a kick.
//   node tools/pwa/sw.mjs SITE_DIR
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const requireWeb = createRequire(join(root, 'web', 'package.json'));
const site = process.argv[2];
if (!site) {
  console.error('usage: node tools/pwa/sw.mjs SITE_DIR');
  process.exit(1);
}
const { generateSW } = requireWeb('workbox-build');
const { count, size, warnings } = await generateSW({
  globDirectory: site,
  globPatterns: ['**/*.{html,js,css,wasm,png,svg,webmanifest,json,woff2}'],
  globIgnores: ['sw.js', 'workbox-*.js', '**/board.json', '**/relay.json'],
  swDest: join(site, 'sw.js'),
  maximumFileSizeToCacheInBytes: 16 * 1024 * 1024,
  directoryIndex: 'index.html',
  ignoreURLParametersMatching: [/.*/],
  cleanupOutdatedCaches: true,
  skipWaiting: false,
  clientsClaim: false,
  inlineWorkboxRuntime: true,
  sourcemap: false,
  mode: 'production',
  runtimeCaching: [
    { urlPattern: ({ url }) => url.pathname.startsWith('/api/'), handler: 'NetworkOnly' },
    { urlPattern: ({ url }) => /\/(board|relay)\.json$/.test(url.pathname), handler: 'NetworkFirst',
      options: { cacheName: 'ks-config', networkTimeoutSeconds: 3 } },
  ],
});
for (const w of warnings) console.error(`sw: ${w}`);
console.log(`sw: ${join(site, 'sw.js')} precaches ${count} files (${(size / 1024).toFixed(0)} KiB)`);
