import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayFr } from '@ecofoyer/contracts';
import { DESKTOP, household, launchBrowser, login, newContext, PHONE, signedIn, visible } from './helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('carbon simulator (product §9)', () => {
  it('computes the kettle by hand, and the numbers and chart follow the slider', async () => {
    const { context, page } = await signedIn(browser, DESKTOP);
    await page.goto('/carbotool');
    await page.getByLabel('Appareil').first().click();
    await page.getByLabel('Appareil').first().fill('Bouil');
    await page.getByRole('option', { name: 'Bouilloire' }).click();
    await visible(page, 'Données ADEME');
    // production 3.93 + 0.24 + 0.59 + 5.15 = 9.91; usage (37.79 − 9.91 + 3.74) / 6 = 5.27;
    // 6 years: the home total 37.79, i.e. 6.30 kg per year of use
    await expect.poll(() => page.getByTestId('carbon-production').textContent()).toBe('9,9 kg');
    expect(await page.getByTestId('carbon-usage').textContent()).toBe('5,27 kg');
    expect(await page.getByTestId('carbon-total').textContent()).toBe('37,8 kg');
    expect(await page.getByTestId('carbon-per-year').textContent()).toBe('6,3 kg');
    expect(await page.getByTestId('carbon-saving').textContent()).toContain(
      'c’est l’empreinte que compte votre accueil pour ce type d’appareil\u00a0: 37,8 kg',
    );
    const marker = () => page.locator('.recharts-reference-line line').first().getAttribute('x1');
    await expect.poll(marker).not.toBeNull();
    const before = await marker();

    const slider = page.getByRole('slider');
    await slider.focus();
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
    // 10 years: 9.91 + 10 × 5.27 − 3.74 = 58.87, 5.89 per year; kept 10 years rather than 6: 10 × 6.30 − 58.87 = 4.1 kg saved
    await expect.poll(() => page.getByTestId('carbon-total').textContent()).toBe('58,9 kg');
    expect(await page.getByTestId('carbon-per-year').textContent()).toBe('5,9 kg');
    await expect
      .poll(() => page.getByTestId('carbon-saving').textContent())
      .toContain('En le gardant 10 ans au lieu de 6 ans (la durée moyenne), vous évitez environ 4,1 kg de CO2e');
    await expect.poll(marker).not.toBe(before);
    await visible(page, 'Nouveau badge !');
    await page.screenshot({ path: 'e2e/screenshots/carbotool-desktop.png', fullPage: true });
    for (let i = 0; i < 7; i++) await page.keyboard.press('ArrowLeft');
    // 3 years: 9.91 + 15.81 − 3.74 = 21.98; 3 × 6.30 − 21.98 = −3.1 kg
    await expect
      .poll(() => page.getByTestId('carbon-saving').textContent())
      .toContain('Le remplacer au bout de 3 ans au lieu de 6 ans (la durée moyenne) ajoute environ 3,1 kg de CO2e');
    // Sources are written for a reader, not a developer.
    expect(await page.getByText(/via shared|\.json|\.md\b|usage\.peryear|defaultyears/).count()).toBe(0);
    await visible(page, /ADEME, base Impact CO2/);

    await page.getByLabel('Appareil').first().fill('Télé');
    await page.getByRole('option', { name: 'Téléviseur' }).click();
    // ADEME digital equipment: 325 + 3.26 = 328.26 kg to make, 369.68 kg over its 8 years.
    await expect.poll(() => page.getByTestId('carbon-production').textContent()).toBe('328,3 kg');
    expect(await page.getByTestId('carbon-total').textContent()).toBe('369,7 kg');
    await visible(page, 'Données ADEME');
    await page.getByLabel('Appareil').first().fill('Yaourt');
    await page.getByRole('option', { name: 'Yaourtière' }).click();
    await visible(page, 'Estimation EcoFoyer');
    await context.close();
  });

  it('simulates one of my appliances with its own type’s figures, and says so for an unknown type', async () => {
    const { account } = await household();

    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    await login(page, account.email, account.password);
    await page.waitForURL(/\/(home|welcome)$/);
    await page.goto('/carbotool?type=pas-un-type');
    await visible(page, 'Ce type d’appareil n’est pas dans notre base carbone. Choisissez un type ou un de vos appareils dans la liste.');
    expect(await page.getByTestId('carbon-total').count()).toBe(0);
    await page.getByLabel('Appareil').first().click();
    await page.getByRole('option', { name: /Bosch Serie 4/ }).click();
    // The washing machine's figures (production 341.1, 12 years on average), not the kettle's.
    await expect.poll(() => page.getByTestId('carbon-production').textContent()).toBe('341,1 kg');
    expect(await page.getByText('Durée de vie moyenne : 12 ans').isVisible()).toBe(true);
    // No purchase date: the lifetime starts today, and the page says so (1 year: 314.54 kg).
    await visible(page, 'La date d’achat de cet appareil n’est pas renseignée\u00a0: la durée d’utilisation part d’aujourd’hui.');
    expect(await page.getByRole('link', { name: 'Ajoutez-la à sa fiche' }).getAttribute('href')).toMatch(
      /^\/inventaire\/univers\/appliance\/update\?id=\d+$/,
    );
    await visible(page, 'Durée d’utilisation : 1 an');
    expect(await page.getByTestId('carbon-total').textContent()).toBe('314,5 kg');
    await page.screenshot({ path: 'e2e/screenshots/carbotool-mine-phone.png', fullPage: true });
    await context.close();
  });

  it('offers my appliances first, by their name, and starts the lifetime at the real age of the one chosen', async () => {
    // Bought 7 years and a month ago: 7 whole years old today, whatever the hour.
    const bought = new Date();
    bought.setUTCFullYear(bought.getUTCFullYear() - 7, bought.getUTCMonth() - 1);
    const purchase = bought.toISOString().slice(0, 10);
    const { account, applianceId } = await household({ appliance: { name: 'Machine du cellier', dt_achat: purchase } });

    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    await login(page, account.email, account.password);
    await page.waitForURL(/\/(home|welcome)$/);
    await page.goto('/carbotool');
    await expect.poll(() => page.getByTestId('carbon-total').count()).toBe(1);
    await page.getByLabel('Appareil').first().click();
    // « Mes appareils » come before the generic types, each by its name.
    await expect.poll(() => page.getByRole('option').first().textContent()).toBe('Machine du cellier — Bosch Serie 4');
    const groups = await page.getByRole('listbox').locator('.mantine-Select-groupLabel').allTextContents();
    expect(groups).toEqual(['Mes appareils', 'Types d’appareils']);
    await page.screenshot({ path: 'e2e/screenshots/carbotool-list-phone.png' });
    await page.getByRole('option', { name: 'Machine du cellier — Bosch Serie 4' }).click();
    await visible(page, `Acheté le ${dayFr(purchase)}, cet appareil a 7\u00a0ans\u00a0: la durée d’utilisation part de son âge réel.`);
    await visible(page, 'Durée d’utilisation : 7 ans');
    // 7 years of a washing machine: 423.02 kg, 60.4 kg per year; replaced now rather than at 12 years, it adds some.
    expect(await page.getByTestId('carbon-total').textContent()).toBe('423 kg');
    expect(await page.getByTestId('carbon-per-year').textContent()).toBe('60,4 kg');
    expect(await page.getByTestId('carbon-saving').textContent()).toContain(
      'Le remplacer au bout de 7 ans au lieu de 12 ans (la durée moyenne)',
    );
    await page.screenshot({ path: 'e2e/screenshots/carbotool-age-phone.png', fullPage: true });

    // A generic type starts again at its average lifespan.
    await page.getByLabel('Appareil').first().fill('Bouil');
    await page.getByRole('option', { name: 'Bouilloire' }).click();
    await visible(page, 'Durée d’utilisation : 6 ans');
    expect(await page.getByTestId('carbon-age').count()).toBe(0);

    // Opened from the appliance’s page (its energy section links here), the same start.
    await page.goto(`/carbotool?type=lave-linge&appareil=${applianceId}`);
    await visible(page, 'Durée d’utilisation : 7 ans');
    await visible(page, `Acheté le ${dayFr(purchase)}, cet appareil a 7\u00a0ans\u00a0: la durée d’utilisation part de son âge réel.`);
    await context.close();
  });
});
