import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { household, launchBrowser, login, newContext, PHONE, visible } from './helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('« Exporter mon inventaire » (issue 21)', () => {
  it('downloads the appliances and the maintenance history as CSV files a French spreadsheet opens', async () => {
    const { account, api, userId } = await household({ universe: { name: 'Buanderie' }, appliance: { modele: 'Série 6', dt_achat: '2025-03-10', prix_achat: '549,90', vendeur: 'Boulanger' } });
    await api(`/api/V1/profils/users/${userId}/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Nettoyer le filtre', dt_realisation: '2027-01-15T09:00:00Z', applianceId: -1 }),
    });
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    await login(page, account.email, account.password);
    await page.waitForURL(/\/(home|welcome)$/);
    await page.goto('/profile');
    await visible(page, 'Exporter mon inventaire');
    await page.getByRole('heading', { name: 'Exporter mon inventaire' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'e2e/screenshots/inventory-export-phone.png' });

    const appliances = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Mes appareils (CSV)' }).click();
    const file = await appliances;
    expect(file.suggestedFilename()).toMatch(/^ecofoyer-appareils-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = readFileSync((await file.path())!, 'utf8');
    expect(text.startsWith('\uFEFFUnivers;Type d’appareil;Nom;Marque;Modèle;')).toBe(true);
    expect(text).toContain('Buanderie;Lave-linge;Lave-linge Bosch;Bosch;Série 6;;10/03/2025;;549,90;Boulanger;non;');

    const history = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Mes entretiens (CSV)' }).click();
    const events = readFileSync((await (await history).path())!, 'utf8');
    expect(events.split('\r\n')[1]).toBe('15/01/2027 10:00;;Nettoyer le filtre;Entretien;Prévu;;');
    await context.close();
  });
});
