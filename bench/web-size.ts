/**
 * Web bundle budgets (decision 006): the JS a page really loads, in gzip bytes.
 * The built app is served by the real server; Debian's Chromium (the browser tests' flags) opens
 * /login signed out and /home signed in, every JS and CSS response is recorded until the page is
 * idle, and each distinct file is gzipped (level 9, as a static server would) and summed.
 * The service worker is blocked: its precache downloads every chunk in the background after the
 * first visit, which is not what the page needs to run.
 * Bars: /login ≤ 150 KB, /home ≤ 250 KB of gzip JS (1 KB = 1000 B).
 * Usage: node --import tsx bench/web-size.ts  → bench/web/size.json
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { REPO_ROOT } from '../packages/server/src/config.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium.ts';
import { machineInfo } from './machine.ts';
import { startWebServer } from './web-server.ts';

const PHONE = { width: 390, height: 844 };
const BARS = { '/login': 150_000, '/home': 250_000 } as const;

interface Loaded {
  url: string;
  kind: 'js' | 'css';
  bytes: number;
  gzipBytes: number;
}

/** Records the JS and CSS a page receives, and the Content-Security-Policy violations it reports. */
function record(page: Page) {
  const files = new Map<string, Promise<Loaded | null>>();
  const cspViolations: string[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    const kind = url.pathname.endsWith('.js') ? 'js' : url.pathname.endsWith('.css') ? 'css' : null;
    if (!kind || files.has(url.pathname)) return;
    files.set(
      url.pathname,
      response.body().then(
        (body) => ({ url: url.pathname, kind, bytes: body.length, gzipBytes: gzipSync(body, { level: 9 }).length }),
        () => null,
      ),
    );
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
  });
  return {
    async result() {
      const loaded = (await Promise.all(files.values())).filter((f): f is Loaded => f !== null);
      const sum = (kind: Loaded['kind']) => loaded.filter((f) => f.kind === kind).reduce((s, f) => s + f.gzipBytes, 0);
      return {
        jsGzipBytes: sum('js'),
        cssGzipBytes: sum('css'),
        jsFiles: loaded.filter((f) => f.kind === 'js').length,
        files: loaded.sort((a, b) => b.gzipBytes - a.gzipBytes),
        cspViolations,
      };
    },
  };
}

/**
 * Network quiet, then the main thread idle, then quiet again: late lazy imports count, the menus
 * the shell warms up a few seconds after the page (app-layout.tsx, 4 s) among them.
 */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate('new Promise((resolve) => requestIdleCallback(resolve, { timeout: 5000 }))');
  await page.waitForTimeout(6000);
  await page.waitForLoadState('networkidle');
}

async function measure(
  browser: Browser,
  baseURL: string,
  route: keyof typeof BARS,
  storageState?: Awaited<ReturnType<BrowserContext['storageState']>>,
) {
  const context = await browser.newContext({ baseURL, viewport: PHONE, locale: 'fr-FR', serviceWorkers: 'block', storageState });
  const page = await context.newPage();
  const recorder = record(page);
  await page.goto(route);
  await settle(page);
  if (new URL(page.url()).pathname !== route) throw new Error(`${route}: ended on ${page.url()}`);
  const result = await recorder.result();
  await context.close();
  return { route, barJsGzipBytes: BARS[route], pass: result.jsGzipBytes <= BARS[route], ...result };
}

/** A demo household of its own, signed in through the DEMO button (session kept in localStorage). */
async function signedInState(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, viewport: PHONE, locale: 'fr-FR', serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto('/login');
  // A demo household of its own, kept in localStorage like « Se souvenir de moi ».
  await page.getByRole('button', { name: 'Démo' }).click();
  await page.waitForURL(/\/(home|welcome)$/);
  const state = await context.storageState();
  await context.close();
  return state;
}

const server = await startWebServer();
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const login = await measure(browser, server.baseURL, '/login');
  const home = await measure(browser, server.baseURL, '/home', await signedInState(browser, server.baseURL));
  const result = { date: new Date().toISOString().slice(0, 10), machine: machineInfo(), viewport: PHONE, pages: [login, home] };
  mkdirSync(path.join(REPO_ROOT, 'bench/web'), { recursive: true });
  const file = path.join(REPO_ROOT, 'bench/web/size.json');
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  for (const p of result.pages) {
    console.log(
      `${p.route}: ${p.jsGzipBytes} B gzip JS in ${p.jsFiles} files (bar ${p.barJsGzipBytes} B: ${p.pass ? 'ok' : 'OVER'}), ${p.cssGzipBytes} B gzip CSS, ${p.cspViolations.length} CSP violations`,
    );
  }
  console.log(`→ ${path.relative(REPO_ROOT, file)}`);
} finally {
  await browser.close();
  await server.close();
}
