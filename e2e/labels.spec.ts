import { readFileSync } from 'node:fs';
import { API_MSG, type Label, MSG } from '@ecofoyer/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, DESKTOP, household, label, launchBrowser, login, newContext, PASSWORD, PHONE, signedIn, visible } from './helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** window.print, counted instead of opening the printer's dialog. */
async function stubPrint(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed += 1;
    };
  });
}

describe('QR labels on the appliances', () => {
  it('prints a label, which opens the appliance after signing in, where the planned maintenance is marked done; revoked or unknown, it says so', {
    timeout: 180_000,
  }, async () => {
    const owner = await household({ firstname: 'Claire', appliance: { name: 'Lave-linge du cellier' } });
    const tomorrow = new Date(Date.now() + 86_400_000);
    await owner.api(`/api/V1/profils/users/${owner.userId}/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Nettoyer le filtre', dt_realisation: tomorrow.toISOString(), applianceId: owner.applianceId }),
    });

    // The owner prints the label from « Étiquettes QR », reached from the profile.
    const ownerContext = await newContext(browser, DESKTOP);
    const ownerPage = await ownerContext.newPage();
    await login(ownerPage, owner.account.email);
    await ownerPage.waitForURL(/\/(home|welcome)$/);
    await ownerPage.goto('/profile#foyer');
    await ownerPage.getByRole('link', { name: 'Imprimer des étiquettes QR' }).click();
    await ownerPage.waitForURL('**/etiquettes');
    await visible(ownerPage, 'Étiquettes QR');
    await ownerPage.getByRole('checkbox', { name: 'Lave-linge du cellier' }).check();
    await stubPrint(ownerPage);
    await ownerPage.getByRole('button', { name: 'Imprimer' }).click();
    await expect.poll(() => ownerPage.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    const [made] = await owner.api<Label[]>(`/api/V1/profils/users/${owner.userId}/etiquettes`);
    expect(made).toMatchObject({ applianceId: owner.applianceId, nom: 'Lave-linge du cellier' });
    expect(made!.url).toBe(`${baseURL()}/a/${made!.code}`);
    // The sheet the browser prints carries that code, and only the sheet is printed.
    await ownerPage.emulateMedia({ media: 'print' });
    expect(await ownerPage.getByTestId('print-sheets').getByText(`Code : ${made!.code}`).isVisible()).toBe(true);
    expect(await ownerPage.getByRole('heading', { name: 'Étiquettes QR' }).isVisible()).toBe(false);
    await ownerPage.screenshot({ path: '/tmp/labels-print-desktop.png' });
    await ownerPage.emulateMedia({ media: 'screen' });
    await ownerPage.screenshot({ path: '/tmp/labels-desktop.png', fullPage: true });
    // The same label as a PDF, not a second one.
    const download = ownerPage.waitForEvent('download');
    await ownerPage.getByRole('button', { name: 'Télécharger le PDF' }).click();
    const pdf = await download;
    expect(pdf.suggestedFilename()).toMatch(/^ecofoyer-etiquettes-\d{4}-\d{2}-\d{2}\.pdf$/);
    expect(
      readFileSync((await pdf.path())!)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    expect((await owner.api<Label[]>(`/api/V1/profils/users/${owner.userId}/etiquettes`)).map((l) => l.code)).toEqual([made!.code]);

    // Scanned on a phone not signed in: the sign-in first, then the appliance, its maintenance brought forward.
    const phone = await newContext(browser, PHONE);
    const phonePage = await phone.newPage();
    await phonePage.goto(new URL(made!.url).pathname);
    await phonePage.waitForURL('**/login');
    await phonePage.getByLabel(label('Email')).fill(owner.account.email);
    await phonePage.getByLabel(label('Mot de passe')).fill(PASSWORD);
    await phonePage.getByRole('button', { name: 'Valider' }).click();
    await phonePage.waitForURL(`**/inventaire/univers/appliance/fichedetail?id=${owner.applianceId}&depuis=etiquette`);
    await visible(phonePage, 'Prochain entretien : Nettoyer le filtre');
    const done = phonePage.getByRole('button', { name: 'J’ai fait l’entretien' });
    await expect.poll(() => done.evaluate((button) => button === document.activeElement)).toBe(true);
    // In view, though the sections above it load after it.
    await expect
      .poll(() =>
        done.evaluate(
          (button) => button.getBoundingClientRect().top > 0 && button.getBoundingClientRect().bottom < window.innerHeight - 76,
        ),
      )
      .toBe(true);
    await phonePage.screenshot({ path: '/tmp/labels-appliance-phone.png' });
    await done.click();
    await visible(phonePage, MSG.maintenanceDone);
    await expect.poll(() => phonePage.getByText('Prochain entretien : Nettoyer le filtre').count()).toBe(0);

    // Someone of another foyer who scans it is told so, and sees nothing of the appliance.
    const stranger = await signedIn(browser, PHONE);
    await stranger.page.goto(new URL(made!.url).pathname);
    await visible(stranger.page, API_MSG.labelOtherFoyer);
    expect(await stranger.page.getByText('Lave-linge du cellier').count()).toBe(0);

    // An unknown code.
    await phonePage.goto('/a/abcdefghjk');
    await visible(phonePage, API_MSG.labelUnknown);
    await phonePage.getByRole('link', { name: 'Retour à l’accueil' }).click();
    await phonePage.waitForURL('**/home');

    // The owner revokes the label (it fell off, or went on another device): scanned, it says so.
    await ownerPage.reload();
    await ownerPage.getByRole('button', { name: 'Révoquer l’étiquette de Lave-linge du cellier' }).click();
    const dialog = ownerPage.getByRole('dialog', { name: 'Révoquer l’étiquette ?' });
    await dialog.getByRole('button', { name: 'Révoquer' }).click();
    await expect.poll(() => ownerPage.getByText('Pas encore d’étiquette').isVisible()).toBe(true);
    await phonePage.goto(new URL(made!.url).pathname);
    await visible(phonePage, API_MSG.labelRevoked);
    await phonePage.screenshot({ path: '/tmp/labels-revoked-phone.png' });

    // The page on a phone, with the label's preview.
    await phonePage.goto('/etiquettes');
    await phonePage.getByRole('button', { name: 'Tout sélectionner' }).click();
    await visible(phonePage, '1 choisi sur 1');
    await phonePage.screenshot({ path: '/tmp/labels-phone.png', fullPage: true });
    await Promise.all([ownerContext.close(), phone.close(), stranger.context.close()]);
  });
});
