import { createECDH, randomBytes } from 'node:crypto';
import { API_MSG, type Notification, type Rappel } from '@ecofoyer/contracts';
import type { FastifyInstance } from 'fastify';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { joinFoyer } from '../../../test/foyer.ts';
import { multipart } from '../../../test/multipart.ts';
import { rappelConsoServer } from '../../../test/rappelconso-server.ts';
import { pushService } from '../../../test/security/seed.ts';
import { smtpCapture } from '../../../test/smtp-capture.ts';
import { createTestApp, signedInUser, type TestApp } from '../../../test/test-app.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import type { NotificationRow } from '../../db/schema.ts';
import { MailQueue } from '../../lib/mail-queue.ts';

type User = Awaited<ReturnType<typeof signedInUser>>;

let t: TestApp;
let smtp: Awaited<ReturnType<typeof smtpCapture>>;
let rc: Awaited<ReturnType<typeof rappelConsoServer>>;
let push: Awaited<ReturnType<typeof pushService>>;
let founder: User;
let membre: User;
let lecteur: User;
let neighbour: User;
let products: { id: number; prodName: string }[];
const universes = new Map<number, number>();
const EMAILS = ['rappel-fondatrice@exemple.fr', 'rappel-membre@exemple.fr', 'rappel-lecteur@exemple.fr', 'rappel-voisin@exemple.fr'];
const users = (id: number) => `/api/V1/profils/users/${id}`;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

beforeAll(async () => {
  smtp = await smtpCapture();
  rc = await rappelConsoServer();
  push = await pushService();
  t = await createTestApp({ SMTP_URL: smtp.url, PUSH_ALLOW_HTTP: 'true', RAPPELCONSO_URL: rc.url, RAPPELCONSO_PAGE_SIZE: '2' });
  [founder, membre, lecteur, neighbour] = await Promise.all(EMAILS.map((email) => signedInUser(t, email)));
  await joinFoyer(t, membre, founder.id, 'membre');
  await joinFoyer(t, lecteur, founder.id, 'lecteur');
  products = (await t.app.inject({ url: '/api/V1/references/refproducts', headers: founder.headers })).json();
}, 60_000);
afterAll(async () => {
  await t.app.close();
  await smtp.close();
  await rc.close();
  push.server.close();
});

