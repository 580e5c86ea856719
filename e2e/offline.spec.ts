import { OFFLINE_TEXTS, unavailableOfflineFr } from '@ecofoyer/contracts';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, DESKTOP, household, launchBrowser, login, newContext, PHONE, visible } from './helpers.ts';

/**
 * Reading offline (decision 030): what was opened online — the inventory, an appliance's page, its
 * manual, a tutorial, the calendar — shows in the cellar, the session survives an expired access
 * token without network, and one account's copies are never another's.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A one-page PDF manual with a line of text. */
async function manualPdf(text: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([400, 300]);
  page.drawText(text, { x: 40, y: 150, size: 18, font: await doc.embedFont(StandardFonts.Helvetica) });
  return doc.save();
}

/** A boiler « Chaudière » in a universe « Cave », its manual uploaded and its yearly service planned next month. */
async function cellarHousehold(firstname: string) {
  const h = await household({
    firstname,
    universe: { name: 'Cave' },
    productName: 'Chaudière',
    appliance: { marque: 'Saunier Duval', modele: 'ThemaPlus' },
  });
  const form = new FormData();
  form.append('file', new Blob([Buffer.from(await manualPdf('Notice de la chaudiere'))], { type: 'application/pdf' }), 'notice.pdf');
  await h.api(`/api/V1/profils/users/foyers/univers/appliances/${h.applianceId}/notice`, { method: 'PUT', body: form });
  const nextMonth = new Date();
  nextMonth.setMonth(nextMonth.getMonth() + 1, 15);
  nextMonth.setHours(9, 0, 0, 0);
  await h.api(`/api/V1/profils/users/${h.userId}/events`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      title: 'Entretien annuel de la chaudière',
      dt_realisation: nextMonth.toISOString(),
      note: '',
      applianceId: h.applianceId,
      type: 'MAINTENANCE',
    }),
  });
  return h;
}

/** Signs in (remembered) and waits until the service worker controls the page. */
async function signedInControlled(context: BrowserContext, email: string, password: string): Promise<Page> {
  const page = await context.newPage();
  await login(page, email, password, true);
  await page.waitForURL(/\/(home|welcome)$/);
  await expect.poll(() => page.evaluate(async () => Boolean((await navigator.serviceWorker.ready).active)), { timeout: 15_000 }).toBe(true);
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  return page;
}

/** The keys of the offline copies of answers and files (their user is in `__owner`). */
const storedKeys = (page: Page) =>
  page.evaluate(async () => {
    const keys: string[] = [];
    for (const name of ['ecofoyer-api', 'ecofoyer-files']) {
      if (!(await caches.has(name))) continue;
      for (const request of await (await caches.open(name)).keys()) keys.push(request.url);
    }
    return keys;
  });

const applianceUrl = (id: number) => `/inventaire/univers/appliance/fichedetail?id=${id}`;
const banner = (page: Page) => page.getByRole('status').filter({ hasText: OFFLINE_TEXTS.bannerTitle });

