import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Page } from 'playwright-core';
import { type ParsedMail, simpleParser } from 'mailparser';
import { expect, inject } from 'vitest';
import { typographyFaults } from '@ecofoyer/contracts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts';

export const baseURL = () => inject('baseURL');

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

/** Debian's Chromium with the flags this machine needs (no downloads, no network). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/** A phone's touch screen and mobile viewport, for what changes with `(pointer: coarse)`. */
export const TOUCH: BrowserContextOptions = { isMobile: true, hasTouch: true };

export async function newContext(browser: Browser, viewport = DESKTOP, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: baseURL(), viewport, locale: 'fr-FR', ...options });
  context.setDefaultTimeout(10_000);
  return context;
}

/** A field's label, with or without the required asterisk. */
export function label(text: string): RegExp {
  return new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`);
}

let seq = 0;
export function uniqueEmail(prefix = 'e2e'): string {
  seq += 1;
  return `${prefix}-${Date.now().toString(36)}-${seq}@exemple.fr`;
}

export const PASSWORD = 'Ecofoyer1!';

/** Creates an account through the API (the UI flow itself is tested in auth-flow.spec.ts). */
export async function createAccount(email = uniqueEmail(), password = PASSWORD, firstname = 'Camille') {
  const res = await fetch(`${baseURL()}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: email, firstname, lastname: 'Durand', email, password }),
  });
  if (res.status !== 201) throw new Error(`signup failed: ${res.status} ${await res.text()}`);
  return { email, password, firstname };
}

/** Signs `account` in through the API: its id and access token (valid 15 minutes of the server's clock). */
export async function apiSignIn(account: { email: string; password: string }): Promise<{ id: number; accessToken: string }> {
  const res = await fetch(`${baseURL()}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: account.email, password: account.password }),
  });
  if (res.status !== 200) throw new Error(`signin failed: ${res.status} ${await res.text()}`);
  return res.json();
}

/**
 * A new account with one universe and one appliance in it, seeded through the API (the wizard and
 * the universe form are tested through the UI in their own specs). `appliance` is the creation
 * payload on top of a Bosch washing machine; `api` calls the API with the account's token.
 */
export async function household(
  options: { firstname?: string; universe?: Record<string, string>; appliance?: Record<string, unknown>; productName?: string } = {},
) {
  const account = await createAccount(undefined, undefined, options.firstname);
  const signin = await fetch(`${baseURL()}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: account.email, password: account.password }),
  });
  const session = (await signin.json()) as { id: number; accessToken: string };
  const api = async <T>(route: string, init: RequestInit = {}): Promise<T> => {
    const res = await fetch(`${baseURL()}${route}`, {
      ...init,
      headers: { authorization: `Bearer ${session.accessToken}`, ...init.headers },
    });
    if (!res.ok) throw new Error(`${route}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<T>;
  };
  const form = (fields: Record<string, string>) => {
    const f = new FormData();
    for (const [k, v] of Object.entries(fields)) f.append(k, v);
    return f;
  };
  const products = await api<{ id: number; prodName: string }[]>('/api/V1/references/refproducts');
  const prodId = products.find((p) => p.prodName === (options.productName ?? 'Lave-linge'))!.id;
  const home = `/api/V1/profils/users/${session.id}/foyers/univers`;
  const { univer_id: universeId } = await api<{ univer_id: number }>(home, {
    method: 'POST',
    body: form(options.universe ?? { name: 'Buanderie' }),
  });
  const data = JSON.stringify({ prod_id: prodId, marque: 'Bosch', modele: 'Serie 4', ...options.appliance });
  const { id: applianceId } = await api<{ id: number }>(`${home}/${universeId}/appliances`, { method: 'POST', body: form({ data }) });
  return { account, userId: session.id, api, prodId, universeId, applianceId };
}

/** Signs in through the login page. */
export async function login(page: Page, email: string, password = PASSWORD, remember = false) {
  await page.goto('/login');
  await page.getByLabel(label('Email')).fill(email);
  await page.getByLabel(label('Mot de passe')).fill(password);
  if (remember) await page.getByLabel('Se souvenir de moi').check();
  await page.getByRole('button', { name: 'Valider' }).click();
}

/** The reset link mailed to `email`, read from the outbox (.eml written by nodemailer). */
export function resetLinkFromOutbox(email: string, timeoutMs = 10_000): Promise<string> {
  return linkFromOutbox(email, 'reset-password', timeoutMs);
}

/** The newest link to `/<route>?token=…` mailed to `email`, read from the outbox. */
export async function linkFromOutbox(email: string, route: string, timeoutMs = 10_000): Promise<string> {
  const outbox = path.join(inject('dataDir'), 'outbox');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    let files: string[] = [];
    try {
      files = readdirSync(outbox).filter((f) => f.includes(email.replace(/[^a-z0-9@._-]/gi, '_')));
    } catch {
      // not created yet
    }
    if (files.length > 0) {
      const mail = readFileSync(path.join(outbox, files.sort().at(-1) as string), 'utf8');
      const body = mail.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      const match = new RegExp(`(http://[^\\s]+/${route}\\?token=[A-Za-z0-9_%-]+)`).exec(body);
      if (match) return match[1]!;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no ${route} mail for ${email}`);
}

/** A new account signed in through the login page, in a fresh browser context. */
export async function signedIn(browser: Browser, viewport = DESKTOP): Promise<{ context: BrowserContext; page: Page }> {
  const account = await createAccount();
  const context = await newContext(browser, viewport);
  const page = await context.newPage();
  await login(page, account.email, account.password);
  await page.waitForURL(/\/(home|welcome)$/);
  return { context, page };
}

/** Waits for the toast of a badge just earned, naming it. */
export const badgeToast = (page: Page, name: string) =>
  expect
    .poll(
      async () => {
        const toast = page
          .getByRole('alert')
          .filter({ hasText: 'Nouveau badge !' })
          .filter({ has: page.getByText(name, { exact: true }) });
        return (await toast.count()) > 0 && (await toast.first().isVisible());
      },
      { message: `toast Nouveau badge ! ${name}` },
    )
    .toBe(true);

/** Waits until a text is visible (React renders after the URL changes). */
export const visible = (page: Page, text: string | RegExp) =>
  expect.poll(() => page.getByText(text).first().isVisible(), { message: String(text) }).toBe(true);

/** Moves the server's clock (test-only route of global-setup.ts) and runs the reminders' tick. */
export async function moveClock(offsetMs: number): Promise<{ created: number }> {
  const res = await fetch(`${baseURL()}/__e2e/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ offsetMs }),
  });
  return (await res.json()) as { created: number };
}

