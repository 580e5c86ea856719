import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { eurosFr, MSG } from '@ecofoyer/contracts';
import { PDFDocument } from 'pdf-lib';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfPages } from '../packages/server/test/pdf-text.ts';
import { baseURL, DESKTOP, household, launchBrowser, login, newContext, PHONE, visible } from './helpers.ts';

const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp';
const DAY_FR = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: 'Europe/Paris' });

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Sends a file to one of an appliance's file routes (photo, invoice), as the appliance page does. */
async function attach(token: string, applianceId: number, route: 'image' | 'facture', file: Blob, name: string) {
  const form = new FormData();
  form.append('file', file, name);
  const res = await fetch(`${baseURL()}/api/V1/profils/users/foyers/univers/appliances/${applianceId}/${route}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (!res.ok) throw new Error(`${route}: ${res.status} ${await res.text()}`);
}

/** Serious or critical axe violations (the bar of every page), in `include` only when given. */
async function axeProblems(p: Page, include?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page: p });
  const { violations } = await (include ? builder.include(include) : builder).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

const card = (page: Page) => page.getByRole('region', { name: 'Dossier d’inventaire' });

describe('« Dossier d’inventaire » and its read-only links', () => {
  it('builds the PDF from the profile, shares the inventory with someone without an account, then revokes the link', {
    timeout: 180_000,
  }, async () => {
    // A washing machine with its price, photo and invoice; a fridge with nothing but its brand.
    const h = await household({
      firstname: 'Claire',
      appliance: {
        modele: 'Série 6',
        dt_achat: '2024-03-12',
        prix_achat: '1234,50',
        vendeur: 'Boulanger',
        numero_serie: 'WAU28PH9FF-123',
        classenergie: 'A',
      },
    });
    const signin = await fetch(`${baseURL()}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: h.account.email, password: h.account.password }),
    });
    const { accessToken } = (await signin.json()) as { accessToken: string };
    const photo = await sharp({ create: { width: 640, height: 420, channels: 3, background: { r: 96, g: 160, b: 128 } } })
      .jpeg()
      .toBuffer();
    await attach(accessToken, h.applianceId, 'image', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'lave-linge.jpg');
    const invoice = await PDFDocument.create();
    invoice.addPage([595, 842]).drawText('Facture Boulanger — Lave-linge Bosch Série 6 — 1 234,50 €', { x: 50, y: 780, size: 12 });
    await attach(
      accessToken,
      h.applianceId,
      'facture',
      new Blob([new Uint8Array(await invoice.save())], { type: 'application/pdf' }),
      'facture.pdf',
    );
    const products = await h.api<{ id: number; prodName: string }[]>('/api/V1/references/refproducts');
    const fridge = new FormData();
    fridge.append(
      'data',
      JSON.stringify({ prod_id: products.find((p) => p.prodName === 'Réfrigérateur')!.id, marque: 'Whirlpool', modele: 'W7X 82' }),
    );
    await h.api(`/api/V1/profils/users/${h.userId}/foyers/univers/${h.universeId}/appliances`, { method: 'POST', body: fridge });
    const names = (await h.api<{ name: string }[]>(`/api/V1/profils/users/${h.userId}/appliances`)).map((a) => a.name).sort();
    expect(names).toEqual(['Lave-linge Bosch', 'Réfrigérateur Whirlpool']);

    // The owner asks for the dossier, invoices included, and follows it to the end.
    const owner = await newContext(browser, DESKTOP, { permissions: ['clipboard-read', 'clipboard-write'] });
    const page = await owner.newPage();
    await login(page, h.account.email);
    await page.waitForURL(/\/(home|welcome)$/);
    await page.goto('/profile#foyer');
    await expect.poll(() => card(page).getByRole('button', { name: 'Créer le dossier (PDF)' }).isVisible()).toBe(true);
    await card(page).getByRole('heading', { name: 'Dossier d’inventaire' }).scrollIntoViewIfNeeded();
    await card(page).screenshot({ path: `${SHOTS}/dossier-card-empty-desktop.png` });
    await card(page).getByLabel('Ajouter les factures à la fin du dossier').check();
    await card(page).getByRole('button', { name: 'Créer le dossier (PDF)' }).click();
    await expect.poll(() => card(page).getByText('Votre dossier est prêt').isVisible(), { timeout: 60_000 }).toBe(true);
    expect(await card(page).getByRole('progressbar').count()).toBe(0);
    // The keyboard's focus followed the pressed button's place to the download.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Télécharger le dossier');
    expect(
      await card(page)
        .getByText(/^PDF de /)
        .textContent(),
    ).toMatch(/^PDF de \d+(,\d)?\u00a0(ko|Mo), créé le .+, factures comprises\. Il reste téléchargeable 24 h\.$/);

    const download = page.waitForEvent('download');
    await card(page).getByRole('button', { name: 'Télécharger le dossier' }).click();
    const pdf = await download;
    expect(pdf.suggestedFilename()).toMatch(/^ecofoyer-dossier-\d{4}-\d{2}-\d{2}\.pdf$/);
    const bytes = readFileSync((await pdf.path())!);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // The invoice's page is counted in every « Page n / N », and captioned with its appliance.
    const pages = await pdfPages(bytes);
    expect(pages).toHaveLength(2);
    pages.forEach((text, i) => expect(text).toContain(`Page ${i + 1} / 2`));
    expect(pages[1]).toContain('Facture — Lave-linge Bosch');
    expect(pages[1]).toContain('Facture Boulanger — Lave-linge Bosch Série 6 — 1 234,50 €');

    // A reload shows the same dossier again (the dossiers of the last 24 h).
    await page.reload();
    await expect.poll(() => card(page).getByText('Votre dossier est prêt').isVisible()).toBe(true);

    // A 7-day link, copied.
    await card(page).getByRole('radio', { name: '7 jours' }).check({ force: true });
    await card(page).getByRole('button', { name: 'Créer un lien' }).click();
    const expiry = DAY_FR.format(new Date(Date.now() + 7 * 86_400_000));
    await visible(page, `Lien créé, valable jusqu’au ${expiry}`);
    const shown = await card(page).getByLabel('Lien à envoyer').inputValue();
    expect(shown).toMatch(/\/partage\/[A-Za-z0-9_.-]+$/);
    await card(page).getByRole('button', { name: 'Copier le lien', exact: true }).click();
    await visible(page, 'Lien copié');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(shown);
    const active = card(page).getByRole('list', { name: 'Liens actifs' });
    await expect.poll(() => active.getByRole('listitem').count()).toBe(1);
    expect(await active.getByRole('listitem').first().innerText()).toContain(`Lien de 7 jours, expire le ${expiry}`);
    await card(page).screenshot({ path: `${SHOTS}/dossier-card-desktop.png` });
    expect(await axeProblems(page, 'section[aria-labelledby="dossier-inventaire"]')).toEqual([]);

    // Someone without an account opens it, as copied (the server builds it from APP_URL).
    expect(new URL(copied).origin).toBe(new URL(baseURL()).origin);
    const link = copied;
    const visitor = await newContext(browser, PHONE);
    const publicPage = await visitor.newPage();
    await publicPage.goto(link);
    // A foyer with no name of its own is not shown by a member's first name to whoever holds the link.
    await expect.poll(() => publicPage.getByRole('heading', { level: 1 }).textContent()).toBe('Inventaire partagé');
    expect(publicPage.url()).toBe(link);
    expect(await publicPage.title()).toBe('Inventaire partagé — EcoFoyer');
    expect(await publicPage.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex, nofollow');
    await visible(publicPage, `Partagé en lecture seule jusqu’au ${expiry}.`);
    await visible(publicPage, '2 appareils');
    expect(await publicPage.getByText(/^Valeur d’achat totale\s:/).textContent()).toBe(
      `Valeur d’achat totale\u00a0: ${eurosFr(1234.5)} (prix connu pour 1 appareil)`,
    );
    const washer = publicPage.getByRole('article', { name: 'Lave-linge Bosch' });
    const picture = washer.getByRole('img', { name: 'Photo : Lave-linge Bosch' });
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    for (const text of ['12 mars 2024', eurosFr(1234.5), 'WAU28PH9FF-123', 'Boulanger'])
      expect(await washer.getByText(text, { exact: true }).isVisible()).toBe(true);
    const invoiceLink = washer.getByRole('link', { name: /^Voir la facture/ });
    expect([await invoiceLink.getAttribute('target'), await invoiceLink.getAttribute('rel')]).toEqual(['_blank', 'noopener noreferrer']);
    const invoiceAnswer = await publicPage.request.get(new URL((await invoiceLink.getAttribute('href'))!, link).href);
    expect([invoiceAnswer.status(), invoiceAnswer.headers()['content-type']]).toEqual([200, 'application/pdf']);
    expect(await publicPage.getByRole('article', { name: 'Réfrigérateur Whirlpool' }).getByText('Pas de photo').isVisible()).toBe(true);
    expect(await publicPage.getByText(h.account.email).count()).toBe(0);
    await publicPage.screenshot({ path: `${SHOTS}/dossier-public-phone.png`, fullPage: true });
    expect(await publicPage.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await axeProblems(publicPage)).toEqual([]);
    const wide = await visitor.newPage();
    await wide.setViewportSize(DESKTOP);
    await wide.goto(link);
    await visible(wide, '2 appareils');
    await expect
      .poll(() =>
        wide
          .getByRole('img', { name: 'Photo : Lave-linge Bosch' })
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
      )
      .toBe(true);
    await wide.screenshot({ path: `${SHOTS}/dossier-public-desktop.png`, fullPage: true });
    await wide.close();

    // The owner revokes it from the profile, after a confirmation.
    await card(page)
      .getByRole('button', { name: `Révoquer le lien qui expire le ${expiry}` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Révoquer ce lien ?' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.getByText('La personne qui l’a ne pourra plus voir votre inventaire.').isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Révoquer' }).click();
    await expect.poll(() => card(page).getByText('Aucun lien actif.').isVisible()).toBe(true);

    // The link now says so, in French, to the visitor.
    await publicPage.reload();
    await expect.poll(() => publicPage.getByRole('alert').textContent()).toContain(MSG.shareExpired);
    expect(await publicPage.getByRole('article').count()).toBe(0);
    await publicPage.screenshot({ path: `${SHOTS}/dossier-public-revoked-phone.png`, fullPage: true });

    // Opened on the owner's own device, the dead link ends no session.
    await page.goto(link);
    await expect.poll(() => page.getByRole('alert').textContent()).toContain(MSG.shareExpired);
    await page.goto('/profile#foyer');
    await expect.poll(() => card(page).getByRole('button', { name: 'Créer le dossier (PDF)' }).isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/profile');

    // The card on a phone.
    await page.setViewportSize(PHONE);
    await card(page).scrollIntoViewIfNeeded();
    await card(page).screenshot({ path: `${SHOTS}/dossier-card-phone.png` });
    await visitor.close();
    await owner.close();
  });
});
