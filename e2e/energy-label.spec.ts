import { API_MSG, MSG } from '@ecofoyer/contracts';
import type { Browser, Page } from 'playwright-core';
import { toBuffer } from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, household, launchBrowser, login, newContext, PHONE, signedIn, visible } from './helpers.ts';

/**
 * The energy label's QR code read from a photo (« Choisir une photo »), looked up in EPREL
 * (the fixture server of global-setup.ts, test/fixtures/eprel), confirmed, saved; the appliance page
 * then shows the yearly cost. Chromium headless has no BarcodeDetector: the WebAssembly reader reads.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A label's QR code as the camera would see it: black on white, with its quiet zone. */
const labelQr = (numero: string) => toBuffer(`https://eprel.ec.europa.eu/qr/${numero}`, { type: 'png', width: 480, margin: 4 });

/** The French texts as the page writes them (no-break spaces around € and in numbers). */
const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

async function choosePhoto(page: Page, data: Buffer) {
  await page.locator('input[type="file"][accept="image/*"]').setInputFiles({ name: 'etiquette.png', mimeType: 'image/png', buffer: data });
}

describe('« Scanner l’étiquette énergie » in the new-device wizard', () => {
  it('reads the label’s QR code from a photo, shows what EPREL says, fills the form, and saves the appliance with its yearly cost', async () => {
    const { context, page } = await signedIn(browser, PHONE);
    // The WebAssembly reader is the app's own file, fetched only when the scanner needs it.
    const wasm: string[] = [];
    page.on('response', (r) => {
      if (r.url().endsWith('.wasm'))
        wasm.push(`${r.status()} ${new URL(r.url()).origin === new URL(page.url()).origin} ${r.headers()['content-type']}`);
    });
    await page.goto('/new-device');
    expect(wasm).toEqual([]);
    await page.getByRole('radio', { name: /Buanderie/ }).click();
    await page.getByRole('button', { name: 'Suivant' }).click();

    // No product type yet: the label's product group gives it.
    await page.getByRole('button', { name: 'Scanner l’étiquette énergie' }).click();
    await visible(page, 'Choisir une photo');
    // After the wizard's 500 ms slide.
    await page.waitForTimeout(600);
    await page.screenshot({ path: 'e2e/screenshots/energy-label-scanner-phone.png', fullPage: true });
    await choosePhoto(page, await labelQr('1480123'));
    const found = page.getByTestId('identified-product');
    await expect.poll(() => found.isVisible(), { timeout: 30_000 }).toBe(true);
    // Chromium on Linux has no BarcodeDetector: the WebAssembly reader read the code.
    if (!(await page.evaluate(() => 'BarcodeDetector' in window))) expect(wasm).toEqual(['200 true application/wasm']);
    const card = plain(await found.textContent());
    for (const text of [
      'Base européenne EPREL',
      'Bosch',
      'WGG244Z0FR',
      '114,4 kWh par an',
      '52 kWh pour 100 cycles × 220 cycles par an',
      '9 kg',
      '49 litres par cycle',
      '1480123',
    ])
      expect(card).toContain(text);
    await page.screenshot({ path: 'e2e/screenshots/energy-label-found-phone.png', fullPage: true });

    // Nothing saved yet: the form is filled, to check.
    await page.getByRole('button', { name: 'Utiliser ces informations' }).click();
    await visible(page, 'Informations de l’étiquette énergie (EPREL n° 1480123) : vérifiez-les, puis « Suivant ».');
    await expect
      .poll(() =>
        page
          .getByLabel(/^Type de produit/)
          .first()
          .inputValue(),
      )
      .toBe('Lave-linge');
    expect(await page.getByLabel(/^Marque/).inputValue()).toBe('Bosch');
    expect(await page.getByLabel(/^Modèle/).inputValue()).toBe('WGG244Z0FR');
    expect(await page.getByLabel(/^Consommation \(kWh\/an\)/).inputValue()).toBe('114,4');
    await page.getByRole('button', { name: 'Suivant' }).click();
    await visible(page, 'Vérifiez les informations');
    await visible(page, '114,4 kWh par an');
    await page.getByRole('button', { name: 'Confirmer l’ajout' }).click();
    await visible(page, 'Appareil ajouté avec succès');

    await page.getByRole('link', { name: 'Voir mon appareil' }).click();
    await page.waitForURL(/fichedetail\?id=\d+$/);
    const cost = page.getByTestId('running-cost');
    await expect.poll(async () => plain(await cost.textContent())).toBe('22,19 € par an au tarif réglementé du 1er février 2026');
    expect(plain(await page.getByTestId('usage-footprint').textContent())).toBe(
      'Son usage : 5,9 kg de CO2e par an, d’après sa consommation réelle (et non la moyenne de son type).',
    );
    await visible(page, /^114,4 kWh × 0,0519 kg CO2e\/kWh — ADEME, Base Empreinte, identifiant 43642/);
    await page.getByRole('region', { name: 'Consommation et coût' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'e2e/screenshots/energy-label-cost-phone.png' });
    await context.close();
  }, 90_000);

  it('turns to the manual form with a French message when nothing is read, or when EPREL does not know the number', async () => {
    const { context, page } = await signedIn(browser, DESKTOP);
    await page.goto('/new-device');
    await page.getByRole('radio', { name: /Cuisine/ }).click();
    await page.getByRole('button', { name: 'Suivant' }).click();
    await page.getByRole('button', { name: 'Scanner l’étiquette énergie' }).click();
    await choosePhoto(page, await labelQr('424242'));
    await visible(page, API_MSG.eprelProductNotFound);
    // The manual form, ready to be filled.
    await expect.poll(() => page.getByLabel(/^Marque/).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Précédent' }).click();
    await page.getByRole('button', { name: 'Scanner l’étiquette énergie' }).click();
    await choosePhoto(page, await toBuffer('https://exemple.fr/pas-une-etiquette', { type: 'png', width: 320 }));
    await visible(page, MSG.scanUnsupportedCode);
    await context.close();
  }, 90_000);
});

describe('« Scanner l’étiquette énergie » on an appliance page', () => {
  it('fills the consumption of an appliance already there, after showing what was found, and shows its cost', async () => {
    const home = await household();
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    await login(page, home.account.email, home.account.password);
    await page.waitForURL(/\/(home|welcome)$/);
    await page.goto(`/inventaire/univers/appliance/fichedetail?id=${home.applianceId}`);
    const section = page.getByRole('region', { name: 'Consommation et coût' });
    await expect.poll(() => section.isVisible()).toBe(true);
    expect(plain(await section.textContent())).toContain('Sa consommation annuelle (en kWh par an, sur l’étiquette énergie)');
    await section.getByRole('button', { name: 'Scanner l’étiquette énergie' }).click();
    const dialog = page.getByRole('dialog', { name: 'Scanner l’étiquette énergie' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await page.waitForTimeout(400);
    await page.screenshot({ path: 'e2e/screenshots/energy-label-scanner-desktop.png' });
    await choosePhoto(page, await labelQr('1480123'));
    await expect.poll(() => dialog.getByTestId('identified-product').isVisible(), { timeout: 30_000 }).toBe(true);
    await dialog.getByRole('button', { name: 'Utiliser ces informations' }).click();
    await visible(page, MSG.energyLabelSaved('Lave-linge Bosch'));
    await expect
      .poll(async () => plain(await section.getByTestId('running-cost').textContent()))
      .toBe('22,19 € par an au tarif réglementé du 1er février 2026');
    // Its own brand and model stay; the label's class and number are kept.
    expect(plain(await section.textContent())).toContain('EPREL n° 1480123');
    const saved = await home.api<{ marque: string; modele: string; classenergie: string; eprel_number: string; energy_kwh_year: number }>(
      `/api/V1/profils/users/foyers/univers/appliances/${home.applianceId}`,
    );
    expect(saved).toMatchObject({ marque: 'Bosch', modele: 'Serie 4', classenergie: 'A', eprel_number: '1480123', energy_kwh_year: 114.4 });
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'e2e/screenshots/energy-label-cost-desktop.png' });

    // The carbon simulator counts its real consumption in the use phase, and says so.
    await section.getByRole('link', { name: 'Voir toute son empreinte dans le simulateur carbone' }).click();
    await page.waitForURL(/\/carbotool\?type=lave-linge&appareil=\d+$/);
    await visible(page, 'Usage calculé avec la consommation réelle de cet appareil : 114,4 kWh par an.');
    await expect.poll(async () => plain(await page.getByTestId('carbon-usage').textContent())).toBe('5,94 kg');
    await visible(page, /^Consommation réelle de votre appareil\s: 114,4 kWh\/an × 0,0519 kg CO2e\/kWh/);
    await context.close();
  }, 90_000);
});
