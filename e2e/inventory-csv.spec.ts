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

describe('« Exporter mon inventaire »', () => {
  it('downloads the appliances and the maintenance history as CSV files a French spreadsheet opens', async () => {
    const { account, api, userId } = await household({
      universe: { name: 'Buanderie' },
      appliance: { modele: 'Série 6', dt_achat: '2025-03-10', prix_achat: '549,90', vendeur: 'Boulanger' },
    });
    await api(`/api/V1/profils/users/${userId}/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Nettoyer le filtre', dt_realisation: '2027-01-15T09:00:00Z', applianceId: -1 }),
    });
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    await login(page, account.email, account.password);
    await page.waitForURL(/\/(home|welcome)$/);
    await page.goto('/profile#donnees');
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

    // The same file into another household: the preview row by row, then the import.
    const other = await household({ universe: { name: 'Cuisine' }, appliance: { modele: 'Autre' } });
    const withBadRow = `${text};Lave-linge;;Bosch;;;;;;;;;;;;;;\r\n;Lave-linge;;Brandt;Ancien;;;32/13/2020;;;;;;;;;;\r\n`;
    const target = await newContext(browser, PHONE);
    const page2 = await target.newPage();
    await login(page2, other.account.email, other.account.password);
    await page2.waitForURL(/\/(home|welcome)$/);
    await page2.goto('/profile#donnees');
    await visible(page2, 'Importer des appareils');
    // The preview's request held until the bar has been read: it starts with the file's upload.
    const IMPORT = `**/api/V1/profils/users/${other.userId}/import/appareils`;
    let release = () => {};
    let accept: string | undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page2.route(
      IMPORT,
      async (route) => {
        accept = route.request().headers().accept;
        await held;
        await route.continue();
      },
      { times: 1 },
    );
    const chooser = page2.waitForEvent('filechooser');
    await page2.getByLabel('Fichier CSV').click();
    await (await chooser).setFiles({ name: 'inventaire.csv', mimeType: 'text/csv', buffer: Buffer.from(withBadRow, 'utf8') });
    const bar = page2.getByRole('progressbar', { name: 'Progression de l’import' });
    await expect.poll(() => bar.getAttribute('aria-valuetext')).toMatch(/^Envoi du fichier… \d{1,3} %$/);
    expect(Number(await bar.getAttribute('aria-valuenow'))).toBeLessThanOrEqual(100);
    expect(await page2.getByTestId('import-progress').getByRole('status').textContent()).toBe(await bar.getAttribute('aria-valuetext'));
    release();
    expect(accept).toBe('application/x-ndjson');
    const preview = page2.getByTestId('import-preview');
    await expect
      .poll(() => preview.getByRole('status').textContent())
      .toBe('Dans ce fichier\u00a0: 1 appareil à créer, 2 lignes refusées.');
    expect(await bar.count()).toBe(0);
    // Each row one by one, with what it becomes (the first 50 of a file).
    const rows = preview.getByRole('list', { name: 'Les 3 premières lignes du fichier' });
    expect(await rows.getByRole('listitem').count()).toBe(3);
    expect(await rows.getByText('À créer', { exact: true }).count()).toBe(1);
    expect(await rows.getByText('Refusée', { exact: true }).count()).toBe(2);
    expect(await rows.innerText()).toContain(
      'Date de livraison\u00a0: «\u00a032/13/2020\u00a0» n’est pas une date (attendu\u00a0: 24/12/2026).',
    );
    await page2.getByRole('button', { name: 'Importer 1 appareil' }).scrollIntoViewIfNeeded();
    await page2.screenshot({ path: 'e2e/screenshots/inventory-import-phone.png' });
    expect(await other.api<unknown[]>(`/api/V1/profils/users/${other.userId}/appliances`)).toHaveLength(1);
    // An import that fails once it has begun (its last line says so): the message, nothing written, and the button to try again.
    await page2.route(
      IMPORT,
      (route) =>
        route.fulfill({
          contentType: 'application/x-ndjson',
          body: '{"etape":"lecture","fait":0,"total":3}\n{"erreur":{"message":"L’import n’a pas pu se faire\u00a0: rien n’a été enregistré. Réessayez dans un instant."}}\n',
        }),
      { times: 1 },
    );
    await page2.getByRole('button', { name: 'Importer 1 appareil' }).click();
    await expect
      .poll(() => page2.getByRole('region', { name: 'Importer des appareils' }).getByRole('alert').textContent())
      .toBe('L’import n’a pas pu se faire\u00a0: rien n’a été enregistré. Réessayez dans un instant.');
    await page2.getByRole('button', { name: 'Importer 1 appareil' }).click();
    await visible(page2, 'Import terminé');
    await visible(page2, '1 appareil créé, 2 lignes refusées.');
    // Written by the server's job runner: after a reload, the page still tells what the last import did.
    await page2.reload();
    await visible(page2, /^Dernier import le /);
    expect(await page2.getByTestId('import-last').textContent()).toMatch(
      /^Dernier import le \d{1,2} [a-zéû]+ \d{4} à \d{2}:\d{2}\u00a0: 1 appareil créé, 0 mis à jour\.$/,
    );
    const names = (await other.api<{ name: string; univer_name: string }[]>(`/api/V1/profils/users/${other.userId}/appliances`)).map(
      (a) => `${a.name} (${a.univer_name})`,
    );
    expect(names.sort()).toEqual(['Lave-linge Bosch (Buanderie)', 'Lave-linge Bosch (Cuisine)']);
    await target.close();
  });
});
