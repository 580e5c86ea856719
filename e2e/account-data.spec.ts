import { unzipSync } from 'fflate';
import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, createAccount, label, launchBrowser, login, newContext, PHONE, visible } from './helpers.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('« Mes données » in the profile (RGPD)', () => {
  it('downloads a zip holding the household, then deletes the account for good', async () => {
    const account = await createAccount(undefined, undefined, 'Léa');
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    await login(page, account.email, account.password);
    await page.waitForURL(/\/(home|welcome)$/);

    // Something of the household to find in the zip.
    const session = (await (
      await fetch(`${baseURL()}/api/auth/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: account.email, password: account.password }),
      })
    ).json()) as { id: number; accessToken: string };
    const form = new FormData();
    form.append('name', 'Véranda de Léa');
    expect(
      (
        await fetch(`${baseURL()}/api/V1/profils/users/${session.id}/foyers/univers`, {
          method: 'POST',
          headers: { authorization: `Bearer ${session.accessToken}` },
          body: form,
        })
      ).status,
    ).toBe(201);

    await page.goto('/profile#donnees');
    await visible(page, 'Mes données');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Télécharger mes données' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^ecofoyer-mes-donnees-\d{4}-\d{2}-\d{2}\.zip$/);
    const zip = unzipSync(new Uint8Array(readFileSync((await file.path())!)));
    const data = JSON.parse(new TextDecoder().decode(zip['mes-donnees.json']));
    expect(data.compte.email).toBe(account.email);
    expect(data.tables.universes.map((u: { name: string }) => u.name)).toEqual(['Véranda de Léa']);

    // Deletion: explained, re-authenticated, then gone.
    await page.getByRole('button', { name: 'Supprimer mon compte' }).click();
    const dialog = page.getByRole('dialog', { name: 'Supprimer définitivement votre compte ?' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await visible(page, 'Seront supprimés, sans retour possible :');
    await page.screenshot({ path: 'e2e/screenshots/account-delete-phone.png', animations: 'disabled' });
    await dialog.getByLabel(label('Mot de passe actuel')).fill('Pas1!lebon');
    await dialog.getByRole('button', { name: 'Supprimer définitivement' }).click();
    await visible(page, 'Votre mot de passe actuel est incorrect.');
    await dialog.getByLabel(label('Mot de passe actuel')).fill(account.password);
    await dialog.getByRole('button', { name: 'Supprimer définitivement' }).click();
    await page.waitForURL(/\/login$/);
    await visible(page, 'Votre compte et toutes ses données ont été supprimés.');

    // The old credentials no longer sign in.
    await login(page, account.email, account.password);
    await visible(page, 'Identifiant ou mot de passe incorrect.');
    await context.close();
  });
});
