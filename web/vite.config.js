// SPDX-License-Identifier: MIT
// Vite multi-page build of the kickstep site.
//
// Every folder of web/ that holds an index.html is a page (kick/, brake/, walk/,
// lab/, ...), found at build time, so a new page needs no change here.
// The wasm modules are built outside web/ (tools/wasm/build.sh) into a folder
// whose path comes in KS_WASM_DIR; it is served as the site's public folder, so
// the pages fetch ./wasm/<game>.wasm relative to the site root.
import { defineConfig } from 'vite';
import { readdirSync, existsSync } from 'node:fs';
import { resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

function pages() {
  const input = { main: resolve(here, 'index.html') };
  for (const entry of readdirSync(here, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name === 'node_modules' || entry.name === 'dist' || entry.name === 'public') continue;
    const html = resolve(here, entry.name, 'index.html');
    if (existsSync(html)) input[entry.name] = html;
  }
  return input;
}

export default defineConfig({
  root: here,
  base: './',
  publicDir: process.env.KS_PUBLIC_DIR || resolve(here, 'public'),
  logLevel: 'warn',
  build: {
    outDir: process.env.KS_SITE_DIR || resolve(here, 'dist'),
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 1500,
    rollupOptions: { input: pages() },
  },
  server: { host: '127.0.0.1' },
});
