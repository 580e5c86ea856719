import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, label, launchBrowser, linkFromOutbox, login, newContext, PASSWORD, PHONE, uniqueEmail } from './helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync('e2e/screenshots', { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

const shot = (page: Page, name: string) => page.screenshot({ path: `e2e/screenshots/${name}.png`, fullPage: true });

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
])('register → login → welcome → home → profile → logout (%s)', (device, viewport) => {
  it('goes through the whole account journey in French', async () => {
    const context = await newContext(browser, viewport);
    const page = await context.newPage();
    const email = uniqueEmail(device);

    // Register: live checklist, the match-first rule, then the success alert with the form hidden.
    await page.goto('/register');
    await expect.poll(() => page.getByRole('heading', { name: 'Inscription' }).isVisible()).toBe(true);
    await shot(page, `register-${device}`);
    await page.getByLabel(label('Prénom')).fill('Al');
    await page.getByLabel(label('Nom')).fill('Durand');
    await page.getByLabel(label('Email')).fill('pas-un-mail');
    await page.getByLabel(label('Mot de passe')).fill('abc');
    await expect.poll(() => page.locator('[data-rule="length"]').getAttribute('data-ok')).toBe('false');
    await page.getByLabel(label('Confirmer le mot de passe')).fill('abcd');
    await page.getByRole('button', { name: 'S’inscrire' }).click();
    await expect.poll(() => page.getByText('Les mots de passe ne correspondent pas.').isVisible()).toBe(true);
    await page.getByLabel(label('Confirmer le mot de passe')).fill('abc');
    await page.getByRole('button', { name: 'S’inscrire' }).click();
    await expect.poll(() => page.getByText('Votre prénom doit contenir entre 3 et 20 caractères.').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Veuillez entrer une adresse e-mail valide.').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Votre mot de passe doit contenir :', { exact: false }).isVisible()).toBe(true);

    await page.getByLabel(label('Prénom')).fill('Camille');
    await page.getByLabel(label('Email')).fill(email);
    // A password that meets the rules but is among the most common is refused by the server.
    await page.getByLabel(label('Mot de passe')).fill('Password1!');
    await page.getByLabel(label('Confirmer le mot de passe')).fill('Password1!');
    await page.getByRole('button', { name: 'S’inscrire' }).click();
    await expect
      .poll(() => page.getByText('Ce mot de passe fait partie des plus courants', { exact: false }).first().isVisible())
      .toBe(true);
    await page.getByLabel(label('Mot de passe')).fill(PASSWORD);
    for (const rule of ['length', 'case', 'digit', 'special']) {
      await expect.poll(() => page.locator(`[data-rule="${rule}"]`).getAttribute('data-ok')).toBe('true');
    }
    await page.getByLabel(label('Confirmer le mot de passe')).fill(PASSWORD);
    await page.getByRole('button', { name: 'S’inscrire' }).click();
    await expect.poll(() => page.getByText('Votre compte a bien été créé !', { exact: false }).isVisible()).toBe(true);
    await expect.poll(() => page.getByLabel(label('Prénom')).count()).toBe(0);

    // Login: a wrong password shows the spec's failure text; the first sign-in shows the onboarding.
    await page.getByRole('link', { name: 'Se connecter' }).click();
    await page.waitForURL('**/login');
    // The address just registered is already there: not typed twice.
    await expect.poll(() => page.getByLabel(label('Email')).inputValue()).toBe(email);
    await shot(page, `login-${device}`);
    await page.getByLabel(label('Mot de passe')).fill('Mauvais1!');
    await page.getByRole('button', { name: 'Valider' }).click();
    // One message, the server's reason: no generic « Erreur survenue » above it.
    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: 'Identifiant ou mot de passe incorrect.' }).textContent())
      .toBe('Identifiant ou mot de passe incorrect.');
    await page.getByLabel(label('Mot de passe')).fill(PASSWORD);
    // The refusal goes once the password is changed.
    await expect.poll(() => page.getByText('Identifiant ou mot de passe incorrect.').isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Valider' }).click();
    await page.waitForURL('**/welcome');

    // Welcome: three slides, dots, Suivant, then Commencer → /home.
    await expect.poll(() => page.getByRole('heading', { name: 'Tout à portée de main' }).isVisible()).toBe(true);
    await shot(page, `welcome-${device}`);
    await page.getByRole('button', { name: 'Suivant' }).click();
    await page.waitForURL('**/welcome/welcome2');
    await expect.poll(() => page.getByRole('heading', { name: 'Des services éco-responsables' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Suivant' }).click();
    await page.waitForURL('**/welcome/welcome3');
    await expect.poll(() => page.getByRole('heading', { name: 'Suivez l’assistant, réparez facilement' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('link', { name: 'Étape 3' }).getAttribute('aria-current')).toBe('step');
    // The last slide starts the app: « Commencer », not another « Suivant ».
    await expect.poll(() => page.getByRole('button', { name: 'Suivant' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Commencer' }).click();
    await page.waitForURL('**/home');
    await expect.poll(() => page.getByRole('heading', { name: 'Bonjour Camille !' }).isVisible()).toBe(true);
    await shot(page, `home-${device}`);

    // Profile: fields locked until their edit icon; Sauvegarder; the spec's confirmation text.
    await page.goto('/profile');
    await expect.poll(() => page.getByRole('heading', { name: 'Mon profil' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByLabel(label('Prénom')).getAttribute('readonly')).not.toBeNull();
    await page.getByRole('button', { name: 'Modifier : prénom' }).click();
    await expect.poll(() => page.getByLabel(label('Prénom')).getAttribute('readonly')).toBeNull();
    await page.getByLabel(label('Prénom')).fill('Camila');
    await page.getByRole('button', { name: 'Modifier : adresse' }).click();
    await page.getByLabel(label('Adresse')).fill('8 rue Verte, 44000 Nantes');
    await shot(page, `profile-${device}`);
    await page.getByRole('button', { name: 'Sauvegarder' }).click();
    await expect.poll(() => page.getByText('Vos modifications sont enregistrées').isVisible()).toBe(true);
    await page.reload();
    await expect.poll(async () => page.getByLabel(label('Prénom')).inputValue()).toBe('Camila');
    expect(await page.getByLabel(label('Adresse')).inputValue()).toBe('8 rue Verte, 44000 Nantes');

    // A new e-mail needs the current password: asked for, refused when wrong, then saved.
    const newEmail = uniqueEmail(`${device}-nouvelle`);
    await page.getByRole('button', { name: 'Modifier : email' }).click();
    await page.getByLabel(label('Email')).fill(newEmail);
    await expect.poll(() => page.getByLabel(label('Mot de passe actuel')).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Sauvegarder' }).click();
    await expect
      .poll(() =>
        page.getByText('Pour changer votre adresse e-mail ou votre mot de passe, saisissez votre mot de passe actuel.').isVisible(),
      )
      .toBe(true);
    await page.getByLabel(label('Mot de passe actuel')).fill('Pas1!lebon');
    await page.getByRole('button', { name: 'Sauvegarder' }).click();
    await expect.poll(() => page.getByText('Votre mot de passe actuel est incorrect.').isVisible()).toBe(true);
    await page.getByLabel(label('Mot de passe actuel')).fill(PASSWORD);
    await expect.poll(() => page.getByText('Votre mot de passe actuel est incorrect.').isVisible()).toBe(false);
    await shot(page, `profile-reauth-${device}`);
    await page.getByRole('button', { name: 'Sauvegarder' }).click();
    await expect.poll(() => page.getByText('Vos modifications sont enregistrées').isVisible()).toBe(true);
    await expect.poll(() => page.getByLabel(label('Mot de passe actuel')).count()).toBe(0);
    // The new address waits for its link: the account keeps the old one meanwhile.
    await expect.poll(() => page.getByText(`Un lien de confirmation a été envoyé à ${newEmail}.`).isVisible()).toBe(true);
    expect(await page.getByLabel(label('Email')).inputValue()).toBe(email);
    await shot(page, `profile-email-pending-${device}`);
    const link = new URL(await linkFromOutbox(newEmail, 'confirm-email'));
    await page.goto(link.pathname + link.search);
    await expect.poll(() => page.getByText(`Votre adresse e-mail est désormais ${newEmail}.`).isVisible()).toBe(true);
    await shot(page, `email-confirmed-${device}`);
    await page.getByRole('link', { name: 'Se connecter' }).click();
    await login(page, newEmail, PASSWORD);
    await page.waitForURL(/\/(home|welcome)$/);
    await page.goto('/profile');
    await expect.poll(async () => page.getByLabel(label('Email')).inputValue()).toBe(newEmail);

    // Logout with confirmation: Annuler keeps the session, Déconnecter ends it.
    const main = page.getByRole('main');
    await main.getByRole('button', { name: 'Déconnecter', exact: true }).click();
    await expect.poll(() => page.getByText('Voulez-vous vraiment vous déconnecter ?').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Annuler' }).click();
    expect(page.url()).toContain('/profile');
    await main.getByRole('button', { name: 'Déconnecter', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Déconnecter' }).click();
    await page.waitForURL('**/login');
    await page.goto('/home');
    await page.waitForURL('**/login');
    await context.close();
  });
});
