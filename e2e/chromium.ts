/**
 * Debian's Chromium and the flags this machine needs (no downloads, no network), shared by the
 * browser tests (helpers.ts) and the web benchmarks (bench/web-size.ts, bench/lighthouse.ts).
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
