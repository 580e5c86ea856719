import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, createAccount, DESKTOP, launchBrowser, login, newContext, PHONE, TOUCH, visible } from './helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function api(path: string, token: string, init: RequestInit = {}) {
  return fetch(`${baseURL()}${path}`, { ...init, headers: { authorization: `Bearer ${token}`, ...(init.headers ?? {}) } });
}

describe('badges (product §2, Badge detail, share page)', () => {
  it('a first appliance earns the badge and its notification; the badge page shares a public page that opens without login', async () => {
    const account = await createAccount(undefined, undefined, 'Margot');
    const signin = await (
      await fetch(`${baseURL()}/api/auth/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: account.email, password: account.password }),
      })
    ).json();
    const universeForm = new FormData();
    universeForm.append('name', 'Cuisine');
    const universe = await (
      await api(`/api/V1/profils/users/${signin.id}/foyers/univers`, signin.accessToken, { method: 'POST', body: universeForm })
    ).json();
    const form = new FormData();
    form.append('data', JSON.stringify({ prod_id: 1, marque: 'Liebherr', modele: 'CNef' }));
    expect(
      (
        await api(`/api/V1/profils/users/${signin.id}/foyers/univers/${universe.univer_id}/appliances`, signin.accessToken, {
          method: 'POST',
          body: form,
        })
      ).status,
    ).toBe(201);
    const [badge] = await (await api(`/api/V1/profils/users/${signin.id}/badges`, signin.accessToken)).json();
    expect(badge.refbadge.name).toBe('Premier appareil');

    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    await login(page, account.email, account.password);
    await page.waitForURL(/\/(home|welcome)$/);
    await page.goto('/notification');
    await visible(page, 'Nouveau badge : Premier appareil');

    await page.goto(`/badges/${badge.id}`);
    await expect.poll(() => page.getByRole('heading', { name: 'Premier appareil', exact: true }).isVisible()).toBe(true);
    await visible(page, /Obtenu le .+ 20\d\d/);
    await visible(page, 'Merci de faire durer vos appareils');
    const publicUrl = `${baseURL()}/public/badges/${badge.publicUuid}`;
    const share = page.getByRole('group', { name: 'Partager sur les réseaux sociaux' });
    const hrefs = Object.fromEntries(
      await Promise.all(
        ['Facebook', 'LinkedIn', 'WhatsApp', 'X'].map(async (n) => [n, await share.getByRole('link', { name: n }).getAttribute('href')]),
      ),
    );
    expect(hrefs.Facebook).toBe(`https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(publicUrl)}`);
    expect(hrefs.LinkedIn).toBe(`https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(publicUrl)}`);
    expect(hrefs.WhatsApp).toContain(encodeURIComponent(publicUrl));
    expect(hrefs.X).toContain(`url=${encodeURIComponent(publicUrl)}`);
    expect(await share.getByRole('button', { name: 'Instagram' }).getAttribute('href')).toBeNull();
    await page.screenshot({ path: 'e2e/screenshots/badge-phone.png', fullPage: true });

    // The public page: no login, first name only, Open Graph tags in the HTML.
    const anonymous = await newContext(browser, PHONE);
    const pub = await anonymous.newPage();
    await pub.goto(`/public/badges/${badge.publicUuid}`);
    await expect.poll(() => pub.getByRole('heading', { name: 'Margot a obtenu le badge « Premier appareil »' }).isVisible()).toBe(true);
    expect(await pub.content()).not.toContain('Durand');
    const html = await (await fetch(publicUrl)).text();
    expect(html).toContain('<meta property="og:title" content="Margot a obtenu le badge «\u00a0Premier appareil\u00a0» sur EcoFoyer" />');
    expect(html).toContain('property="og:image"');

    // An unknown share link: HTTP 404, and the page says so.
    const unknown = await pub.goto('/public/badges/00000000-0000-4000-8000-000000000000');
    expect(unknown?.status()).toBe(404);
    await visible(pub, 'Badge introuvable');
    expect((await fetch(`${baseURL()}/public/badges/pas-un-badge`)).status).toBe(404);
    await anonymous.close();

    // A badge address that names no badge: « Badge introuvable », not an endless skeleton.
    await page.goto('/badges/abc');
    await visible(page, 'Badge introuvable.');
    await context.close();
  });

  /** The demo household's home: more badges than the slider shows, and some still to earn. */
  async function demoHome(viewport: typeof DESKTOP, options = {}) {
    const context = await newContext(browser, viewport, options);
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Démo' }).click();
    await page.waitForURL(/\/(home|welcome)$/);
    await page.goto('/home');
    const slider = page.getByTestId('badge-slider');
    await expect.poll(() => slider.getByRole('link').count()).toBeGreaterThan(4);
    return { context, page, slider };
  }

  it('on a desktop the slider scrolls with the wheel and its buttons, and the badges to earn say what earns them', async () => {
    const { context, page, slider } = await demoHome(DESKTOP);
    const left = () => slider.evaluate((e) => e.scrollLeft);
    const max = await slider.evaluate((e) => e.scrollWidth - e.clientWidth);
    const pageY = () => page.evaluate(() => window.scrollY);
    const previous = page.getByRole('button', { name: 'Badges précédents' });
    const next = page.getByRole('button', { name: 'Badges suivants' });
    expect(max).toBeGreaterThan(0);
    expect(await left()).toBe(0);
    expect(await previous.isDisabled()).toBe(true);
    // A fade at the end says there are more badges.
    expect(await slider.evaluate((e) => getComputedStyle(e).maskImage)).toContain('linear-gradient');

    // The wheel scrolls the slider, not the page, until its end; then the page scrolls on.
    await slider.scrollIntoViewIfNeeded();
    const y = await pageY();
    await slider.hover();
    await page.mouse.wheel(0, 100);
    await expect.poll(left).toBe(100);
    expect(await pageY()).toBe(y);
    await page.mouse.wheel(0, max);
    await expect.poll(left).toBe(max);
    await expect.poll(() => next.isDisabled()).toBe(true);
    await page.mouse.wheel(0, 200);
    await expect.poll(pageY).toBeGreaterThan(y);
    expect(await left()).toBe(max);

    // The buttons page through it, and stop at the ends.
    await previous.click();
    await expect.poll(left).toBe(0);
    await expect.poll(() => previous.isDisabled()).toBe(true);
    await next.click();
    await expect.poll(left).toBe(max);
    await expect.poll(() => previous.isDisabled()).toBe(false);
    await previous.click();
    await expect.poll(left).toBe(0);

    // The keyboard walks through the badges: each one reached stops clear of the fade, the last
    // one brings the slider to its end.
    const links = slider.getByRole('link');
    const count = await links.count();
    await links.first().focus();
    for (let i = 1; i < 5; i++) await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      await links.nth(4).getAttribute('aria-label'),
    );
    const clearOfFade = () =>
      slider.evaluate((e) => {
        const box = e.getBoundingClientRect();
        const card = (document.activeElement as HTMLElement).getBoundingClientRect();
        return card.left >= box.left + 40 && card.right <= box.right - 40;
      });
    await expect.poll(clearOfFade).toBe(true);
    for (let i = 5; i < count; i++) await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      await links.last().getAttribute('aria-label'),
    );
    await expect.poll(left).toBe(max);

    const toEarn = page.getByRole('list', { name: 'À gagner' });
    await expect.poll(() => toEarn.getByRole('listitem').count()).toBeGreaterThan(0);
    expect(await toEarn.innerText()).toMatch(/Éco-simulateur\s+Faites une simulation avec le simulateur carbone\./);
    expect(await toEarn.innerText()).toMatch(/Entretien régulier\s+Réalisez 5 entretiens et marquez-les comme faits\.\s+\d sur 5/);
    // Not earned yet: the picture is greyed.
    expect(
      await toEarn
        .getByRole('listitem')
        .first()
        .locator('img')
        .evaluate((img) => getComputedStyle(img).filter),
    ).toBe('grayscale(1)');
    await previous.click();
    await expect.poll(left).toBe(0);
    await slider.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'e2e/screenshots/home-badges-desktop.png' });
    await context.close();
  });

  it('on a phone the slider stops on a badge and shows part of the next one, without buttons', async () => {
    const { context, page, slider } = await demoHome(PHONE, TOUCH);
    expect(await slider.evaluate((e) => e.scrollWidth > e.clientWidth)).toBe(true);
    expect(await slider.evaluate((e) => getComputedStyle(e).scrollSnapType)).toBe('x mandatory');
    // The badge after the last whole one shows in part: there are more.
    const partial = await slider.evaluate((e) => {
      const box = e.getBoundingClientRect();
      return [...e.querySelectorAll('a')].some((a) => {
        const card = a.getBoundingClientRect();
        return card.left < box.right && card.right > box.right;
      });
    });
    expect(partial).toBe(true);
    expect(await page.getByRole('button', { name: 'Badges suivants' }).isVisible()).toBe(false);
    await expect.poll(() => page.getByRole('list', { name: 'À gagner' }).getByRole('listitem').count()).toBeGreaterThan(0);
    await page.getByRole('heading', { name: 'Mes badges' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'e2e/screenshots/home-badges-phone.png' });

    // A short scroll forward stops on the next badge, with a little of the one before showing.
    const secondBadgeStop = await slider.evaluate((e) => {
      const [first, second] = [...e.querySelectorAll('a')];
      return second!.offsetLeft - first!.offsetLeft + 4 - 48; // the padding, then the room kept for the fade
    });
    await slider.evaluate((e) => e.scrollBy({ left: 30 }));
    await expect.poll(() => slider.evaluate((e) => e.scrollLeft)).toBe(secondBadgeStop);
    await page.screenshot({ path: 'e2e/screenshots/home-badges-phone-scrolled.png' });
    await context.close();
  });
});