/** The mails the SMTP server received for `email` (global-setup.ts files them in the outbox), parsed, oldest first. */
export async function mailsTo(email: string): Promise<ParsedMail[]> {
  const outbox = path.join(inject('dataDir'), 'outbox');
  let files: string[] = [];
  try {
    files = readdirSync(outbox).filter((f) => f.endsWith(`-${email.replace(/[^a-z0-9@._-]/gi, '_')}.eml`));
  } catch {
    return [];
  }
  return Promise.all(files.sort().map((f) => simpleParser(readFileSync(path.join(outbox, f)))));
}

/** Waits for a mail to `email` whose subject contains `subject`. */
export async function mailTo(email: string, subject: string): Promise<ParsedMail> {
  let found: ParsedMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailsTo(email)).find((m) => m.subject?.includes(subject));
        return found !== undefined;
      },
      { message: `mail « ${subject} » to ${email}` },
    )
    .toBe(true);
  return found!;
}

/**
 * French typography of the page as the user reads it: the snippets of `document.body.innerText`
 * with an ASCII apostrophe, an ordinary space before : ; ! ? or inside « », or thousands grouped by
 * a space (contracts' typographyFaults, the rule the texts' unit test applies too).
 */
export async function typographyDefects(page: Page): Promise<string[]> {
  const text = await page.evaluate(() => document.body.innerText);
  return typographyFaults(text).map((f) => `${new URL(page.url()).pathname}: ${f}`);
}

/** Words a button may capitalise besides its first: proper nouns, brands and acronyms. */
const PROPER = new Set(
  'EcoFoyer Freemium Assuré Smart-fix Donnons.org Emmaüs QualiRépar ADEME RappelConso EPREL Bosch YouTube Instagram Facebook WhatsApp LinkedIn Homebox Avery Google Apple Outlook Open Products Facts Paris France PDF QR CSV EAN CGU FAQ SAV GRDF TV USB OK'.split(
    ' ',
  ),
);

/** Buttons whose label is not in sentence case (« Ajouter Un Appareil », « VALIDER »), as they are shown. */
export async function buttonCaseDefects(page: Page): Promise<string[]> {
  // Each line of a button is a label of its own (a card's title, then its subtitle).
  const labels = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('button, a.mantine-Button-root, [role="button"]')]
      .filter((b) => b.getClientRects().length > 0 && getComputedStyle(b).visibility !== 'hidden')
      .flatMap((b) => b.innerText.split('\n'))
      .map((t) => t.replace(/\s+/g, ' ').trim())
      .filter((t) => t.length > 0),
  );
  const where = new URL(page.url()).pathname;
  const wrong = (label: string) =>
    // A name quoted in « » is written as it is named.
    label
      .replace(/«[^»]*»/g, '«»')
      .split(' ')
      .some((raw, i, words) => {
        const w = raw.replace(/[^\p{L}\d’.-]/gu, '').replace(/\.$/, '');
        if (w === '' || PROPER.has(w)) return false;
        // A word in capitals (« VALIDER »), or a capital inside the label not after a full stop.
        if (w.length > 1 && w === w.toUpperCase() && /\p{L}/u.test(w)) return true;
        return i > 0 && /^\p{Lu}/u.test(w) && !/[.:!?·—]$/.test(words[i - 1]!);
      });
  return [...new Set(labels.filter(wrong))].map((label) => `${where}: bouton « ${label} »`);
}
