import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, PHONE, signedIn } from './helpers.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('a large photo is resized in a worker before upload (issue 15, item 11)', () => {
  it('runs the resize worker under the app’s own CSP, loading its code from the app, not a CDN', async () => {
    // Noise compresses badly: a PNG well over the 200 KB threshold.
    const raw = randomBytes(900 * 700 * 3);
    const big = await sharp(raw, { raw: { width: 900, height: 700, channels: 3 } }).png().toBuffer();
    expect(big.length).toBeGreaterThan(204_800);

    const { context, page } = await signedIn(browser, PHONE);
    const refused: string[] = [];
    page.on('console', (m) => /Content Security Policy|Refused to/i.test(m.text()) && refused.push(m.text()));
    const scripts: string[] = [];
    context.on('request', (r) => r.url().includes('browser-image-compression') && scripts.push(r.url()));
    await page.goto('/inventaire/univers');
    await page.getByTestId('universe-placeholder').first().click();
    const dialog = page.getByRole('dialog', { name: 'Nouvel univers' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'grande-photo.png', mimeType: 'image/png', buffer: big });
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(scripts.some((u) => new URL(u).origin === new URL(page.url()).origin)).toBe(true);
    expect(scripts.every((u) => new URL(u).origin === new URL(page.url()).origin)).toBe(true);
    expect(refused).toEqual([]);
    await context.close();
  });
});