/** An appliance of `user`'s household, added through the API. */
async function add(user: User, product: string, fields: Record<string, unknown>): Promise<{ id: number; name: string }> {
  if (!universes.has(user.id)) {
    const u = await multipart({ name: 'Buanderie' });
    universes.set(
      user.id,
      (
        await t.app.inject({
          method: 'POST',
          url: `${users(user.id)}/foyers/univers`,
          headers: { ...user.headers, ...u.headers },
          payload: u.payload,
        })
      ).json().univer_id,
    );
  }
  const body = await multipart({ data: JSON.stringify({ prod_id: products.find((p) => p.prodName === product)!.id, ...fields }) });
  const res = await t.app.inject({
    method: 'POST',
    url: `${users(user.id)}/foyers/univers/${universes.get(user.id)}/appliances`,
    headers: { ...user.headers, ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const recalls = async (user: User, query = '') => {
  const res = await t.app.inject({ url: `${users(user.id)}/rappels${query}`, headers: user.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Rappel[];
};
const recallNotifications = async (user: User) =>
  ((await t.app.inject({ url: `${users(user.id)}/notifs`, headers: user.headers })).json() as Notification[]).filter(
    (n) => n.type === 'RAPPEL',
  );
async function mailsTo(email: string): Promise<ParsedMail[]> {
  if (t.app.deps.mailer instanceof MailQueue) await t.app.deps.mailer.drain();
  return smtp.mails.filter((m) => m.to && !Array.isArray(m.to) && m.to.value.some((a) => a.address === email));
}
/** Moves the clock (the access tokens expire after 15 minutes: everyone signs in again). */
async function later(ms: number): Promise<void> {
  t.clock.advance(ms);
  [founder, membre, lecteur, neighbour] = await Promise.all(EMAILS.map((email) => signedInUser(t, email)));
}
const runs = () => t.db.selectFrom('recall_runs').selectAll().orderBy('day').execute();
/** The last notification's id: what a run creates comes after it. */
const lastNotification = async () =>
  Number(
    (
      await t.db
        .selectFrom('notifications')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirst()
    )?.id ?? 0,
  );
/**
 * What the job runner of `apps` does now (each its replica's, at the same time, as start.ts's
 * runners would): the day's watch when it is due; the recall notifications it created.
 */
async function watch(...apps: FastifyInstance[]): Promise<NotificationRow[]> {
  const before = await lastNotification();
  await Promise.all((apps.length > 0 ? apps : [t.app]).map((app) => app.deps.runner.drain()));
  return t.db.selectFrom('notifications').selectAll().where('type', '=', 'RAPPEL').where('id', '>', before).orderBy('id').execute();
}
/** A second replica: the same database and clock, its own process state. */
const replica = async (env: Record<string, string> = {}): Promise<FastifyInstance> => {
  const config = loadConfig({
    DATA_DIR: t.dataDir,
    JWT_SECRET: t.config.jwtSecret,
    LOG_LEVEL: 'silent',
    APP_URL: t.config.appUrl,
    SMTP_URL: smtp.url,
    RAPPELCONSO_URL: rc.url,
    RAPPELCONSO_PAGE_SIZE: '2',
    ...env,
  });
  const app = await buildApp({ config, db: t.db, clock: t.clock, logger: false });
  await app.ready();
  return app;
};

describe('product recall watch', () => {
  let washer: { id: number; name: string };
  let kettle: { id: number; name: string };
  let theirs: { id: number; name: string };

  it('reads the new sheets page by page and notifies each member of the matching appliances, once, by push and e-mail', async () => {
    washer = await add(founder, 'Lave-linge', { marque: 'Bosch', modele: 'Série 6 WGG24409FF' });
    kettle = await add(founder, 'Bouilloire', { marque: 'Sans nom', modele: 'K-17', ean: '3760123456784' });
    // Near misses: the sheet 2026-11-0157 lists « wgg24409fg » and « wgg2440 »; another brand with the same reference.
    await add(founder, 'Lave-linge', { marque: 'Bosch', modele: 'WGG24409FH' });
    await add(founder, 'Lave-linge', { marque: 'Bosch', modele: 'WGG244' });
    await add(founder, 'Lave-linge', { marque: 'Siemens', modele: 'WGG24409FF' });
    theirs = await add(neighbour, 'Lave-linge', { marque: 'BOSCH', modele: 'wgg-24409-ff' });
    const sub = await t.app.inject({
      method: 'POST',
      url: `${users(membre.id)}/push/subscriptions`,
      headers: membre.headers,
      payload: {
        endpoint: push.endpoint('membre'),
        keys: { p256dh: createECDH('prime256v1').generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') },
      },
    });
    expect(sub.statusCode, sub.body).toBe(201);

    const recallRows = await watch();
    // The washer and the kettle for the founder and the membre (not the lecteur), the neighbour's washer.
    expect(recallRows).toHaveLength(5);
    expect(recallRows.map((n) => `${n.user_id}:${n.appliance_id}`).sort()).toEqual(
      [
        `${founder.id}:${washer.id}`,
        `${founder.id}:${kettle.id}`,
        `${membre.id}:${washer.id}`,
        `${membre.id}:${kettle.id}`,
        `${neighbour.id}:${theirs.id}`,
      ].sort(),
    );

    // Two pages of two (RAPPELCONSO_PAGE_SIZE), the categories, the sheets of the last 30 days, oldest first.
    expect(rc.requests.map((q) => q.get('offset'))).toEqual(['0', '2']);
    const first = rc.requests[0]!;
    expect(first.get('limit')).toBe('2');
    expect(first.get('order_by')).toBe('date_publication');
    expect(first.get('where')).toBe(
      '(categorie_produit in ("appareils électriques, outils", "equipements de communication") or sous_categorie_produit in ("appareils à gaz")) and date_publication >= "2026-10-22T09:00:00.000Z"',
    );
    expect(await runs()).toMatchObject([
      { day: '2026-11-21', status: 'done', attempts: 1, fetched: 3, last_publication: new Date('2026-11-20T08:05:00Z') },
    ]);

    const [notification] = (await recallNotifications(membre)).filter((n) => n.applianceId === washer.id);
    expect(notification).toMatchObject({
      title: 'Rappel produit : Lave-linge bosch série 6',
      status: 'ACTIF',
      applianceId: washer.id,
      event: null,
    });
    expect(notification!.message).toBe(
      API_MSG.recallMessage(
        washer.name,
        "Risque d'incendie, brûlures.",
        "Ne plus utiliser le produit. Débrancher l'appareil. Contacter le service consommateur.",
        'https://rappel.conso.gouv.fr/fiche-rappel/18427/interne',
      ),
    );
    expect(await recallNotifications(lecteur)).toEqual([]);
    // A push for each of the membre's two recalls (their content is encrypted for the browser).
    expect(push.received.filter((u) => u.endsWith('/push/membre'))).toHaveLength(2);

    const mails = (await mailsTo('rappel-fondatrice@exemple.fr')).filter((m) => m.subject?.startsWith('Rappel produit'));
    expect(mails.map((m) => m.subject).sort()).toEqual([
      'Rappel produit : Bouilloire électrique 1,7 l',
      'Rappel produit : Lave-linge bosch série 6',
    ]);
    const mail = mails.find((m) => m.subject === 'Rappel produit : Lave-linge bosch série 6')!;
    expect(mail.text).toContain("Risque : Risque d'incendie, brûlures.");
    expect(mail.text).toContain('Fiche RappelConso : https://rappel.conso.gouv.fr/fiche-rappel/18427/interne');
    expect(mail.text).toContain(`Voir l’appareil : http://localhost:3000/inventaire/univers/appliance/fichedetail?id=${washer.id}`);
    expect(mail.html).toContain(`<a href="http://localhost:3000/inventaire/univers/appliance/fichedetail?id=${washer.id}"`);
    expect(await mailsTo('rappel-lecteur@exemple.fr')).toEqual([]);
  });

  it('lists the open recalls of the household, or of one appliance, to every member', async () => {
    const all = await recalls(founder);
    expect(all.map((r) => r.applianceId).sort()).toEqual([washer.id, kettle.id].sort());
    expect(await recalls(lecteur)).toEqual(all);
    expect(await recalls(membre, `?applianceId=${washer.id}`)).toEqual([
      {
        id: expect.any(Number),
        applianceId: washer.id,
        applianceName: washer.name,
        titre: 'Lave-linge bosch série 6',
        risque: "Risque d'incendie, brûlures.",
        conduite: "Ne plus utiliser le produit. Débrancher l'appareil. Contacter le service consommateur.",
        lien: 'https://rappel.conso.gouv.fr/fiche-rappel/18427/interne',
        publieLe: '2026-11-18T10:12:00.000Z',
      },
    ]);
    expect((await recalls(neighbour)).map((r) => r.applianceId)).toEqual([theirs.id]);
    expect((await t.app.inject({ url: `${users(founder.id)}/rappels`, headers: neighbour.headers })).statusCode).toBe(403);
  });

  it('does nothing more the same day, in this process or another replica', async () => {
    const asked = rc.requests.length;
    expect(await watch()).toEqual([]);
    const other = await replica();
    try {
      expect(await watch(other)).toEqual([]);
    } finally {
      await other.close();
    }
    expect(rc.requests.length).toBe(asked);
    expect(await runs()).toHaveLength(1);
  });

  it('reads from the last publication the next day, and matches the sheets kept with the appliances added since', async () => {
    await later(DAY);
    const late = await add(neighbour, 'Lave-linge', { marque: 'Bosch', modele: 'WGG244A9FF' });
    const asked = rc.requests.length;
    const created = await watch();
    expect(rc.requests[asked]!.get('where')).toContain('date_publication >= "2026-11-20T08:05:00.000Z"');
    // The recorded pages come again: nothing twice, only the new appliance.
    expect(created.map((n) => [n.user_id, n.appliance_id])).toEqual([[neighbour.id, late.id]]);
    expect(await recallNotifications(founder)).toHaveLength(2);
  });

  it('alerts once when two replicas’ runners look for work together', async () => {
    await later(DAY);
    const another = await add(founder, 'Lave-linge', { marque: 'bosch', modele: 'wgg 244 a9 ff' });
    const asked = rc.requests.length;
    const other = await replica();
    try {
      const created = await watch(t.app, other);
      expect(created.map((n) => n.user_id).sort()).toEqual([founder.id, membre.id].sort());
      expect(created.every((n) => n.appliance_id === another.id)).toBe(true);
    } finally {
      await other.close();
    }
    // One run: its two pages, asked once.
    expect(rc.requests.length - asked).toBe(2);
    expect((await recallNotifications(founder)).filter((n) => n.applianceId === another.id)).toHaveLength(1);
  });

  it('survives RappelConso out of service or unreachable, and tries again later that day', async () => {
    await later(DAY);
    const day = '2026-11-24';
    rc.answer(503);
    expect(await watch()).toEqual([]);
    expect((await runs()).find((r) => r.day === day)).toMatchObject({ status: 'failed', attempts: 1, error: 'RappelConso answered 503' });
    // Not again a minute later (no hot loop), nor from a replica, before RAPPELCONSO_RETRY_MINUTES.
    const asked = rc.requests.length;
    await later(60_000);
    await watch();
    const other = await replica();
    try {
      await watch(other);
    } finally {
      await other.close();
    }
    expect(rc.requests.length).toBe(asked);

    // An address nothing answers: a replica configured so fails the same way, without throwing.
    await later(HOUR);
    const unreachable = await replica({ RAPPELCONSO_URL: 'http://127.0.0.1:9' });
    try {
      expect(await watch(unreachable)).toEqual([]);
    } finally {
      await unreachable.close();
    }
    expect((await runs()).find((r) => r.day === day)).toMatchObject({ status: 'failed', attempts: 2 });

    await later(HOUR);
    rc.answer(200);
    await watch();
    expect(rc.requests.length).toBeGreaterThan(asked);
    expect((await runs()).find((r) => r.day === day)).toMatchObject({ status: 'done', attempts: 3, error: null });
  });

  it('marks a recall handled for the whole household: hidden, never alerted again; a lecteur may not', async () => {
    const [recall] = await recalls(founder, `?applianceId=${washer.id}`);
    const handle = (user: User, owner = user, id = recall!.id) =>
      t.app.inject({ method: 'POST', url: `${users(owner.id)}/rappels/${id}/traite`, headers: user.headers });
    const refused = await handle(lecteur);
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'FOYER_READ_ONLY']);
    expect((await handle(neighbour)).statusCode).toBe(404);
    expect((await handle(membre)).statusCode).toBe(204);
    expect((await handle(founder)).statusCode).toBe(204);
    expect(await recalls(founder, `?applianceId=${washer.id}`)).toEqual([]);
    expect((await recalls(lecteur)).map((r) => r.applianceId)).not.toContain(washer.id);
    const row = await t.db
      .selectFrom('appliance_recalls')
      .select(['handled_by', 'handled_at'])
      .where('id', '=', recall!.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ handled_by: membre.id, handled_at: t.clock.now() });

    await later(DAY);
    expect(await watch()).toEqual([]);
  });
});
