import AxeBuilder from '@axe-core/playwright';
import { addPeriods, isoWeek, longDateFr } from '@ecofoyer/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, createAccount, DESKTOP, launchBrowser, login, newContext, PHONE, signedIn, visible } from './helpers.ts';

const CARD = 'Nettoyer l’intérieur du réfrigérateur';
// The browser runs on this machine, in its time zone: dates are shown in that zone.
const TZ = Intl.DateTimeFormat().resolvedOptions().timeZone;
const longDate = (d: Date) => longDateFr(d, TZ);
const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const dayKey = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
const FRENCH_MONTH = /^(janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre) \d{4}$/;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Nothing wider than the screen (the phone layout must not scroll sideways). */
const noSidewaysScroll = (page: Page) =>
  expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), { message: 'horizontal overflow' })
    .toBe(true);

async function noSeriousAxeViolation(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
])('maintenance and calendar journey (%s)', (device, viewport) => {
  // The longest journey of the suite (about 50 s alone on a busy 2-core machine): more time than the default minute.
  it('plans a maintenance, carries one out with its recurrence, and finds both in the calendar', { timeout: 180_000 }, async () => {
    const { context, page } = await signedIn(browser, viewport);
    const now = new Date();
    const planned = new Date(now.getFullYear(), now.getMonth() + 1, 15, 9);
    const today9 = new Date(now.getFullYear(), now.getMonth(), now.getDate(), 9);
    const nextOccurrence = addPeriods(today9, '3_months', 1);

    // (a) Product chooser (flag tomaintenance) → the card list of that product.
    await page.goto('/productlist?flag=tomaintenance');
    await page.getByPlaceholder('Rechercher un produit...').fill('réfrigérateur');
    await page.getByRole('link', { name: 'Réfrigérateur', exact: true }).click();
    await page.waitForURL(/\/entretien\/fiche\?prod=\d+$/);
    await expect.poll(() => page.getByRole('heading', { name: 'Entretiens pour votre Réfrigérateur' }).isVisible()).toBe(true);
    const cards = page.getByTestId('maintenance-card');
    await expect.poll(() => cards.count()).toBeGreaterThan(1);
    await visible(page, 'Tous les mois');
    await noSidewaysScroll(page);
    await page.screenshot({ path: `e2e/screenshots/maintenance-list-${device}.png`, fullPage: true });
    await noSeriousAxeViolation(page);

    // The card detail: appliance (product) name, duration, frequency, level, products and their info popup.
    await page.getByRole('link', { name: CARD }).click();
    await page.waitForURL(/\/entretien\/fichedetail\?card=\d+&prod=\d+$/);
    const detailUrl = page.url();
    await expect.poll(() => page.getByRole('heading', { name: CARD }).isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('appliance-name').textContent()).toBe('Réfrigérateur');
    await visible(page, '30 minutes');
    await visible(page, 'Tous les mois');
    await visible(page, 'Facile');
    await visible(page, 'Bicarbonate de soude');
    await page.getByRole('button', { name: 'Où trouver ces produits ?' }).click();
    const order = page.getByRole('link', { name: 'Commander les produits' });
    await expect.poll(() => order.getAttribute('href')).toBe('/calendar');
    // Wait for the popup's fade-in before the screenshot.
    await expect.poll(() => order.evaluate((el) => getComputedStyle(el.closest('.mantine-Popover-dropdown') as Element).opacity)).toBe('1');
    await noSidewaysScroll(page);
    await page.screenshot({ path: `e2e/screenshots/maintenance-detail-${device}.png`, fullPage: true });
    await page.keyboard.press('Escape');
    await noSeriousAxeViolation(page);

    // (b) Commencer: the steps in order, then "Bravo, entretien effectué !" and the recurrence.
    await page.getByRole('button', { name: 'Commencer' }).click();
    const steps = page.getByRole('dialog', { name: CARD });
    await expect.poll(() => steps.getByText(/^Étape 1 sur \d+$/).isVisible()).toBe(true);
    const total = Number((await steps.getByText(/^Étape 1 sur \d+$/).textContent())?.split(' sur ')[1]);
    expect(total).toBe(5);
    await expect.poll(() => steps.getByRole('heading', { name: 'Débrancher et vider' }).isVisible()).toBe(true);
    expect(await steps.getByRole('button', { name: 'Précédent' }).isDisabled()).toBe(true);
    await steps.getByRole('button', { name: 'Suivant' }).click();
    await expect.poll(() => steps.getByText('Étape 2 sur 5').isVisible()).toBe(true);
    await page.screenshot({ path: `e2e/screenshots/maintenance-step-${device}.png`, fullPage: true });
    await steps.getByRole('button', { name: 'Précédent' }).click();
    await expect.poll(() => steps.getByText('Étape 1 sur 5').isVisible()).toBe(true);
    for (let i = 1; i < total; i++) {
      await steps.getByRole('button', { name: 'Suivant' }).click();
      await expect.poll(() => steps.getByText(`Étape ${i + 1} sur ${total}`).isVisible()).toBe(true);
    }
    await expect.poll(() => steps.getByRole('heading', { name: 'Sécher et remettre en marche' }).isVisible()).toBe(true);
    await steps.getByRole('button', { name: 'C’est fait !' }).click();
    await expect.poll(() => steps.getByRole('heading', { name: 'Bravo, entretien effectué !' }).isVisible()).toBe(true);
    await expect.poll(() => steps.getByText('C’est noté dans vos réalisations.').isVisible()).toBe(true);
    await steps.getByRole('radio', { name: 'Tous les 3 mois' }).check();
    await expect.poll(() => steps.getByText(`Prochain entretien : ${longDate(nextOccurrence)}`).isVisible()).toBe(true);
    await page.screenshot({ path: `e2e/screenshots/maintenance-done-${device}.png`, fullPage: true });
    await steps.getByRole('button', { name: 'Planifier' }).click();
    await expect.poll(() => steps.isVisible()).toBe(false);

    // Planning modal, after the task was done today (done first, it would complete this planned one,
    // less than 30 days ahead): a date next month, shown in long French, a note, Valider.
    await page.getByRole('button', { name: 'Planifier cet entretien' }).click();
    const dialog = page.getByRole('dialog', { name: 'Planifier cet entretien' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await visible(page, 'Aucune date choisie.');
    // No past dates: yesterday (when in this month) cannot be chosen.
    if (now.getDate() > 1) {
      const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1, 9);
      expect(await dialog.getByRole('button', { name: longDate(yesterday), exact: true }).isDisabled()).toBe(true);
    }
    await dialog.getByRole('button', { name: 'Mois suivant' }).click();
    await dialog.getByRole('button', { name: longDate(planned), exact: true }).click();
    await expect.poll(() => dialog.getByTestId('planned-date').textContent()).toBe(longDate(planned));
    await dialog.getByLabel('Note (facultatif)').fill('Acheter du bicarbonate avant.');
    await page.screenshot({ path: `e2e/screenshots/maintenance-plan-${device}.png`, fullPage: true });
    await dialog.getByRole('button', { name: 'Valider' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await visible(page, `Entretien planifié le ${longDate(planned)}.`);

    // The calendar: the planned one in "À venir", the done one in "Mes réalisations", the series next.
    await page.goto('/calendar');
    await expect.poll(() => page.getByRole('heading', { name: 'Calendrier', level: 1 }).isVisible()).toBe(true);
    const upcoming = page.getByRole('list', { name: 'À venir' });
    const realised = page.getByRole('list', { name: 'Mes réalisations' });
    await expect.poll(() => realised.getByTestId('event-item').count()).toBe(1);
    expect(await realised.textContent()).toContain(`Fait le ${longDate(now)}`);
    expect(await realised.textContent()).toContain(CARD);
    // Soonest first: next month's planned date, then the series every 3 months.
    await expect.poll(() => upcoming.getByTestId('event-item').count()).toBe(3);
    const items = upcoming.getByTestId('event-item');
    expect(await items.nth(0).textContent()).toContain(capitalise(longDate(planned)));
    expect(await items.nth(0).textContent()).toContain('Acheter du bicarbonate avant.');
    expect(await items.nth(1).textContent()).toContain(capitalise(longDate(nextOccurrence)));
    expect(await items.nth(1).textContent()).toContain(CARD);

    // (d) More than 3 upcoming (1 + a year of quarterly occurrences): "Voir plus" / "Voir moins".
    await page.getByRole('region', { name: 'À venir' }).getByRole('button', { name: 'Voir plus' }).click();
    await expect.poll(() => items.count()).toBeGreaterThan(3);
    await page.getByRole('region', { name: 'À venir' }).getByRole('button', { name: 'Voir moins' }).click();
    await expect.poll(() => items.count()).toBe(3);

    // Today holds the done maintenance: highlighted, and listed when chosen (the default day).
    const month = page.getByRole('region', { name: 'Mois' });
    await expect.poll(() => month.locator(`button[data-date="${dayKey(now)}"]`).getAttribute('data-has-events')).toBe('true');
    await expect.poll(() => page.getByRole('list', { name: 'Entretiens du jour' }).textContent()).toContain(CARD);

    // French month names and ISO week numbers, Monday first.
    const header = month.getByRole('button', { name: 'Choisir le mois' });
    expect((await header.textContent())?.trim()).toMatch(FRENCH_MONTH);
    const weekdays = await month.locator('thead th').allTextContents();
    expect(weekdays.slice(-7).map((d) => d.toLowerCase().slice(0, 2))).toEqual(['lu', 'ma', 'me', 'je', 've', 'sa', 'di']);
    const checkWeeks = async () => {
      const rows = await month
        .locator('tbody tr')
        .evaluateAll((trs) =>
          trs.map((tr) => [
            tr.querySelector('td')?.textContent ?? '',
            tr.querySelector('button[data-date]')?.getAttribute('data-date') ?? '',
          ]),
        );
      expect(rows.length).toBeGreaterThanOrEqual(4);
      for (const [week, monday] of rows) expect(Number(week)).toBe(isoWeek(new Date(`${monday}T00:00:00Z`)));
    };
    await checkWeeks();
    await noSidewaysScroll(page);
    await page.screenshot({ path: `e2e/screenshots/calendar-${device}.png`, fullPage: true });
    await noSeriousAxeViolation(page);

    // Next month: the planned day is highlighted; choosing it lists it.
    await month.getByRole('button', { name: 'Mois suivant' }).click();
    const plannedDay = month.locator(`button[data-date="${dayKey(planned)}"]`);
    await expect.poll(() => plannedDay.getAttribute('data-has-events')).toBe('true');
    expect((await header.textContent())?.trim()).toMatch(FRENCH_MONTH);
    await checkWeeks();
    await plannedDay.click();
    await page.screenshot({ path: `e2e/screenshots/calendar-next-month-${device}.png`, fullPage: true });
    await expect.poll(() => page.getByRole('heading', { name: capitalise(longDate(planned)) }).isVisible()).toBe(true);
    await expect
      .poll(() => page.getByRole('list', { name: 'Entretiens du jour' }).textContent())
      .toContain('Acheter du bicarbonate avant.');

    // Marquer comme fait: it moves to "Mes réalisations".
    await items.nth(0).getByRole('button', { name: 'Marquer comme fait' }).click();
    await visible(page, 'Bravo, entretien effectué !');
    await expect.poll(() => realised.getByTestId('event-item').count()).toBe(2);

    // Delete, with confirmation.
    const before = Number(await page.getByRole('region', { name: 'À venir' }).locator('.mantine-Badge-root').first().textContent());
    await items
      .nth(0)
      .getByRole('button', { name: /^Supprimer/ })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Supprimer cet entretien ?' });
    await expect.poll(() => confirm.getByText(/^Êtes-vous sûr de vouloir supprimer «\s.+\s» du .+\s\?$/).isVisible()).toBe(true);
    await page.screenshot({ path: `e2e/screenshots/calendar-delete-${device}.png`, fullPage: true });
    await confirm.getByRole('button', { name: 'Supprimer' }).click();
    await expect.poll(() => confirm.isVisible()).toBe(false);
    await expect
      .poll(async () => Number(await page.getByRole('region', { name: 'À venir' }).locator('.mantine-Badge-root').first().textContent()))
      .toBe(before - 1);

    // The private ICS address: shown on request, readable without a login, then revoked.
    const feed = page.getByRole('region', { name: 'S’abonner au calendrier' });
    await feed.getByRole('button', { name: 'Afficher mon adresse d’abonnement' }).click();
    const address = feed.getByLabel('Adresse privée du calendrier');
    await expect.poll(() => address.inputValue()).toMatch(/^http:\/\/.+\/api\/V1\/calendar\/[\w-]+\.ics$/);
    const url = await address.inputValue();
    expect(await feed.getByRole('link', { name: /Ouvrir dans mon agenda/ }).getAttribute('href')).toBe(
      url.replace(/^http:\/\//, 'webcal://'),
    );
    await expect.poll(() => feed.getByRole('button', { name: 'Copier' }).isVisible()).toBe(true);
    // The server builds the address from its configured public URL; the test server listens elsewhere.
    const feedOnTestServer = `${baseURL()}${new URL(url).pathname}`;
    const ics = await fetch(feedOnTestServer);
    expect(ics.status).toBe(200);
    expect(await ics.text()).toContain('BEGIN:VCALENDAR');
    await noSidewaysScroll(page);
    await page.screenshot({ path: `e2e/screenshots/calendar-feed-${device}.png`, fullPage: true });
    await feed.getByRole('button', { name: 'Révoquer ce lien' }).click();
    await page.getByRole('dialog', { name: 'Révoquer ce lien ?' }).getByRole('button', { name: 'Révoquer' }).click();
    await expect.poll(() => feed.getByRole('button', { name: 'Afficher mon adresse d’abonnement' }).isVisible()).toBe(true);
    expect((await fetch(feedOnTestServer)).status).toBe(404);

    // Back on the card, its page still works from a direct address.
    await page.goto(detailUrl);
    await expect.poll(() => page.getByRole('heading', { name: CARD }).isVisible()).toBe(true);
    await context.close();
  });
});

describe('maintenance edge cases', () => {
  it('done a day early, a planned task leaves « À venir » instead of staying planned', async () => {
    const { context, page } = await signedIn(browser, PHONE);
    const now = new Date();
    const tomorrow = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, 9);
    await page.goto('/productlist?flag=tomaintenance');
    await page.getByPlaceholder('Rechercher un produit...').fill('réfrigérateur');
    await page.getByRole('link', { name: 'Réfrigérateur', exact: true }).click();
    await page.getByRole('link', { name: CARD }).click();
    await page.waitForURL(/\/entretien\/fichedetail\?card=\d+&prod=\d+$/);
    await page.getByRole('button', { name: 'Planifier cet entretien' }).click();
    const dialog = page.getByRole('dialog', { name: 'Planifier cet entretien' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    if (tomorrow.getMonth() !== now.getMonth()) await dialog.getByRole('button', { name: 'Mois suivant' }).click();
    await dialog.getByRole('button', { name: longDate(tomorrow), exact: true }).click();
    await dialog.getByRole('button', { name: 'Valider' }).click();
    await visible(page, `Entretien planifié le ${longDate(tomorrow)}.`);

    await page.getByRole('button', { name: 'Commencer' }).click();
    const steps = page.getByRole('dialog', { name: CARD });
    await expect.poll(() => steps.getByText(/^Étape 1 sur \d+$/).isVisible()).toBe(true);
    const total = Number((await steps.getByText(/^Étape 1 sur \d+$/).textContent())?.split(' sur ')[1]);
    for (let i = 1; i < total; i++) {
      await steps.getByRole('button', { name: 'Suivant' }).click();
      await expect.poll(() => steps.getByText(`Étape ${i + 1} sur ${total}`).isVisible()).toBe(true);
    }
    await steps.getByRole('button', { name: 'C’est fait !' }).click();
    await expect.poll(() => steps.getByRole('heading', { name: 'Bravo, entretien effectué !' }).isVisible()).toBe(true);
    // Saved before leaving: a page loaded meanwhile would cancel the request still under way.
    await expect.poll(() => steps.getByText('C’est noté dans vos réalisations.').isVisible()).toBe(true);

    await page.goto('/calendar');
    const realised = page.getByRole('list', { name: 'Mes réalisations' });
    await expect.poll(() => realised.getByTestId('event-item').count()).toBe(1);
    expect(await realised.textContent()).toContain(`Fait le ${longDate(now)}`);
    // Tomorrow's occurrence was the one done: nothing is left to do.
    expect(await page.getByRole('list', { name: 'À venir' }).getByTestId('event-item').count()).toBe(0);
    await context.close();
  });

  it('(c) shows the spec message for an unknown card', async () => {
    const { context, page } = await signedIn(browser, PHONE);
    await page.goto('/entretien/fichedetail?card=999999&prod=1');
    await visible(page, 'Erreur : Aucune donnée de maintenanceCard trouvée');
    await page.screenshot({ path: 'e2e/screenshots/maintenance-missing-phone.png', fullPage: true });
    await context.close();
  });

  it('asks for a product first, and has friendly empty states', async () => {
    const { context, page } = await signedIn(browser);
    await page.goto('/entretien/fiche');
    await expect.poll(() => page.getByRole('heading', { name: 'Fiches d’entretien' }).isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Choisir un produit' }).click();
    await page.waitForURL(/\/productlist\?flag=tomaintenance$/);

    await page.goto('/calendar');
    await visible(page, 'Aucun entretien prévu. Un appareil bien entretenu dure plus longtemps !');
    await visible(page, 'Vos entretiens effectués apparaîtront ici.');
    await page.screenshot({ path: 'e2e/screenshots/calendar-empty-desktop.png', fullPage: true });
    await page.getByRole('main').getByRole('link', { name: 'Planifier un entretien' }).first().click();
    await page.waitForURL(/\/productlist\?flag=tomaintenance$/);
    await context.close();
  });

  it('reads « Mes réalisations » 20 at a time: three, then « Voir plus », then « Afficher les suivants »', async () => {
    const account = await createAccount();
    const signin = await (
      await fetch(`${baseURL()}/api/auth/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: account.email, password: account.password }),
      })
    ).json();
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${signin.accessToken}` };
    for (let i = 1; i <= 23; i++) {
      const when = new Date(Date.now() - i * 86_400_000).toISOString();
      const res = await fetch(`${baseURL()}/api/V1/profils/users/${signin.id}/events`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ title: `Entretien ${i}`, dt_realisation: when, applianceId: -1 }),
      });
      const { id } = await res.json();
      expect(
        (
          await fetch(`${baseURL()}/api/V1/profils/users/${signin.id}/events/${id}`, {
            method: 'PUT',
            headers,
            body: JSON.stringify({ done: true }),
          })
        ).status,
      ).toBe(200);
    }
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    await login(page, account.email, account.password);
    await page.waitForURL(/\/(home|welcome)$/);
    await page.goto('/calendar');
    const realised = page.getByRole('region', { name: 'Mes réalisations' });
    const items = realised.getByTestId('event-item');
    await expect.poll(() => realised.getByLabel('23 entretiens').isVisible()).toBe(true);
    await expect.poll(() => items.count()).toBe(3);
    await realised.getByRole('button', { name: 'Voir plus' }).click();
    await expect.poll(() => items.count()).toBe(20);
    await realised.getByRole('button', { name: 'Afficher les suivants' }).click();
    await expect.poll(() => items.count()).toBe(23);
    await expect.poll(() => realised.getByRole('button', { name: 'Afficher les suivants' }).count()).toBe(0);
    await realised.getByRole('button', { name: 'Voir moins' }).click();
    await expect.poll(() => items.count()).toBe(3);
    await context.close();
  });
});
