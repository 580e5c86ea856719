import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, household, launchBrowser, login, mailTo, moveClock, newContext, PHONE, visible } from './helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await moveClock(0);
  await browser?.close();
});

describe('notification preferences and the mail’s unsubscribe link', () => {
  it('a reminder mail’s link unsubscribes after asking, and « Mes notifications » shows e-mail off, then chooses the Sunday digest', async () => {
    const home = await household({ firstname: 'Inès' });
    // A maintenance in three hours: the next tick reminds, and mails at once (the default).
    const soon = new Date(Date.now() + 3 * 3_600_000);
    await home.api(`/api/V1/profils/users/${home.userId}/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Nettoyer le joint du hublot', dt_realisation: soon.toISOString(), applianceId: home.applianceId }),
    });
    expect((await moveClock(0)).created).toBeGreaterThan(0);
    const mail = await mailTo(home.account.email, 'Nettoyer le joint du hublot');
    const link = /(http:\/\/[^\s]+\/desabonnement\?u=\d+&sig=[\w-]+)/.exec(mail.text ?? '')![1]!;

    // The link, opened signed out on a phone: it asks first.
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    await page.goto(link.replace(/^http:\/\/[^/]+/, ''));
    await visible(page, 'Ne plus recevoir les rappels d’entretien et de garantie par e-mail ?');
    await page.screenshot({ path: 'e2e/screenshots/unsubscribe-phone.png', fullPage: true });
    await page.getByRole('button', { name: 'Me désabonner' }).click();
    await visible(page, 'C’est fait : vous ne recevrez plus de rappels par e-mail.');

    // Signed in, « Mes notifications » says so; the member chooses the Sunday digest instead.
    const desktop = await newContext(browser, DESKTOP);
    const profile = await desktop.newPage();
    await login(profile, home.account.email);
    await profile.waitForURL(/\/(home|welcome)$/);
    await profile.goto('/profile#notifications');
    const card = profile.getByRole('region', { name: 'Mes notifications' });
    await expect.poll(() => card.getByRole('switch', { name: 'Par e-mail' }).isChecked()).toBe(false);
    expect(await card.getByRole('switch', { name: 'Dans l’application' }).isChecked()).toBe(true);
    await card.getByRole('switch', { name: 'Par e-mail' }).check();
    await expect.poll(() => card.getByRole('radio', { name: 'À chaque rappel' }).isChecked()).toBe(true);
    await card.getByRole('radio', { name: 'Un résumé le dimanche soir' }).click();
    await visible(profile, 'Vos préférences de notification sont enregistrées.');
    await profile.screenshot({ path: 'e2e/screenshots/notification-preferences-desktop.png', fullPage: true });
    await profile.reload();
    await expect.poll(() => profile.getByRole('radio', { name: 'Un résumé le dimanche soir' }).isChecked()).toBe(true);
    await Promise.all([context.close(), desktop.close()]);
  });
});
