import { MSG } from '@ecofoyer/contracts';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInUser, type TestApp } from '../../../test/test-app.ts';
import { multipart } from '../../../test/multipart.ts';

let t: TestApp;
let me: Awaited<ReturnType<typeof signedInUser>>;
let other: Awaited<ReturnType<typeof signedInUser>>;
let applianceId: number;

const events = (userId: number) => `/api/V1/profils/users/${userId}/events`;

beforeAll(async () => {
  t = await createTestApp();
  me = await signedInUser(t, 'moi@exemple.fr');
  other = await signedInUser(t, 'autre@exemple.fr');
  const u = await multipart({ name: 'Buanderie' });
  const universe = (
    await t.app.inject({
      method: 'POST',
      url: `/api/V1/profils/users/${me.id}/foyers/univers`,
      headers: { ...me.headers, ...u.headers },
      payload: u.payload,
    })
  ).json();
  const a = await multipart({ data: JSON.stringify({ prod_id: 1, marque: 'Bosch', modele: 'Série 6' }) });
  applianceId = (
    await t.app.inject({
      method: 'POST',
      url: `/api/V1/profils/users/${me.id}/foyers/univers/${universe.univer_id}/appliances`,
      headers: { ...me.headers, ...a.headers },
      payload: a.payload,
    })
  ).json().id;
});
afterAll(async () => {
  await t.app.close();
});

const post = (url: string, payload: object, user = me) => t.app.inject({ method: 'POST', url, headers: user.headers, payload });

