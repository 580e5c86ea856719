import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, createAccount, DESKTOP, launchBrowser, login, newContext, visible } from './helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Markup that would run if it were ever interpreted instead of shown as text. */
const HOSTILE = {
  name: '<img src=x onerror="window.__xss=1">',
  note: '<script>window.__xss=2</script><svg onload="window.__xss=3">',
  universe: '"><svg onload=window.__xss=4>',
  event: '<a href="javascript:window.__xss=5">clic</a>',
};

async function api(path: string, token: string, init: RequestInit = {}) {
  return fetch(`${baseURL()}${path}`, { ...init, headers: { authorization: `Bearer ${token}`, ...(init.headers ?? {}) } });
}

const executed = (page: Page) => page.evaluate(() => (window as unknown as { __xss?: number }).__xss ?? null);

describe('user text and rich text never execute', () => {
  it('shows hostile names, notes and event texts as text on every page that displays them', async () => {
    const account = await createAccount();
    const signin = await (
      await fetch(`${baseURL()}/api/auth/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: account.email, password: account.password }),
      })
    ).json();
    const form = new FormData();
    form.append('name', HOSTILE.universe);
    form.append('description', HOSTILE.note);
    const universe = await (
      await api(`/api/V1/profils/users/${signin.id}/foyers/univers`, signin.accessToken, { method: 'POST', body: form })
    ).json();
    const data = new FormData();
    data.append('data', JSON.stringify({ prod_id: 1, name: HOSTILE.name, marque: HOSTILE.name, modele: 'X', note: HOSTILE.note }));
    const appliance = await (
      await api(`/api/V1/profils/users/${signin.id}/foyers/univers/${universe.univer_id}/appliances`, signin.accessToken, {
        method: 'POST',
        body: data,
      })
    ).json();
    expect(appliance.id).toBeGreaterThan(0);
    const event = await api(`/api/V1/profils/users/${signin.id}/events`, signin.accessToken, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        title: HOSTILE.event,
        note: HOSTILE.note,
        dt_realisation: new Date().toISOString(),
        applianceId: appliance.id,
        type: 'PANNE',
      }),
    });
    expect(event.status).toBe(201);

    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await login(page, account.email, account.password);
    await page.waitForURL(/\/(home|welcome)$/);
    for (const path of [
      '/inventaire',
      `/inventaire/univers/${universe.univer_id}/detail`,
      '/inventaire/univers',
      `/inventaire/univers/appliance/fichedetail?id=${appliance.id}`,
      `/inventaire/univers/appliance/update?id=${appliance.id}`,
      '/inventaire/search',
      '/calendar',
      `/repair?appliance=${appliance.id}&prod=1`,
      `/secondlife/actionselect?appliance=${appliance.id}&prod=1`,
      '/home',
    ]) {
      await page.goto(path);
      await page.waitForSelector('h1');
      await page.waitForLoadState('networkidle');
      expect(await executed(page), path).toBeNull();
      expect(await page.locator('img[src="x"], iframe[srcdoc], svg[onload], a[href^="javascript:"]').count(), path).toBe(0);
    }
    await page.goto(`/inventaire/univers/appliance/fichedetail?id=${appliance.id}`);
    await visible(page, HOSTILE.event);
    expect(await page.getByText(HOSTILE.name).count()).toBeGreaterThan(0);
    expect(dialogs).toEqual([]);
    await context.close();
  });

  it('sanitises the rich text of maintenance steps', async () => {
    const account = await createAccount();
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    // The steps are reference content: a compromised copy of it is served to the browser here (routed on
    // the context, so that the service worker's fetch of it is served the same).
    await context.route('**/api/maintenancecard?productid=*', async (route) => {
      const res = await route.fetch();
      const cards = (await res.json()) as { steplist: { detail: string }[] }[];
      for (const card of cards)
        for (const step of card.steplist)
          step.detail = `<p>Étape sûre</p><img src=x onerror="window.__xss=6"><script>window.__xss=7</script><a href="javascript:window.__xss=8">lien</a>`;
      await route.fulfill({ response: res, json: cards });
    });
    await login(page, account.email, account.password);
    await page.waitForURL(/\/(home|welcome)$/);
    await page.goto('/entretien/fiche?prod=1');
    await page.getByTestId('maintenance-card').first().click();
    await page.waitForURL(/fichedetail/);
    await page
      .getByRole('button', { name: /Commencer|Démarrer|étapes/i })
      .first()
      .click();
    await visible(page, 'Étape sûre');
    const dialog = page.getByRole('dialog');
    expect(await dialog.locator('script, img[onerror], a[href^="javascript:"]').count()).toBe(0);
    expect(await executed(page)).toBeNull();
    await context.close();
  });
});
