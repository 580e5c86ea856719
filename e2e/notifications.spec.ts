import AxeBuilder from '@axe-core/playwright';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSignIn, baseURL, createAccount, DESKTOP, launchBrowser, login, moveClock, newContext, PHONE } from './helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await moveClock(0);
  await browser?.close();
});

const DAY = 86_400_000;

describe('notifications (product §2, §4)', () => {
  it('moving the clock creates a notification; the count rises; opening it marks it read and the count falls', async () => {
    const account = await createAccount();
    const signin = await apiSignIn(account);
    const when = new Date(Date.now() + 2 * DAY).toISOString();
    const created = await fetch(`${baseURL()}/api/V1/profils/users/${signin.id}/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${signin.accessToken}` },
      body: JSON.stringify({ title: 'Détartrer la bouilloire', dt_realisation: when, note: 'Avec de l’acide citrique', applianceId: -1 }),
    });
    expect(created.status).toBe(201);

    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    await login(page, account.email, account.password);
    await page.waitForURL(/\/(home|welcome)$/);
    await page.goto('/notification');
    await expect.poll(() => page.getByText('Aucune notification pour le moment.').isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('link', { name: 'Notifications', exact: true }).first().isVisible()).toBe(true);

    // The day before: « Demain : … » (or « Aujourd’hui : … » when the 24 hours ahead end the same day in Paris).
    expect((await moveClock(1.5 * DAY)).created).toBeGreaterThanOrEqual(1);
    await page.reload();
    await expect
      .poll(() => page.getByRole('button', { name: /(Demain|Aujourd’hui) : Détartrer la bouilloire \(non lue\)/ }).isVisible())
      .toBe(true);
    await expect.poll(() => page.getByRole('link', { name: 'Notifications : 1 non lue' }).isVisible()).toBe(true);
    // Due: « C’est le jour : … » (« En retard : … » once past midnight in Paris); the count rises.
    await moveClock(2.1 * DAY);
    await page.reload();
    await expect.poll(() => page.getByRole('link', { name: 'Notifications : 2 non lues' }).isVisible()).toBe(true);
    await page.screenshot({ path: 'e2e/screenshots/notifications-desktop.png', fullPage: true });

    await page.getByRole('button', { name: /(C’est le jour|En retard) : Détartrer la bouilloire/ }).click();
    await expect.poll(() => page.getByRole('dialog').getByText('Notes :').isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('dialog').getByText('Avec de l’acide citrique').isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('link', { name: 'Notifications : 1 non lue' }).isVisible()).toBe(true);
    await page.getByRole('dialog').getByRole('button', { name: 'Fermer' }).click();
    await expect
      .poll(() => page.getByRole('button', { name: /(C’est le jour|En retard) : Détartrer la bouilloire \(non lue\)/ }).count())
      .toBe(0);
    await context.close();
  });

  it('opens a reminder from its push or mail link on a phone: dated the day it came, the task’s day inside, marked done from there', async () => {
    await moveClock(0);
    const account = await createAccount();
    const signin = await apiSignIn(account);
    const api = (path: string, init: RequestInit = {}) =>
      fetch(`${baseURL()}/api/V1/profils/users/${signin.id}${path}`, {
        ...init,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${signin.accessToken}`, ...init.headers },
      });
    const when = new Date(Date.now() + 2 * DAY).toISOString();
    const created = await api('/events', {
      method: 'POST',
      body: JSON.stringify({ title: 'Nettoyer le filtre de la hotte', dt_realisation: when }),
    });
    expect(created.status).toBe(201);
    const event = await created.json();
    expect((await moveClock(1.5 * DAY)).created).toBeGreaterThanOrEqual(1);
    // The access token has expired on the moved clock: signed in again.
    const again = await apiSignIn(account);
    signin.accessToken = again.accessToken;
    const [reminder] = (await (await api('/notifs')).json()) as { id: number; dt_creation: string; title: string }[];
    expect(reminder!.title).toMatch(/Nettoyer le filtre de la hotte/);
    const day = (iso: string) =>
      new Intl.DateTimeFormat('fr-FR', {
        weekday: 'long',
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'Europe/Paris',
      }).format(new Date(iso));

    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    await login(page, account.email, account.password);
    await page.waitForURL(/\/(home|welcome)$/);
    // The address a push or the mail's « Ouvrir l’entretien » opens.
    await page.goto(`/notification?id=${reminder!.id}`);
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByText(`Reçue le ${day(reminder!.dt_creation)}`).isVisible()).toBe(true);
    await expect.poll(() => dialog.getByText(`Prévu le ${day(when)}`).isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'J’ai fait l’entretien' }).click();
    await expect.poll(() => dialog.getByText('Entretien fait').isVisible()).toBe(true);
    await expect
      .poll(async () => ((await (await api('/events')).json()) as { id: number; status: string }[]).find((e) => e.id === event.id)?.status)
      .toBe('DONE');
    await page.screenshot({ path: 'e2e/screenshots/notification-task-phone.png' });
    await dialog.getByRole('button', { name: 'Fermer' }).click();
    // The list dates each notification by the day it came (« Demain : … » reads right).
    await expect.poll(() => page.url()).toMatch(/\/notification$/);
    await expect
      .poll(() => page.getByRole('button', { name: /Nettoyer le filtre de la hotte/ }).textContent())
      .toContain(day(reminder!.dt_creation));
    await context.close();
  });

  it('shows the newest 20 on a phone, then the older ones on demand', async () => {
    await moveClock(0);
    const account = await createAccount();
    const signin = await apiSignIn(account);
    for (let i = 1; i <= 23; i++) {
      const when = new Date(Date.now() + 2 * DAY + i * 60_000).toISOString();
      const res = await fetch(`${baseURL()}/api/V1/profils/users/${signin.id}/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${signin.accessToken}` },
        body: JSON.stringify({ title: `Tâche ${i}`, dt_realisation: when, applianceId: -1 }),
      });
      expect(res.status).toBe(201);
    }
    const moved = await moveClock(1.5 * DAY);
    expect(moved.created, JSON.stringify(moved)).toBeGreaterThanOrEqual(23);
    // The reminders, and any challenge met on the way (a first task planned).
    // A new sign-in: the clock moved past the first token's 15 minutes.
    const again = await apiSignIn(account);
    const total = (
      (await (
        await fetch(`${baseURL()}/api/V1/profils/users/${signin.id}/notifs`, { headers: { authorization: `Bearer ${again.accessToken}` } })
      ).json()) as unknown[]
    ).length;
    expect(total).toBeGreaterThanOrEqual(23);

    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    await login(page, account.email, account.password);
    await page.waitForURL(/\/(home|welcome)$/);
    await page.goto('/notification');
    const items = page.getByRole('list', { name: 'Notifications' }).getByRole('listitem');
    await expect.poll(() => items.count()).toBe(20);
    await page.getByRole('button', { name: 'Afficher les plus anciennes' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'e2e/screenshots/notifications-more-phone.png' });
    await page.getByRole('button', { name: 'Afficher les plus anciennes' }).click();
    await expect.poll(() => items.count()).toBe(total);
    await expect.poll(() => page.getByRole('button', { name: 'Afficher les plus anciennes' }).count()).toBe(0);
    await context.close();
    await moveClock(0);
  });
});

describe('push opt-in', () => {
  const ENGLISH = /failed|error|permission|denied|registration|blocked/i;

  it('shows this device’s state and answers each click in French, never with the browser’s English message', async () => {
    const account = await createAccount();
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    await login(page, account.email, account.password);
    await page.waitForURL(/\/(home|welcome)$/);
    await page.goto('/notification');
    await expect.poll(() => page.getByTestId('push-state').textContent()).toBe('Notifications sur cet appareil\u00a0: désactivées');

    // Headless Chromium refuses the permission when nobody granted it.
    await page.getByRole('button', { name: 'Activer les notifications' }).click();
    const outcome = page.getByTestId('push-outcome');
    await expect.poll(() => outcome.textContent()).toMatch(/^Les notifications sont bloquées pour EcoFoyer dans ce navigateur/);
    expect(await outcome.getAttribute('role')).toBe('alert');
    // Readable: no contrast or other serious axe violation on the message.
    const axe = await new AxeBuilder({ page }).include('[data-testid="push-outcome"]').analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

    // Granted: the subscription either works or fails in the push service, and says so in French.
    await context.grantPermissions(['notifications']);
    await page.reload();
    await page.getByRole('button', { name: 'Activer les notifications' }).click();
    await expect
      .poll(() => outcome.textContent())
      .toMatch(/^(Les notifications sont activées sur cet appareil|L’activation des notifications a échoué)/);
    expect(await outcome.textContent()).not.toMatch(ENGLISH);
    expect(await page.getByTestId('push-state').textContent()).toMatch(/^Notifications sur cet appareil\s: (activées|désactivées)$/);
    await page.screenshot({ path: 'e2e/screenshots/push-opt-in-desktop.png' });
    await context.close();

    const phone = await newContext(browser, PHONE);
    const onPhone = await phone.newPage();
    await login(onPhone, account.email, account.password);
    await onPhone.waitForURL(/\/(home|welcome)$/);
    await onPhone.goto('/notification');
    await onPhone.getByRole('button', { name: 'Activer les notifications' }).click();
    await expect.poll(() => onPhone.getByTestId('push-outcome').isVisible()).toBe(true);
    await onPhone.screenshot({ path: 'e2e/screenshots/push-opt-in-phone.png' });
    await phone.close();
  });
});
