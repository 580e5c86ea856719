import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiSignIn,
  baseURL,
  createAccount,
  household,
  label,
  launchBrowser,
  linkFromOutbox,
  login,
  newContext,
  PHONE,
  uniqueEmail,
} from './helpers.ts';

/** What must fit a 390 × 844 phone without sideways scrolling nor clipped text. */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollWidth <= 390);

/** Shown whole: on screen, inside the viewport's width, and its text not cut (no ellipsis nor hidden overflow). */
async function shownWhole(target: Locator): Promise<string | null> {
  return target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const name = (el.textContent ?? '').trim();
    if (r.width === 0 || r.height === 0 || getComputedStyle(el).visibility === 'hidden') return `${name}: not shown`;
    if (r.left < 0 || r.right > 390) return `${name}: off screen (${Math.round(r.left)}–${Math.round(r.right)})`;
    if (el.scrollWidth > el.clientWidth + 1) return `${name}: clipped (${el.scrollWidth} > ${el.clientWidth})`;
    // On one line: a label broken over two (« Tout le / foyer ») reads badly.
    const range = document.createRange();
    range.selectNodeContents(el);
    const lines = new Set([...range.getClientRects()].filter((b) => b.width > 0).map((b) => Math.round(b.top)));
    if (lines.size > 1) return `${name}: on ${lines.size} lines`;
    return null;
  });
}

/**
 * « Prénom » and « Nom » on a phone: each on its own line, the whole width of the form (less the
 * profile's edit button beside each field): the fields' boxes, as fractions of the form's width.
 */
const fieldBoxes = (page: Page) =>
  page.evaluate(() =>
    ['Prénom', 'Nom'].map((name) => {
      const input = [...document.querySelectorAll('label')].find((l) => l.textContent?.replace(/\s*\*$/, '').trim() === name)!.control!;
      const root = input.closest('.mantine-InputWrapper-root')!.getBoundingClientRect();
      const form = input.closest('form')!.getBoundingClientRect();
      return { top: Math.round(root.top), share: root.width / form.width };
    }),
  );
const expectFullWidth = async (page: Page, least: number) => {
  const [first, last] = await fieldBoxes(page);
  expect(first!.top).toBeLessThan(last!.top);
  expect(first!.share).toBeGreaterThan(least);
  expect(last!.share).toBeGreaterThan(least);
};

describe('a 390 px phone', () => {
  it('shows every step label of the new-device wizard, none clipped, without sideways scrolling', async () => {
    const home = await household();
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    await login(page, home.account.email, home.account.password);
    await page.waitForURL(/\/(home|welcome)$/);
    await page.goto('/inventaire/nouveau_2');
    const steps = page.getByRole('navigation', { name: 'Étapes de l’ajout' }).or(page.locator('[aria-label="Étapes de l’ajout"]'));
    await expect.poll(() => steps.locator('.mantine-Stepper-stepLabel').count()).toBeGreaterThanOrEqual(3);
    const labels = steps.locator('.mantine-Stepper-stepLabel');
    const problems: string[] = [];
    for (const one of await labels.all()) {
      const problem = await shownWhole(one);
      if (problem) problems.push(problem);
    }
    expect(problems).toEqual([]);
    expect(await noSidewaysScroll(page)).toBe(true);
    await page.screenshot({ path: 'e2e/screenshots/new-device-steps-phone.png' });
    await context.close();
  });

  it('fits the calendar’s filter of a shared household on the screen, its two choices whole', async () => {
    const owner = await household({ firstname: 'Claire' });
    const member = await createAccount(uniqueEmail('malo'), undefined, 'Malo');
    await owner.api(`/api/V1/profils/users/${owner.userId}/foyer/invitations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: member.email, role: 'membre' }),
    });
    const token = new URL(await linkFromOutbox(member.email, 'invitation')).searchParams.get('token')!;
    const { accessToken } = await apiSignIn(member);
    const accepted = await fetch(`${baseURL()}/api/V1/foyer/invitations/${encodeURIComponent(token)}/accept`, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(accepted.status).toBe(200);

    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    await login(page, owner.account.email, owner.account.password);
    await page.waitForURL(/\/(home|welcome)$/);
    await page.goto('/calendar');
    const filter = page.getByRole('radiogroup', { name: 'Entretiens montrés' }).or(page.locator('[aria-label="Entretiens montrés"]'));
    await expect.poll(() => filter.first().isVisible()).toBe(true);
    const problems: string[] = [];
    for (const text of ['Tout le foyer', 'Mes tâches']) {
      const problem = await shownWhole(filter.first().locator('label', { hasText: text }));
      if (problem) problems.push(problem);
    }
    const box = (await filter.first().boundingBox())!;
    expect(box.x >= 0 && box.x + box.width <= 390).toBe(true);
    expect(problems).toEqual([]);
    expect(await noSidewaysScroll(page)).toBe(true);
    await page.screenshot({ path: 'e2e/screenshots/calendar-filter-phone.png' });
    await context.close();
  });

  it('gives « Prénom » and « Nom » the whole width of the sign-up and profile forms', async () => {
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    await page.goto('/register');
    await expect.poll(() => page.getByLabel(label('Prénom')).isVisible()).toBe(true);
    await expectFullWidth(page, 0.95);
    expect(await noSidewaysScroll(page)).toBe(true);

    const account = await createAccount();
    await login(page, account.email, account.password);
    await page.waitForURL(/\/(home|welcome)$/);
    await page.goto('/profile');
    await expect.poll(() => page.getByLabel(label('Prénom')).isVisible()).toBe(true);
    // The profile's fields each have their edit button (44 px) beside them.
    await expectFullWidth(page, 0.8);
    expect(await noSidewaysScroll(page)).toBe(true);
    await context.close();
  });
});
