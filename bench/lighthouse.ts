/**
 * Lighthouse on /login signed out and /home signed in, mobile form factor with
 * Lighthouse's default simulated throttling (slow 4G, 4× CPU), against the built app served by
 * the real server on 127.0.0.1 (no third-party request is made).
 * Debian's Chromium (the browser tests' flags) is started with a debugging port; for /home the
 * demo account signs in through the login page in the same profile (playwright-core over CDP,
 * « Se souvenir de moi »), the HTTP cache and the service worker are then cleared so the page loads
 * cold, and Lighthouse runs on that port without resetting storage (the session stays).
 * Bars: performance ≥ 90, accessibility ≥ 95.
 * Usage: node --import tsx bench/lighthouse.ts  → bench/web/lighthouse.json
 * LIGHTHOUSE_RUNS (default 5); LIGHTHOUSE_ONLY=/home (or /login): one page, written to the temp folder;
 * LIGHTHOUSE_RAW=<dir>: the full reports too.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { chromium } from 'playwright-core';
import { REPO_ROOT } from '../packages/server/src/config.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium.ts';
import { machineInfo } from './machine.ts';
import { startWebServer } from './web-server.ts';

const BARS = { performance: 90, accessibility: 95 };
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'];

/** The scores, the metrics, and every audit that lost points (what to fix next). */
function summary(route: string, lhr: Result) {
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]));
  const metrics = Object.fromEntries(METRICS.map((m) => [m, lhr.audits[m]?.displayValue ?? null]));
  const failing = Object.values(lhr.audits)
    .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'manual')
    .map((a) => ({ id: a.id, score: a.score, displayValue: a.displayValue ?? null }));
  const thirdParty = (lhr.audits['network-requests']?.details as { items?: { url: string }[] } | undefined)?.items
    ?.map((i) => i.url)
    .filter((u) => !u.startsWith(new URL(lhr.finalDisplayedUrl).origin) && !u.startsWith('data:') && !u.startsWith('blob:'));
  // What the largest paint was (on /home it once waited for the JavaScript).
  const lcpTables = (
    lhr.audits['largest-contentful-paint-element']?.details as
      | { items?: { items?: { node?: { nodeLabel?: string; selector?: string } }[] }[] }
      | undefined
  )?.items;
  const lcpNode = lcpTables?.[0]?.items?.[0]?.node;
  return {
    route,
    finalUrl: lhr.finalDisplayedUrl,
    scores,
    lcpElement: lcpNode ? `${lcpNode.nodeLabel ?? ''} (${lcpNode.selector ?? ''})` : null,
    pass: scores.performance >= BARS.performance && scores.accessibility >= BARS.accessibility,
    metrics,
    failing,
    thirdPartyRequests: thirdParty ?? [],
    runWarnings: lhr.runWarnings,
    runtimeError: lhr.runtimeError ?? null,
    auditErrors: Object.values(lhr.audits)
      .filter((a) => a.errorMessage)
      .map((a) => `${a.id}: ${a.errorMessage}`)
      .slice(0, 5),
  };
}

async function audit(url: string, port: number, extra: Flags = {}) {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES, ...extra });
  if (!result) throw new Error(`lighthouse gave no result for ${url}`);
  // LIGHTHOUSE_RAW=/some/dir keeps each full report (every audit's details) for a closer look.
  if (process.env.LIGHTHOUSE_RAW)
    writeFileSync(path.join(process.env.LIGHTHOUSE_RAW, `${new URL(url).pathname.slice(1) || 'root'}.json`), result.report as string);
  return result.lhr;
}

/**
 * In Chromium's own profile (playwright-core over CDP): signs the demo account in when asked, then
 * removes the service worker, its caches and the HTTP cache, so that the next load is cold but
 * signed in (the session stays in localStorage).
 */
