import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, household, label, launchBrowser, login, newContext, PHONE } from './helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Each section of the profile: its address, its tab, and the titles of the cards it holds. */
const SECTIONS = [
  { hash: 'compte', tab: 'Compte', cards: [] },
  { hash: 'securite', tab: 'Sécurité', cards: ['Double authentification', 'Mes appareils connectés'] },
  { hash: 'foyer', tab: 'Foyer', cards: ['Mon foyer', 'Étiquettes QR', 'Dossier d’inventaire'] },
  { hash: 'notifications', tab: 'Notifications', cards: ['Mes notifications', 'S’abonner au calendrier'] },
  { hash: 'donnees', tab: 'Mes données', cards: ['Exporter mon inventaire', 'Importer des appareils', 'Mes données'] },
] as const;
const ALL_CARDS = SECTIONS.flatMap((s) => s.cards);

const tabs = (page: Page) => page.getByRole('tablist', { name: 'Sections du profil' });
const card = (page: Page, name: string) => page.getByRole('heading', { name, exact: true, level: 2 });

/** The section shown: its tab selected, its cards on screen and no other section's. */
async function shows(page: Page, section: (typeof SECTIONS)[number]) {
  await expect.poll(() => tabs(page).getByRole('tab', { name: section.tab, selected: true }).count()).toBe(1);
  for (const name of section.cards) await expect.poll(() => card(page, name).isVisible(), { message: name }).toBe(true);
  for (const name of ALL_CARDS.filter((n) => !(section.cards as readonly string[]).includes(n)))
    expect(await card(page, name).count(), name).toBe(0);
  // The account's own card is the « Compte » section's: its fields show there only.
  expect(await page.getByLabel(label('Prénom')).isVisible()).toBe(section.hash === 'compte');
}

describe('the profile in sections', () => {
  it('shows one section at a time on a phone, each at its own address, reached by tab, by keyboard or by a link', {
    timeout: 120_000,
  }, async () => {
    const home = await household({ firstname: 'Claire' });
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    await login(page, home.account.email);
    await page.waitForURL(/\/(home|welcome)$/);

    await page.goto('/profile');
    await expect.poll(() => page.getByRole('heading', { name: 'Mon profil', level: 1 }).isVisible()).toBe(true);
    expect(await tabs(page).getByRole('tab').allInnerTexts()).toEqual(['Compte', 'Sécurité', 'Foyer', 'Notifications', 'Mes données']);
    await shows(page, SECTIONS[0]);

    // The menu fits the phone's width, each tab a thumb's target.
    const boxes = await Promise.all((await tabs(page).getByRole('tab').all()).map((t) => t.boundingBox()));
    for (const box of boxes) {
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
      expect(box!.height).toBeGreaterThanOrEqual(44);
    }

    // Each section by its tab: the address follows, and the page is a few screens long, not a dozen cards.
    const heights: Record<string, number> = {};
    for (const section of SECTIONS) {
      await tabs(page).getByRole('tab', { name: section.tab }).click();
      await expect.poll(() => new URL(page.url()).hash).toBe(`#${section.hash}`);
      await shows(page, section);
      await page.screenshot({ path: `e2e/screenshots/profile-${section.hash}-phone.png`, fullPage: true });
      heights[section.hash] = await page.evaluate(() => document.documentElement.scrollHeight);
    }
    for (const [hash, height] of Object.entries(heights)) expect(height, hash).toBeLessThan(2600);

    // By keyboard: the arrows move from tab to tab (a tablist, as a screen reader announces it).
    await tabs(page).getByRole('tab', { name: 'Compte' }).click();
    await tabs(page).getByRole('tab', { name: 'Compte' }).focus();
    await page.keyboard.press('ArrowRight');
    await shows(page, SECTIONS[1]);
    await expect.poll(() => new URL(page.url()).hash).toBe('#securite');
    await page.keyboard.press('ArrowRight');
    await shows(page, SECTIONS[2]);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Foyer');

    // A link opens a section directly: within the app, and on a page loaded afresh as from a mail.
    for (const section of SECTIONS) {
      await page.goto(`/profile#${section.hash}`);
      await shows(page, section);
    }
    await page.goto('/home');
    await page.goto('/profile#notifications');
    await shows(page, SECTIONS[3]);
    await page.goto('/profile#pas-une-section');
    await shows(page, SECTIONS[0]);

    // A field being edited is still there after a look at another section.
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Modifier : prénom' }).click();
    await page.getByLabel(label('Prénom')).fill('Clara');
    await tabs(page).getByRole('tab', { name: 'Sécurité' }).click();
    await shows(page, SECTIONS[1]);
    await tabs(page).getByRole('tab', { name: 'Compte' }).click();
    await expect.poll(() => page.getByLabel(label('Prénom')).inputValue()).toBe('Clara');
    await context.close();
  });

  it('shows the menu on one line on a desktop', async () => {
    const home = await household({ firstname: 'Claire' });
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    await login(page, home.account.email);
    await page.waitForURL(/\/(home|welcome)$/);
    for (const section of SECTIONS) {
      await page.goto(`/profile#${section.hash}`);
      await shows(page, section);
      await page.screenshot({ path: `e2e/screenshots/profile-${section.hash}-desktop.png`, fullPage: true });
    }
    const tops = await Promise.all((await tabs(page).getByRole('tab').all()).map(async (t) => (await t.boundingBox())!.y));
    expect(new Set(tops).size).toBe(1);
    await context.close();
  });
});
