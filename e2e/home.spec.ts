import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, newContext, PHONE } from './helpers.ts';

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
    await page.getByRole('button', { name: 'DEMO' }).click();
    await page.waitForURL(/\/(home|welcome)$/);
    await page.goto('/home');
    // 513.42 + 377.86 + 338.69 + 460.79 + 272.64 + 121.35 + 212.26 + 37.79 + 73.41 + 3 × 1 kg = 2 411.21 kg
    await expect.poll(() => page.getByTestId('impact-kg').textContent()).toBe('2\u202f411 kg CO2e');
    expect(await page.getByTestId('impact-trees').textContent()).toBe('68,9'); // 2 411.21 / 35
    expect(await page.getByTestId('impact-trips').textContent()).toBe('0,7'); // 2 411.21 / 3 500
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
