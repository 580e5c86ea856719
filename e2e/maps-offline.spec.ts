import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { household, launchBrowser, login, newContext, PHONE, signedIn, visible } from './helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const ADEME = 'https://quefairedemesobjets.ademe.fr/**';
const BLOCKED =
  'La carte n’a pas pu se charger depuis le site de l’ADEME «\u00a0Que faire de mes objets\u00a0»\u00a0: le site ne répond pas, ou votre réseau ou un bloqueur de contenu l’empêche de s’afficher dans EcoFoyer. Ouvrez le site dans un nouvel onglet avec le lien ci-dessous.';
const OFFLINE =
  'La carte s’affiche depuis le site de l’ADEME «\u00a0Que faire de mes objets\u00a0», injoignable sans connexion. L’affichage reprendra ici dès le retour du réseau.';

/** The third-party map answers with a page of its own (asserted, never fetched). */
const answerMap = (context: BrowserContext) =>
  context.route(ADEME, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><html lang="fr"><title>Carte</title><p>carte</p></html>' }),
  );

/** The message in the map's place, and the link that opens the map in a new tab. */
async function expectMessage(page: Page, title: string, text: string) {
  const message = page.getByTestId('lvao-map-unavailable');
  await expect.poll(() => message.isVisible(), { message: title }).toBe(true);
  expect(await message.getByText(title, { exact: true }).isVisible()).toBe(true);
  expect(await message.getByText(text, { exact: true }).isVisible()).toBe(true);
  expect(await page.getByTestId('lvao-map').count()).toBe(0);
  const link = page.getByRole('link', { name: 'Ouvrir la carte dans un nouvel onglet' });
  expect(await link.getAttribute('target')).toBe('_blank');
  return new URL((await link.getAttribute('href'))!);
}

const mapShown = (page: Page) =>
  expect.poll(() => page.getByTestId('lvao-map').evaluate((frame) => getComputedStyle(frame).visibility)).toBe('visible');

describe('the third-party maps, offline or blocked, on a phone', () => {
  it('/carbomap: a message and the link instead of a broken frame when the map’s site is blocked', async () => {
    const { context, page } = await signedIn(browser, PHONE);
    await context.route(ADEME, (route) => route.abort('blockedbyclient'));
    await page.goto('/carbomap');
    const href = await expectMessage(page, 'Affichage impossible ici', BLOCKED);
    expect(href.origin + href.pathname).toBe('https://quefairedemesobjets.ademe.fr/carte');
    expect(href.searchParams.get('action_list')).toBe('reparer|donner|echanger|preter|revendre');
    await page.screenshot({ path: 'e2e/screenshots/carbomap-blocked-phone.png', fullPage: true });
    const serious = (await new AxeBuilder({ page }).analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => `${n.html} ${n.failureSummary}`).join(', ')}`)).toEqual([]);

    // Unblocked, « Réessayer » shows the map.
    await context.unroute(ADEME);
    await answerMap(context);
    await page.getByRole('button', { name: 'Réessayer' }).click();
    await mapShown(page);
    expect(await page.getByTestId('lvao-map-unavailable').count()).toBe(0);
    await context.close();
  });

  it('/carbomap: says it is offline in the map’s place, and shows the map again with the network', async () => {
    const { context, page } = await signedIn(browser, PHONE);
    await answerMap(context);
    await page.goto('/carbomap');
    await mapShown(page);
    const link = page.getByRole('link', { name: 'Ouvrir la carte dans un nouvel onglet' });
    expect(await link.getAttribute('href')).toBe(await page.getByTestId('lvao-map').getAttribute('src'));

    await context.setOffline(true);
    const href = await expectMessage(page, 'Pas de connexion', OFFLINE);
    expect(href.origin + href.pathname).toBe('https://quefairedemesobjets.ademe.fr/carte');
    await page.screenshot({ path: 'e2e/screenshots/carbomap-offline-phone.png', fullPage: true });

    await context.setOffline(false);
    await mapShown(page);
    await context.close();
  });

  it('/callplan: the repairers offering the bonus, blocked or offline, say so and link to the map', async () => {
    const { context, page } = await signedIn(browser, PHONE);
    await context.route(ADEME, (route) => route.abort());
    await page.goto('/callplan');
    await visible(page, 'Préparer le rendez-vous');
    const href = await expectMessage(page, 'Affichage impossible ici', BLOCKED);
    expect(href.searchParams.get('bonus')).toBe('1');
    expect(href.searchParams.get('action_list')).toBe('reparer');
    await page.screenshot({ path: 'e2e/screenshots/callplan-blocked-phone.png', fullPage: true });

    await context.setOffline(true);
    expect((await expectMessage(page, 'Pas de connexion', OFFLINE)).searchParams.get('bonus')).toBe('1');
    await context.setOffline(false);
    await context.close();
  });

  it('the repairers’ map of the repair assistant, blocked: the message and the link', async () => {
    const { account, applianceId, prodId } = await household();
    const context = await newContext(browser, PHONE);
    await context.route(ADEME, (route) => route.abort());
    const page = await context.newPage();
    await login(page, account.email, account.password);
    await page.waitForURL(/\/(home|welcome)$/);
    await page.goto(`/repair?appliance=${applianceId}&prod=${prodId}`);
    await page.getByLabel('Ton message').fill('Le hublot reste bloqué');
    await page.getByRole('button', { name: 'Envoyer' }).click();
    await page.getByRole('button', { name: 'Trouver un réparateur' }).click();
    await page.getByRole('button', { name: 'Voir la carte des réparateurs' }).click();
    const href = await expectMessage(page, 'Affichage impossible ici', BLOCKED);
    expect(href.searchParams.get('action_list')).toBe('reparer');
    await page.screenshot({ path: 'e2e/screenshots/repair-map-blocked-phone.png' });
    await context.close();
  });
});
