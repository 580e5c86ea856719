import AxeBuilder from '@axe-core/playwright';
import { MSG, SMARTFIX_KINDS } from '@ecofoyer/contracts';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blankImage, plateImage } from '../packages/server/test/plate-image.ts';
import { DESKTOP, label, launchBrowser, PHONE, signedIn, visible } from './helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('smart-fix (product §2, Smart-fix)', () => {
  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const)(
    'estimates repairability beside the average of the same kind, with what moved it, the caveat and the half-doughnut chart (%s)',
    async (device, viewport) => {
      const { context, page } = await signedIn(browser, viewport);
      await page.goto('/smarfix');
      await visible(page, 'Sur quoi repose cette estimation ?');
      await visible(page, /CC BY-SA 4\.0/);

      await page.getByRole('button', { name: 'Estimer la réparabilité' }).click();
      await visible(page, 'Choisissez une catégorie parmi les 40 proposées.');
      const select = page.getByLabel(label('Catégorie')).first();
      await select.click();
      // The 40 categories and their finer kinds.
      await expect.poll(() => page.getByRole('option').count()).toBe(40 + SMARTFIX_KINDS.length);
      // Everyday words find the kind: people type « frigo ».
      for (const [typed, first] of [
        ['frigo', 'Réfrigérateur / congélateur'],
        ['micro', 'Four micro-ondes'],
        ['lave', 'Lave-linge'],
        ['machine à laver', 'Lave-linge'],
      ]) {
        await select.fill(typed);
        await expect.poll(() => page.getByRole('option').first().innerText(), { message: typed }).toBe(first);
      }
      await page.getByRole('option', { name: 'Lave-linge', exact: true }).click();
      await page.getByLabel('Marque').fill('Bosch');
      await page.getByLabel('Âge (en années)').fill('6 ans');
      await page.getByLabel('Problème').fill('Fuite d’eau sous la machine, ne vidange plus');
      await page.getByRole('button', { name: 'Estimer la réparabilité' }).click();
      await visible(page, 'L’âge s’écrit en chiffres uniquement (nombre d’années).');
      await page.getByLabel('Âge (en années)').fill('60');
      await page.getByRole('button', { name: 'Estimer la réparabilité' }).click();
      await visible(page, MSG.smartfixAgeTooOld);
      await page.getByLabel('Âge (en années)').fill('12');
      await page.getByRole('button', { name: 'Estimer la réparabilité' }).click();

      await expect
        .poll(() => page.getByRole('heading', { name: /^Pour le vôtre : \d{1,3}\s% de chances de réparation$/ }).isVisible())
        .toBe(true);
      expect(await page.getByTestId('smartfix-average').innerText()).toMatch(
        /^En moyenne, \d{1,3}\s% des lave-linge apportés en atelier de réparation ont été réparés\s*\(d’après \d+ appareils enregistrés par des repair cafés\)$/,
      );
      await visible(page, MSG.smartfixFactorsTitle);
      const factors = await page.getByTestId('smartfix-factors').getByRole('listitem').allInnerTexts();
      expect(factors.length).toBeGreaterThanOrEqual(1);
      expect(factors.length).toBeLessThanOrEqual(3);
      for (const f of factors)
        expect(f).toMatch(/^(Âge de 12 ans|Marque Bosch|Symptôme «\s.+\s»)\s: fait (monter|baisser) de \d+ points?$/);
      await visible(page, MSG.smartfixCaveat);
      // The spec's line stays, as a secondary line.
      await expect.poll(() => page.getByRole('heading', { name: /^Réparable\s: (Oui|Non)$/ }).isVisible()).toBe(true);
      // One rounding for the whole screen: the label, the chart and the headline show the same whole percent.
      const label2 = await page.getByTestId('smartfix-probability').innerText();
      expect(label2).toMatch(/^Probabilité de réparation\s:\s\d{1,3}\u202f%$/);
      const figure = label2.replace(/^Probabilité de réparation\s:\s/, '');
      const chartText = await page.getByTestId('smartfix-result').locator('svg text').first().textContent();
      expect(chartText).toBe(figure);
      expect(await page.getByTestId('smartfix-yours').innerText()).toContain(figure);
      expect(await page.getByTestId('smartfix-result').locator('svg path').count()).toBeGreaterThan(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      // The result is brought into view on a phone too, below the header.
      await expect.poll(() => page.getByTestId('smartfix-yours').evaluate((el) => el.getBoundingClientRect().top)).toBeGreaterThan(40);
      expect(await page.getByTestId('smartfix-yours').evaluate((el) => el.getBoundingClientRect().bottom <= window.innerHeight)).toBe(true);
      await page.screenshot({ path: `e2e/screenshots/smartfix-${device}.png`, fullPage: true });

      const results = await new AxeBuilder({ page }).analyze();
      expect(
        results.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${v.id}: ${v.nodes.map((n) => `${n.html} ${n.failureSummary}`).join(' | ')}`),
      ).toEqual([]);
      await context.close();
    },
  );
});

describe('adding a device by photo (product §2, New-device wizard)', () => {
  it('reads the rating plate, shows what was read to complete and confirm, then saves; a photo with no text asks for more precision', async () => {
    const { context, page } = await signedIn(browser, PHONE);
    await page.goto('/inventaire/nouveau_2');
    await page.getByRole('radio', { name: /Buanderie/ }).click();
    await page.getByRole('button', { name: 'Suivant' }).click();
    await page.getByLabel(label('Type de produit')).first().click();
    await page.getByRole('option', { name: 'Lave-linge', exact: true }).click();
    await page.getByRole('button', { name: 'Rechercher par image' }).click();
    await visible(page, /plaque signalétique de l’appareil/);
    expect(await page.getByLabel('Précision (facultatif)').getAttribute('maxlength')).toBe('50');

    await page.locator('input[type="file"]').setInputFiles({ name: 'blanc.png', mimeType: 'image/png', buffer: await blankImage() });
    await page.getByRole('button', { name: 'Lancer la recherche' }).click();
    await expect
      .poll(() => page.getByText('Veuillez apporter plus de précision à la recherche.').isVisible(), { timeout: 60_000 })
      .toBe(true);

    // The plate shows the model but not the brand: what was read is shown to complete, nothing is saved yet.
    const saves: string[] = [];
    page.on('request', (r) => r.method() === 'POST' && /\/appliances|searchandsave/.test(r.url()) && saves.push(r.url()));
    const plate = await plateImage(['Model: FFB8458WVFR', 'Type: 859991608810', '220-240V ~ 50Hz 2200W', 'Made in Poland']);
    await page.locator('input[type="file"]').setInputFiles({ name: 'plaque.png', mimeType: 'image/png', buffer: plate });
    await page.screenshot({ path: 'e2e/screenshots/wizard-image-phone.png', fullPage: true });
    await page.getByRole('button', { name: 'Lancer la recherche' }).click();
    await expect.poll(() => page.getByText(/Nous n’avons pas pu lire la marque/).isVisible(), { timeout: 60_000 }).toBe(true);
    expect(await page.getByLabel(label('Modèle')).inputValue()).toBe('FFB8458WVFR');
    expect(await page.getByLabel(label('Marque')).inputValue()).toBe('');
    await visible(page, 'Non lue sur la photo : à compléter');
    await page.screenshot({ path: 'e2e/screenshots/wizard-image-read-phone.png', fullPage: true });
    await page.getByRole('button', { name: 'Suivant' }).click();
    await visible(page, 'Veuillez remplir les champs obligatoires !');
    await page.getByLabel(label('Marque')).fill('Whirlpool');
    await expect.poll(() => page.getByText('Veuillez remplir les champs obligatoires !').isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Suivant' }).click();
    await visible(page, 'Vérifiez les informations');
    await page.getByRole('button', { name: 'Confirmer l’ajout' }).waitFor();
    await page.screenshot({ path: 'e2e/screenshots/wizard-confirmation-phone.png', fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(saves).toEqual([]);
    await page.getByRole('button', { name: 'Confirmer l’ajout' }).click();
    await expect.poll(() => page.getByText('Appareil ajouté avec succès').isVisible(), { timeout: 60_000 }).toBe(true);
    await visible(page, /a rejoint votre inventaire/);
    await page.getByRole('link', { name: 'Voir mon appareil' }).click();
    await page.waitForURL(/fichedetail\?id=/);
    await visible(page, 'Whirlpool');
    await visible(page, 'FFB8458WVFR');
    await context.close();
  }, 120_000);
});
