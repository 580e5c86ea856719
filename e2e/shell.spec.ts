import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, DESKTOP, launchBrowser, login, newContext, PHONE } from './helpers.ts';

let browser: Browser;
let account: Awaited<ReturnType<typeof createAccount>>;

beforeAll(async () => {
  browser = await launchBrowser();
  account = await createAccount(undefined, undefined, 'Margaux');
});
afterAll(async () => {
  await browser?.close();
});

async function signedIn(viewport: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, viewport);
  const page = await context.newPage();
  await login(page, account.email, account.password);
  await page.waitForURL(/\/(home|welcome)$/);
  await page.goto('/home');
  await expect.poll(() => page.getByRole('heading', { name: 'Bonjour Margaux !' }).isVisible()).toBe(true);
  return { context, page };
}

describe('desktop shell', () => {
  it('has the left bar, the header with the user and logout, the extra bar only on /home', async () => {
    const { context, page } = await signedIn(DESKTOP);
    const nav = page.getByRole('navigation', { name: 'Navigation principale' }).first();
    for (const name of ['Accueil', 'Calendrier', 'Inventaire', 'Offres Partenaires']) {
      await expect.poll(() => page.getByRole('link', { name, exact: true }).first().isVisible(), { message: name }).toBe(true);
    }
    expect(await nav.isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('current-user').textContent()).toContain('Margaux Durand');
    await expect
      .poll(() =>
        page
          .getByRole('link', { name: /^Notifications/ })
          .first()
          .isVisible(),
      )
      .toBe(true);
    await expect.poll(() => page.getByText('Rechercher un appareil, une marque, un modèle…').isVisible()).toBe(true);
    await page.screenshot({ path: 'e2e/screenshots/shell-desktop.png' });

    // Options entries on the left bar.
    for (const [name, path] of [
      ['CGU', '/cgu'],
      ['FAQ', '/faq'],
      ['Smart-fix', '/smarfix'],
    ] as const) {
      await page.getByRole('link', { name, exact: true }).click();
      await page.waitForURL(`**${path}`);
    }
    await expect.poll(() => page.getByText('Rechercher un appareil, une marque, un modèle…').count()).toBe(0);

    await page.getByRole('link', { name: 'Calendrier', exact: true }).click();
    await page.waitForURL('**/calendar');
    await expect.poll(() => page.getByRole('heading', { name: 'Calendrier', exact: true }).isVisible()).toBe(true);

    // The header hides on profile, badge and maintenance pages.
    await page.getByTestId('current-user').click();
    await page.waitForURL('**/profile');
    await expect.poll(() => page.getByTestId('current-user').isVisible()).toBe(false);
    await page.goto('/entretien/fiche');
    await expect.poll(() => page.getByRole('heading', { name: 'Fiches d’entretien' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('current-user').isVisible()).toBe(false);

    // Header logout asks first.
    await page.goto('/home');
    await page.getByRole('banner').getByRole('button', { name: 'Déconnecter' }).click();
    await expect.poll(() => page.getByText('Voulez-vous vraiment vous déconnecter ?').isVisible()).toBe(true);
    await page.getByRole('dialog').getByRole('button', { name: 'Déconnecter' }).click();
    await page.waitForURL('**/login');
    // Chrome is hidden on the login page.
    await expect.poll(() => page.getByRole('navigation', { name: 'Navigation principale' }).count()).toBe(0);
    await context.close();
  });

  it('reaches every route of the spec, each with its title', async () => {
    const { context, page } = await signedIn(DESKTOP);
    const complete: [string, string][] = [
      ['/', 'Bonjour Margaux !'],
      ['/profile', 'Mon profil'],
      ['/user', 'Mon espace'],
      ['/freemium', 'Espace Freemium'],
      ['/assure', 'Espace Assuré'],
      ['/cgu', 'Conditions générales d’utilisation'],
      ['/faq', 'Questions fréquentes'],
      ['/inventaire', 'Mes appareils'],
      ['/inventaire/univers', 'Mes univers'],
      ['/inventaire/search', 'Rechercher un appareil'],
      ['/productlist', 'Choisir le produit à entretenir'],
      ['/productlist?flag=toadd', 'Choisir le produit à ajouter'],
      ['/productlist?flag=tosecond', 'Choisir le produit pour lui donner une seconde vie'],
      ['/new-device', 'Ajouter un appareil'],
      ['/inventaire/nouveau_2', 'Ajouter un appareil'],
      ['/carbotool', 'Simulateur carbone'],
      ['/carbomap', 'Carte de l’économie circulaire'],
      ['/callplan', 'Prendre rendez-vous'],
      ['/repair', 'Réparer avec l’assistant'],
      ['/secondlife/actionselect', 'Seconde vie'],
      ['/secondlife/give', 'Donner mon appareil'],
      ['/secondlife/sell', 'Vendre mon appareil'],
      ['/secondlife/recycle', 'Recycler mon appareil'],
      ['/replace/appliance', 'Remplacer un appareil'],
      ['/replace/product', 'Choisir un nouveau produit'],
      ['/renew/optionselect', 'Se rééquiper'],
      ['/renew/fundsearch', 'Financer mon rééquipement'],
      ['/renew/tip', 'Conseils de rééquipement'],
      ['/renew/offer', 'Offres de rééquipement'],
      ['/smarfix', 'Smart-fix : est-ce réparable ?'],
    ];
    for (const [path, title] of complete) {
      await page.goto(path);
      await expect.poll(() => page.getByRole('heading', { name: title, exact: true }).first().isVisible(), { message: path }).toBe(true);
    }
    await page.goto('/pas-une-route');
    await expect.poll(() => page.getByRole('heading', { name: 'Page introuvable' }).isVisible()).toBe(true);
    await context.close();
  });

  it('reaches the feature areas from the home page, with the spec flags', async () => {
    const { context, page } = await signedIn(DESKTOP);
    const entries: [string, RegExp, string][] = [
      ['Ajouter', /\/new-device$/, 'Ajouter un appareil'],
      ['Entretenir', /\/productlist\?flag=tomaintenance$/, 'Choisir le produit à entretenir'],
      ['Réparer', /\/productlist\?flag=torepair$/, 'Choisir le produit à réparer'],
      ['Seconde vie', /\/inventaire\?flag=tosecond$/, 'Quel appareil voulez-vous faire revivre ?'],
      ['Simulateur carbone', /\/carbotool$/, 'Simulateur carbone'],
      ['Carte de l’économie circulaire', /\/carbomap$/, 'Carte de l’économie circulaire'],
      ['Assistant de réparation', /\/repair$/, 'Réparer avec l’assistant'],
      ['Se rééquiper', /\/renew\/optionselect$/, 'Se rééquiper'],
    ];
    for (const [name, url, title] of entries) {
      await page.goto('/home');
      await page
        .getByRole('main')
        .getByRole('link', { name: new RegExp(`^${name}`) })
        .click();
      await page.waitForURL(url);
      await expect.poll(() => page.getByRole('heading', { name: title, exact: true }).isVisible(), { message: name }).toBe(true);
    }
    await page.screenshot({ path: 'e2e/screenshots/planned-desktop.png' });
    await context.close();
  });

  it('shows the role boards as the server answers them', async () => {
    const { context, page } = await signedIn(DESKTOP);
    await page.goto('/freemium');
    await expect.poll(() => page.getByText('Espace Freemium : vous profitez', { exact: false }).isVisible()).toBe(true);
    await page.goto('/assure');
    await expect
      .poll(() => page.getByText('Cet espace est réservé aux clients d’un assureur partenaire', { exact: false }).isVisible())
      .toBe(true);
    await context.close();
  });

  it('goes back one step with the back arrow', async () => {
    const { context, page } = await signedIn(DESKTOP);
    await page.getByRole('link', { name: 'Calendrier', exact: true }).click();
    await page.waitForURL('**/calendar');
    await page.getByRole('button', { name: 'Retour' }).click();
    await page.waitForURL('**/home');
    await context.close();
  });

  it('goes back one step from a page with a frame in it, the frame untouched', async () => {
    const { context, page } = await signedIn(DESKTOP);
    // The map's site answers (locally, never fetched), so that the frame shows and loads.
    await context.route('https://quefairedemesobjets.ademe.fr/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<p>carte</p>' }),
    );
    await page.getByRole('link', { name: 'Calendrier', exact: true }).click();
    await page.waitForURL('**/calendar');
    // In-app steps, so that the history holds calendar → home → map.
    await page.getByRole('link', { name: 'Accueil', exact: true }).first().click();
    await page.waitForURL(/\/home$/);
    await page
      .getByRole('main')
      .getByRole('link', { name: /^Carte de l’économie circulaire/ })
      .click();
    await page.waitForURL(/\/carbomap$/);
    await expect.poll(() => page.locator('iframe').count()).toBe(1);
    await page.getByRole('button', { name: 'Retour' }).click();
    await page.waitForURL(/\/home$/);
    await context.close();
  });
});

