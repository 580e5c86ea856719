import AxeBuilder from '@axe-core/playwright';
import { parisDay } from '@ecofoyer/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseURL,
  buttonCaseDefects,
  createAccount,
  household,
  launchBrowser,
  linkFromOutbox,
  login,
  newContext,
  PHONE,
  typographyDefects,
  uniqueEmail,
} from './helpers.ts';

/**
 * Every page of the product's route table (product §2), on a phone, has no serious or critical
 * axe violation, and none reports a Content-Security-Policy violation in the console.
 * The pages are seeded through the API with a household (a universe, an appliance, its badge, a
 * maintenance card of its product); the third-party map is stubbed (no network).
 */

let browser: Browser;
let context: BrowserContext;
let page: Page;
const ids = { universe: 0, appliance: 0, prod: 0, card: 0, badge: 0, publicUuid: '', label: '', share: '', invitation: '', claim: 0 };
/** A member of the household with the lecteur role (he reads, never writes): his own session. */
let reader: { email: string; password: string };
const consoleProblems: string[] = [];

/**
 * The page after its data: a title shown, no loading placeholder left on screen, no transition running.
 * A section not shown (a tab of the profile) loads when opened: its placeholders wait, hidden.
 */
async function settled(p: Page) {
  await expect.poll(() => p.locator('h1').first().isVisible(), { message: `h1 of ${p.url()}` }).toBe(true);
  await expect
    .poll(() => p.locator('[aria-busy="true"]:visible, .mantine-Skeleton-root:visible').count(), { message: `loading on ${p.url()}` })
    .toBe(0);
  // Colours are checked once a fade or a slide has ended.
  await p.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
}

async function seriousViolations(p: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page: p }).options({ resultTypes: ['violations'] }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${new URL(p.url()).pathname}${new URL(p.url()).search} ${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`).join(' | ')}`,
    );
}

function watchConsole(p: Page) {
  p.on('console', (m) => {
    // Guard: no console error or warning on any page (CSP reports are errors too). A failed
    // request is logged by the browser too: its status is judged below, on the response itself.
    if (m.text().startsWith('Failed to load resource')) return;
    if (m.type() === 'error' || m.type() === 'warning' || /Content Security Policy|Refused to/i.test(m.text()))
      consoleProblems.push(`${p.url()}: [${m.type()}] ${m.text()}`);
  });
  p.on('pageerror', (e) => consoleProblems.push(`${p.url()}: ${e.message}`));
  p.on('response', (r) => {
    // No 4xx/5xx the page did not expect. Expected: the unknown route's own 404 page, the links
    // « confirm-email?token=x » and « reset-password?token=x » refused (400, the page says why), the
    // insurer board of a freemium user (403).
    const api = new URL(r.url()).pathname;
    const expected =
      api.startsWith('/pas-une-route') ||
      (api === '/api/auth/email/confirm' && r.status() === 400) ||
      (api === '/api/auth/resetpassword/check' && r.status() === 400) ||
      (api === '/api/V1/board/assure' && r.status() === 403);
    if (r.status() >= 400 && !expected) consoleProblems.push(`${p.url()}: HTTP ${r.status()} ${r.request().method()} ${r.url()}`);
  });
}

/** English words a French page must not show (one once showed « Registration failed - permission denied »). */
const ENGLISH =
  /\b(failed|error|errors|permission denied|denied|blocked|loading|undefined|null|NaN|submit|cancel|not found|try again|required|invalid)\b/i;
/** Template placeholders left in a text: « [nom] », « {count} », « [object Object] ». */
const PLACEHOLDER = /\[[^\]\n]{0,40}\]|\{\{?\s*\w+\s*\}?\}/;

/**
 * Guards on a 390 px phone: no sideways scroll, nothing the user must reach left under the
 * fixed tab bar, nothing drawn over the tab bar, no English word nor template placeholder shown.
 */
