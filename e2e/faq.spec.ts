import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, household, launchBrowser, login, newContext, PHONE, signedIn, visible } from './helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The questions of a household's first week: its roles, its sharing, its safety, and what works offline. */
const QUESTIONS = [
  'Qu’est-ce que le foyer, et comment y inviter quelqu’un\u00a0?',
  'Que peut faire chaque rôle du foyer\u00a0?',
  'Comment protéger mon compte avec la double authentification\u00a0?',
  'Comment exporter ou importer mon inventaire en CSV\u00a0?',
  'À quoi sert le «\u00a0Dossier d’inventaire\u00a0»\u00a0?',
  'Comment montrer mon inventaire à quelqu’un qui n’a pas de compte\u00a0?',
  'À quoi servent les étiquettes QR\u00a0?',
  'Mon appareil est-il encore sous garantie, et comment la faire jouer\u00a0?',
  'Puis-je utiliser EcoFoyer sans connexion\u00a0?',
];

const question = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

/** Opens a question and waits for a sentence of its answer. */
async function answer(page: Page, name: string, sentence: string | RegExp) {
  await question(page, name).click();
  await visible(page, sentence);
}

describe('the FAQ answers a household’s first week', () => {
  it('opens from the Options menu on a phone and finds each question, with answers true to the app', async () => {
    const { context, page } = await signedIn(browser, PHONE);
    await page.goto('/home');
    await page.getByRole('button', { name: 'Options' }).click();
    await page.getByRole('menuitem', { name: 'FAQ' }).click();
    await page.waitForURL('**/faq');
    await expect.poll(() => page.getByRole('heading', { name: 'Questions fréquentes', level: 1 }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Foyer et partage', level: 2 }).isVisible()).toBe(true);
    for (const name of QUESTIONS) {
      const control = question(page, name);
      expect(await control.count(), name).toBe(1);
      await control.scrollIntoViewIfNeeded();
      expect(await control.isVisible(), name).toBe(true);
    }

    await answer(
      page,
      QUESTIONS[1]!,
      'Lecteur\u00a0: consulte seulement. Il voit les appareils, l’entretien et le calendrier, exporte les CSV et prépare le «\u00a0Dossier d’inventaire\u00a0», mais ne modifie rien et ne crée pas de lien de partage.',
    );
    await visible(page, /^Responsable\u00a0: le propriétaire qui a créé le foyer, ou à qui il a été confié\./);
    await page.screenshot({ path: 'e2e/screenshots/faq-roles-phone.png', fullPage: true });
    await answer(page, QUESTIONS[2]!, /Vous recevez alors 10 codes de secours, montrés une seule fois/);
    await answer(page, QUESTIONS[8]!, /Après une première visite avec une connexion, EcoFoyer s’ouvre même hors ligne/);

    // The search finds the sharing questions by a word of their answers.
    await page.getByRole('textbox', { name: 'Rechercher dans les questions fréquentes' }).fill('lecture seule');
    // The list filters as the words are typed (deferred): wait for a question without them to go, not for one that was already there.
    await expect.poll(() => question(page, QUESTIONS[6]!).count()).toBe(0);
    expect(await question(page, QUESTIONS[5]!).isVisible()).toBe(true);
    await context.close();
  });

  it('on a desktop too', async () => {
    const { context, page } = await signedIn(browser, DESKTOP);
    await page.goto('/faq');
    await expect.poll(() => question(page, QUESTIONS[0]!).isVisible()).toBe(true);
    await answer(page, QUESTIONS[0]!, /L’invitation vaut 7 jours, ne sert qu’une fois/);
    await page.screenshot({ path: 'e2e/screenshots/faq-desktop.png', fullPage: true });
    await context.close();
  });

  it('offline, does what its answer says: the FAQ, the bonus table, the advice and the simulator open; the inventory opened before shows', async () => {
    const { account } = await household({ appliance: { name: 'Machine du cellier' } });
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    await login(page, account.email, account.password, true);
    await page.waitForURL(/\/(home|welcome)$/);
    await page.goto('/inventaire');
    await visible(page, 'Machine du cellier');
    await expect
      .poll(() => page.evaluate(async () => Boolean((await navigator.serviceWorker.ready).active)), { timeout: 15_000 })
      .toBe(true);
    await page.reload();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    await visible(page, 'Machine du cellier');

    await context.setOffline(true);
    // A page already open keeps what it showed.
    await visible(page, /Vous consultez ce qui est enregistré sur cet appareil/);
    expect(await page.getByText('Machine du cellier').first().isVisible()).toBe(true);

    await page.goto('/faq');
    await expect.poll(() => question(page, QUESTIONS[8]!).isVisible()).toBe(true);
    await page.goto('/offres');
    await expect.poll(() => page.getByRole('table', { name: 'Montants du bonus réparation' }).getByRole('row').count()).toBeGreaterThan(50);
    await page.goto('/secondlife/give');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBeTruthy();
    await page.goto('/carbotool');
    await expect.poll(() => page.getByTestId('carbon-total').textContent()).toBe('513,4 kg');
    await page.screenshot({ path: 'e2e/screenshots/carbotool-offline-phone.png' });

    // The inventory opened online before: reloaded offline, it shows from this device's copy.
    await page.goto('/inventaire');
    await visible(page, 'Machine du cellier');
    await context.setOffline(false);
    await context.close();
  });
});
