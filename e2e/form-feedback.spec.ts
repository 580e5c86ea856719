import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSignIn, baseURL, household, launchBrowser, login, newContext, PHONE } from './helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Whether the element is inside the phone's screen as it is scrolled now, above the fixed tab bar and below the header (what the person sees). */
const onScreen = async (page: Page, locator: Locator) => {
  const box = await locator.boundingBox();
  const [top, bottom] = await page.evaluate(() => [
    document.querySelector('.mantine-AppShell-header')?.getBoundingClientRect().bottom ?? 0,
    document.querySelector('.mantine-AppShell-footer')?.getBoundingClientRect().top ?? window.innerHeight,
  ]);
  return box !== null && box.y >= top && box.y + box.height <= bottom;
};
const focusedText = (page: Page) => page.evaluate(() => (document.activeElement as HTMLElement | null)?.innerText ?? '');
const focusedLabel = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLInputElement | null;
    return el?.labels?.[0]?.innerText ?? '';
  });

describe('a form says how it went where the person is looking (phone 390 × 844)', () => {
  it('the appliance edit page: « Confirmer » at the bottom shows the saving beside it, a refusal takes the focus, a missing field gets it', {
    timeout: 120_000,
  }, async () => {
    const owner = await household({ firstname: 'Inès' });
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    await login(page, owner.account.email, owner.account.password);
    await page.waitForURL(/\/(home|welcome)$/);
    await page.goto(`/inventaire/univers/appliance/update?id=${owner.applianceId}`);
    const confirm = page.getByRole('button', { name: 'Confirmer' });
    await confirm.scrollIntoViewIfNeeded();
    // The form is long on a phone: its top (where the message used to be) is out of sight.
    expect(await onScreen(page, page.getByLabel('Nom', { exact: false }).first())).toBe(false);

    await page.getByLabel('Note', { exact: true }).fill('Détartré en novembre');
    await confirm.click();
    const saved = page.getByRole('status').filter({ hasText: /sont enregistrées/ });
    await saved.waitFor();
    expect(await onScreen(page, saved)).toBe(true);
    expect(await onScreen(page, confirm)).toBe(true);
    await page.screenshot({ path: '/tmp/form-outcome-saved-phone.png' });

    // A required field emptied: the focus goes to it (the person is taken back up to it).
    const brand = page.getByLabel(/^Marque/);
    await brand.fill('');
    await confirm.scrollIntoViewIfNeeded();
    await confirm.click();
    await expect.poll(() => focusedLabel(page)).toMatch(/^Marque/);
    expect(await onScreen(page, brand)).toBe(true);

    // The server refuses (the appliance was deleted meanwhile, from another device): the refusal is beside the button and has the focus.
    await brand.fill('Bosch');
    const { accessToken } = await apiSignIn(owner.account);
    const deleted = await fetch(`${baseURL()}/api/V1/profils/users/foyers/univers/appliances/${owner.applianceId}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(deleted.status).toBe(204);
    await confirm.scrollIntoViewIfNeeded();
    await confirm.click();
    const refusal = page.getByRole('alert').filter({ hasText: /./ }).last();
    await expect.poll(async () => (await focusedText(page)).length > 0 && (await refusal.isVisible())).toBe(true);
    expect(await focusedText(page)).toBe(await refusal.innerText());
    expect(await onScreen(page, refusal)).toBe(true);
    await page.screenshot({ path: '/tmp/form-outcome-refused-phone.png' });
    await context.close();
  });

  it('the household invitation: « Invitation envoyée » beside « Inviter », not at the top of the card', { timeout: 120_000 }, async () => {
    const owner = await household({ firstname: 'Paul' });
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    await login(page, owner.account.email, owner.account.password);
    await page.waitForURL(/\/(home|welcome)$/);
    await page.goto('/profile#foyer');
    const email = page.getByLabel('Adresse e-mail de la personne à inviter');
    await email.fill('pas-une-adresse');
    const invite = page.getByRole('button', { name: 'Inviter', exact: true });
    await invite.click();
    await expect.poll(() => focusedLabel(page)).toMatch(/Adresse e-mail de la personne à inviter/);
    await email.fill('voisine.invitee@example.org');
    await invite.click();
    const sent = page.getByRole('status').filter({ hasText: 'Invitation envoyée à voisine.invitee@example.org' });
    await sent.waitFor();
    expect(await onScreen(page, sent)).toBe(true);
    expect(await onScreen(page, invite)).toBe(true);
    await context.close();
  });
});