describe('events', () => {
  it('creates a MAINTENANCE event that starts NEW, then records it as done', async () => {
    const res = await post(events(me.id), {
      title: 'Nettoyer le filtre',
      dt_realisation: '2026-12-05T09:00:00Z',
      note: 'Prévoir une serpillère',
      applianceId,
      maintenanceCardId: null,
      status: 'DONE',
    });
    expect(res.statusCode).toBe(201);
    const e = res.json();
    expect(e).toMatchObject({
      title: 'Nettoyer le filtre',
      type: 'MAINTENANCE',
      status: 'NEW',
      applianceId,
      applianceName: 'Réfrigérateur Bosch',
      note: 'Prévoir une serpillère',
      done_at: null,
    });
    const note = await t.app.inject({
      method: 'PUT',
      url: `${events(me.id)}/${e.id}`,
      headers: me.headers,
      payload: { note: 'Fait avec les enfants' },
    });
    expect(note.json()).toMatchObject({ note: 'Fait avec les enfants', status: 'NEW' });
    const done = await t.app.inject({ method: 'PUT', url: `${events(me.id)}/${e.id}`, headers: me.headers, payload: { done: true } });
    expect(done.json()).toMatchObject({ status: 'DONE', done_at: t.clock.now().toISOString(), note: 'Fait avec les enfants' });
  });

  it('records a breakdown (PANNE) with no appliance (applianceId -1)', async () => {
    const res = await post(events(me.id), {
      title: 'Le four ne chauffe plus',
      dt_realisation: '2026-11-20T18:00:00Z',
      applianceId: -1,
      type: 'PANNE',
    });
    expect(res.json()).toMatchObject({ type: 'PANNE', applianceId: null });
  });

  it('refuses bad input and unknown references', async () => {
    expect((await post(events(me.id), { title: '', dt_realisation: '2026-12-05' })).json().message).toBe(MSG.eventTitleRequired);
    expect((await post(events(me.id), { title: 'x', dt_realisation: 'demain' })).json().message).toBe(MSG.eventDateInvalid);
    expect((await post(events(me.id), { title: 'x', dt_realisation: '2026-12-05', type: 'AUTRE' })).statusCode).toBe(400);
    expect((await post(events(me.id), { title: 'x', dt_realisation: '2026-12-05', maintenanceCardId: 99999 })).statusCode).toBe(404);
    expect((await post(`${events(me.id)}/period`, { title: 'x', dt_realisation: '2026-12-05', frequency: 'weekly' })).json().message).toBe(
      MSG.frequencyInvalid,
    );
  });

  it('expands a monthly series 12 months ahead, keeps it going as time passes, and a done occurrence breaks nothing', async () => {
    const user = await signedInUser(t, 'serie@exemple.fr');
    const res = await post(
      `${events(user.id)}/period`,
      { title: 'Détartrer la bouilloire', dt_realisation: '2026-11-30T08:00:00Z', frequency: 'monthly' },
      user,
    );
    expect(res.statusCode).toBe(201);
    const series = res.json();
    expect(series).toHaveLength(13);
    expect(new Set(series.map((e: { seriesId: string }) => e.seriesId)).size).toBe(1);
    const dates = series.map((e: { dt_realisation: string }) => e.dt_realisation.slice(0, 10)).sort();
    expect(dates.slice(0, 4)).toEqual(['2026-11-30', '2026-12-30', '2027-01-30', '2027-02-28']);
    expect(dates.at(-1)).toBe('2027-11-30');

    const first = series.find((e: { dt_realisation: string }) => e.dt_realisation.startsWith('2026-11-30'));
    await t.app.inject({ method: 'PUT', url: `${events(user.id)}/${first.id}`, headers: user.headers, payload: { done: true } });
    t.clock.advance(70 * 86_400_000); // early February 2027
    try {
      await checkLater();
    } finally {
      t.clock.set('2026-11-21T09:00:00Z');
    }
  });

  async function checkLater() {
    const user = await signedInUser(t, 'serie@exemple.fr'); // a fresh token at the new date
    const later = (await t.app.inject({ url: events(user.id), headers: user.headers })).json();
    const laterDates = later.map((e: { dt_realisation: string }) => e.dt_realisation.slice(0, 10));
    expect(laterDates).toContain('2028-01-30');
    expect(new Set(laterDates).size).toBe(laterDates.length);
    expect(later.filter((e: { status: string }) => e.status === 'DONE')).toHaveLength(1);
    expect(later.find((e: { dt_realisation: string }) => e.dt_realisation.startsWith('2026-12-30')).status).toBe('NEW');
  }

  it('refuses a series from 1970 or from far ahead with a French message and writes nothing; one within a year back still expands', async () => {
    const user = await signedInUser(t, 'serie-bornee@exemple.fr');
    const rows = async () =>
      (await t.db.selectFrom('events').select('dt_realisation').where('foyer_id', '=', user.id).orderBy('dt_realisation').execute()).map(
        (r) => r.dt_realisation.toISOString().slice(0, 10),
      );
    // 21 November 2026 (the test clock): a monthly series from 1970 wrote 695 rows.
    const old = await post(
      `${events(user.id)}/period`,
      { title: 'Détartrer', dt_realisation: '1970-01-15T09:00:00Z', frequency: 'monthly' },
      user,
    );
    expect(old.statusCode).toBe(400);
    expect(old.json().message).toBe(MSG.eventSeriesStartTooOld);
    expect(old.json().errors).toContainEqual(expect.objectContaining({ message: MSG.eventSeriesStartTooOld }));
    const far = await post(
      `${events(user.id)}/period`,
      { title: 'Détartrer', dt_realisation: '2029-01-15T09:00:00Z', frequency: 'yearly' },
      user,
    );
    expect(far.statusCode).toBe(400);
    expect(far.json().message).toBe(MSG.eventSeriesStartTooFar);
    expect(await rows()).toEqual([]);
    // Eleven months back: every month from then to 12 months ahead, as before.
    const recent = await post(
      `${events(user.id)}/period`,
      { title: 'Détartrer', dt_realisation: '2025-12-15T09:00:00Z', frequency: 'monthly' },
      user,
    );
    expect(recent.statusCode).toBe(201);
    expect(recent.json()).toHaveLength(24);
    expect((await rows()).slice(0, 2)).toEqual(['2025-12-15', '2026-01-15']);
    expect((await rows()).at(-1)).toBe('2027-11-15');
    // Two years ahead at most: a yearly series starting in 2028.
    expect(
      (
        await post(`${events(user.id)}/period`, { title: 'Ramoner', dt_realisation: '2028-10-01T09:00:00Z', frequency: 'yearly' }, user)
      ).json(),
    ).toHaveLength(2);
  });

  it('keeps a stored series from 1970 going from a year back only: a read writes a bounded number of rows', async () => {
    const user = await signedInUser(t, 'serie-ancienne@exemple.fr');
    // As a row written before the first date was bounded, or restored from a backup, would be.
    const seriesId = '00000000-0000-4000-8000-000000001970';
    await t.db
      .insertInto('events')
      .values({
        foyer_id: user.id,
        appliance_id: null,
        maintenance_card_id: null,
        series_id: seriesId,
        frequency: 'monthly',
        title: 'Purger les radiateurs',
        note: null,
        type: 'MAINTENANCE',
        status: 'NEW',
        dt_realisation: new Date('1970-01-15T09:00:00Z'),
        done_at: null,
        created_at: t.clock.now(),
        updated_at: t.clock.now(),
        assignee_id: null,
        immobilisation_jours: null,
      })
      .execute();
    const list = await t.app.inject({ url: events(user.id), headers: user.headers });
    expect(list.statusCode, list.body).toBe(200);
    const monthly = (
      await t.db.selectFrom('events').select('dt_realisation').where('series_id', '=', seriesId).orderBy('dt_realisation').execute()
    ).map((r) => r.dt_realisation.toISOString().slice(0, 10));
    // The first row, then the 15th of each month from a year back (21 November 2025) to 12 months ahead: 24, not 694.
    expect(monthly).toHaveLength(1 + 24);
    expect(monthly.slice(0, 3)).toEqual(['1970-01-15', '2025-12-15', '2026-01-15']);
    expect(monthly.at(-1)).toBe('2027-11-15');
    expect(list.json()).toHaveLength(1 + 24);
  });

  it('lists the events of one appliance, and deleting the appliance deletes them', async () => {
    const a = await multipart({ data: JSON.stringify({ prod_id: 2, marque: 'Siemens', modele: 'iQ300' }) });
    const universe = (await t.app.inject({ url: `/api/V1/profils/users/${me.id}/foyers/customunivers`, headers: me.headers })).json()[0];
    const dish = (
      await t.app.inject({
        method: 'POST',
        url: `/api/V1/profils/users/${me.id}/foyers/univers/${universe.univer_id}/appliances`,
        headers: { ...me.headers, ...a.headers },
        payload: a.payload,
      })
    ).json();
    await post(events(me.id), { title: 'Filtre du lave-vaisselle', dt_realisation: '2026-12-01T09:00:00Z', applianceId: dish.id });
    const list = (await t.app.inject({ url: `/api/V1/profils/users/${me.id}/appliances/${dish.id}/events`, headers: me.headers })).json();
    expect(list.map((e: { title: string }) => e.title)).toEqual(['Filtre du lave-vaisselle']);
    await t.app.inject({ method: 'DELETE', url: `/api/V1/profils/users/foyers/univers/appliances/${dish.id}`, headers: me.headers });
    const all = (await t.app.inject({ url: events(me.id), headers: me.headers })).json();
    expect(all.some((e: { title: string }) => e.title === 'Filtre du lave-vaisselle')).toBe(false);
  });

  it('puts 10:00 in Paris at 10:00 in a calendar app on both sides of a daylight-saving change', async () => {
    // 2027-03-28: Paris moves from UTC+1 to UTC+2.
    await post(events(me.id), { title: 'Avant le changement d’heure', dt_realisation: '2027-03-27T09:00:00Z' });
    await post(events(me.id), { title: 'Après le changement d’heure', dt_realisation: '2027-03-29T08:00:00Z' });
    const { url } = (await t.app.inject({ url: `/api/V1/profils/users/${me.id}/calendar-feed`, headers: me.headers })).json();
    const body = (await t.app.inject({ url: new URL(url).pathname })).body;
    const vevents = new ICAL.Component(ICAL.parse(body)).getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    const parisTime = (d: Date) =>
      new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', hour: '2-digit', minute: '2-digit' }).format(d);
    for (const title of ['Avant le changement d’heure', 'Après le changement d’heure']) {
      const v = vevents.find((e) => e.summary === title)!;
      expect(parisTime(v.startDate.toJSDate()), title).toBe('10:00');
    }
  });

  it('answers a window, a state and a page of the list, with the counts, and all events without parameters', async () => {
    const user = await signedInUser(t, 'fenetre@exemple.fr');
    const url = events(user.id);
    // Three planned in December, two in January; two of December then done on the 20th and 21st of December.
    const made: Record<string, number> = {};
    for (const [title, at] of [
      ['Déc 1', '2026-12-02T09:00:00Z'],
      ['Déc 2', '2026-12-10T09:00:00Z'],
      ['Déc 3', '2026-12-28T09:00:00Z'],
      ['Jan 1', '2027-01-05T09:00:00Z'],
      ['Jan 2', '2027-01-20T09:00:00Z'],
    ] as const) {
      const res = await post(url, { title, dt_realisation: at }, user);
      expect(res.statusCode).toBe(201);
      made[title] = res.json().id;
    }
    for (const [title, at] of [
      ['Déc 1', '2026-12-20T10:00:00Z'],
      ['Déc 2', '2026-12-21T10:00:00Z'],
    ] as const) {
      t.clock.set(at);
      const fresh = await signedInUser(t, 'fenetre@exemple.fr');
      expect(
        (await t.app.inject({ method: 'PUT', url: `${url}/${made[title]}`, headers: fresh.headers, payload: { done: true } })).statusCode,
      ).toBe(200);
    }
    t.clock.set('2026-11-21T09:00:00Z');
    const fresh = await signedInUser(t, 'fenetre@exemple.fr');
    const get = async (query: string) => {
      const res = await t.app.inject({ url: `${url}${query}`, headers: fresh.headers });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { title: string }[]).map((e) => e.title);
    };
    expect(await get('')).toEqual(['Jan 2', 'Jan 1', 'Déc 3', 'Déc 2', 'Déc 1']);
    // December's window: a done event counts on the day it was done.
    expect(await get('?from=2026-12-01T00:00:00Z&to=2027-01-01T00:00:00Z')).toEqual(['Déc 3', 'Déc 2', 'Déc 1']);
    expect(await get('?from=2026-12-15T00:00:00Z&to=2026-12-21T00:00:00Z')).toEqual(['Déc 1']);
    // A state and a window: the done ones by the day they were done, the planned ones by their date.
    expect(await get('?status=DONE&from=2026-12-21T00:00:00Z')).toEqual(['Déc 2']);
    expect(await get('?status=DONE&to=2026-12-11T00:00:00Z')).toEqual([]);
    expect(await get('?status=NEW&from=2026-12-01T00:00:00Z&to=2027-01-10T00:00:00Z')).toEqual(['Déc 3', 'Jan 1']);
    // Planned, soonest first, a page at a time.
    expect(await get('?status=NEW&limit=1')).toEqual(['Déc 3']);
    expect(await get(`?status=NEW&limit=1&after=${made['Déc 3']}`)).toEqual(['Jan 1']);
    expect(await get(`?status=NEW&limit=5&after=${made['Jan 1']}`)).toEqual(['Jan 2']);
    // Done, the latest done first.
    expect(await get('?status=DONE&limit=1')).toEqual(['Déc 2']);
    expect(await get(`?status=DONE&limit=1&after=${made['Déc 2']}`)).toEqual(['Déc 1']);
    expect((await t.app.inject({ url: `${url}/counts`, headers: fresh.headers })).json()).toEqual({ upcoming: 3, done: 2 });
    // Bad parameters: a clear 400, nothing else.
    for (const bad of ['?limit=0', '?limit=201', '?status=FAIT', '?from=demain', '?from=2027-01-01T00:00:00Z&to=2026-01-01T00:00:00Z']) {
      const res = await t.app.inject({ url: `${url}${bad}`, headers: fresh.headers });
      expect(res.statusCode, bad).toBe(400);
    }
    const backwards = await t.app.inject({ url: `${url}?from=2027-01-01T00:00:00Z&to=2026-01-01T00:00:00Z`, headers: fresh.headers });
    expect(backwards.json().errors).toContainEqual(expect.objectContaining({ message: MSG.eventWindowOrder }));
  });

  it('deletes an event', async () => {
    const e = (await post(events(me.id), { title: 'À supprimer', dt_realisation: '2026-12-10T09:00:00Z' })).json();
    expect((await t.app.inject({ method: 'DELETE', url: `${events(me.id)}/${e.id}`, headers: me.headers })).statusCode).toBe(204);
    expect(
      (await t.app.inject({ method: 'PUT', url: `${events(me.id)}/${e.id}`, headers: me.headers, payload: { note: 'x' } })).statusCode,
    ).toBe(404);
  });

  it('keeps a recurring 09:00 task at 09:00 in Paris across summer time: in the app, the .ics feed and the CSV', async () => {
    const res = await post(`${events(me.id)}/period`, {
      title: 'Purger les radiateurs',
      dt_realisation: '2027-01-15T08:00:00Z',
      frequency: '3_months',
    });
    expect(res.statusCode, res.body).toBe(201);
    const series = (res.json() as { dt_realisation: string }[]).map((e) => e.dt_realisation).sort();
    // 09:00 in winter (UTC+1) and in summer (UTC+2), never 10:00.
    expect(series.slice(0, 5)).toEqual([
      '2027-01-15T08:00:00.000Z',
      '2027-04-15T07:00:00.000Z',
      '2027-07-15T07:00:00.000Z',
      '2027-10-15T07:00:00.000Z',
      '2028-01-15T08:00:00.000Z',
    ]);
    const { url } = (await t.app.inject({ url: `/api/V1/profils/users/${me.id}/calendar-feed`, headers: me.headers })).json();
    const feed = new ICAL.Component(ICAL.parse((await t.app.inject({ url: new URL(url).pathname })).body));
    const starts = feed
      .getAllSubcomponents('vevent')
      .map((v) => new ICAL.Event(v))
      .filter((v) => v.summary === 'Purger les radiateurs')
      .map((v) => v.startDate.toJSDate().toISOString())
      .sort();
    expect(starts.slice(0, 3)).toEqual(['2027-01-15T08:00:00.000Z', '2027-04-15T07:00:00.000Z', '2027-07-15T07:00:00.000Z']);
    const csv = (await t.app.inject({ url: `/api/V1/profils/users/${me.id}/export/entretiens.csv`, headers: me.headers })).body;
    const lines = csv.split(/\r?\n/).filter((line) => line.includes('Purger les radiateurs'));
    expect(lines.some((line) => line.includes('15/01/2027 09:00'))).toBe(true);
    expect(lines.some((line) => line.includes('15/07/2027 09:00'))).toBe(true);
    expect(lines.some((line) => line.includes('10:00'))).toBe(false);
  });

  it('publishes a private iCalendar feed that parses, and revokes it', async () => {
    const { url } = (await t.app.inject({ url: `/api/V1/profils/users/${me.id}/calendar-feed`, headers: me.headers })).json();
    expect(url).toMatch(/^http:\/\/localhost:3000\/api\/V1\/calendar\/[\w-]{20,}\.ics$/);
    const again = (await t.app.inject({ url: `/api/V1/profils/users/${me.id}/calendar-feed`, headers: me.headers })).json();
    expect(again.url).toBe(url);
    const path = new URL(url).pathname;
    const res = await t.app.inject({ url: path });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/calendar');
    const calendar = new ICAL.Component(ICAL.parse(res.body));
    const vevents = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(vevents.map((v) => v.summary)).toEqual(expect.arrayContaining(['Nettoyer le filtre', 'Panne : Le four ne chauffe plus']));
    expect(
      vevents
        .find((v) => v.summary === 'Nettoyer le filtre')
        ?.startDate.toJSDate()
        .toISOString(),
    ).toBe('2026-12-05T09:00:00.000Z');
    // Fixed instants (UTC), never floating times read in the reader's own zone; no non-standard line.
    for (const v of vevents) expect(v.startDate.zone.tzid, v.summary).toBe('UTC');
    expect(res.body).not.toMatch(/^TIMEZONE-ID/m);
    expect(res.body.match(/^(DTSTART|DTEND|DTSTAMP)[:;].*$/gm)!.every((line) => /\d{8}T\d{6}Z\r?$/.test(line))).toBe(true);

    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/V1/profils/users/${me.id}/calendar-feed`, headers: me.headers })).statusCode,
    ).toBe(204);
    expect((await t.app.inject({ url: path })).statusCode).toBe(404);
    const fresh = (await t.app.inject({ url: `/api/V1/profils/users/${me.id}/calendar-feed`, headers: me.headers })).json();
    expect(fresh.url).not.toBe(url);
  });

  it("refuses another user's {userId} (403) and another user's event or appliance (404) on every call", async () => {
    const mine = (await post(events(me.id), { title: 'Privé', dt_realisation: '2026-12-12T09:00:00Z' })).json();
    const h = other.headers;
    const forbidden = [
      t.app.inject({ url: events(me.id), headers: h }),
      t.app.inject({ method: 'POST', url: events(me.id), headers: h, payload: { title: 'x', dt_realisation: '2026-12-01' } }),
      t.app.inject({
        method: 'POST',
        url: `${events(me.id)}/period`,
        headers: h,
        payload: { title: 'x', dt_realisation: '2026-12-01', frequency: 'yearly' },
      }),
      t.app.inject({ method: 'PUT', url: `${events(me.id)}/${mine.id}`, headers: h, payload: { done: true } }),
      t.app.inject({ method: 'DELETE', url: `${events(me.id)}/${mine.id}`, headers: h }),
      t.app.inject({ url: `/api/V1/profils/users/${me.id}/appliances/${applianceId}/events`, headers: h }),
      t.app.inject({ url: `/api/V1/profils/users/${me.id}/calendar-feed`, headers: h }),
      t.app.inject({ method: 'DELETE', url: `/api/V1/profils/users/${me.id}/calendar-feed`, headers: h }),
    ];
    for (const res of await Promise.all(forbidden)) expect(res.statusCode).toBe(403);
    const hidden = [
      t.app.inject({ method: 'PUT', url: `${events(other.id)}/${mine.id}`, headers: h, payload: { done: true } }),
      t.app.inject({ method: 'DELETE', url: `${events(other.id)}/${mine.id}`, headers: h }),
      t.app.inject({ url: `/api/V1/profils/users/${other.id}/appliances/${applianceId}/events`, headers: h }),
      t.app.inject({
        method: 'POST',
        url: events(other.id),
        headers: h,
        payload: { title: 'x', dt_realisation: '2026-12-01', applianceId },
      }),
    ];
    for (const res of await Promise.all(hidden)) expect(res.statusCode).toBe(404);
    expect((await t.app.inject({ url: events(me.id) })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ url: `${events(me.id)}/${mine.id}`, method: 'PUT', headers: me.headers, payload: {} })).json().status,
    ).toBe('NEW');
  });
});

describe('maintenance cards', () => {
  it('answers the chosen product’s cards (not a forced id), steps in order', async () => {
    const products = (await t.app.inject({ url: '/api/V1/references/refproducts', headers: me.headers })).json();
    const res = await t.app.inject({ url: `/api/maintenancecard?productid=${products[0].id}`, headers: me.headers });
    expect(res.statusCode).toBe(200);
    for (const card of res.json()) {
      expect(card.productId).toBe(products[0].id);
      expect(card.steplist.map((s: { steporder: number }) => s.steporder)).toEqual(card.steplist.map((_: unknown, i: number) => i + 1));
    }
    expect((await t.app.inject({ url: '/api/maintenancecard?productid=abc', headers: me.headers })).statusCode).toBe(400);
    expect((await t.app.inject({ url: `/api/maintenancecard?productid=${products[0].id}` })).statusCode).toBe(401);
  });
});
