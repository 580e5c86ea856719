import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, signedIn, visible } from './helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('carbon simulator (spec §9)', () => {
  it('computes the kettle by hand, and the numbers and chart follow the slider', async () => {
    const { context, page } = await signedIn(browser, DESKTOP);
    await page.goto('/carbotool');
    await page.getByLabel('Appareil').first().click();
    await page.getByLabel('Appareil').first().fill('Bouil');
    await page.getByRole('option', { name: 'Bouilloire' }).click();
    await visible(page, 'Données ADEME');
    // production 3.93 + 0.24 + 0.59 + 5.15 = 9.91; usage (37.79 − 9.91 + 3.74) / 6 = 5.27; 6 years: 6 × 5.27 − 3.74 = 27.88
    await expect.poll(() => page.getByTestId('carbon-production').textContent()).toBe('9,9 kg');
    expect(await page.getByTestId('carbon-usage').textContent()).toBe('5,27 kg');
    expect(await page.getByTestId('carbon-simulated').textContent()).toBe('27,9 kg');
    const marker = () => page.locator('.recharts-reference-line line').first().getAttribute('x1');
    await expect.poll(marker).not.toBeNull();
    const before = await marker();

    const slider = page.getByRole('slider');
    await slider.focus();
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
    // 10 years: 10 × 5.27 − 3.74 = 48.96; 4 extra years × 9.91 / 6 = 6.61
    await expect.poll(() => page.getByTestId('carbon-simulated').textContent()).toBe('49 kg');
    await expect.poll(() => page.getByTestId('carbon-saving').textContent()).toContain('environ 1,7 kg par an');
    expect(await page.getByTestId('carbon-saving').textContent()).toContain('4 ans de plus que la moyenne, vous évitez environ 6,6 kg');
    await expect.poll(marker).not.toBe(before);
    await visible(page, 'Nouveau badge !');
    await page.screenshot({ path: 'e2e/screenshots/carbotool-desktop.png', fullPage: true });

    await page.getByLabel('Appareil').first().fill('Yaourt');
    await page.getByRole('option', { name: 'Yaourtière' }).click();
    await visible(page, 'Estimation EcoFoyer');
    await context.close();
  });
});