describe('phone shell', () => {
  it('has the header with logo and profile icon, the bottom tab bar and the Options menu', async () => {
    const { context, page } = await signedIn(PHONE);
    const tabs = page.getByRole('contentinfo').getByRole('navigation', { name: 'Navigation principale' });
    for (const name of ['Accueil', 'Calendrier', 'Inventaire', 'Offres']) {
      await expect.poll(() => tabs.getByRole('link', { name, exact: true }).isVisible(), { message: name }).toBe(true);
    }
    await expect.poll(() => page.getByTestId('current-user').isVisible()).toBe(false);
    await page.screenshot({ path: 'e2e/screenshots/shell-phone.png' });

    await tabs.getByRole('link', { name: 'Inventaire', exact: true }).click();
    await page.waitForURL('**/inventaire/univers');
    await expect.poll(() => tabs.getByRole('link', { name: 'Inventaire', exact: true }).getAttribute('aria-current')).toBe('page');
    await tabs.getByRole('link', { name: 'Offres', exact: true }).click();
    await page.waitForURL('**/offres');

    await page.getByRole('link', { name: 'EcoFoyer, accueil' }).click();
    await page.waitForURL('**/home');
    await page.getByRole('link', { name: 'Mon profil' }).click();
    await page.waitForURL('**/profile');
    await page.goto('/home');

    await page.getByRole('button', { name: 'Options' }).click();
    for (const name of ['Notifications', 'CGU', 'FAQ', 'Smart-fix', 'Déconnecter']) {
      await expect.poll(() => page.getByRole('menuitem', { name }).isVisible(), { message: name }).toBe(true);
    }
    await page.screenshot({ path: 'e2e/screenshots/options-phone.png' });
    await page.getByRole('menuitem', { name: 'FAQ' }).click();
    await page.waitForURL('**/faq');
    await page.getByRole('button', { name: 'Options' }).click();
    await page.getByRole('menuitem', { name: 'Déconnecter' }).click();
    await expect.poll(() => page.getByText('Voulez-vous vraiment vous déconnecter ?').isVisible()).toBe(true);
    await page.getByRole('dialog').getByRole('button', { name: 'Déconnecter' }).click();
    await page.waitForURL('**/login');
    await context.close();
  });
});
