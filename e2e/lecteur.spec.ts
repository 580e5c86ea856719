import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiSignIn,
  baseURL,
  createAccount,
  household,
  launchBrowser,
  linkFromOutbox,
  login,
  newContext,
  PHONE,
  uniqueEmail,
} from './helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('a lecteur is never offered a write he cannot do (phone)', () => {
  it('is sent from the write-only pages to where the same thing is read, and sees « Planifier cet entretien » greyed out with why', {
    timeout: 120_000,
  }, async () => {
    const owner = await household({ firstname: 'Claire' });
    const reader = await createAccount(uniqueEmail('lecteur'), undefined, 'Léa');
    await owner.api(`/api/V1/profils/users/${owner.userId}/foyer/invitations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: reader.email, role: 'lecteur' }),
    });
    const token = new URL(await linkFromOutbox(reader.email, 'invitation')).searchParams.get('token')!;
    const { accessToken } = await apiSignIn(reader);
    const accepted = await fetch(`${baseURL()}/api/V1/foyer/invitations/${token}/accept`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
      body: JSON.stringify({ fusion: false }),
    });
    expect(accepted.status).toBe(200);
    const [card] = await owner.api<{ id: number }[]>(`/api/maintenancecard?productid=${owner.prodId}`);

    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    await login(page, reader.email, reader.password);
    await page.waitForURL(/\/(home|welcome)$/);

    // The wizard by its address: the inventory instead, with the reason; no form to fill first.
    await page.goto('/new-device');
    await page.waitForURL('**/inventaire');
    await expect
      .poll(() => page.getByText('En tant que lecteur, vous consultez le foyer sans le modifier', { exact: false }).isVisible())
      .toBe(true);
    // The edit page by its address: the appliance's page.
    await page.goto(`/inventaire/univers/appliance/update?id=${owner.applianceId}`);
    await page.waitForURL(`**/inventaire/univers/appliance/fichedetail?id=${owner.applianceId}`);
    expect(await page.getByRole('button', { name: 'Confirmer' }).count()).toBe(0);

    // « Ma démarche »: the household's claim is read, never changed; starting one by its address leads to the list.
    const claim = await owner.api<{ id: number }>(`/api/V1/profils/users/${owner.userId}/demarches`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ applianceId: owner.applianceId, voie: 'garantie-legale', defaut: 'Ne vidange plus' }),
    });
    await page.goto(`/demarches/${claim.id}`);
    await expect.poll(() => page.getByRole('region', { name: 'Étapes de la démarche' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Ajouter l’étape' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Joindre un document' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Supprimer la démarche' }).count()).toBe(0);
    await page.goto(`/demarches/nouvelle?applianceId=${owner.applianceId}`);
    await page.waitForURL(/\/demarches$/);
    await expect.poll(() => page.getByRole('article', { name: /^Démarche pour / }).isVisible()).toBe(true);

    // A tutorial: followed, not planned.
    await page.goto(`/entretien/fichedetail?card=${card!.id}&prod=${owner.prodId}&appliance=${owner.applianceId}`);
    const plan = page.getByRole('button', { name: 'Planifier cet entretien' });
    await expect.poll(() => plan.isVisible()).toBe(true);
    await expect.poll(() => plan.isDisabled()).toBe(true);
    expect(await plan.getAttribute('aria-describedby')).toBe('plan-read-only');
    await expect
      .poll(() =>
        page
          .getByText('En tant que lecteur, vous pouvez suivre ce tutoriel ; planifier l’entretien revient aux membres du foyer.')
          .isVisible(),
      )
      .toBe(true);
    await page.screenshot({ path: 'e2e/screenshots/lecteur-tutorial-phone.png', fullPage: true });
    // Followed to its end: nothing recorded (the server would refuse it), and said so; nothing to plan.
    await page.getByRole('button', { name: 'Commencer' }).click();
    const steps = page.getByRole('dialog');
    await expect.poll(() => steps.getByRole('button', { name: /^(Suivant|C’est fait !)$/ }).isVisible()).toBe(true);
    while (await steps.getByRole('button', { name: 'Suivant' }).isVisible()) await steps.getByRole('button', { name: 'Suivant' }).click();
    await steps.getByRole('button', { name: 'C’est fait !' }).click();
    await expect
      .poll(() => steps.getByText('En tant que lecteur, vous suivez les tutoriels sans les enregistrer', { exact: false }).isVisible())
      .toBe(true);
    expect(await steps.getByRole('button', { name: 'Planifier' }).count()).toBe(0);
    await context.close();

    // The owner, on the same pages, gets them as before.
    const ownerContext = await newContext(browser, PHONE);
    const ownerPage = await ownerContext.newPage();
    await login(ownerPage, owner.account.email, owner.account.password);
    await ownerPage.waitForURL(/\/(home|welcome)$/);
    await ownerPage.goto(`/entretien/fichedetail?card=${card!.id}&prod=${owner.prodId}&appliance=${owner.applianceId}`);
    await expect.poll(() => ownerPage.getByRole('button', { name: 'Planifier cet entretien' }).isEnabled()).toBe(true);
    await ownerPage.goto(`/inventaire/univers/appliance/update?id=${owner.applianceId}`);
    await expect.poll(() => ownerPage.getByRole('button', { name: 'Confirmer' }).isVisible()).toBe(true);
    await ownerContext.close();
  });
});
