import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, PHONE, visible } from './helpers.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('the DEMO button (a household per visitor)', () => {
  it('gives 15 visitors in a row each a demo household of their own, and one visitor’s change stays theirs', async () => {
    const names: string[] = [];
    for (let i = 0; i < 15; i++) {
      const context = await newContext(browser, PHONE);
      const page = await context.newPage();
      await page.goto('/login');
      await page.getByRole('button', { name: 'Démo' }).click();
      await page.waitForURL(/\/home$/);
      await visible(page, 'Compte de démonstration : ce foyer est le vôtre seul');
      if (i === 0) {
        // The unread count is in the phone's header too: the demo has unread reminders.
        await expect
          .poll(() =>
            page
              .getByRole('banner')
              .getByRole('link', { name: /^Notifications : \d+ non lues?$/ })
              .isVisible(),
          )
          .toBe(true);
        await page.screenshot({ path: 'e2e/screenshots/demo-phone.png' });
      }
      await page.goto('/inventaire');
      await expect.poll(() => page.getByTestId('appliance-card').count()).toBe(12);
      names.push(await page.evaluate(() => (document.body.innerText.includes('Lave-linge') ? 'ok' : 'missing')));
      if (i === 0) {
        // Delete one appliance in the first household…
        await page.getByTestId('appliance-card').first().click();
        await page.getByRole('link', { name: 'Modifier' }).click();
        await page.getByRole('button', { name: 'Supprimer' }).click();
        await page.getByRole('dialog').getByRole('button', { name: 'Supprimer' }).click();
        await page.waitForURL(/\/inventaire$/);
        await expect.poll(() => page.getByTestId('appliance-card').count()).toBe(11);
      }
      await context.close();
    }
    // …every later visitor still has the twelve.
    expect(names).toEqual(Array(15).fill('ok'));
  }, 180_000);
});
