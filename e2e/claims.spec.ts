import { readFile } from 'node:fs/promises';
import { addMonths, dayFr, parisDay } from '@ecofoyer/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfPages } from '../packages/server/test/pdf-text.ts';
import { household, launchBrowser, login, moveClock, newContext, PHONE, visible } from './helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const DAY = 86_400_000;

async function say(page: Page, text: string) {
  await page.getByLabel('Ton message').fill(text);
  await page.getByRole('button', { name: 'Envoyer' }).click();
}

describe('« Ma démarche »: from a diagnosed breakdown to the repair recorded', () => {
  it('a washing machine under the legal guarantee: the request to the seller, the deadline passed, the reminder, the repair and the guarantee moved by 6 months', async () => {
    const today = parisDay(new Date());
    const bought = addMonths(today, -20);
    const { account, api, applianceId, prodId, userId } = await household({
      appliance: { name: 'Machine du cellier', modele: 'Série 6', dt_achat: bought, vendeur: 'Boutique Électro Lyon' },
    });
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    await login(page, account.email, account.password);
    await page.waitForURL(/\/(home|welcome)$/);

    // The assistant diagnoses the breakdown, which is saved in the appliance's history.
    await page.goto(`/repair?appliance=${applianceId}&prod=${prodId}`);
    await visible(page, /^Décris-moi la panne/);
    await say(page, 'Ma machine ne vidange plus, il reste de l’eau dans le tambour');
    await page.getByRole('button', { name: 'Diagnostiquer et réparer moi-même' }).click();
    await page.getByRole('button', { name: 'J’ai compris, je continue' }).click();
    const analysis = page.getByTestId('analysis').last();
    await expect.poll(() => analysis.getByRole('button', { name: 'Enregistrer ce diagnostic' }).isVisible()).toBe(true);
    await analysis.getByRole('button', { name: 'Enregistrer ce diagnostic' }).click();
    await page.getByRole('link', { name: 'préparer ma démarche' }).click();
    await page.waitForURL(/\/demarches\/nouvelle\?applianceId=\d+&eventId=\d+$/);

    // The routes in their order: the seller's legal guarantee first and advised; the maker's duty does not apply under it.
    const legal = page.getByRole('radio', { name: /Garantie légale de conformité/ });
    await expect.poll(() => legal.isChecked()).toBe(true);
    const form = page.getByRole('form', { name: 'Préparer ma démarche' });
    expect(await form.textContent()).toContain('Conseillée');
    expect(await page.getByRole('radio', { name: /Réparation par le fabricant/ }).isDisabled()).toBe(true);
    expect(await page.getByLabel('La panne').inputValue()).toBe('Le lave-linge ne vidange pas');
    expect(await page.getByLabel('Le vendeur').inputValue()).toBe('Boutique Électro Lyon');
    await page.screenshot({ path: 'e2e/screenshots/claim-routes-phone.png', fullPage: true });
    await page.getByRole('button', { name: 'Préparer ma démarche' }).click();
    await page.waitForURL(/\/demarches\/\d+$/);
    const claimUrl = new URL(page.url()).pathname;

    // The request to the seller, filled with the appliance's facts, to copy or download.
    const letter = page.getByTestId('claim-document-demande-vendeur');
    await expect
      .poll(() => letter.innerText())
      .toContain('Objet\u00a0: mise en œuvre de la garantie légale de conformité — Lave-linge, Bosch Série 6');
    expect(await letter.innerText()).toContain('Boutique Électro Lyon\n[Adresse du vendeur]');
    expect(await letter.innerText()).toContain(`J’ai acheté le ${dayFr(bought)}`);
    expect(await letter.innerText()).not.toMatch(/Panne\s*:/);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      letter.getByRole('button', { name: 'Télécharger en PDF' }).click(),
    ]);
    const pdf = await readFile((await download.path())!);
    expect((await pdfPages(pdf)).join(' ')).toMatch(/mise en œuvre de la garantie légale de conformité/);

    // Sent 35 days ago (noted late): the 30 days have passed without an answer.
    const steps = page.getByRole('form', { name: 'Ajouter une étape' });
    expect(await steps.getByLabel('Nouvelle étape').inputValue()).toBe('envoyee');
    const sent = parisDay(new Date(Date.now() - 35 * DAY));
    await steps.getByLabel('Date').fill(sent);
    await steps.getByRole('button', { name: 'Ajouter l’étape' }).click();
    await visible(page, 'Étape ajoutée.');
    await visible(page, 'Le délai de réponse est passé');
    expect(await page.getByRole('region', { name: 'Étapes de la démarche' }).innerText()).toContain(`Le ${dayFr(sent)}, noté par Camille`);
    // The reminder letter comes first, recalling the first request; the next step says why.
    const reminder = page.getByTestId('claim-document-relance-vendeur');
    await expect.poll(() => reminder.innerText()).toContain(dayFr(sent));
    expect(await page.getByTestId('claim-next-steps').innerText()).toContain('envoyez-lui la lettre de relance');

    // The reminders' tick: the household is told, and the notification leads to the claim. Another spec's tick
    // may be running (one at a time: a call during it gets its result), so ask until the reminder exists.
    await expect
      .poll(async () => {
        await moveClock(0);
        const list = await api<{ message: string }[]>(`/api/V1/profils/users/${userId}/notifs`);
        return list.some((n) => n.message.includes('n’a pas répondu'));
      })
      .toBe(true);
    await page.goto('/notification');
    const notice = page.getByText(/n’a pas répondu/).first();
    await expect.poll(() => notice.isVisible()).toBe(true);
    expect(await notice.innerText()).toContain('Boutique Électro Lyon');
    await notice.click();
    await page.waitForURL((url) => url.pathname === claimUrl);
    // Told once: another tick makes no second reminder for the same deadline.
    await moveClock(0);
    await page.goto('/notification');
    await expect
      .poll(() =>
        page
          .getByText(/n’a pas répondu/)
          .first()
          .isVisible(),
      )
      .toBe(true);
    expect(await page.getByText(/n’a pas répondu/).count()).toBe(1);
    await page.goto(claimUrl);

    // The seller answers, collects it and repairs it: the outcome goes into the history and the guarantee moves.
    for (const type of ['reponse', 'appareil-recupere'] as const) {
      await steps.getByLabel('Nouvelle étape').selectOption(type);
      await steps.getByLabel('Date').fill(today);
      await steps.getByRole('button', { name: 'Ajouter l’étape' }).click();
      await expect
        .poll(() => page.getByRole('region', { name: 'Étapes de la démarche' }).innerText())
        .toContain(type === 'reponse' ? 'Réponse reçue' : 'Appareil pris en charge');
    }
    await steps.getByLabel('Nouvelle étape').selectOption('issue');
    await steps.getByRole('radio', { name: 'Réparé', exact: true }).check();
    await steps.getByRole('button', { name: 'Ajouter l’étape' }).click();
    await expect.poll(() => page.getByRole('region', { name: 'La démarche', exact: true }).textContent()).toContain('Réparé');
    expect(await page.getByRole('form', { name: 'Ajouter une étape' }).count()).toBe(0);
    await page.screenshot({ path: 'e2e/screenshots/claim-done-phone.png', fullPage: true });

    await page.goto(`/inventaire/univers/appliance/fichedetail?id=${applianceId}`);
    const rights = page.getByRole('region', { name: 'Mes droits' });
    await expect.poll(() => rights.getByTestId('rights').isVisible()).toBe(true);
    expect(await rights.innerText()).toContain(`Jusqu’au ${dayFr(addMonths(addMonths(bought, 24), 6))}`);
    expect(await rights.innerText()).toContain(`Réparé sous garantie le ${dayFr(today)}\u00a0: 6 mois de plus`);
    await visible(page, 'Réparée');
    const claims = page.getByRole('region', { name: 'Ma démarche', exact: true });
    expect(await claims.innerText()).toContain('Garantie légale de conformité');
    await context.close();
  });
});