describe('reading offline', () => {
  it('shows the inventory, the boiler, its manual, a tutorial and the calendar in the cellar, signed in after the token expired', async () => {
    const h = await cellarHousehold('Odile');
    const context = await newContext(browser, PHONE);
    const page = await signedInControlled(context, h.account.email, h.account.password);

    // Online: the universes, the boiler's page, its manual, a tutorial and the calendar, opened once.
    await page.goto('/inventaire/univers');
    await visible(page, 'Cave');
    await page.goto(applianceUrl(h.applianceId));
    await expect.poll(() => page.getByRole('heading', { name: 'Chaudière', level: 1 }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Lire la notice' }).first().click();
    await visible(page, 'Page 1 sur 1');
    await page.getByRole('button', { name: 'Fermer' }).click();
    await page.getByRole('link', { name: 'Voir les tutoriels d’entretien' }).click();
    await expect.poll(() => page.getByTestId('maintenance-card').count()).toBeGreaterThan(0);
    const tutorialsUrl = page.url();
    const tutorial = (await page.getByTestId('maintenance-card').first().getAttribute('aria-label')) ?? '';
    await page.getByTestId('maintenance-card').first().click();
    await page.waitForURL(/\/entretien\/fichedetail\?/);
    await expect.poll(() => page.getByRole('heading', { name: tutorial }).first().isVisible()).toBe(true);
    const tutorialUrl = page.url();
    await page.goto('/calendar');
    await visible(page, 'Entretien annuel de la chaudière');
    expect(await banner(page).count()).toBe(0);
    // The copies are the user's: keyed by their id, never by their token.
    const keys = await storedKeys(page);
    expect(keys.some((k) => k.includes(`__owner=${h.userId}`))).toBe(true);
    expect(keys.some((k) => /Bearer|eyJ/.test(k))).toBe(false);
    // A manual's copy is keyed by its path: no signature, no expiry.
    expect(keys.filter((k) => k.includes('/api/V1/files/')).every((k) => !/[?&](exp|sig)=/.test(k))).toBe(true);

    // In the cellar: no network, and the access token has expired meanwhile.
    await context.setOffline(true);
    await page.evaluate(() => {
      const stored = JSON.parse(localStorage.getItem('user')!) as { accessToken: string };
      const [head, payload, signature] = stored.accessToken.split('.') as [string, string, string];
      const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp: number; iat: number };
      const past = Math.floor(Date.now() / 1000) - 3600;
      const expired = btoa(JSON.stringify({ ...claims, iat: past - 900, exp: past }))
        .replace(/=+$/, '')
        .replace(/\+/g, '-')
        .replace(/\//g, '_');
      localStorage.setItem('user', JSON.stringify({ ...stored, accessToken: `${head}.${expired}.${signature}` }));
    });

    await page.reload();
    await visible(page, 'Entretien annuel de la chaudière');
    await expect.poll(() => banner(page).isVisible()).toBe(true);

    await page.goto('/inventaire/univers');
    await visible(page, 'Cave');
    await page.goto(applianceUrl(h.applianceId));
    await expect.poll(() => page.getByRole('heading', { name: 'Chaudière', level: 1 }).isVisible()).toBe(true);
    await expect.poll(() => banner(page).isVisible()).toBe(true);
    // An upload cannot work offline: it says so before the tap.
    await visible(page, unavailableOfflineFr('l’envoi de fichiers'));
    await page.screenshot({ path: 'e2e/screenshots/offline-appliance-phone.png', fullPage: true });
    await page.getByRole('button', { name: 'Lire la notice' }).first().click();
    await visible(page, 'Page 1 sur 1');
    await page.screenshot({ path: 'e2e/screenshots/offline-manual-phone.png' });
    await page.getByRole('button', { name: 'Fermer' }).click();

    await page.goto(tutorialsUrl);
    await expect.poll(() => page.getByTestId('maintenance-card').count()).toBeGreaterThan(0);
    await page.goto(tutorialUrl);
    await expect.poll(() => page.getByRole('heading', { name: tutorial }).first().isVisible()).toBe(true);
    await page.goto('/calendar');
    await visible(page, 'Entretien annuel de la chaudière');
    await page.screenshot({ path: 'e2e/screenshots/offline-calendar-phone.png', fullPage: true });
    // Still signed in: never sent to /login for lack of network.
    expect(new URL(page.url()).pathname).toBe('/calendar');
    expect(await page.evaluate(() => Boolean(JSON.parse(localStorage.getItem('user') ?? 'null')?.refreshToken))).toBe(true);

    // The assistant beyond its emergency texts says it needs the network; an emergency still shows.
    await page.goto(`/repair?appliance=${h.applianceId}&prod=${h.prodId}`);
    await visible(
      page,
      unavailableOfflineFr(
        'l’assistant a besoin du réseau pour chercher une fiche\u00a0; les consignes d’urgence, elles, s’affichent toujours',
      ),
    );
    await page.getByLabel('Ton message').fill('Ça sent le gaz près de la chaudière');
    await page.getByRole('button', { name: 'Envoyer' }).click();
    await expect.poll(() => page.getByTestId('emergency').isVisible()).toBe(true);
    await page.screenshot({ path: 'e2e/screenshots/offline-emergency-phone.png', fullPage: true });

    // A page never opened online says so, instead of spinning.
    await page.goto(applianceUrl(h.applianceId + 100_000));
    await visible(page, OFFLINE_TEXTS.neverOpened);
    await page.screenshot({ path: 'e2e/screenshots/offline-never-opened-phone.png', fullPage: true });

    // Back online: the banner goes, the session is renewed, the page is fresh.
    await context.setOffline(false);
    await page.goto(applianceUrl(h.applianceId));
    await expect.poll(() => page.getByRole('heading', { name: 'Chaudière', level: 1 }).isVisible()).toBe(true);
    await expect.poll(() => banner(page).count()).toBe(0);
    expect(new URL(page.url()).pathname).not.toBe('/login');
    await context.close();
  });

  it('« Disponible hors ligne » keeps a manual never opened, and the profile shows the space used and the budget', async () => {
    const h = await cellarHousehold('Paul');
    const context = await newContext(browser, PHONE);
    const page = await signedInControlled(context, h.account.email, h.account.password);
    await page.goto(applianceUrl(h.applianceId));
    const keep = page.getByRole('switch', { name: 'Disponible hors ligne' });
    await expect.poll(() => keep.isEnabled()).toBe(true);
    await keep.click({ force: true });
    await visible(page, 'Enregistrée sur cet appareil, lisible sans réseau.');

    await context.setOffline(true);
    await page.reload();
    await page.getByRole('button', { name: 'Lire la notice' }).first().click();
    await visible(page, 'Page 1 sur 1');
    await page.getByRole('button', { name: 'Fermer' }).click();
    await context.setOffline(false);

    await page.goto('/profile#donnees');
    await expect.poll(() => page.getByRole('heading', { name: 'Hors connexion' }).isVisible()).toBe(true);
    await expect
      .poll(async () => (await page.getByTestId('offline-usage').textContent()) ?? '')
      .toMatch(/^\d+(,\d)?\u00a0(ko|Mo) sur 100\u00a0Mo$/);
    await page.getByRole('heading', { name: 'Hors connexion' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'e2e/screenshots/offline-settings-phone.png' });
    await page
      .locator('label')
      .filter({ hasText: /^250\sMo$/ })
      .click();
    await expect.poll(async () => (await page.getByTestId('offline-usage').textContent()) ?? '').toMatch(/ sur 250\u00a0Mo$/);
    await page.getByRole('button', { name: 'Vider le cache hors connexion' }).click();
    await expect.poll(async () => (await page.getByTestId('offline-usage').textContent()) ?? '').toBe('0\u00a0Mo sur 250\u00a0Mo');
    expect(await storedKeys(page)).toEqual([]);
    await context.close();
  });
});

describe('one account’s copies are never another’s', () => {
  it('signing out empties them; the next account, online or offline, never reads the first household', async () => {
    const first = await cellarHousehold('Alice');
    const second = await household({ firstname: 'Bruno', universe: { name: 'Garage' } });
    const context = await newContext(browser, DESKTOP);
    const page = await signedInControlled(context, first.account.email, first.account.password);
    await page.goto(applianceUrl(first.applianceId));
    await expect.poll(() => page.getByRole('heading', { name: 'Chaudière', level: 1 }).isVisible()).toBe(true);
    await expect.poll(async () => (await storedKeys(page)).some((k) => k.includes(`__owner=${first.userId}`))).toBe(true);

    await page.getByRole('button', { name: 'Déconnecter' }).first().click();
    await page.getByRole('dialog').getByRole('button', { name: 'Déconnecter' }).click();
    await page.waitForURL(/\/login/);
    await expect.poll(() => storedKeys(page)).toEqual([]);

    await login(page, second.account.email, second.account.password, true);
    await page.waitForURL(/\/(home|welcome)$/);
    await page.goto('/inventaire/univers');
    await visible(page, 'Garage');
    await context.setOffline(true);
    await page.goto(applianceUrl(first.applianceId));
    await visible(page, OFFLINE_TEXTS.neverOpened);
    expect(await page.getByRole('heading', { name: 'Chaudière' }).count()).toBe(0);
    expect((await storedKeys(page)).some((k) => k.includes(`__owner=${first.userId}`))).toBe(false);
    await context.setOffline(false);
    await context.close();
  });

  it('another account signed in on this browser without signing out: the service worker empties the first one’s copies', async () => {
    const first = await cellarHousehold('Chloé');
    const second = await household({ firstname: 'Denis', universe: { name: 'Atelier' } });
    const context = await newContext(browser, PHONE);
    const page = await signedInControlled(context, first.account.email, first.account.password);
    await page.goto(applianceUrl(first.applianceId));
    await expect.poll(() => page.getByRole('heading', { name: 'Chaudière', level: 1 }).isVisible()).toBe(true);
    await expect.poll(async () => (await storedKeys(page)).some((k) => k.includes(`__owner=${first.userId}`))).toBe(true);

    // The second account's session replaces the first one's (as another tab's sign-in would).
    const signin = (await (
      await fetch(`${baseURL()}/api/auth/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: second.account.email, password: second.account.password }),
      })
    ).json()) as Record<string, unknown>;
    await page.evaluate((session) => {
      const { tokenType: _t, deviceToken: _d, ...rest } = session;
      localStorage.setItem('user', JSON.stringify(rest));
    }, signin);
    await page.goto('/inventaire/univers');
    await visible(page, 'Atelier');
    await expect.poll(async () => (await storedKeys(page)).some((k) => k.includes(`__owner=${first.userId}`))).toBe(false);

    await context.setOffline(true);
    await page.goto(applianceUrl(first.applianceId));
    await visible(page, OFFLINE_TEXTS.neverOpened);
    expect(await page.getByRole('heading', { name: 'Chaudière' }).count()).toBe(0);
    await context.setOffline(false);
    await context.close();
  });
});
