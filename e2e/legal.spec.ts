import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, newContext, PHONE, visible } from './helpers.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each([
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const)('the legal pages name who runs the instance (%s)', (device, viewport) => {
  it('opens the privacy policy from the login page, with the configured editor and the in-app rights', async () => {
    const context = await newContext(browser, viewport);
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Politique de confidentialité' }).click();
    await page.waitForURL(/\/confidentialite$/);
    await expect.poll(() => page.getByRole('heading', { name: 'Politique de confidentialité', level: 1 }).isVisible()).toBe(true);
    await visible(page, 'Association Répare Ton Quartier, 4 rue des Artisans, 69007 Lyon');
    await visible(page, /«\sTélécharger mes données\s» vous donne un fichier \.zip/);
    expect(await page.locator('main, body').first().innerText()).not.toMatch(/\[[^\]]*\]/);
    await page.screenshot({ path: `e2e/screenshots/privacy-${device}.png` });

    // The CGU, opened from the login page, name the same editor.
    await page.goto('/login');
    await page.getByRole('button', { name: 'Conditions générales d’utilisation' }).click();
    await visible(
      page,
      'Responsable du traitement : Association Répare Ton Quartier, 4 rue des Artisans, 69007 Lyon, joignable à l’adresse contact@repare-ton-quartier.fr.',
    );
    await context.close();
  });
});
