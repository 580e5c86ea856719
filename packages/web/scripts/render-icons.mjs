#!/usr/bin/env node
// Renders the PWA PNG icons from the SVG sources kept in public/icons/.
//
//   node packages/web/scripts/render-icons.mjs
//
// No npm dependency: uses Debian's `rsvg-convert` (apt-get install -y librsvg2-bin)
// and falls back to headless Chromium (/usr/bin/chromium) when rsvg-convert is missing.
// The PNGs are committed, so this only needs to run again when an SVG source changes.

import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const publicDir = resolve(here, '..', 'public');
const iconsDir = join(publicDir, 'icons');

/** [SVG source in public/icons, PNG output relative to public/, size in px] */
const targets = [
  ['icon.svg', 'icons/icon-192.png', 192],
  ['icon.svg', 'icons/icon-512.png', 512],
  ['icon-maskable.svg', 'icons/icon-maskable-512.png', 512],
  ['apple-touch-icon.svg', 'apple-touch-icon.png', 180],
];

function has(cmd, args = ['--version']) {
  const r = spawnSync(cmd, args, { stdio: 'ignore' });
  return !r.error && r.status === 0;
}

function chromiumPath() {
  for (const p of [process.env.CHROMIUM, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome']) {
    if (p && existsSync(p)) return p;
  }
  return null;
}

function renderWithRsvg(src, out, size) {
  execFileSync('rsvg-convert', ['--width', String(size), '--height', String(size), '--keep-aspect-ratio', '--output', out, src], {
    stdio: 'inherit',
  });
}

function renderWithChromium(chromium, src, out, size) {
  const dir = mkdtempSync(join(tmpdir(), 'ecofoyer-icons-'));
  try {
    const svg = readFileSync(src, 'utf8');
    const html = `<!doctype html><html><head><style>html,body{margin:0;padding:0;background:transparent;overflow:hidden}
img{display:block;width:${size}px;height:${size}px}</style></head><body>
<img src="data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}"></body></html>`;
    const page = join(dir, 'page.html');
    writeFileSync(page, html);
    execFileSync(
      chromium,
      [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--hide-scrollbars',
        '--default-background-color=00000000',
        `--window-size=${size},${size}`,
        `--screenshot=${out}`,
        `file://${page}`,
      ],
      { stdio: 'ignore' },
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Reads width/height from a PNG's IHDR chunk. */
function pngSize(file) {
  const buf = readFileSync(file);
  if (buf.toString('ascii', 1, 4) !== 'PNG') throw new Error(`${file} is not a PNG`);
  return [buf.readUInt32BE(16), buf.readUInt32BE(20)];
}

const useRsvg = has('rsvg-convert');
const chromium = useRsvg ? null : chromiumPath();
if (!useRsvg && !chromium) {
  console.error('Neither rsvg-convert nor Chromium found. Install one: apt-get install -y librsvg2-bin');
  process.exit(1);
}
console.log(`Rendering with ${useRsvg ? 'rsvg-convert' : chromium}`);

for (const [srcName, outName, size] of targets) {
  const src = join(iconsDir, srcName);
  const out = join(publicDir, outName);
  mkdirSync(dirname(out), { recursive: true });
  if (useRsvg) renderWithRsvg(src, out, size);
  else renderWithChromium(chromium, src, out, size);
  const [w, h] = pngSize(out);
  if (w !== size || h !== size) throw new Error(`${outName}: expected ${size}x${size}, got ${w}x${h}`);
  console.log(`  ${outName}  ${w}x${h}  (from icons/${srcName})`);
}
