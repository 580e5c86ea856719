import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, createAccount, DESKTOP, launchBrowser, login, newContext, PHONE, visible } from './helpers.ts';

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

describe('badges (spec §2 Badge detail, share page)', () => {
  it('a first appliance earns the badge and its notification; the badge page shares a public page that opens without login', async () => {
    const account = await createAccount(undefined, undefined, 'Margot');
    const signin = await (
      await fetch(`${baseURL()}/api/auth/signin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: account.email, password: account.password }) })
    ).json();
    const universeForm = new FormData();
    universeForm.append('name', 'Cuisine');
    const universe = await (await api(`/api/V1/profils/users/${signin.id}/foyers/univers`, signin.accessToken, { method: 'POST', body: universeForm })).json();
    const form = new FormData();
    form.append('data', JSON.stringify({ prod_id: 1, marque: 'Liebherr', modele: 'CNef' }));
    expect((await api(`/api/V1/profils/users/${signin.id}/foyers/univers/${universe.univer_id}/appliances`, signin.accessToken, { method: 'POST', body: form })).status).toBe(201);
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
      await Promise.all(['Facebook', 'LinkedIn', 'WhatsApp', 'X'].map(async (n) => [n, await share.getByRole('link', { name: n }).getAttribute('href')])),
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
    expect(html).toContain('<meta property="og:title" content="Margot a obtenu le badge « Premier appareil » sur EcoFoyer" />');
    expect(html).toContain('property="og:image"');

    // An unknown share link: HTTP 404, and the page says so (issue 16).
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

  it('on a desktop the slider scrolls with the wheel and its buttons, and the badges to earn say what earns them (issue 16, item 13)', async () => {
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByRole('button', { name: 'DEMO' }).click();
    await page.waitForURL(/\/(home|welcome)$/);
    await page.goto('/home');
    const slider = page.getByTestId('badge-slider');
    await expect.poll(() => slider.getByRole('link').count()).toBeGreaterThan(4);
    const left = () => slider.evaluate((e) => e.scrollLeft);
    expect(await left()).toBe(0);
    expect(await page.getByRole('button', { name: 'Badges précédents' }).isDisabled()).toBe(true);
    await slider.hover();
    await page.mouse.wheel(0, 240);
    await expect.poll(left).toBeGreaterThan(0);
    await slider.evaluate((e) => {
      e.scrollLeft = 0;
    });
    await page.getByRole('button', { name: 'Badges suivants' }).click();
    await expect.poll(left).toBeGreaterThan(0);
    await expect.poll(() => page.getByRole('button', { name: 'Badges précédents' }).isDisabled()).toBe(false);
    const toEarn = page.getByRole('list', { name: 'À gagner' });
    await expect.poll(() => toEarn.getByRole('listitem').count()).toBeGreaterThan(0);
    expect(await toEarn.innerText()).toMatch(/Éco-simulateur\s+Faites une simulation avec le simulateur carbone\./);
    await page.screenshot({ path: 'e2e/screenshots/home-badges-desktop.png', fullPage: true });
    await context.close();
  });
});
