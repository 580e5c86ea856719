import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { household, launchBrowser, login, newContext, PHONE, signedIn, visible } from './helpers.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('a large photo is resized in a worker before upload', () => {
  it('runs the resize worker under the app’s own CSP, loading its code from the app, not a CDN', async () => {
    // Noise compresses badly: a PNG well over the 200 KB threshold.
    const raw = randomBytes(900 * 700 * 3);
    const big = await sharp(raw, { raw: { width: 900, height: 700, channels: 3 } })
      .png()
      .toBuffer();
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

describe('file limits said before, and checked before sending', () => {
  it('says each slot’s formats and limit, and refuses a 26 MB manual without sending it', async () => {
    const { account, applianceId } = await household({ universe: { name: 'Cuisine' }, appliance: { modele: 'KGN' } });

    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    await login(page, account.email, account.password);
    await page.waitForURL(/\/(home|welcome)$/);
    await page.goto(`/inventaire/univers/appliance/fichedetail?id=${applianceId}`);
    await visible(page, 'PDF, 25 Mo au plus');
    await visible(page, 'PDF, JPEG ou PNG, 10 Mo au plus');
    const sent: string[] = [];
    page.on('request', (r) => r.method() === 'PUT' && sent.push(r.url()));
    // The 26 MB file is made inside the page: sending it through the DevTools protocol takes longer
    // than an action's timeout on a busy machine, and what is checked here is the page's own refusal.
    await page
      .locator('input[type="file"][accept="application/pdf"]')
      .first()
      .evaluate((input: HTMLInputElement) => {
        const body = new Uint8Array(26 * 1024 * 1024).fill(0x20);
        body.set(new TextEncoder().encode('%PDF-1.4\n'));
        const files = new DataTransfer();
        files.items.add(new File([body], 'notice.pdf', { type: 'application/pdf' }));
        input.files = files.files;
        input.dispatchEvent(new Event('change', { bubbles: true }));
      });
    await visible(page, 'Le fichier dépasse la taille maximale de 25 Mo.');
    await page.screenshot({ path: 'e2e/screenshots/upload-limits-phone.png', fullPage: true });
    expect(sent).toEqual([]);
    await context.close();
  });
});
