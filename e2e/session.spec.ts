import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, label, launchBrowser, login, moveClock, newContext, PHONE } from './helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PUBLIC = [
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password?token=x',
  '/welcome',
  '/welcome/welcome2',
  '/public/badges/abc',
];
const PRIVATE = [
  '/',
  '/home',
  '/profile',
  '/calendar',
  '/inventaire/univers',
  '/offres',
  '/cgu',
  '/faq',
  '/user',
  '/notification',
  '/une-page-inconnue',
];

describe('guard (product §2, public paths)', () => {
  it('opens the public paths without a session', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    for (const path of PUBLIC) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      expect(new URL(page.url()).pathname, path).toBe(path.split('?')[0]);
    }
    await context.close();
  });

  it('sends every other path to /login and clears a stale session', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    for (const path of PRIVATE) {
      await page.goto(path);
      await page.waitForURL('**/login');
    }
    // A stored user without tokens is not a session: logged out, back to /login.
    await page.evaluate(() => sessionStorage.setItem('user', JSON.stringify({ id: 1, firstname: 'X' })));
    await page.goto('/home');
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => sessionStorage.getItem('user'))).toBeNull();
    await context.close();
  });

  it('falls back to the first welcome slide for an unknown step', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/welcome/nimporte');
    await expect.poll(() => page.getByRole('heading', { name: 'Tout à portée de main' }).isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Passer' }).click();
    await page.waitForURL(/\/(home|login)$/);
    await context.close();
  });
});

describe('remember-me (product §4)', () => {
  it('keeps the session in localStorage, as the string true, for a new page', async () => {
    const account = await createAccount();
    const context = await newContext(browser);
    const page = await context.newPage();
    await login(page, account.email, account.password, true);
    await page.waitForURL(/\/(home|welcome)$/);
    expect(await page.evaluate(() => localStorage.getItem('rememberMe'))).toBe('true');
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}').email)).toBe(account.email);
    await page.close();

    const again = await context.newPage();
    await again.goto('/home');
    await expect.poll(() => again.getByRole('heading', { name: `Bonjour ${account.firstname} !` }).isVisible()).toBe(true);
    await context.close();
  });

  it('without it, keeps the session for this page only', async () => {
    const account = await createAccount();
    const context = await newContext(browser);
    const page = await context.newPage();
    await login(page, account.email, account.password, false);
    await page.waitForURL(/\/(home|welcome)$/);
    expect(await page.evaluate(() => localStorage.getItem('rememberMe'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    await page.goto('/profile');
    await expect.poll(() => page.getByRole('heading', { name: 'Mon profil' }).isVisible()).toBe(true);

    const other = await context.newPage();
    await other.goto('/home');
    await other.waitForURL('**/login');
    await context.close();
  });
});

describe('token renewal (product §4, §8)', () => {
  it('refreshes once on a 401 and retries the request', async () => {
    const account = await createAccount();
    const context = await newContext(browser);
    const page = await context.newPage();
    await login(page, account.email, account.password);
    await page.waitForURL(/\/(home|welcome)$/);
    const before = await page.evaluate(() => JSON.parse(sessionStorage.getItem('user') ?? '{}'));
    // An access token the server refuses, with an expiry still in the future.
    await page.evaluate(() => {
      const user = JSON.parse(sessionStorage.getItem('user') ?? '{}');
      const payload = btoa(JSON.stringify({ sub: String(user.id), exp: Math.floor(Date.now() / 1000) + 600 })).replace(/=+$/, '');
      user.accessToken = `eyJhbGciOiJIUzI1NiJ9.${payload}.c2lnbmF0dXJl`;
      sessionStorage.setItem('user', JSON.stringify(user));
    });
    let refreshCalls = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/auth/refreshtoken')) refreshCalls += 1;
    });
    await page.goto('/user');
    await expect.poll(() => page.getByText('Espace membre : bienvenue dans votre espace EcoFoyer.').isVisible()).toBe(true);
    expect(refreshCalls).toBe(1);
    const after = await page.evaluate(() => JSON.parse(sessionStorage.getItem('user') ?? '{}'));
    expect(after.refreshToken).not.toBe(before.refreshToken);
    await context.close();
  });

  it('two tabs refreshing together share one refresh and both stay signed in', async () => {
    const account = await createAccount();
    const context = await newContext(browser);
    const first = await context.newPage();
    await login(first, account.email, account.password, true);
    await first.waitForURL(/\/(home|welcome)$/);
    const second = await context.newPage();
    await second.goto('/home');
    // An access token the server refuses, with an expiry still in the future, seen by both tabs.
    await first.evaluate(() => {
      const user = JSON.parse(localStorage.getItem('user') ?? '{}');
      const payload = btoa(JSON.stringify({ sub: String(user.id), exp: Math.floor(Date.now() / 1000) + 600 })).replace(/=+$/, '');
      user.accessToken = `eyJhbGciOiJIUzI1NiJ9.${payload}.c2lnbmF0dXJl`;
      localStorage.setItem('user', JSON.stringify(user));
    });
    let refreshCalls = 0;
    context.on('request', (r) => {
      if (r.url().endsWith('/api/auth/refreshtoken')) refreshCalls += 1;
    });
    await Promise.all([first.goto('/user'), second.goto('/user')]);
    for (const page of [first, second]) {
      await expect.poll(() => page.getByText('Espace membre : bienvenue dans votre espace EcoFoyer.').isVisible()).toBe(true);
    }
    expect(refreshCalls).toBe(1);
    // The session lives on: neither tab was signed out by the other's refresh.
    await Promise.all([first.reload(), second.reload()]);
    for (const page of [first, second]) {
      await expect.poll(() => page.getByText('Espace membre : bienvenue dans votre espace EcoFoyer.').isVisible()).toBe(true);
      expect(page.url()).toContain('/user');
    }
    await context.close();
  });

  it('logs out when the refresh fails', async () => {
    const account = await createAccount();
    const context = await newContext(browser);
    const page = await context.newPage();
    await login(page, account.email, account.password);
    await page.waitForURL(/\/(home|welcome)$/);
    await page.evaluate(() => {
      const user = JSON.parse(sessionStorage.getItem('user') ?? '{}');
      user.accessToken = 'invalide';
      user.refreshToken = 'invalide';
      sessionStorage.setItem('user', JSON.stringify(user));
    });
    await page.goto('/user');
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => sessionStorage.getItem('user'))).toBeNull();
    // A token the server does not know: no reason to give.
    await expect.poll(() => page.getByRole('button', { name: 'Valider' }).isVisible()).toBe(true);
    expect(await page.getByText('depuis un autre appareil').count()).toBe(0);
    await context.close();
  });

  it('says at /login that the session expired, on a phone, when it reached its end while away', async () => {
    const account = await createAccount();
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    await login(page, account.email, account.password);
    await page.waitForURL(/\/(home|welcome)$/);
    try {
      // 30 and a half days away: the access token and the refresh token (30 days) have both run out
      // (and the refresh token is not yet purged, a day after its end).
      await moveClock(30.5 * 86_400_000);
      await page.goto('/user');
      await page.waitForURL('**/login');
      await expect.poll(() => page.getByRole('status').filter({ hasText: 'Votre session a expiré.' }).isVisible()).toBe(true);
    } finally {
      await moveClock(0);
    }
    await context.close();
  });
});

