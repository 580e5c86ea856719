import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, newContext, PHONE, signedIn, visible } from './helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('offers, repair bonus and map (product §2, §9)', () => {
  it('shows the bonus table, the bonus of an appliance, and the map URL (asserted, never fetched)', async () => {
    const context = await newContext(browser, DESKTOP);
    // No request leaves the machine: third-party pages are blocked, their addresses asserted.
    await context.route(/^https?:\/\/(?!localhost|127\.0\.0\.1)/, (route) => route.abort());
    // …but the ADEME map's site answers (locally), so that the map's frame shows rather than the message.
    await context.route('https://quefairedemesobjets.ademe.fr/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<p>carte</p>' }),
    );
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Démo' }).click();
    await page.waitForURL(/\/(home|welcome)$/);

    await page.goto('/offres');
    const table = page.getByRole('table', { name: 'Montants du bonus réparation' });
    await expect.poll(() => table.getByRole('row').count()).toBeGreaterThan(50);
    await page.getByRole('textbox', { name: 'Rechercher un type d’appareil' }).fill('téléviseur');
    await expect.poll(() => table.getByRole('row').count()).toBe(2);
    await visible(page, '60 €');
    // The day the amounts are in force, with the official page, and the amounts no source confirmed marked.
    const source = page.getByTestId('repair-bonus-source').first();
    await expect.poll(() => source.textContent()).toContain('Montants vérifiés le 29 novembre 2026');
    expect(
      await source
        .getByRole('link', { name: 'Institut national de la consommation, d’après le ministère de la Transition écologique' })
        .getAttribute('href'),
    ).toMatch(/^https:\/\/www\.inc-conso\.fr\//);
    await page.getByRole('textbox', { name: 'Rechercher un type d’appareil' }).fill('robot pâtissier');
    await expect.poll(() => table.getByTestId('bonus-to-confirm').count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Trouver une pièce' }).getAttribute('href')).toBe('https://www.spareka.fr/');

    // The demo washing machine: 50 €.
    await page.goto('/inventaire/search');
    await page.getByRole('textbox', { name: 'Rechercher un appareil' }).fill('Bosch');
    await page.getByTestId('appliance-card').first().click();
    await expect.poll(() => page.getByTestId('repair-bonus').textContent()).toContain('50 €');
    expect(await page.getByTestId('repair-bonus-source').first().textContent()).toContain('Montants vérifiés le 29 novembre 2026');

    await page.goto('/carbomap');
    const map = page.getByTestId('lvao-map');
    await expect.poll(() => map.getAttribute('height')).toBe('600');
    const src = new URL((await map.getAttribute('src')) as string);
    expect(src.origin + src.pathname).toBe('https://quefairedemesobjets.ademe.fr/carte');
    expect(src.searchParams.get('direction')).toBe('jai');
    expect(src.searchParams.get('action_list')).toContain('reparer');
    expect(JSON.parse(src.searchParams.get('bounding_box') as string)).toEqual({
      southWest: { lat: 42.96, lng: -6.9 },
      northEast: { lat: 51.1, lng: 7.65 },
    });
    await context.close();
  });

  it('shows every column of the bonus table on a phone, the amount uncut', async () => {
    const { context, page } = await signedIn(browser, PHONE);
    await page.goto('/offres');
    const table = page.getByRole('table', { name: 'Montants du bonus réparation' });
    await expect.poll(() => table.getByRole('row').count()).toBeGreaterThan(50);
    const region = page.getByRole('region', { name: 'Montants du bonus réparation, défilants' });
    expect(await region.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
    const amount = table.getByRole('row').nth(1).getByRole('cell').last();
    await amount.scrollIntoViewIfNeeded();
    const box = (await amount.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    // An amount no source confirmed carries its « à confirmer » mark under it, in the same cell.
    expect(await amount.textContent()).toMatch(/^\d+ €(à confirmer)?$/);
    await page.screenshot({ path: 'e2e/screenshots/bonus-table-phone.png' });
    await context.close();
  });
});
