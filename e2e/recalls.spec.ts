import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseURL,
  createAccount,
  household,
  launchBrowser,
  linkFromOutbox,
  login,
  mailTo,
  moveClock,
  newContext,
  PHONE,
  uniqueEmail,
  visible,
} from './helpers.ts';

const DAY = 86_400_000;
const TITLE = 'Rappel produit\u00a0: Lave-linge bosch série 6';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await moveClock(0);
  await browser?.close();
});

describe('product recall watch', () => {
  it('a recalled Bosch shows a red banner, reached from its notification, until a member marks it handled; a lecteur reads it only', {
    timeout: 180_000,
  }, async () => {
    // The demo household's washing machine (src/db/demo.ts), which the recorded RappelConso page recalls.
    const owner = await household({ firstname: 'Claire', appliance: { modele: 'Série 6 WGG24409FF' } });
    const reader = await createAccount(uniqueEmail('lea'), undefined, 'Léa');
    await owner.api(`/api/V1/profils/users/${owner.userId}/foyer/invitations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: reader.email, role: 'lecteur' }),
    });
    const token = new URL(await linkFromOutbox(reader.email, 'invitation')).searchParams.get('token')!;
    const signin = (await (
      await fetch(`${baseURL()}/api/auth/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: reader.email, password: reader.password }),
      })
    ).json()) as { accessToken: string };
    const accepted = await fetch(`${baseURL()}/api/V1/foyer/invitations/${token}/accept`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${signin.accessToken}` },
      body: JSON.stringify({ fusion: false }),
    });
    expect(accepted.status).toBe(200);

    // Another day (no other spec goes this far): the day's run reads the fixture server and matches.
    // The clock goes back for the specs after this one (a server five days ahead ends their sessions).
    try {
      expect((await moveClock(5 * DAY)).created).toBeGreaterThanOrEqual(1);
      const mail = await mailTo(owner.account.email, TITLE);
      expect(mail.text).toContain('Fiche RappelConso\u00a0: https://rappel.conso.gouv.fr/fiche-rappel/18427/interne');

      // The lecteur sees the banner on the appliance's page, without the button.
      const readerContext = await newContext(browser, PHONE);
      const readerPage = await readerContext.newPage();
      await login(readerPage, reader.email, reader.password);
      await readerPage.waitForURL(/\/(home|welcome)$/);
      await readerPage.goto(`/inventaire/univers/appliance/fichedetail?id=${owner.applianceId}`);
      await visible(readerPage, TITLE);
      expect(await readerPage.getByRole('button', { name: 'J’ai traité ce rappel' }).count()).toBe(0);
      await readerContext.close();

      // The owner opens the notification: it leads to the appliance's page and its banner.
      const context = await newContext(browser, PHONE);
      const page = await context.newPage();
      await login(page, owner.account.email);
      await page.waitForURL(/\/(home|welcome)$/);
      await page.goto('/notification');
      await page.getByRole('list', { name: 'Notifications' }).getByText(TITLE).click();
      await page.waitForURL(`**/inventaire/univers/appliance/fichedetail?id=${owner.applianceId}`);
      const banner = page.getByTestId('recall-banner');
      await expect.poll(() => banner.count()).toBe(1);
      await expect.poll(() => banner.isVisible()).toBe(true);
      expect(await banner.innerText()).toContain("Risque\u00a0: Risque d'incendie, brûlures.");
      expect(await banner.innerText()).toContain(
        "Que faire\u00a0: Ne plus utiliser le produit. Débrancher l'appareil. Contacter le service consommateur.",
      );
      const sheet = banner.getByRole('link', { name: /Voir la fiche RappelConso/ });
      expect(await sheet.getAttribute('href')).toBe('https://rappel.conso.gouv.fr/fiche-rappel/18427/interne');
      expect(await sheet.getAttribute('target')).toBe('_blank');
      expect(await sheet.getAttribute('rel')).toBe('noopener noreferrer');
      await page.screenshot({ path: 'e2e/screenshots/recall-banner-phone.png' });

      // Handled, after a confirmation: the banner goes, for good.
      await banner.getByRole('button', { name: 'J’ai traité ce rappel' }).click();
      const dialog = page.getByRole('dialog', { name: 'Avez-vous traité ce rappel ?' });
      await dialog.getByRole('button', { name: 'J’ai traité ce rappel' }).click();
      await visible(page, 'Rappel marqué comme traité');
      await expect.poll(() => banner.count()).toBe(0);
      await page.reload();
      await visible(page, 'Lave-linge');
      expect(await page.getByTestId('recall-banner').count()).toBe(0);
      await context.close();
    } finally {
      await moveClock(0);
    }
  });
});
