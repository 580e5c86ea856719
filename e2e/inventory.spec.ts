import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badgeToast, DESKTOP, household, label, launchBrowser, login, newContext, PHONE, signedIn, visible } from './helpers.ts';

const ASSETS = 'packages/server/src/db/demo-assets';
const PHOTO = readFileSync(`${ASSETS}/lave-linge.png`);
const INVOICE = readFileSync(`${ASSETS}/facture-lave-linge.pdf`);
const MANUAL = readFileSync(`${ASSETS}/notice-lave-linge.pdf`);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
])('inventory journey (%s)', (device, viewport) => {
  it('adds an appliance with the wizard, files its invoice and manual, edits and deletes it', async () => {
    const { context, page } = await signedIn(browser, viewport);

    // Product chooser (flag toadd): 5 items, Voir plus / Voir moins, search, then the wizard.
    await page.goto('/productlist?flag=toadd');
    await expect.poll(() => page.getByRole('heading', { name: 'Choisir le produit à ajouter' }).isVisible()).toBe(true);
    const items = page.getByRole('list', { name: 'Produits' }).getByRole('listitem');
    await expect.poll(() => items.count()).toBe(5);
    await page.getByRole('button', { name: 'Voir plus' }).click();
    await expect.poll(() => items.count()).toBeGreaterThan(40);
    await page.getByRole('button', { name: 'Voir moins' }).click();
    await expect.poll(() => items.count()).toBe(5);
    await page.getByPlaceholder('Rechercher un produit...').fill('lave linge');
    await page.getByRole('link', { name: 'Lave-linge', exact: true }).click();
    await page.waitForURL(/\/inventaire\/nouveau_2\?prod=\d+$/);

    // Step Univer: a reference universe not yet created.
    await expect.poll(() => page.getByRole('radio', { name: /Buanderie/ }).isVisible()).toBe(true);
    await page.screenshot({ path: `e2e/screenshots/wizard-univer-${device}.png`, fullPage: true });
    await page.getByRole('radio', { name: /Buanderie/ }).click();
    await page.getByRole('button', { name: 'Suivant' }).click();

    // Step Détails: manual add needs brand and model.
    await expect.poll(() => page.getByLabel(label('Type de produit')).first().inputValue()).toBe('Lave-linge');
    await page.getByRole('button', { name: 'Saisir à la main' }).click();
    await page.getByRole('button', { name: 'Suivant' }).click();
    await visible(page, 'Veuillez remplir les champs obligatoires !');
    await page.getByLabel(label('Marque')).fill('Bosch');
    await page.getByLabel(label('Modèle')).fill('Série 6');
    await page.getByLabel('Note').fill('Nettoyer le filtre tous les 3 mois.');
    // The paperwork that decides the guarantees, optional.
    await page.getByText('Achat et garanties (facultatif) : pour connaître vos droits').click();
    await page.getByLabel('Vendeur').fill('Darty Nantes');
    await page.getByLabel('Prix d’achat (€)').fill('399,00');
    await page.locator('input[type="file"]').setInputFiles({ name: 'lave-linge.png', mimeType: 'image/png', buffer: PHOTO });
    await page.screenshot({ path: `e2e/screenshots/wizard-details-${device}.png`, fullPage: true });
    await page.getByRole('button', { name: 'Suivant' }).click();

    // Step Confirmation: no purchase date → "Inconnu".
    await visible(page, 'Vérifiez les informations');
    await visible(page, 'Inconnu');
    await visible(page, 'Darty Nantes');
    await page.getByRole('button', { name: 'Confirmer l’ajout' }).click();
    await visible(page, 'Appareil ajouté avec succès');
    // The badge the first appliance earns comes with its toast.
    await badgeToast(page, 'Premier appareil');
    await page.screenshot({ path: `e2e/screenshots/wizard-done-${device}.png`, fullPage: true });
    await page.getByRole('link', { name: 'Voir mon appareil' }).click();
    await page.waitForURL(/fichedetail\?id=\d+$/);

    // Detail: dates, the photo, the invoice and manual with the viewer.
    await expect.poll(() => page.getByRole('heading', { name: 'Lave-linge Bosch' }).isVisible()).toBe(true);
    await visible(page, 'Inconnu');
    await visible(page, 'Darty Nantes');
    await visible(page, '399,00 €');
    expect(await page.getByRole('img', { name: 'Photo de Lave-linge Bosch' }).getAttribute('src')).toMatch(
      /^\/api\/V1\/files\/users\/\d+\/.+\.png\?exp=/,
    );
    await page
      .locator('input[type="file"][accept="application/pdf,image/jpeg,image/png"]')
      .setInputFiles({ name: 'facture.pdf', mimeType: 'application/pdf', buffer: INVOICE });
    await expect.poll(() => page.getByRole('button', { name: 'Voir la facture' }).isVisible()).toBe(true);
    await page
      .locator('input[type="file"][accept="application/pdf"]')
      .first()
      .setInputFiles({ name: 'notice.pdf', mimeType: 'application/pdf', buffer: MANUAL });
    await expect.poll(() => page.getByRole('button', { name: 'Remplacer la notice' }).isVisible()).toBe(true);
    await page.screenshot({ path: `e2e/screenshots/appliance-detail-${device}.png`, fullPage: true });
    await page.getByRole('main').getByRole('button', { name: 'Lire la notice' }).first().click();
    // pdf.js draws the first page in the app: no plugin frame, no « contenu bloqué ».
    const viewer = page.getByTestId('pdf-page');
    await expect.poll(() => viewer.getAttribute('data-drawn')).not.toBe('0');
    await visible(page, 'Page 1 sur');
    expect(await viewer.getAttribute('aria-label')).toMatch(/^Notice de Lave-linge Bosch, page 1 sur \d+$/);
    const inked = await viewer.evaluate((c: HTMLCanvasElement) => {
      const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
      let dark = 0;
      for (let i = 0; i < data.length; i += 4) if (data[i]! < 128 && data[i + 3]! > 0) dark++;
      return dark;
    });
    expect(inked).toBeGreaterThan(100);
    expect(await page.getByRole('link', { name: 'Télécharger le PDF' }).getAttribute('href')).toMatch(
      /^\/api\/V1\/files\/users\/\d+\/.+\.pdf\?exp=\d+&sig=/,
    );
    expect(await page.locator('iframe').count()).toBe(0);
    await page.screenshot({ path: `e2e/screenshots/manual-viewer-${device}.png` });
    await page.getByRole('dialog').getByRole('button', { name: 'Fermer' }).click();

    // The universe now exists and counts the appliance.
    await page.goto('/inventaire/univers');
    await visible(page, '1 appareil');

    // Edit: Confirmer shows the spec's message.
    await page.goto('/inventaire');
    await page.getByTestId('appliance-card').first().click();
    await page.getByRole('link', { name: 'Modifier' }).click();
    await page.waitForURL(/appliance\/update\?id=\d+$/);
    await page.getByLabel(label('Nom')).fill('Lave-linge du sous-sol');
    await page.getByRole('button', { name: 'Confirmer' }).click();
    await visible(page, 'Tes modifications sur Lave-linge du sous-sol sont enregistrées');

    // Delete: the dialog, then it is really gone, without reloading the deleted device (its
    // 404 once put « Appareil introuvable » beside the success).
    const notFound: string[] = [];
    page.on('response', (r) => {
      if (r.status() === 404) notFound.push(r.url());
    });
    await page.getByRole('button', { name: 'Supprimer' }).click();
    await visible(page, 'Êtes-vous sûr de vouloir supprimer Lave-linge du sous-sol ?');
    await page.getByRole('dialog').getByRole('button', { name: 'Supprimer' }).click();
    await page.waitForURL(/\/inventaire$/);
    await visible(page, 'Vous n’avez pas encore d’appareil.');
    expect(notFound).toEqual([]);
    expect(await page.getByText('Appareil introuvable').count()).toBe(0);
    await context.close();
  });
});