async function phoneDefects(p: Page): Promise<string[]> {
  const where = `${new URL(p.url()).pathname}${new URL(p.url()).search}`;
  const found = await p.evaluate(
    ({ english, placeholder }) => {
      const out: string[] = [];
      const doc = document.documentElement;
      if (doc.scrollWidth > window.innerWidth) {
        const wide = [...document.querySelectorAll<HTMLElement>('body *')]
          .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1 && e.getClientRects().length > 0)
          .slice(-3)
          .map((e) => `${e.tagName.toLowerCase()}.${[...e.classList].join('.')} (${Math.round(e.getBoundingClientRect().right)} px)`);
        out.push(`scrolls sideways: ${doc.scrollWidth} > ${window.innerWidth}: ${wide.join(', ')}`);
      }
      const text = document.body.innerText;
      const en = text.match(new RegExp(english, 'i'));
      if (en)
        out.push(
          `English word « ${en[0]} » in « ${text.slice(Math.max(0, (en.index ?? 0) - 40), (en.index ?? 0) + 40).replace(/\s+/g, ' ')} »`,
        );
      // The blanks of a letter to fill in (« [Adresse du vendeur] ») are meant: everything else is a placeholder left.
      let shownText = text;
      for (const blanks of document.querySelectorAll<HTMLElement>('[data-blanks]')) shownText = shownText.replace(blanks.innerText, '');
      const ph = shownText.match(new RegExp(placeholder));
      if (ph) out.push(`placeholder « ${ph[0]} »`);
      const footer = document.querySelector<HTMLElement>('.mantine-AppShell-footer');
      if (footer && footer.getClientRects().length > 0) {
        window.scrollTo(0, doc.scrollHeight);
        const bar = footer.getBoundingClientRect();
        for (const el of document.querySelectorAll<HTMLElement>(
          'main a[href], main button, main input, main textarea, main select, main [tabindex]:not([tabindex="-1"])',
        )) {
          const r = el.getBoundingClientRect();
          if (r.width === 0 || r.height === 0 || getComputedStyle(el).visibility === 'hidden') continue;
          // Inside a closed <details> it is laid out but not shown (Chromium hides the content, keeps its box).
          if (el.closest('details:not([open]) > :not(summary)')) continue;
          if (r.bottom > bar.top + 4 && r.top < bar.bottom)
            out.push(
              `under the tab bar: ${el.tagName.toLowerCase()} « ${(el.innerText || el.getAttribute('aria-label') || '').trim().slice(0, 30)} »`,
            );
        }
        // A positioned element of the page stacked at or above the tab bar is drawn over it while scrolling.
        const barZ = Number(getComputedStyle(footer).zIndex) || 0;
        for (const el of document.querySelectorAll<HTMLElement>('main *')) {
          const style = getComputedStyle(el);
          if (style.position !== 'static' && style.zIndex !== 'auto' && Number(style.zIndex) >= barZ && el.getClientRects().length > 0) {
            out.push(
              `stacked over the tab bar (z-index ${style.zIndex} ≥ ${barZ}): ${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`,
            );
            break;
          }
        }
        for (let x = 8; x < window.innerWidth; x += 16) {
          for (const y of [bar.top + 4, bar.top + bar.height / 2]) {
            const hit = document.elementFromPoint(x, y);
            if (hit && !footer.contains(hit)) {
              out.push(`drawn over the tab bar at ${x},${Math.round(y)}: ${hit.tagName.toLowerCase()}.${[...hit.classList].join('.')}`);
              x = window.innerWidth;
              break;
            }
          }
        }
        window.scrollTo(0, 0);
      }
      return out;
    },
    { english: ENGLISH.source, placeholder: PLACEHOLDER.source },
  );
  return found.map((f) => `${where}: ${f}`);
}

/** French typography of the text shown, and every button in sentence case. */
async function wordingDefects(p: Page): Promise<string[]> {
  return [...(await typographyDefects(p)), ...(await buttonCaseDefects(p))];
}

