import { OFFLINE_TEXTS } from '@ecofoyer/contracts';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, createAccount, launchBrowser, login, newContext, PHONE } from './helpers.ts';

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
    await expect
      .poll(() => page.evaluate(async () => Boolean((await navigator.serviceWorker.ready).active)), { timeout: 15_000 })
      .toBe(true);
    await page.reload();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

    await context.setOffline(true);
    await page.goto('/register');
    await expect.poll(() => page.getByRole('heading', { name: 'Inscription' }).isVisible()).toBe(true);
    await context.setOffline(false);
    await context.close();
  });

  it('opens the signed-in app shell offline after a first visit, and says it is offline', async () => {
    const account = await createAccount(undefined, undefined, 'Inès');
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    await login(page, account.email, account.password, true);
    await page.waitForURL(/\/(home|welcome)$/);
    await page.goto('/home');
    await expect.poll(() => page.getByRole('heading', { name: 'Bonjour Inès !' }).isVisible()).toBe(true);
    await expect
      .poll(() => page.evaluate(async () => Boolean((await navigator.serviceWorker.ready).active)), { timeout: 15_000 })
      .toBe(true);
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    expect(await page.getByText(OFFLINE_TEXTS.banner).count()).toBe(0);

    await context.setOffline(true);
    await page.reload();
    // The shell and the page come from the service worker's cache; the data cannot be refreshed.
    await expect.poll(() => page.getByRole('heading', { name: 'Bonjour Inès !' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('navigation', { name: 'Navigation principale' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('status').filter({ hasText: OFFLINE_TEXTS.banner }).isVisible()).toBe(true);
    await page.screenshot({ path: 'e2e/screenshots/offline-phone.png' });

    await context.setOffline(false);
    await expect.poll(() => page.getByText(OFFLINE_TEXTS.banner).count()).toBe(0);
    await context.close();
  });
});
