import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, createAccount, launchBrowser, login, newContext, PHONE } from './helpers.ts';

/**
 * Issue 8: every page of the spec's route table (spec §2), on a phone, has no serious or critical
 * axe violation, and none reports a Content-Security-Policy violation in the console.
 * The pages are seeded through the API with a household (a universe, an appliance, its badge, a
 * maintenance card of its product); the third-party map is stubbed (no network).
 */

let browser: Browser;
let context: BrowserContext;
let page: Page;
const ids = { universe: 0, appliance: 0, prod: 0, card: 0, badge: 0, publicUuid: '' };
const consoleProblems: string[] = [];

async function api<T>(path: string, token: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${baseURL()}${path}`, { ...init, headers: { authorization: `Bearer ${token}`, ...init.headers } });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<T>;
}

/** The page after its data: a title shown, no loading placeholder left, no transition running. */
async function settled(p: Page) {
  await expect.poll(() => p.locator('h1').first().isVisible(), { message: `h1 of ${p.url()}` }).toBe(true);
  await expect.poll(() => p.locator('[aria-busy="true"], .mantine-Skeleton-root').count(), { message: `loading on ${p.url()}` }).toBe(0);
  // Colours are checked once a fade or a slide has ended.
  await p.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity));
}

async function seriousViolations(p: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page: p }).options({ resultTypes: ['violations'] }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${new URL(p.url()).pathname}${new URL(p.url()).search} ${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`).join(' | ')}`);
}

function watchConsole(p: Page) {
  p.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) consoleProblems.push(`${p.url()}: ${m.text()}`);
  });
  p.on('pageerror', (e) => consoleProblems.push(`${p.url()}: ${e.message}`));
}

beforeAll(async () => {
  browser = await launchBrowser();
  const account = await createAccount(undefined, undefined, 'Camille');
  const signin = await (
    await fetch(`${baseURL()}/api/auth/signin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: account.email, password: account.password }) })
  ).json();
  const token = signin.accessToken as string;
  const products = await api<{ id: number; prodName: string }[]>('/api/V1/references/refproducts', token);
  ids.prod = products.find((p) => p.prodName === 'Lave-linge')!.id;
  const universeForm = new FormData();
  universeForm.append('name', 'Buanderie');
  universeForm.append('description', 'Au sous-sol');
  ids.universe = (await api<{ univer_id: number }>(`/api/V1/profils/users/${signin.id}/foyers/univers`, token, { method: 'POST', body: universeForm })).univer_id;
  const form = new FormData();
  form.append('data', JSON.stringify({ prod_id: ids.prod, name: 'Machine du cellier', marque: 'Bosch', modele: 'Serie 4' }));
  ids.appliance = (await api<{ id: number }>(`/api/V1/profils/users/${signin.id}/foyers/univers/${ids.universe}/appliances`, token, { method: 'POST', body: form })).id;
  const [badge] = await api<{ id: number; publicUuid: string }[]>(`/api/V1/profils/users/${signin.id}/badges`, token);
  ids.badge = badge.id;
  ids.publicUuid = badge.publicUuid;
  const [card] = await api<{ id: number }[]>(`/api/maintenancecard?productid=${ids.prod}`, token);
  ids.card = card.id;

  context = await newContext(browser, PHONE);
  // The ADEME map and the address search are third parties: answered locally (no network here).
  await context.route('https://quefairedemesobjets.ademe.fr/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><html lang="fr"><title>Carte</title><main><h1>Carte</h1></main></html>' }),
  );
  await context.route('https://data.geopf.fr/**', (route) => route.fulfill({ contentType: 'application/json', body: '{"type":"FeatureCollection","features":[]}' }));
  page = await context.newPage();
  watchConsole(page);
  await login(page, account.email, account.password);
  await page.waitForURL(/\/(home|welcome)$/);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

/** spec §2 route table, with the seeded household's ids as {placeholders}. */
const SIGNED_IN_PATHS = [
  '/welcome',
  '/welcome/welcome2',
  '/welcome/welcome3',
  '/',
  '/home',
  '/profile',
  '/user',
  '/freemium',
  '/assure',
  '/cgu',
  '/faq',
  '/inventaire',
  '/inventaire?flag=tosecond',
  '/inventaire/univers',
  '/inventaire/univers/{universe}/detail',
  '/inventaire/univers/update?id={universe}',
  '/inventaire/search',
  '/inventaire/univers/appliance/fichedetail?id={appliance}',
  '/inventaire/univers/appliance/update?id={appliance}',
  '/productlist',
  '/productlist?flag=toadd',
  '/productlist?flag=tosecond',
  '/new-device',
  '/inventaire/nouveau_2',
  '/entretien/fiche?prod={prod}&appliance={appliance}',
  '/entretien/fichedetail?card={card}&prod={prod}',
  '/calendar',
  '/notification',
  '/badges/{badge}',
  '/carbotool',
  '/carbomap',
  '/offres',
  '/repair',
  '/repair?{device}',
  '/callplan?{device}',
  '/secondlife/actionselect?{device}',
  '/secondlife/give?{device}',
  '/secondlife/sell?{device}',
  '/secondlife/recycle?{device}',
  '/replace/appliance?{device}',
  '/replace/product',
  '/renew/optionselect?{device}',
  '/renew/fundsearch?{device}',
  '/renew/tip?{device}',
  '/renew/offer?{device}',
  '/smarfix',
  '/pas-une-route',
];

describe('accessibility of every page (axe, phone)', () => {
  it('has no serious or critical violation on the public pages', async () => {
    const signedOut = await newContext(browser, PHONE);
    const p = await signedOut.newPage();
    watchConsole(p);
    const problems: string[] = [];
    for (const path of ['/login', '/register', '/forgot-password', '/reset-password?token=x', '/confidentialite', '/confirm-email?token=x', `/public/badges/${ids.publicUuid}`]) {
      await p.goto(path);
      await settled(p);
      problems.push(...(await seriousViolations(p)));
    }
    await signedOut.close();
    expect(problems).toEqual([]);
  });

  it.each(SIGNED_IN_PATHS)('has no serious or critical violation on %s (signed in)', async (template) => {
    const values: Record<string, string | number> = { ...ids, device: `appliance=${ids.appliance}&prod=${ids.prod}` };
    await page.goto(template.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key])));
    await settled(page);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('reports no Content-Security-Policy violation nor script error on any of them', () => {
    expect(consoleProblems).toEqual([]);
  });
});
