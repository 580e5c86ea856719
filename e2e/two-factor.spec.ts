import { generate } from 'otplib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, label, launchBrowser, login, newContext, PHONE, visible } from './helpers.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const code = (secret: string, stepsAhead = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 * stepsAhead });

describe('two-factor sign-in', () => {
  it('is set up from the profile with a QR code, then asked at sign-in', async () => {
    const account = await createAccount(undefined, undefined, 'Inès');
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    await login(page, account.email, account.password);
    await page.waitForURL(/\/(home|welcome)$/);
    await page.goto('/profile#securite');
    await visible(page, 'Double authentification');
    await page.getByRole('button', { name: 'Activer la double authentification' }).click();
    const dialog = page.getByRole('dialog', { name: 'Activer la double authentification' });
    await dialog.getByLabel(label('Mot de passe actuel')).fill(account.password);
    await dialog.getByRole('button', { name: 'Continuer' }).click();
    await expect
      .poll(() => dialog.getByRole('img', { name: 'QR code à scanner avec votre application d’authentification' }).isVisible())
      .toBe(true);
    const secret = (await dialog.getByTestId('totp-secret').innerText()).trim();
    await page.screenshot({ path: 'e2e/screenshots/two-factor-setup-phone.png', animations: 'disabled' });
    await dialog.getByLabel(label('Code à 6 chiffres')).fill(await code(secret));
    await dialog.getByRole('button', { name: 'Activer' }).click();
    await visible(page, 'Notez vos codes de secours maintenant');
    expect(await dialog.getByTestId('recovery-codes').locator('code').count()).toBe(10);
    await page.screenshot({ path: 'e2e/screenshots/two-factor-codes-phone.png', animations: 'disabled' });
    await dialog.getByRole('button', { name: 'J’ai noté mes codes' }).click();
    await visible(page, 'La double authentification est activée.');
    await visible(page, 'Codes de secours restants : 10.');

    // A new sign-in: the password, then the code.
    const fresh = await newContext(browser, PHONE);
    const other = await fresh.newPage();
    await login(other, account.email, account.password);
    await expect.poll(() => other.getByRole('heading', { name: 'Double authentification' }).isVisible()).toBe(true);
    expect(other.url()).toMatch(/\/login$/);
    await other.getByLabel(label('Code à 6 chiffres')).fill('000000');
    await other.getByRole('button', { name: 'Valider' }).click();
    await visible(other, 'Code incorrect ou déjà utilisé.');
    await other.screenshot({ path: 'e2e/screenshots/two-factor-signin-phone.png' });
    // The next 30 s step: the enabling code's step cannot serve twice.
    await other.getByLabel(label('Code à 6 chiffres')).fill(await code(secret, 1));
    await other.getByRole('button', { name: 'Valider' }).click();
    await other.waitForURL(/\/(home|welcome)$/);
    await fresh.close();
    await context.close();
  });
});
