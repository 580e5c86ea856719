import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, household, launchBrowser, login, newContext, PHONE, signedIn } from './helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
])('home dashboard of the demo household (%s)', (device, viewport) => {
  it('shows the impact figures computed by hand, five universes at most and the badges', async () => {
    const context = await newContext(browser, viewport);
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Démo' }).click();
    await page.waitForURL(/\/(home|welcome)$/);
    await page.goto('/home');
    // 513.42 + 377.86 + 338.69 + 460.79 + 272.64 + 121.35 + 212.26 + 37.79 + 73.41, then the toaster 18.12 (estimate),
    // the television 369.68 and the laptop 192.64 (ADEME digital equipment, no longer a 1 kg placeholder each) = 2 988.65 kg
    await expect.poll(() => page.getByTestId('impact-kg').textContent()).toBe('2\u202f989 kg CO2e');
    expect(await page.getByTestId('impact-trees').textContent()).toBe('85,4'); // 2 988.65 / 35
    expect(await page.getByTestId('impact-trips').textContent()).toBe('0,9'); // 2 988.65 / 3 500
    // What is an estimate says so: the dryer (manufacturing from Nos Gestes Climat, the rest estimated) and the toaster.
    expect(await page.getByTestId('impact-method').textContent()).toContain(
      '2 appareils sans données publiques complètes sont estimés par EcoFoyer',
    );
    const universes = page.getByRole('region', { name: 'Mes univers' }).getByRole('link');
    await expect.poll(() => universes.count()).toBeGreaterThan(1);
    expect(await universes.count()).toBeLessThanOrEqual(6);
    await expect.poll(() => page.getByRole('link', { name: 'Badge Premier appareil' }).isVisible()).toBe(true);
    await page.screenshot({ path: `e2e/screenshots/home-demo-${device}.png`, fullPage: true });
    await page.getByRole('link', { name: 'Badge Premier appareil' }).click();
    await page.waitForURL(/\/badges\/\d+$/);
    await expect.poll(() => page.getByRole('heading', { name: 'Premier appareil', exact: true }).isVisible()).toBe(true);
    await context.close();
  });
});

describe('home of a new household', () => {
  it('links « Créez votre première pièce » to the rooms', async () => {
    const { context, page } = await signedIn(browser, PHONE);
    await page.goto('/home');
    const create = page.getByRole('link', { name: 'Créez votre première pièce' });
    await expect.poll(() => create.isVisible()).toBe(true);
    await create.click();
    await page.waitForURL(/\/inventaire\/univers$/);
    await context.close();
  });
});

describe('home impact of an appliance whose consumption is known', () => {
  it('counts the label’s kWh a year in the use phase, not the type’s average, and says so', async () => {
    const h = await household({ appliance: { energy_kwh_year: 100 } });
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    await login(page, h.account.email);
    await page.waitForURL(/\/(home|welcome)$/);
    await page.goto('/home');
    // ADEME's washing machine: 341.10 made + 100 kWh × 0.0519 = 5.19 kg a year × 12 years − 44.64 at the end = 358.74 kg
    // (the type's average use, 18.08 kg a year, would give 513.42).
    await expect.poll(() => page.getByTestId('impact-kg').textContent()).toBe('359 kg CO2e');
    expect(await page.getByTestId('impact-trees').textContent()).toBe('10,2'); // 358.74 / 35
    expect(await page.getByTestId('impact-method').textContent()).toContain(
      'pour 1 appareil, l’usage compte sa consommation réelle (étiquette énergie) au facteur du mix électrique français, 0,0519 kg CO2e/kWh (ADEME, Base Empreinte).',
    );
    await context.close();
  });
});

/** The home route's code: app/pages/home.tsx and the home page it fills (Vite names the chunk after the route module). */
const HOME_CHUNK = /\/assets\/home-[A-Za-z0-9_-]{8}\.js$/;

describe('home data loaded with the page’s code (route loaders, decision 013)', () => {
  it('asks each API once on a cold load: the requests start before the page’s code has arrived, and the page takes their answers', async () => {
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Démo' }).click();
    await page.waitForURL(/\/(home|welcome)$/);
    await page.goto('about:blank');

    const api: string[] = [];
    let homeChunkDone = Number.POSITIVE_INFINITY;
    const started = new Map<string, number>();
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/') && request.method() === 'GET') {
        api.push(pathname);
        if (!started.has(pathname)) started.set(pathname, Date.now());
      }
    });
    page.on('requestfinished', (request) => {
      if (HOME_CHUNK.test(request.url())) homeChunkDone = Date.now();
    });
    // The page's code arrives late, as on a slow network: the data must not wait for it.
    await page.route(HOME_CHUNK, async (route) => {
      await new Promise((r) => setTimeout(r, 700));
      await route.continue();
    });
    await page.goto('/home');
    await expect.poll(() => page.getByTestId('impact-kg').textContent()).toBe('2\u202f989 kg CO2e');
    await expect.poll(() => page.getByRole('link', { name: 'Badge Premier appareil' }).isVisible()).toBe(true);

    // The delayed chunk was the page's (its name follows the route module, app/pages/home.tsx).
    expect(Number.isFinite(homeChunkDone)).toBe(true);
    const home = ['/foyers/univers', '/badges', '/badges/a-gagner', '/appliances/count', '/notifs/count', '/droits/resume'];
    for (const end of home) {
      const asked = api.filter((p) => p.endsWith(end));
      expect(asked, end).toHaveLength(1);
      expect(started.get(asked[0]!)!, end).toBeLessThan(homeChunkDone);
    }
    expect(api.filter((p) => p.endsWith('/references/refproducts'))).toHaveLength(1);
    await context.close();
  });
});