describe('a session ended elsewhere (access tokens end with their session, decision 007)', () => {
  it('sends a page that then saves with an upload back to /login, and the save is not made', async () => {
    const account = await createAccount();
    const context = await newContext(browser);
    const page = await context.newPage();
    await login(page, account.email, account.password);
    await page.waitForURL(/\/(home|welcome)$/);
    await page.goto('/inventaire/univers');
    await page.getByRole('button', { name: 'Créer un univers' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nouvel univers' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByLabel(label('Nom')).fill('Atelier');
    // The same session signed out from another device: its access token stops working at once.
    const refreshToken = await page.evaluate(() => JSON.parse(sessionStorage.getItem('user') ?? '{}').refreshToken as string);
    const signout = await context.request.post('/api/auth/signout', { data: { refreshToken } });
    expect(signout.status()).toBe(204);
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => sessionStorage.getItem('user'))).toBeNull();
    // The sign-in page says why.
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'Vous avez été déconnecté depuis un autre appareil.' }).isVisible())
      .toBe(true);
    // Signed in again: no universe was created.
    await login(page, account.email, account.password);
    await page.waitForURL(/\/(home|welcome)$/);
    await page.goto('/inventaire/univers');
    await expect.poll(() => page.getByTestId('universe-placeholder').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('universe-card').count()).toBe(0);
    await context.close();
  });
});

describe('demo account (product §2)', () => {
  it('makes a new household at each click: its first login, so /home (one household per visitor, not the shared account of product §2)', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const ids = new Set<number>();
    for (let i = 0; i < 3; i++) {
      await page.goto('/login');
      await page.evaluate(() => {
        localStorage.clear();
        sessionStorage.clear();
      });
      await page.goto('/login');
      const answer = page.waitForResponse((r) => r.url().endsWith('/api/auth/demo'));
      await page.getByRole('button', { name: 'Démo' }).click();
      const body = (await (await answer).json()) as { id: number; loginCount: number };
      await page.waitForURL(/\/(home|welcome)$/);
      expect(new URL(page.url()).pathname).toBe('/home');
      expect(body.loginCount).toBe(1);
      ids.add(body.id);
    }
    expect(ids.size).toBe(3);
    await context.close();
  });

  it('shows the login failure text for empty fields without calling the server', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    let signinCalls = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/auth/signin')) signinCalls += 1;
    });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Valider' }).click();
    await expect.poll(() => page.getByText('* Email est obligatoire').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('* Mot de passe est obligatoire').isVisible()).toBe(true);
    // An email input drops surrounding spaces itself; the password field keeps them.
    await page.getByLabel(label('Email')).fill('camille@exemple.fr');
    await page.getByLabel(label('Mot de passe')).fill('   ');
    await page.getByRole('button', { name: 'Valider' }).click();
    await expect.poll(() => page.getByText('Ce champ est requis !').isVisible()).toBe(true);
    expect(signinCalls).toBe(0);
    await context.close();
  });
});
