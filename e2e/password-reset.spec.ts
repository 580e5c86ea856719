import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, label, launchBrowser, login, newContext, PHONE, resetLinkFromOutbox } from './helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('forgot password → mailed link → reset → login', () => {
  it('resets the password from the link written to the outbox', async () => {
    const account = await createAccount();
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();

    await page.goto('/login');
    await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
    await page.waitForURL('**/forgot-password');
    // The address changes before the lazily loaded page replaces the login page, whose Email field
    // would otherwise be the one filled (the cause of this test's failures on a busy machine).
    await expect.poll(() => page.getByRole('button', { name: 'Envoyer le lien' }).isVisible()).toBe(true);
    await page.getByLabel(label('Email')).fill(account.email);
    await page.getByRole('button', { name: 'Envoyer le lien' }).click();
    await expect.poll(() => page.getByText('Un lien de réinitialisation a été envoyé à votre adresse email.').isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('button', { name: 'Envoyer le lien' }).count()).toBe(0);
    await expect.poll(() => page.getByRole('link', { name: 'Retour à la connexion' }).isVisible()).toBe(true);

    const link = await resetLinkFromOutbox(account.email);
    expect(link).toMatch(/\/reset-password\?token=/);
    await page.goto(link);
    await page.getByLabel(label('Nouveau mot de passe')).fill('court');
    await page.getByLabel(label('Confirmer le mot de passe')).fill('court');
    await page.getByRole('button', { name: 'Réinitialiser' }).click();
    await expect.poll(() => page.getByText('Votre mot de passe doit contenir :', { exact: false }).isVisible()).toBe(true);

    await page.getByLabel(label('Nouveau mot de passe')).fill('Renouveau7?');
    await page.getByLabel(label('Confirmer le mot de passe')).fill('Renouveau7?');
    await page.getByRole('button', { name: 'Réinitialiser' }).click();
    await expect.poll(() => page.getByText('Votre mot de passe a bien été réinitialisé !').isVisible()).toBe(true);
    // product §2: back to /login after 3 seconds.
    await page.waitForURL('**/login', { timeout: 6_000 });

    await login(page, account.email, account.password);
    await expect.poll(() => page.getByText('Identifiant ou mot de passe incorrect.').isVisible()).toBe(true);
    await login(page, account.email, 'Renouveau7?');
    await page.waitForURL(/\/(home|welcome)$/);

    // The link is single use, and the page says so when it opens, before any password is typed.
    await page.goto(link);
    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: 'Ce lien de réinitialisation est invalide ou a expiré.' }).isVisible())
      .toBe(true);
    expect(await page.getByLabel(label('Nouveau mot de passe')).count()).toBe(0);
    await expect.poll(() => page.getByRole('link', { name: 'Demander un nouveau lien' }).isVisible()).toBe(true);
    await context.close();
  });

  it('answers the same notice for an unknown address', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/forgot-password');
    await page.getByLabel(label('Email')).fill('personne-ici@exemple.fr');
    await page.getByRole('button', { name: 'Envoyer le lien' }).click();
    await expect.poll(() => page.getByText('Un lien de réinitialisation a été envoyé à votre adresse email.').isVisible()).toBe(true);
    await context.close();
  });

  it('explains a missing token', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/reset-password');
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('invalide ou a expiré');
    await expect.poll(() => page.getByRole('link', { name: 'Demander un nouveau lien' }).isVisible()).toBe(true);
    await context.close();
  });
});