beforeAll(async () => {
  browser = await launchBrowser();
  const home = await household({
    firstname: 'Camille',
    universe: { name: 'Buanderie', description: 'Au sous-sol' },
    // Bought a month ago: the legal guarantee runs, so the letter to the seller (the claim) is offered.
    appliance: { name: 'Machine du cellier', dt_achat: new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10) },
  });
  const { account, api } = home;
  Object.assign(ids, { prod: home.prodId, universe: home.universeId, appliance: home.applianceId });
  const [badge] = await api<{ id: number; publicUuid: string }[]>(`/api/V1/profils/users/${home.userId}/badges`);
  ids.badge = badge.id;
  ids.publicUuid = badge.publicUuid;
  const [card] = await api<{ id: number }[]>(`/api/maintenancecard?productid=${ids.prod}`);
  ids.card = card.id;
  const json = (body: unknown) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const foyerApi = `/api/V1/profils/users/${home.userId}`;
  // A QR label, a read-only share link of the dossier, an invitation still open and a lecteur who accepted his.
  const [label] = await api<{ code: string }[]>(`${foyerApi}/etiquettes`, json({ applianceIds: [ids.appliance] }));
  ids.label = label.code;
  // A claim to the seller sent 40 days ago, left unanswered: its page shows the reminder letter and the next steps.
  const claim = await api<{ id: number }>(
    `${foyerApi}/demarches`,
    json({ applianceId: ids.appliance, voie: 'garantie-legale', defaut: 'Ne vidange plus', destinataire: 'Boutique du quartier' }),
  );
  ids.claim = claim.id;
  await api(`${foyerApi}/demarches/${claim.id}/etapes`, json({ type: 'envoyee', date: parisDay(new Date(Date.now() - 40 * 86_400_000)) }));
  const share = await api<{ lien: string }>(`${foyerApi}/dossier/partages`, json({ jours: 7 }));
  ids.share = new URL(share.lien).pathname;
  const invited = uniqueEmail('invitee');
  await api(`${foyerApi}/foyer/invitations`, json({ email: invited, role: 'membre' }));
  ids.invitation = new URL(await linkFromOutbox(invited, 'invitation')).search;
  reader = await createAccount(uniqueEmail('lecteur'), undefined, 'Léa');
  await api(`${foyerApi}/foyer/invitations`, json({ email: reader.email, role: 'lecteur' }));
  const readerToken = new URL(await linkFromOutbox(reader.email, 'invitation')).searchParams.get('token');
  const readerSession = (await (
    await fetch(`${baseURL()}/api/auth/signin`, json({ username: reader.email, password: reader.password }))
  ).json()) as { accessToken: string };
  const accepted = await fetch(`${baseURL()}/api/V1/foyer/invitations/${readerToken}/accept`, {
    ...json({ fusion: false }),
    headers: { 'content-type': 'application/json', authorization: `Bearer ${readerSession.accessToken}` },
  });
  expect(accepted.status).toBe(200);

  context = await newContext(browser, PHONE);
  // The ADEME map and the address search are third parties: answered locally (no network here).
  await context.route('https://quefairedemesobjets.ademe.fr/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><html lang="fr"><title>Carte</title><main><h1>Carte</h1></main></html>',
    }),
  );
  await context.route('https://data.geopf.fr/**', (route) =>
    route.fulfill({ contentType: 'application/json', body: '{"type":"FeatureCollection","features":[]}' }),
  );
  page = await context.newPage();
  watchConsole(page);
  await login(page, account.email, account.password);
  await page.waitForURL(/\/(home|welcome)$/);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

/** product §2 route table, with the seeded household's ids as {placeholders}. */
const SIGNED_IN_PATHS = [
  '/welcome',
  '/welcome/welcome2',
  '/welcome/welcome3',
  '/',
  '/home',
  '/profile',
  '/user',
  '/freemium',
  '/assure',
  '/cgu',
  '/faq',
  '/inventaire',
  '/inventaire?flag=tosecond',
  '/inventaire/univers',
  '/inventaire/univers/{universe}/detail',
  '/inventaire/univers/update?id={universe}',
  '/inventaire/search',
  '/inventaire/univers/appliance/fichedetail?id={appliance}',
  '/inventaire/univers/appliance/update?id={appliance}',
  '/productlist',
  '/productlist?flag=toadd',
  '/productlist?flag=tosecond',
  '/new-device',
  '/inventaire/nouveau_2',
  '/entretien/fiche?prod={prod}&appliance={appliance}',
  '/entretien/fichedetail?card={card}&prod={prod}',
  '/calendar',
  '/notification',
  '/badges/{badge}',
  '/carbotool',
  '/carbomap',
  '/offres',
  '/repair',
  '/repair?{device}',
  '/callplan?{device}',
  '/secondlife/actionselect?{device}',
  '/secondlife/give?{device}',
  '/secondlife/sell?{device}',
  '/secondlife/recycle?{device}',
  '/replace/appliance?{device}',
  '/replace/product',
  '/renew/optionselect?{device}',
  '/renew/fundsearch?{device}',
  '/renew/tip?{device}',
  '/renew/offer?{device}',
  '/smarfix',
  '/etiquettes',
  '/demarches',
  '/demarches/{claim}',
  '/demarches/nouvelle?applianceId={appliance}',
  '/pas-une-route',
];