describe('new-device rules and product chooser flags', () => {
  it('asks for the product type first', async () => {
    const { context, page } = await signedIn(browser);
    await page.goto('/new-device');
    await page.getByRole('radio', { name: /Cuisine/ }).click();
    await page.getByRole('button', { name: 'Suivant' }).click();
    await page.getByRole('button', { name: 'Saisir à la main' }).click();
    await visible(page, 'Veuillez renseigner le type du produit !');
    await page.getByRole('button', { name: 'Rechercher par image' }).click();
    await visible(page, 'Veuillez renseigner le type du produit !');
    // Back at step 0 leaves the page.
    await page.getByRole('button', { name: 'Précédent' }).click();
    await page.getByRole('button', { name: 'Précédent' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/new-device'));
    await context.close();
  });

  it('sends each flag where product §2 says', async () => {
    const { context, page } = await signedIn(browser);
    const targets: [string, RegExp][] = [
      ['toadd', /\/inventaire\/nouveau_2\?prod=\d+$/],
      ['tosecond', /\/secondlife\/actionselect\?prod=\d+$/],
      ['torepair', /\/repair\?prod=\d+$/],
      ['tomaintenance', /\/entretien\/fiche\?prod=\d+$/],
    ];
    for (const [flag, url] of targets) {
      await page.goto(`/productlist?flag=${flag}`);
      await page.getByRole('list', { name: 'Produits' }).getByRole('link').first().click();
      await page.waitForURL(url);
    }
    await context.close();
  });

  it('shows the demo household, its search, and the second-life flag of the inventory', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Démo' }).click();
    await page.waitForURL(/\/(home|welcome)$/);
    await page.goto('/inventaire');
    await expect.poll(() => page.getByTestId('appliance-card').count()).toBe(12);
    await page.screenshot({ path: 'e2e/screenshots/inventory-demo.png', fullPage: true });
    await page.goto('/inventaire/search');
    await page.getByRole('textbox', { name: 'Rechercher un appareil' }).fill('bosh');
    await expect.poll(() => page.getByTestId('appliance-card').count()).toBe(1);
    // Back from the appliance finds the query and its result again.
    await page.getByTestId('appliance-card').first().click();
    await page.waitForURL(/fichedetail\?id=\d+/);
    await page.goBack();
    await expect.poll(() => page.getByRole('textbox', { name: 'Rechercher un appareil' }).inputValue()).toBe('bosh');
    await expect.poll(() => page.getByTestId('appliance-card').count()).toBe(1);
    await page.getByRole('textbox', { name: 'Rechercher un appareil' }).fill('machine a laver');
    await expect.poll(() => page.getByTestId('appliance-card').first().innerText()).toMatch(/Lave-linge/);

    // The wizard's type list: the room's products first, and the same search.
    await page.goto('/inventaire/nouveau_2');
    await page.getByRole('radio', { name: /^Cuisine/ }).click();
    await page.getByRole('button', { name: 'Suivant' }).click();
    await page.getByLabel(label('Type de produit')).first().click();
    await visible(page, 'Souvent dans « Cuisine »');
    await page.getByLabel(label('Type de produit')).first().fill('lave vaiselle');
    await expect.poll(() => page.getByRole('option').first().innerText()).toBe('Lave-vaisselle');
    await page.getByLabel(label('Type de produit')).first().fill('refrigerateur');
    await expect.poll(() => page.getByRole('option').first().innerText()).toBe('Réfrigérateur');
    await page.screenshot({ path: 'e2e/screenshots/wizard-type-search.png' });
    await page.goto('/inventaire?flag=tosecond');
    await page.getByTestId('appliance-card').first().click();
    await page.waitForURL(/\/secondlife\/actionselect\?appliance=\d+/);
    await page.goto('/productlist?flag=torepair');
    await page.getByText('Produits enregistrés', { exact: true }).click();
    await page.getByRole('list', { name: 'Produits' }).getByRole('link').first().click();
    await page.waitForURL(/\/repair\?prod=\d+&appliance=\d+$/);
    await context.close();
  });

  it('shows a large inventory a page at a time and searches it on the server', async () => {
    const home = await household({ appliance: { modele: 'Modèle 0', name: 'Machine 0' } });
    const form = (data: Record<string, unknown>) => {
      const f = new FormData();
      f.append('data', JSON.stringify({ prod_id: home.prodId, marque: 'Bosch', ...data }));
      return f;
    };
    for (let i = 1; i < 65; i++)
      await home.api(`/api/V1/profils/users/${home.userId}/foyers/univers/${home.universeId}/appliances`, {
        method: 'POST',
        body: form({ modele: `Modèle ${i}`, name: `Machine ${i}` }),
      });
    const context = await newContext(browser);
    const page = await context.newPage();
    const lists: string[] = [];
    page.on('request', (r) => {
      if (/\/appliances(\?|$)/.test(r.url())) lists.push(new URL(r.url()).search);
    });
    await login(page, home.account.email, home.account.password);
    await page.waitForURL(/\/(home|welcome)$/);
    await page.goto('/inventaire');
    await visible(page, '65 appareils');
    await expect.poll(() => page.getByTestId('appliance-card').count()).toBe(60);
    await visible(page, '60 sur 65 affichés');
    await page.getByRole('button', { name: 'Afficher plus d’appareils' }).click();
    await expect.poll(() => page.getByTestId('appliance-card').count()).toBe(65);
    expect(await page.getByRole('button', { name: 'Afficher plus d’appareils' }).count()).toBe(0);
    // Never the whole list: pages of 60.
    expect(lists.every((q) => q.includes('limit='))).toBe(true);

    await page.goto('/inventaire/search');
    await page.getByRole('textbox', { name: 'Rechercher un appareil' }).fill('modele 42');
    await expect.poll(() => page.getByTestId('appliance-card').first().innerText()).toMatch(/Modèle 42/);
    await visible(page, '1 résultat');
    await page.getByRole('textbox', { name: 'Rechercher un appareil' }).fill('bosch');
    await visible(page, 'Les 50 meilleurs résultats : précisez votre recherche pour trouver les autres.');
    expect(lists.some((q) => q.includes('q=bosch'))).toBe(true);

    // The pickers ask the server too: the second life's and the repair chat's.
    await page.goto('/secondlife/actionselect');
    await page.getByRole('combobox', { name: 'Quel appareil voulez-vous faire vivre ailleurs ?' }).fill('machine 42');
    await page.getByRole('option', { name: 'Machine 42' }).click();
    await page.waitForURL(/\/secondlife\/actionselect\?appliance=\d+/);
    await page.goto('/repair');
    await page.getByRole('combobox', { name: 'Un de mes appareils' }).fill('machine 7');
    await page.getByRole('option', { name: /^Machine 7\b/ }).click();
    await page.waitForURL(/\/repair\?appliance=\d+/);
    // Never the whole inventory.
    expect(lists.filter((q) => !q.includes('limit=') && !q.includes('q='))).toEqual([]);
    await context.close();
  });
});
