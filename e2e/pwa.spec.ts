import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launchBrowser, newContext, PHONE } from './helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('installable PWA', () => {
  it('serves the manifest and icons, and the service worker opens the app shell offline', async () => {
    const manifest = await (await fetch(`${baseURL()}/manifest.webmanifest`)).json();
    expect(manifest).toMatchObject({ name: 'EcoFoyer', lang: 'fr', display: 'standalone', start_url: '/home' });
    for (const icon of manifest.icons) expect((await fetch(`${baseURL()}${icon.src}`)).status).toBe(200);

    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    await page.goto('/login');
    await expect.poll(() => page.evaluate(async () => Boolean((await navigator.serviceWorker.ready).active)), { timeout: 15_000 }).toBe(true);
    await page.reload();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

    await context.setOffline(true);
    await page.goto('/register');
    await expect.poll(() => page.getByRole('heading', { name: 'Inscription' }).isVisible()).toBe(true);
    await context.setOffline(false);
    await context.close();
  });
});
