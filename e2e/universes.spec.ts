import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, createAccount, DESKTOP, label, launchBrowser, login, newContext, PHONE } from './helpers.ts';

const PNG = readFileSync(new URL('../packages/web/public/icons/icon-192.png', import.meta.url));

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

type Account = Awaited<ReturnType<typeof createAccount>>;

async function signedIn(
  viewport: { width: number; height: number },
  account: Account,
  options: Parameters<typeof newContext>[2] = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, viewport, options);
  const page = await context.newPage();
  await login(page, account.email, account.password);
  await page.waitForURL(/\/(home|welcome)$/);
  return { context, page };
}

/** The API as the account (to seed what the UI flow does not create itself). */
async function apiAs(account: Account) {
  const res = await fetch(`${baseURL()}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: account.email, password: account.password }),
  });
  const user = (await res.json()) as { id: number; accessToken: string };
  const call = async <T>(path: string, init: RequestInit = {}): Promise<T> => {
    const r = await fetch(`${baseURL()}/api/V1${path}`, {
      ...init,
      headers: { authorization: `Bearer ${user.accessToken}`, ...init.headers },
    });
    if (!r.ok) throw new Error(`${path}: ${r.status} ${await r.text()}`);
    return r.json() as Promise<T>;
  };
  return { user, call };
}

/** Waits for the images and the running transitions (modal opening, toasts) to end, so a screenshot shows the settled screen. */
async function settle(page: Page) {
  await page.waitForFunction(
    () =>
      Array.from(document.images).every((img) => img.complete) &&
      document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
}

async function shot(page: Page, name: string, fullPage = false) {
  await settle(page);
  await page.screenshot({ path: `e2e/screenshots/universes-${name}.png`, fullPage });
}

/** The visible name of a card, from its accessible name "Nom : compte". */
async function cardName(card: ReturnType<Page['getByTestId']>): Promise<string> {
  return ((await card.getAttribute('aria-label')) ?? '').split('\u00a0: ')[0];
}

async function universeFlow(viewport: { width: number; height: number }, tag: string) {
  const account = await createAccount(undefined, undefined, 'Lucie');
  const { context, page } = await signedIn(viewport, account);
  await page.goto('/inventaire/univers');
  await expect.poll(() => page.getByRole('heading', { name: 'Mes univers', level: 1 }).isVisible()).toBe(true);

  // A new account has no universe: only the reference ones, each labelled "Ajouter".
  const placeholders = page.getByTestId('universe-placeholder');
  await expect.poll(() => placeholders.count()).toBeGreaterThan(0);
  expect(await page.getByTestId('universe-card').count()).toBe(0);
  for (const text of await placeholders.allTextContents()) expect(text).toContain('Ajouter');
  await shot(page, `list-${tag}`, true);

  // A reference universe opens the create modal, prefilled.
  const reference = placeholders.first();
  const refName = await cardName(reference);
  const refImage = (await reference.locator('img').count()) ? await reference.locator('img').getAttribute('src') : null;
  await reference.click();
  const dialog = page.getByRole('dialog', { name: 'Nouvel univers' });
  await expect.poll(() => dialog.isVisible()).toBe(true);
  const nameInput = dialog.getByLabel(label('Nom'));
  await expect.poll(() => nameInput.inputValue()).toBe(refName);
  expect((await dialog.getByLabel(label('Description')).inputValue()).length).toBeGreaterThan(0);
  await expect.poll(() => dialog.getByRole('img', { name: 'Image actuelle de l’univers' }).isVisible()).toBe(true);

  // product §5: < and > are stripped as the user types.
  await nameInput.fill(`${refName} <bis>`);
  await expect.poll(() => nameInput.inputValue()).toBe(`${refName} bis`);
  const name = `${refName} bis`;

  await dialog.locator('input[type="file"]').setInputFiles({ name: 'ma-piece.png', mimeType: 'image/png', buffer: PNG });
  await expect.poll(() => dialog.getByRole('img', { name: 'Aperçu de l’image choisie : ma-piece.png' }).isVisible()).toBe(true);
  await shot(page, `modal-${tag}`);
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect.poll(() => dialog.isVisible()).toBe(false);
  await expect.poll(() => page.getByText(`L’univers ${name} a bien été créé.`).isVisible()).toBe(true);

  // It comes first, with "Ajouter", its uploaded image; its reference is no longer proposed.
  const first = page.getByTestId('universe-card').first();
  await expect.poll(() => first.getAttribute('aria-label')).toBe(`${name}\u00a0: Ajouter`);
  const image = await first.locator('img').getAttribute('src');
  expect(image).toBeTruthy();
  expect(image).not.toBe(refImage);
  await expect.poll(() => page.getByRole('button', { name: `${refName} : Ajouter (créer cet univers)` }).count()).toBe(0);
  await shot(page, `created-${tag}`, true);

  // Its detail: empty, with the add button carrying the universe.
  await first.click();
  await page.waitForURL(/\/inventaire\/univers\/\d+\/detail$/);
  const id = Number(/univers\/(\d+)\/detail/.exec(page.url())?.[1]);
  await expect.poll(() => page.getByRole('heading', { name, level: 1 }).isVisible()).toBe(true);
  await expect.poll(() => page.getByText('Ma pièce est vide').isVisible()).toBe(true);
  expect(await page.getByRole('link', { name: 'Ajouter un appareil' }).getAttribute('href')).toBe(`/inventaire/nouveau_2?univers=${id}`);
  await shot(page, `detail-${tag}`, true);

  // Modifier: rename it.
  await page.getByRole('link', { name: 'Modifier' }).click();
  await page.waitForURL(`**/inventaire/univers/update?id=${id}`);
  await expect.poll(() => page.getByRole('heading', { name: 'Modifier l’univers', level: 1 }).isVisible()).toBe(true);
  const rename = page.getByLabel(label('Nom'));
  await expect.poll(() => rename.inputValue()).toBe(name);
  await rename.fill('Pièce de Lucie');
  await shot(page, `update-${tag}`, true);
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await page.waitForURL(`**/inventaire/univers/${id}/detail`);
  await expect.poll(() => page.getByRole('heading', { name: 'Pièce de Lucie', level: 1 }).isVisible()).toBe(true);

  // Delete it from the update page, after confirming.
  await page.getByRole('link', { name: 'Modifier' }).click();
  await page.waitForURL(`**/inventaire/univers/update?id=${id}`);
  await page.getByRole('button', { name: 'Supprimer l’univers' }).click();
  const confirm = page.getByRole('dialog', { name: 'Supprimer l’univers' });
  await expect.poll(() => confirm.getByText('Êtes-vous sûr de vouloir supprimer l’univers Pièce de Lucie ?').isVisible()).toBe(true);
  await shot(page, `delete-${tag}`);
  await confirm.getByRole('button', { name: 'Supprimer', exact: true }).click();
  await page.waitForURL(/\/inventaire\/univers$/);
  await expect.poll(() => page.getByRole('button', { name: `${refName} : Ajouter (créer cet univers)` }).isVisible()).toBe(true);
  expect(await page.getByTestId('universe-card').count()).toBe(0);
  // The deleted universe is not fetched again: no "Univers introuvable." toast.
  expect(await page.getByText('Univers introuvable.').count()).toBe(0);

  await page.getByRole('link', { name: 'Ajouter un appareil' }).click();
  await page.waitForURL(/\/new-device$/);
  await context.close();
}

describe('universes', () => {
  it('desktop: creates a universe from a reference, renames it, deletes it', async () => {
    await universeFlow(DESKTOP, 'desktop');
  });

  it('phone: the same flow', async () => {
    await universeFlow(PHONE, 'phone');
  });

  it('creates a blank universe from "Créer un univers", refusing an empty name', async () => {
    const account = await createAccount();
    const { context, page } = await signedIn(DESKTOP, account);
    await page.goto('/inventaire/univers');
    await page.getByRole('button', { name: 'Créer un univers' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nouvel univers' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.getByLabel(label('Nom')).inputValue()).toBe('');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await expect.poll(() => dialog.getByText('Veuillez donner un nom à votre univers.').isVisible()).toBe(true);
    await dialog.getByLabel(label('Nom')).fill('Atelier');
    await dialog.getByLabel(label('Description')).fill('Le garage <et> ses outils');
    await expect.poll(() => dialog.getByLabel(label('Description')).inputValue()).toBe('Le garage et ses outils');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await expect.poll(() => page.getByTestId('universe-card').first().getAttribute('aria-label')).toBe('Atelier\u00a0: Ajouter');
    await context.close();
  });

  it('lists the appliances of a universe and refuses to delete it while it holds some', async () => {
    const account = await createAccount();
    const { user, call } = await apiAs(account);
    const form = new FormData();
    form.append('name', 'Buanderie');
    form.append('description', 'Le linge');
    const universe = await call<{ univer_id: number }>(`/profils/users/${user.id}/foyers/univers`, { method: 'POST', body: form });
    const [product] = await call<{ id: number }[]>('/references/refproducts');
    const data = new FormData();
    data.append('data', JSON.stringify({ prod_id: product.id, name: 'Lave-linge', marque: 'Bosch', modele: 'Serie 4' }));
    const appliance = await call<{ id: number }>(`/profils/users/${user.id}/foyers/univers/${universe.univer_id}/appliances`, {
      method: 'POST',
      body: data,
    });

    const { context, page } = await signedIn(DESKTOP, account);
    await page.goto('/inventaire/univers');
    await expect.poll(() => page.getByRole('link', { name: 'Buanderie : 1 appareil' }).isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Buanderie : 1 appareil' }).click();
    await page.waitForURL(`**/inventaire/univers/${universe.univer_id}/detail`);
    const card = page.getByTestId('appliance-card');
    await expect.poll(() => card.isVisible()).toBe(true);
    expect(await card.getAttribute('href')).toBe(`/inventaire/univers/appliance/fichedetail?id=${appliance.id}`);
    expect(await page.getByText('Ma pièce est vide').count()).toBe(0);
    await shot(page, 'detail-appliances-desktop', true);

    await page.getByRole('link', { name: 'Modifier' }).click();
    await page.getByRole('button', { name: 'Supprimer l’univers' }).click();
    const confirm = page.getByRole('dialog', { name: 'Supprimer l’univers' });
    await expect.poll(() => confirm.isVisible()).toBe(true);
    await confirm.getByRole('button', { name: 'Supprimer', exact: true }).click();
    await expect.poll(() => confirm.getByRole('alert').textContent()).toContain('Cet univers contient encore des appareils');
    await shot(page, 'delete-refused-desktop');
    expect(page.url()).toContain(`/inventaire/univers/update?id=${universe.univer_id}`);
    await context.close();
  });

  it('shows "Univers introuvable" for an unknown id, and sends a missing update id back to the list', async () => {
    const account = await createAccount();
    const { context, page } = await signedIn(PHONE, account);
    await page.goto('/inventaire/univers/999999/detail');
    await expect.poll(() => page.getByRole('heading', { name: 'Univers introuvable', level: 1 }).isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Retour à mes univers' }).click();
    await page.waitForURL(/\/inventaire\/univers$/);
    await page.goto('/inventaire/univers/update');
    await page.waitForURL(/\/inventaire\/univers$/);
    await page.goto('/inventaire/univers/update?id=abc');
    await page.waitForURL(/\/inventaire\/univers$/);
    await expect.poll(() => page.getByRole('heading', { name: 'Mes univers', level: 1 }).isVisible()).toBe(true);
    await context.close();
  });

  it('shows skeletons while loading, then the French error with "Réessayer"', async () => {
    const account = await createAccount();
    // The page's own answer to a failing server: the service worker (which would take the request past
    // `page.route` and answer from its copy) is kept out; reading offline has its own spec.
    const { context, page } = await signedIn(PHONE, account, { serviceWorkers: 'block' });
    const list = /\/foyers\/univers$/;
    await page.route(list, async (route) => {
      await new Promise((r) => setTimeout(r, 300));
      await route.fulfill({
        status: 500,
        json: { message: 'Une erreur interne est survenue. Veuillez réessayer plus tard.', code: 'INTERNAL' },
      });
    });
    await page.goto('/inventaire/univers');
    await expect.poll(() => page.getByRole('status', { name: 'Chargement…' }).isVisible()).toBe(true);
    // 5xx answers are retried twice before the error shows.
    const alert = page.getByRole('alert').filter({ hasText: 'Impossible d’afficher vos univers' });
    // Two retries with their backoff (1 s, then 2 s) on a machine that may be busy: a generous bound, met as soon as it shows.
    await expect.poll(() => alert.isVisible(), { timeout: 30_000 }).toBe(true);
    expect(await alert.textContent()).toContain('Une erreur interne est survenue.');
    await shot(page, 'error-phone');
    await page.unroute(list);
    await alert.getByRole('button', { name: 'Réessayer' }).click();
    await expect.poll(() => page.getByTestId('universe-placeholder').count()).toBeGreaterThan(0);
    await context.close();
  });
});