async function prepare(port: number, baseURL: string, signIn: boolean) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const page = await browser.contexts()[0].newPage();
  if (signIn) {
    await page.goto(`${baseURL}/login`);
    // A demo household of its own, kept in localStorage like « Se souvenir de moi ».
    await page.getByRole('button', { name: 'Démo' }).click();
    await page.waitForURL(/\/(home|welcome)$/);
    await page.evaluate('navigator.serviceWorker.ready');
  }
  // A page of the app's origin that registers nothing.
  await page.goto(`${baseURL}/favicon.svg`);
  await page.evaluate(`(async () => {
    for (const registration of await navigator.serviceWorker.getRegistrations()) await registration.unregister();
    for (const key of await caches.keys()) await caches.delete(key);
  })()`);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await page.goto('about:blank');
  await page.close();
  await browser.close();
}

/** Runs `runs` times and keeps the run of median performance (Lighthouse's advice against noise). */
async function median(route: string, url: string, port: number, runs: number, before: () => Promise<void>, flags: Flags = {}) {
  const all = [];
  for (let i = 0, failed = 0; i < runs; ) {
    await before();
    const run = summary(route, await audit(url, port, flags));
    // Lighthouse sometimes loses the navigation in the trace (NO_NAVSTART): run again.
    if (run.runtimeError && ++failed <= 3) continue;
    all.push(run);
    i++;
  }
  const sorted = [...all].sort((a, b) => a.scores.performance - b.scores.performance);
  return {
    ...sorted[Math.floor(sorted.length / 2)],
    runs: all.map((r) => ({ scores: r.scores, metrics: r.metrics, runtimeError: r.runtimeError })),
  };
}

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
/** `/login` or `/home`: that page alone. */
const ONLY = process.env.LIGHTHOUSE_ONLY;
const server = await startWebServer();
const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_ARGS });
try {
  const pages = [];
  if (ONLY !== '/home') pages.push(await median('/login', `${server.baseURL}/login`, chrome.port, RUNS, async () => {}));
  if (ONLY !== '/login') {
    await prepare(chrome.port, server.baseURL, true);
    const home = await median('/home', `${server.baseURL}/home`, chrome.port, RUNS, () => prepare(chrome.port, server.baseURL, false), {
      disableStorageReset: true,
    });
    if (new URL(home.finalUrl).pathname !== '/home') throw new Error(`/home ended on ${home.finalUrl}: not signed in`);
    pages.push(home);
  }
  const result = {
    date: new Date().toISOString().slice(0, 10),
    machine: machineInfo(),
    formFactor: 'mobile',
    throttling: 'simulated (Lighthouse default)',
    runsPerPage: RUNS,
    loadAverage: os.loadavg().map((l) => Number(l.toFixed(2))),
    bars: BARS,
    pages,
  };
  mkdirSync(path.join(REPO_ROOT, 'bench/web'), { recursive: true });
  // One page only (LIGHTHOUSE_ONLY) is a look, not the committed measurement.
  const file = ONLY ? path.join(os.tmpdir(), 'lighthouse.json') : path.join(REPO_ROOT, 'bench/web/lighthouse.json');
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  for (const p of result.pages) {
    console.log(
      `${p.route}: median ${JSON.stringify(p.scores)} ${p.pass ? 'ok' : 'BELOW BAR'} · ${JSON.stringify(p.metrics)} · LCP: ${p.lcpElement}`,
    );
    console.log(
      `   runs: ${p.runs.map((r) => `${r.scores.performance}/${r.scores.accessibility}${r.runtimeError ? ` (${r.runtimeError.code})` : ''}`).join(' ')}`,
    );
    for (const f of p.failing) console.log(`   ${f.id} ${f.score} ${f.displayValue ?? ''}`);
    if (p.thirdPartyRequests.length > 0) console.log(`   third-party requests: ${p.thirdPartyRequests.join(', ')}`);
  }
  console.log(`→ ${path.relative(REPO_ROOT, file)}`);
} finally {
  chrome.kill();
  await server.close();
}