describe('accessibility and phone guards of every page (axe, 390 px)', () => {
  it('has no serious or critical violation nor phone defect on the public pages', async () => {
    const signedOut = await newContext(browser, PHONE);
    const p = await signedOut.newPage();
    watchConsole(p);
    const problems: string[] = [];
    for (const path of [
      '/login',
      '/register',
      '/forgot-password',
      '/reset-password?token=x',
      '/confidentialite',
      '/confirm-email?token=x',
      `/public/badges/${ids.publicUuid}`,
      // What a stranger opens from a forwarded link: an invitation, the dossier shared read-only.
      `/invitation${ids.invitation}`,
      ids.share,
    ]) {
      await p.goto(path);
      await settled(p);
      problems.push(...(await seriousViolations(p)), ...(await phoneDefects(p)), ...(await wordingDefects(p)));
    }
    await signedOut.close();
    expect(problems).toEqual([]);
  });

  it.each(SIGNED_IN_PATHS)('has no serious or critical violation nor phone defect on %s (signed in)', async (template) => {
    const values: Record<string, string | number> = { ...ids, device: `appliance=${ids.appliance}&prod=${ids.prod}` };
    await page.goto(template.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key])));
    await settled(page);
    expect([...(await seriousViolations(page)), ...(await phoneDefects(page)), ...(await wordingDefects(page))]).toEqual([]);
  });

  // The profile's sections are tabs, one shown at a time: each is checked at its own address.
  it.each([
    ['securite', 'Sécurité'],
    ['foyer', 'Foyer'],
    ['notifications', 'Notifications'],
    ['donnees', 'Mes données'],
  ])('has no serious or critical violation nor phone defect on /profile#%s (signed in)', async (hash, tab) => {
    await page.goto(`/profile#${hash}`);
    await expect.poll(() => page.getByRole('tab', { name: tab, selected: true }).count(), { message: `tab ${tab}` }).toBe(1);
    await settled(page);
    expect([...(await seriousViolations(page)), ...(await phoneDefects(page)), ...(await wordingDefects(page))]).toEqual([]);
  });

  it('has no serious or critical violation nor phone defect on a QR label opened, and on the letter to the seller (signed in)', async () => {
    await page.goto(`/a/${ids.label}`);
    await page.waitForURL(/\/inventaire\/univers\/appliance\/fichedetail\?id=/);
    await settled(page);
    const letter = page.getByTestId('claim-letter');
    await letter.locator('summary').click();
    await expect.poll(() => letter.getAttribute('open')).not.toBeNull();
    await settled(page);
    expect([...(await seriousViolations(page)), ...(await phoneDefects(page)), ...(await wordingDefects(page))]).toEqual([]);
  });

  // A lecteur's session: the same guards on what he reads, and on the pages that send him elsewhere.
  it('has no serious or critical violation nor phone defect in a lecteur’s session', { timeout: 180_000 }, async () => {
    const own = await newContext(browser, PHONE);
    const p = await own.newPage();
    watchConsole(p);
    await login(p, reader.email, reader.password);
    await p.waitForURL(/\/(home|welcome)$/);
    const problems: string[] = [];
    for (const path of [
      '/home',
      '/inventaire',
      `/inventaire/univers/${ids.universe}/detail`,
      `/inventaire/univers/appliance/fichedetail?id=${ids.appliance}`,
      `/entretien/fiche?prod=${ids.prod}&appliance=${ids.appliance}`,
      `/entretien/fichedetail?card=${ids.card}&prod=${ids.prod}`,
      '/calendar',
      '/etiquettes',
      '/profile#foyer',
      // Write-only pages: he is sent to where the same thing is read, with the reason.
      '/new-device',
      `/inventaire/univers/appliance/update?id=${ids.appliance}`,
    ]) {
      await p.goto(path);
      await settled(p);
      problems.push(...(await seriousViolations(p)), ...(await phoneDefects(p)), ...(await wordingDefects(p)));
    }
    await own.close();
    expect(problems).toEqual([]);
  });

  it('reports no console error or warning (CSP included), no script error and no unexpected HTTP error on any of them', () => {
    expect(consoleProblems).toEqual([]);
  });
});
