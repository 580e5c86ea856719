import AxeBuilder from '@axe-core/playwright';
import { pendingCountFr, QUEUE_TEXTS, refusalFr, refusedCountFr } from '@ecofoyer/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiSignIn,
  baseURL,
  buttonCaseDefects,
  household,
  launchBrowser,
  login,
  newContext,
  PHONE,
  typographyDefects,
  visible,
} from './helpers.ts';

/**
 * Changes made offline (decision 031): in the cellar, with no network, the boiler's maintenance marked
 * done, a note and a breakdown are kept on the phone, shown « En attente d’envoi », and sent once each
 * when the network is back — from two tabs at once, or after a reload. A change the server refuses
 * meanwhile is kept with what happened, and what the user typed is still there.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface ServerEvent {
  id: number;
  title: string;
  type: string;
  status: string;
  note: string | null;
}

/** A boiler « Chaudière » in « Cave », its yearly service due in three days. */
async function cellarHousehold(firstname: string) {
  const h = await household({
    firstname,
    universe: { name: 'Cave' },
    productName: 'Chaudière',
    appliance: { marque: 'Saunier Duval', modele: 'ThemaPlus' },
  });
  const soon = new Date(Date.now() + 3 * 86_400_000);
  soon.setHours(9, 0, 0, 0);
  const event = await h.api<ServerEvent>(`/api/V1/profils/users/${h.userId}/events`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      title: 'Entretien annuel de la chaudière',
      dt_realisation: soon.toISOString(),
      note: '',
      applianceId: h.applianceId,
      type: 'MAINTENANCE',
    }),
  });
  const { accessToken } = await apiSignIn(h.account);
  /** The boiler's events as the server has them. */
  const events = async () => {
    const res = await fetch(`${baseURL()}/api/V1/profils/users/${h.userId}/appliances/${h.applianceId}/events`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    return (await res.json()) as ServerEvent[];
  };
  const deleteEvent = async (id: number) => {
    const res = await fetch(`${baseURL()}/api/V1/profils/users/${h.userId}/events/${id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(res.status).toBe(204);
  };
  return { ...h, eventId: event.id, events, deleteEvent };
}

/** Signs in (remembered) and waits until the service worker controls the page. */
async function signedInControlled(context: BrowserContext, email: string, password: string): Promise<Page> {
  const page = await context.newPage();
  await login(page, email, password, true);
  await page.waitForURL(/\/(home|welcome)$/);
  await expect.poll(() => page.evaluate(async () => Boolean((await navigator.serviceWorker.ready).active)), { timeout: 15_000 }).toBe(true);
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  return page;
}

const applianceUrl = (id: number) => `/inventaire/univers/appliance/fichedetail?id=${id}`;
const TITLE = 'Entretien annuel de la chaudière';

/** The boiler's page, opened online first so that its copy is on the phone. */
async function openBoiler(page: Page, id: number) {
  await page.goto(applianceUrl(id));
  await expect.poll(() => page.getByRole('heading', { name: 'Chaudière', level: 1 }).isVisible()).toBe(true);
  await expect.poll(() => page.getByTestId('next-maintenance').isVisible()).toBe(true);
}

const pending = (page: Page) => page.getByTestId('history-entry').filter({ hasText: QUEUE_TEXTS.pending });

async function markDone(page: Page) {
  await page.getByRole('button', { name: 'J’ai fait l’entretien' }).click();
  await expect.poll(() => pending(page).filter({ hasText: TITLE }).count()).toBe(1);
}

async function addNote(page: Page, note: string) {
  await page
    .getByRole('button', { name: new RegExp(`^(Ajouter une|Modifier la) note.*${TITLE}`) })
    .first()
    .click();
  await page.getByLabel(`Note sur ${TITLE}`).fill(note);
  await page.getByRole('button', { name: 'Enregistrer la note' }).click();
  await expect.poll(() => page.getByTestId('history-entry').filter({ hasText: note }).count()).toBe(1);
}

async function addBreakdown(page: Page, title: string) {
  await page.getByRole('button', { name: 'Signaler une panne' }).click();
  await page.getByLabel(/Que se passe-t-il/).fill(title);
  await page.getByLabel('Détails (facultatif)').fill('De l’eau coule sous le brûleur.');
  await page.getByRole('button', { name: 'Enregistrer la panne' }).click();
  await expect.poll(() => pending(page).filter({ hasText: title }).count()).toBe(1);
}

/** Serious or critical axe violations, French typography and buttons' case, as e2e/a11y.spec.ts checks every page. */
async function pageDefects(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
  const axe = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`).join(' | ')}`);
  return [...axe, ...(await typographyDefects(page)), ...(await buttonCaseDefects(page))];
}

/** The POSTs and PUTs to the events routes that reached the server (one that failed for lack of network did not). */
function countWrites(context: BrowserContext) {
  const writes: string[] = [];
  context.on('requestfinished', (request) => {
    if (request.method() !== 'GET' && /\/events(\/\d+)?$/.test(new URL(request.url()).pathname))
      writes.push(`${request.method()} ${request.url()}`);
  });
  return writes;
}

describe('changes made offline', () => {
  it('marks the maintenance done, adds a note and a breakdown in the cellar; back online, each reaches the server once', async () => {
    const h = await cellarHousehold('Odile');
    const context = await newContext(browser, PHONE);
    const page = await signedInControlled(context, h.account.email, h.account.password);
    await page.goto('/calendar');
    await visible(page, TITLE);
    await openBoiler(page, h.applianceId);

    await context.setOffline(true);
    await page.goto(applianceUrl(h.applianceId));
    await expect.poll(() => page.getByRole('heading', { name: 'Chaudière', level: 1 }).isVisible()).toBe(true);
    await markDone(page);
    await addNote(page, 'Pression remise à 1,5 bar');
    await addBreakdown(page, 'Fuite sous la chaudière');
    await expect.poll(() => page.getByTestId('pending-count').textContent()).toBe(pendingCountFr(3));
    await page.getByRole('region', { name: 'Historique d’entretien' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'e2e/screenshots/offline-writes-pending-phone.png' });
    expect(await pageDefects(page)).toEqual([]);
    // In the calendar too, the maintenance shows as waiting to be sent.
    await page.goto('/calendar');
    await expect
      .poll(() => page.getByTestId('event-item').filter({ hasText: TITLE }).filter({ hasText: QUEUE_TEXTS.pending }).count())
      .toBeGreaterThan(0);
    await page.screenshot({ path: 'e2e/screenshots/offline-writes-calendar-phone.png', fullPage: true });
    expect(await pageDefects(page)).toEqual([]);
    await page.goto(applianceUrl(h.applianceId));
    // Nothing reached the server yet.
    expect((await h.events()).filter((e) => e.type === 'PANNE')).toHaveLength(0);

    const writes = countWrites(context);
    await context.setOffline(false);
    await expect.poll(() => page.getByTestId('pending-count').count()).toBe(0);
    await expect
      .poll(async () => {
        const events = await h.events();
        const done = events.find((e) => e.id === h.eventId);
        return [done?.status, done?.note, events.filter((e) => e.title === 'Fuite sous la chaudière').length];
      })
      .toEqual(['DONE', 'Pression remise à 1,5 bar', 1]);
    await expect.poll(() => pending(page).count()).toBe(0);
    await visible(page, 'Fuite sous la chaudière');
    // The last answer may still be on its way when the server already has the change.
    await expect.poll(() => writes.length).toBe(3);
    await page.screenshot({ path: 'e2e/screenshots/offline-writes-sent-phone.png', fullPage: true });
    await context.close();
  });

  it('two tabs back online at the same time send each change once', async () => {
    const h = await cellarHousehold('Bruno');
    const context = await newContext(browser, PHONE);
    const first = await signedInControlled(context, h.account.email, h.account.password);
    await openBoiler(first, h.applianceId);
    await context.setOffline(true);
    await markDone(first);
    await addBreakdown(first, 'Voyant rouge allumé');

    const second = await context.newPage();
    await second.goto(applianceUrl(h.applianceId));
    await expect.poll(() => pending(second).count()).toBe(2);

    const writes = countWrites(context);
    await context.setOffline(false);
    await expect.poll(() => first.getByTestId('pending-count').count()).toBe(0);
    await expect.poll(() => second.getByTestId('pending-count').count()).toBe(0);
    const events = await h.events();
    expect(events.filter((e) => e.title === 'Voyant rouge allumé')).toHaveLength(1);
    expect(events.find((e) => e.id === h.eventId)?.status).toBe('DONE');
    // One tab replayed (the queue's lock), the other found nothing left to send.
    await expect.poll(() => writes.length).toBe(2);
    await context.close();
  });

  it('a reload while offline keeps the changes; back online they are sent once', async () => {
    const h = await cellarHousehold('Chloé');
    const context = await newContext(browser, PHONE);
    const page = await signedInControlled(context, h.account.email, h.account.password);
    await openBoiler(page, h.applianceId);
    await context.setOffline(true);
    await addBreakdown(page, 'Bruit de claquement');
    await page.reload();
    await expect.poll(() => pending(page).filter({ hasText: 'Bruit de claquement' }).count()).toBe(1);
    await expect.poll(() => page.getByTestId('pending-count').textContent()).toBe(pendingCountFr(1));

    const writes = countWrites(context);
    await context.setOffline(false);
    await expect.poll(async () => (await h.events()).filter((e) => e.title === 'Bruit de claquement').length).toBe(1);
    await expect.poll(() => page.getByTestId('pending-count').count()).toBe(0);
    await expect.poll(() => writes.length).toBe(1);
    await context.close();
  });

  it('a change the server refuses once back online is kept, with what happened in French and the note typed', async () => {
    const h = await cellarHousehold('Denis');
    const context = await newContext(browser, PHONE);
    const page = await signedInControlled(context, h.account.email, h.account.password);
    await openBoiler(page, h.applianceId);
    await context.setOffline(true);
    const note = 'Le ramoneur passe jeudi, garder le reçu';
    await addNote(page, note);
    // Meanwhile, another member deletes the maintenance.
    await h.deleteEvent(h.eventId);

    await context.setOffline(false);
    await expect.poll(() => page.getByTestId('refused-count').textContent()).toBe(refusedCountFr(1));
    await page.getByRole('button', { name: QUEUE_TEXTS.show }).click();
    const dialog = page.getByRole('dialog', { name: QUEUE_TEXTS.refusedTitle });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await expect.poll(() => dialog.getByText(refusalFr(404).what).isVisible()).toBe(true);
    expect(await dialog.getByLabel('Ce que vous aviez saisi').inputValue()).toBe(note);
    await page.screenshot({ path: 'e2e/screenshots/offline-writes-refused-phone.png' });
    expect(await pageDefects(page)).toEqual([]);

    // Re-created as a new entry with the note, it reaches the server.
    await dialog.getByRole('button', { name: QUEUE_TEXTS.recreate }).click();
    await expect.poll(async () => (await h.events()).filter((e) => e.note === note).length).toBe(1);
    await expect.poll(() => page.getByTestId('refused-count').count()).toBe(0);
    await context.close();
  });

  it('a refused change is discarded only after the user confirms', async () => {
    const h = await cellarHousehold('Emma');
    const context = await newContext(browser, PHONE);
    const page = await signedInControlled(context, h.account.email, h.account.password);
    await openBoiler(page, h.applianceId);
    await context.setOffline(true);
    await markDone(page);
    await h.deleteEvent(h.eventId);
    await context.setOffline(false);
    await expect.poll(() => page.getByTestId('refused-count').textContent()).toBe(refusedCountFr(1));
    await page.getByRole('button', { name: QUEUE_TEXTS.show }).click();
    const dialog = page.getByRole('dialog', { name: QUEUE_TEXTS.refusedTitle });
    await dialog.getByRole('button', { name: QUEUE_TEXTS.discard }).click();
    await visible(page, QUEUE_TEXTS.discardConfirm);
    expect(await page.getByTestId('refused-count').count()).toBe(1);
    await dialog.getByRole('button', { name: QUEUE_TEXTS.discard }).click();
    await expect.poll(() => page.getByTestId('refused-count').count()).toBe(0);
    await context.close();
  });
});
