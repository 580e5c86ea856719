import { createECDH, randomBytes } from 'node:crypto';
import { API_MSG, DEFAULT_NOTIFICATION_PREFERENCES, MSG } from '@ecofoyer/contracts';
import type { ParsedMail } from 'mailparser';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MailQueue } from '../../lib/mail-queue.ts';
import { joinFoyer } from '../../../test/foyer.ts';
import { multipart } from '../../../test/multipart.ts';
import { pushService } from '../../../test/security/seed.ts';
import { smtpCapture } from '../../../test/smtp-capture.ts';
import { createTestApp, signedInUser, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof smtpCapture>>;
let push: Awaited<ReturnType<typeof pushService>>;
type User = { id: number; headers: Record<string, string> };
const users = (id: number) => `/api/V1/profils/users/${id}`;
const HOUR = 3_600_000;

beforeAll(async () => {
  smtp = await smtpCapture();
  push = await pushService();
  t = await createTestApp({ SMTP_URL: smtp.url, PUSH_ALLOW_HTTP: 'true' });
});
afterAll(async () => {
  await t.app.close();
  await smtp.close();
  push.server.close();
});

/** The mails received so far by `email`, once the queue has handed everything due to the SMTP server. */
async function mailsTo(email: string): Promise<ParsedMail[]> {
  if (t.app.deps.mailer instanceof MailQueue) await t.app.deps.mailer.drain();
  return smtp.mails.filter((m) => m.to && !Array.isArray(m.to) && m.to.value.some((a) => a.address === email));
}

/** A header as the mail carries it (mailparser files the List-* headers under `list`). */
const header = (mail: ParsedMail, key: string) => {
  const line = mail.headerLines.find((h) => h.key === key)?.line;
  return line
    ?.slice(line.indexOf(':') + 1)
    .replace(/\r?\n\s+/g, ' ')
    .trim();
};

const plan = (user: User, title: string, at: Date, assigneeId?: number) =>
  t.app.inject({
    method: 'POST',
    url: `${users(user.id)}/events`,
    headers: user.headers,
    payload: { title, dt_realisation: at.toISOString(), ...(assigneeId ? { assigneeId } : {}) },
  });
const setPreferences = (user: User, payload: object) =>
  t.app.inject({ method: 'PUT', url: `${users(user.id)}/preferences/notifications`, headers: user.headers, payload });

/** An appliance bought on `dt_achat`, in a new universe of the owner's household; answers the creation's status. */
async function bought(owner: User, room: string, marque: string, dt_achat: string): Promise<number> {
  const u = await multipart({ name: room });
  const universe = (
    await t.app.inject({
      method: 'POST',
      url: `${users(owner.id)}/foyers/univers`,
      headers: { ...owner.headers, ...u.headers },
      payload: u.payload,
    })
  ).json().univer_id;
  const body = await multipart({ data: JSON.stringify({ prod_id: 1, marque, modele: 'M1', dt_achat }) });
  const created = await t.app.inject({
    method: 'POST',
    url: `${users(owner.id)}/foyers/univers/${universe}/appliances`,
    headers: { ...owner.headers, ...body.headers },
    payload: body.payload,
  });
  return created.statusCode;
}

describe('notification preferences and reminder mails', () => {
  it('starts with everything on and e-mail at each reminder; a member changes their own choices only', async () => {
    const me = await signedInUser(t, 'prefs-moi@exemple.fr');
    const other = await signedInUser(t, 'prefs-autre@exemple.fr');
    const read = await t.app.inject({ url: `${users(me.id)}/preferences/notifications`, headers: me.headers });
    expect(read.json()).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
    const saved = await setPreferences(me, { app: true, push: false, email: true, emailMode: 'hebdo' });
    expect([saved.statusCode, saved.json()]).toEqual([200, { app: true, push: false, email: true, emailMode: 'hebdo' }]);
    expect((await setPreferences(me, { app: true, push: true, email: true, emailMode: 'mensuel' })).statusCode).toBe(400);
    expect((await setPreferences(other, { app: true, push: true, email: true, emailMode: 'hebdo' })).json().emailMode).toBe('hebdo');
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `${users(me.id)}/preferences/notifications`,
          headers: other.headers,
          payload: DEFAULT_NOTIFICATION_PREFERENCES,
        })
      ).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ url: `${users(me.id)}/preferences/notifications`, headers: me.headers })).json().push).toBe(false);
  });

  it('mails a reminder in text and HTML through SMTP, with a one-click unsubscribe that turns e-mail off', async () => {
    const me = await signedInUser(t, 'rappel-mail@exemple.fr');
    await plan(me, 'Détartrer la cafetière', new Date(t.clock.now().getTime() + 6 * HOUR));
    await t.app.services.notifications.tick();

    const [mail, ...more] = await mailsTo('rappel-mail@exemple.fr');
    expect(more).toEqual([]);
    expect(mail!.subject).toContain('Détartrer la cafetière');
    // The button opens the task itself, where it is marked done.
    const [reminder] = (await t.app.inject({ url: `${users(me.id)}/notifs`, headers: me.headers })).json();
    expect(mail!.text).toContain(`Ouvrir l’entretien : http://localhost:3000/notification?id=${reminder.id}`);
    expect(mail!.text).toContain(`${API_MSG.reminderMailPreferences} : http://localhost:3000/profile#notifications`);
    expect(mail!.html).toContain(`<a href="http://localhost:3000/notification?id=${reminder.id}"`);
    expect(mail!.html).toContain('Détartrer la cafetière');
    expect(header(mail!, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const oneClick = /^<(http[^>]+)>$/.exec(header(mail!, 'list-unsubscribe') ?? '')![1]!;
    expect(oneClick).toMatch(new RegExp(`^http://localhost:3000/api/V1/notifs/desabonnement\\?u=${me.id}&sig=[\\w-]+$`));

    // A person following the link gets the page that asks first; the mail client's POST does it.
    const url = oneClick.replace('http://localhost:3000', '');
    const followed = await t.app.inject({ url });
    expect(followed.statusCode).toBe(303);
    expect(followed.headers.location).toBe(`/desabonnement${url.slice(url.indexOf('?'))}`);
    expect((await t.app.inject({ url: `${users(me.id)}/preferences/notifications`, headers: me.headers })).json().email).toBe(true);
    const unsubscribed = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect([unsubscribed.statusCode, unsubscribed.json().message]).toEqual([200, API_MSG.unsubscribeDone]);
    expect((await t.app.inject({ url: `${users(me.id)}/preferences/notifications`, headers: me.headers })).json()).toEqual({
      ...DEFAULT_NOTIFICATION_PREFERENCES,
      email: false,
    });

    // No mail for the next reminder; the notification is still in the app.
    await plan(me, 'Nettoyer le filtre du lave-vaisselle', new Date(t.clock.now().getTime() + 7 * HOUR));
    await t.app.services.notifications.tick();
    expect(await mailsTo('rappel-mail@exemple.fr')).toHaveLength(1);
    expect((await t.app.inject({ url: `${users(me.id)}/notifs/count`, headers: me.headers })).json()).toBe(2);

    // A signature of another account, or altered, changes nothing.
    const forged = url.replace(`u=${me.id}`, `u=${me.id + 1}`);
    const refused = await t.app.inject({
      method: 'POST',
      url: forged,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect([refused.statusCode, refused.json().message]).toEqual([400, MSG.unsubscribeInvalid]);
  });

  it('keeps a reminder out of the app, push and mail, each as the member chose', async () => {
    const me = await signedInUser(t, 'rappel-muet@exemple.fr');
    const sub = await t.app.inject({
      method: 'POST',
      url: `${users(me.id)}/push/subscriptions`,
      headers: me.headers,
      // A real browser key pair: web-push encrypts for it.
      payload: {
        endpoint: push.endpoint('muet'),
        keys: { p256dh: createECDH('prime256v1').generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') },
      },
    });
    expect(sub.statusCode, sub.body).toBe(201);
    await setPreferences(me, { app: false, push: false, email: false, emailMode: 'immediat' });
    await plan(me, 'Vidanger le chauffe-eau', new Date(t.clock.now().getTime() + 5 * HOUR));
    const pushed = push.received.length;
    const created = await t.app.services.notifications.tick();
    expect(created.some((n) => n.user_id === me.id)).toBe(true);
    expect((await t.app.inject({ url: `${users(me.id)}/notifs`, headers: me.headers })).json()).toEqual([]);
    expect((await t.app.inject({ url: `${users(me.id)}/notifs/count`, headers: me.headers })).json()).toBe(0);
    expect(push.received.filter((u) => u.includes('/push/muet')).length, 'no push').toBe(0);
    expect(push.received.length).toBe(pushed);
    expect(await mailsTo('rappel-muet@exemple.fr')).toEqual([]);

    // Push back on: the next reminder is pushed, still not listed.
    await setPreferences(me, { app: false, push: true, email: false, emailMode: 'immediat' });
    await plan(me, 'Purger le chauffe-eau', new Date(t.clock.now().getTime() + 6 * HOUR));
    await t.app.services.notifications.tick();
    expect(push.received.filter((u) => u.includes('/push/muet')).length).toBe(1);
  });

  it('groups the reminders of a member falling due together (an import’s tasks) into one mail and one push; each stays in the app', async () => {
    const me = await signedInUser(t, 'rappel-groupe@exemple.fr');
    const sub = await t.app.inject({
      method: 'POST',
      url: `${users(me.id)}/push/subscriptions`,
      headers: me.headers,
      payload: {
        endpoint: push.endpoint('groupe'),
        keys: { p256dh: createECDH('prime256v1').generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') },
      },
    });
    expect(sub.statusCode, sub.body).toBe(201);
    const tasks = ['Détartrer la bouilloire', 'Nettoyer le filtre', 'Dégivrer le congélateur', 'Purger les radiateurs'];
    for (const [i, title] of tasks.entries()) await plan(me, title, new Date(t.clock.now().getTime() + (5 + i) * HOUR));
    // (Planning a first task earns a badge, pushed on its own: counted from here.)
    const pushes = () => push.received.filter((u) => u.endsWith('/push/groupe')).length;
    const before = pushes();
    await t.app.services.notifications.tick();

    const mails = await mailsTo('rappel-groupe@exemple.fr');
    expect(mails.map((m) => m.subject)).toEqual(['4 entretiens à prévoir']);
    for (const title of tasks) expect(mails[0]!.text).toContain(title);
    expect(mails[0]!.text).toContain('Voir mes notifications : http://localhost:3000/notification');
    expect(pushes() - before).toBe(1);
    const listed = (
      (await t.app.inject({ url: `${users(me.id)}/notifs`, headers: me.headers })).json() as { title: string; type: string }[]
    )
      .filter((n) => n.type === 'MAINTENANCE')
      .map((n) => n.title);
    expect(listed).toHaveLength(4);
    for (const task of tasks) expect(listed.some((title) => title.includes(task))).toBe(true);

    // One more alone, an hour later: a mail and a push of its own, as usual.
    t.clock.advance(HOUR);
    const next = await signedInUser(t, 'rappel-groupe@exemple.fr');
    await plan(next, 'Changer le filtre de la hotte', new Date(t.clock.now().getTime() + 20 * HOUR));
    const beforeNext = pushes();
    await t.app.services.notifications.tick();
    expect((await mailsTo('rappel-groupe@exemple.fr')).map((m) => m.subject)).toEqual([
      '4 entretiens à prévoir',
      expect.stringContaining('Changer le filtre de la hotte'),
    ]);
    expect(pushes() - beforeNext).toBe(1);
  });

  it('sends the Sunday-evening digest once, with the week’s tasks of the member and of the whole foyer, late ones first', async () => {
    t.clock.set('2026-11-21T09:00:00Z');
    const owner = await signedInUser(t, 'resume-proprio@exemple.fr');
    const member = await signedInUser(t, 'resume-membre@exemple.fr');
    await joinFoyer(t, member, owner.id, 'membre');
    await setPreferences(owner, { app: true, push: true, email: true, emailMode: 'hebdo' });
    // Saturday 21: one task late by then, and the coming week's.
    expect((await plan(owner, 'Dégivrer le congélateur', new Date('2026-11-20T09:00:00Z'))).statusCode).toBe(201);
    await plan(member, 'Nettoyer la hotte', new Date('2026-11-25T17:00:00Z'));
    await plan(member, 'Pour le membre seulement', new Date('2026-11-24T17:00:00Z'), member.id);
    await plan(owner, 'Dans trois semaines', new Date('2026-12-15T09:00:00Z'));
    await t.app.services.notifications.tick();
    // The reminders of the late task went to the immediate member only.
    expect(await mailsTo('resume-proprio@exemple.fr')).toEqual([]);

    t.clock.set('2026-11-22T17:59:00Z'); // Sunday 18:59 in Paris: not yet.
    await t.app.services.notifications.tick();
    expect(await mailsTo('resume-proprio@exemple.fr')).toEqual([]);
    t.clock.set('2026-11-22T18:05:00Z'); // Sunday 19:05 in Paris.
    await t.app.services.notifications.tick();
    await t.app.services.notifications.tick();
    const digests = await mailsTo('resume-proprio@exemple.fr');
    expect(digests).toHaveLength(1);
    const digest = digests[0]!;
    expect(digest.subject).toBe(API_MSG.digestMailSubject('2 entretiens'));
    expect(digest.text).toContain(API_MSG.digestMailIntro('Camille'));
    const lines = digest.text!.split('\n').filter((l) => l.startsWith('- '));
    expect(lines).toEqual([
      '- En retard — vendredi 20 novembre 2026 : Dégivrer le congélateur',
      '- mercredi 25 novembre 2026 : Nettoyer la hotte',
    ]);
    expect(digest.html).toContain('<li>En retard — vendredi 20 novembre 2026 : Dégivrer le congélateur</li>');
    expect(header(digest, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    // The member who chose « à chaque rappel » gets no digest.
    expect((await mailsTo('resume-membre@exemple.fr')).filter((m) => m.subject?.startsWith('Votre semaine'))).toEqual([]);
    t.clock.set('2026-11-21T09:00:00Z');
  });

  it('mails the end of a guarantee to every member who looks after the foyer’s appliances, a lecteur gets none', async () => {
    t.clock.set('2026-11-21T09:00:00Z');
    const owner = await signedInUser(t, 'garantie-proprio@exemple.fr');
    const member = await signedInUser(t, 'garantie-membre@exemple.fr');
    const reader = await signedInUser(t, 'garantie-lecteur@exemple.fr');
    await joinFoyer(t, member, owner.id, 'membre');
    await joinFoyer(t, reader, owner.id, 'lecteur');
    const weekly = await signedInUser(t, 'garantie-hebdo@exemple.fr');
    await joinFoyer(t, weekly, owner.id, 'membre');
    await setPreferences(weekly, { app: true, push: true, email: true, emailMode: 'hebdo' });
    // Delivered on 20 December 2024: the legal guarantee ends on 20 December 2026, within 60 days.
    expect(await bought(owner, 'Cuisine', 'Whirlpool', '2024-12-20')).toBe(201);
    t.clock.set('2026-11-22T10:30:00Z'); // a Sunday morning: no digest yet
    await t.app.services.notifications.tick();
    for (const email of ['garantie-proprio@exemple.fr', 'garantie-membre@exemple.fr']) {
      const mails = (await mailsTo(email)).filter((m) => m.subject?.startsWith('Garantie :'));
      expect(mails, email).toHaveLength(1);
      expect(mails[0]!.subject).toContain('fin le 20 décembre 2026');
      expect(mails[0]!.text).toContain('Voir mes appareils : http://localhost:3000/inventaire');
    }
    expect(await mailsTo('garantie-lecteur@exemple.fr')).toEqual([]);
    // The member who chose the digest reads it on Sunday evening.
    expect(await mailsTo('garantie-hebdo@exemple.fr')).toEqual([]);
    t.clock.set('2026-11-22T18:10:00Z');
    await t.app.services.notifications.tick();
    const [digest, ...more] = await mailsTo('garantie-hebdo@exemple.fr');
    expect(more).toEqual([]);
    expect(digest!.subject).toBe(API_MSG.digestMailSubject('1 garantie'));
    expect(digest!.text).toContain(
      '- Garantie : Réfrigérateur Whirlpool, fin le 20 décembre 2026. Plus que 28 jours de garantie légale de conformité',
    );
    t.clock.set('2026-11-21T09:00:00Z');
  });

  it('makes a reminder and queues its mail in one transaction: a mail that cannot be queued leaves no reminder, and the next tick makes both', async () => {
    const me = await signedInUser(t, 'rappel-outbox@exemple.fr');
    await plan(me, 'Purger le chauffe-eau', new Date(t.clock.now().getTime() + 5 * HOUR));
    // The mail's insert refused (as a process killed between the two would leave it undone).
    await sql`create or replace function refuse_outbox_mail() returns trigger language plpgsql as $$
      begin raise exception 'refused by the test'; end $$`.execute(t.db);
    await sql`create trigger refuse_outbox_mail before insert on mail_queue for each row
      when (new.to_address = 'rappel-outbox@exemple.fr') execute function refuse_outbox_mail()`.execute(t.db);
    const notifications = () =>
      t.db.selectFrom('notifications').select('title').where('user_id', '=', me.id).where('type', '=', 'MAINTENANCE').execute();
    try {
      await expect(t.app.services.notifications.tick()).rejects.toThrow(/refused by the test/);
      expect(await notifications()).toEqual([]);
    } finally {
      await sql`drop trigger refuse_outbox_mail on mail_queue`.execute(t.db);
      await sql`drop function refuse_outbox_mail()`.execute(t.db);
    }
    await t.app.services.notifications.tick();
    expect(await notifications()).toHaveLength(1);
    expect((await mailsTo('rappel-outbox@exemple.fr')).map((m) => m.subject)).toEqual([expect.stringContaining('Purger le chauffe-eau')]);
  });
  it('queues a guarantee reminder with its mail: a mail that cannot be queued leaves no reminder, and the next tick makes both', async () => {
    t.clock.set('2026-11-21T09:00:00Z');
    const owner = await signedInUser(t, 'garantie-outbox@exemple.fr');
    expect(await bought(owner, 'Buanderie', 'Miele', '2024-12-20')).toBe(201);
    const reminders = () =>
      t.db.selectFrom('notifications').select('title').where('user_id', '=', owner.id).where('type', '=', 'GARANTIE').execute();
    t.clock.set('2026-11-22T10:30:00Z');
    await sql`create or replace function refuse_outbox_mail() returns trigger language plpgsql as $$
      begin raise exception 'refused by the test'; end $$`.execute(t.db);
    await sql`create trigger refuse_outbox_mail before insert on mail_queue for each row
      when (new.to_address = 'garantie-outbox@exemple.fr') execute function refuse_outbox_mail()`.execute(t.db);
    try {
      await t.app.services.notifications.tick();
      expect(await reminders()).toEqual([]);
    } finally {
      await sql`drop trigger refuse_outbox_mail on mail_queue`.execute(t.db);
      await sql`drop function refuse_outbox_mail()`.execute(t.db);
    }
    // The guarantees are looked at once an hour.
    t.clock.set('2026-11-22T12:30:00Z');
    await t.app.services.notifications.tick();
    expect(await reminders()).toHaveLength(1);
    expect((await mailsTo('garantie-outbox@exemple.fr')).filter((m) => m.subject?.startsWith('Garantie :'))).toHaveLength(1);
    t.clock.set('2026-11-21T09:00:00Z');
  });
});
