import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../../test/multipart.ts';
import { createTestApp, signedInUser, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
const base = (id: number) => `/api/V1/profils/users/${id}`;
type User = Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.app.close();
});

async function universe(user: User, name: string): Promise<number> {
  const body = await multipart({ name });
  return (
    await t.app.inject({
      method: 'POST',
      url: `${base(user.id)}/foyers/univers`,
      headers: { ...user.headers, ...body.headers },
      payload: body.payload,
    })
  ).json().univer_id;
}

async function appliance(user: User, universeId: number, name: string): Promise<number> {
  const body = await multipart({ data: JSON.stringify({ prod_id: 1, name, marque: 'Bosch', modele: 'X' }) });
  const res = await t.app.inject({
    method: 'POST',
    url: `${base(user.id)}/foyers/univers/${universeId}/appliances`,
    headers: { ...user.headers, ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode).toBe(201);
  return res.json().id;
}

const get = (user: User, url: string) => t.app.inject({ url, headers: user.headers });
const mark = (user: User, owner: number, id: number, outcome: unknown) =>
  t.app.inject({ method: 'POST', url: `${base(owner)}/appliances/${id}/second-life`, headers: user.headers, payload: { outcome } });

describe('second life', () => {
  it('moves a given device out of the inventory into the history, counts it, awards the badge and drops its planned maintenance', async () => {
    const user = await signedInUser(t, 'seconde-vie@exemple.fr');
    const kitchen = await universe(user, 'Cuisine');
    const fridge = await appliance(user, kitchen, 'Vieux frigo');
    const kept = await appliance(user, kitchen, 'Frigo neuf');
    const planned = await t.app.inject({
      method: 'POST',
      url: `${base(user.id)}/events/period`,
      headers: user.headers,
      payload: { title: 'Dégivrer', dt_realisation: '2026-12-01T09:00:00Z', applianceId: fridge, frequency: 'monthly' },
    });
    expect(planned.statusCode).toBe(201);
    const breakdown = await t.app.inject({
      method: 'POST',
      url: `${base(user.id)}/events`,
      headers: user.headers,
      payload: { title: 'Panne : ne refroidit plus', dt_realisation: '2026-11-01T09:00:00Z', applianceId: fridge, type: 'PANNE' },
    });
    expect(breakdown.statusCode).toBe(201);

    const res = await mark(user, user.id, fridge, 'given');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: fridge, name: 'Vieux frigo', outcome: 'given', dt_second_life: '2026-11-21T09:00:00.000Z' });

    expect((await get(user, `${base(user.id)}/appliances`)).json().map((a: { id: number }) => a.id)).toEqual([kept]);
    expect((await get(user, `${base(user.id)}/foyers/univers/${kitchen}/appliances`)).json()).toHaveLength(1);
    expect((await get(user, `${base(user.id)}/appliances/count`)).json()).toEqual({
      data: { Réfrigérateur: 1 },
      meta: { totalAppliances: 1, secondLife: 1, knownKwhYear: {} },
    });
    expect((await get(user, `/api/V1/profils/users/foyers/univers/appliances/${fridge}`)).statusCode).toBe(404);
    expect((await get(user, `${base(user.id)}/appliances/history`)).json()).toEqual([
      expect.objectContaining({ id: fridge, outcome: 'given', prod_name: 'Réfrigérateur' }),
    ]);

    const badges = (await get(user, `${base(user.id)}/badges`)).json().map((b: { refbadge: { name: string } }) => b.refbadge.name);
    expect(badges).toContain('Seconde vie');
    const notifs = (await get(user, `${base(user.id)}/notifs`)).json().map((n: { title: string }) => n.title);
    expect(notifs).toContain('Nouveau badge : Seconde vie');

    // The planned series is gone and does not grow back; the breakdown stays in the history.
    const events = (await get(user, `${base(user.id)}/events`)).json() as { title: string }[];
    expect(events.map((e) => e.title)).toEqual(['Panne : ne refroidit plus']);

    // Once only.
    expect((await mark(user, user.id, fridge, 'sold')).statusCode).toBe(404);
    // The universe it was in can now be deleted once emptied of the devices still there.
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/V1/profils/users/foyers/univers/appliances/${kept}`, headers: user.headers }))
        .statusCode,
    ).toBe(204);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `${base(user.id)}/foyers/univers/${kitchen}`, headers: user.headers })).statusCode,
    ).toBe(204);
    expect((await get(user, `${base(user.id)}/appliances/history`)).json()).toHaveLength(1);
  });

  it('refuses a bad outcome and another household’s device, changing nothing', async () => {
    const user = await signedInUser(t, 'proprietaire@exemple.fr');
    const other = await signedInUser(t, 'voisine@exemple.fr');
    const id = await appliance(user, await universe(user, 'Salon'), 'Télé');

    const bad = await mark(user, user.id, id, 'jeté');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Choisissez ce que devient l’appareil : donné, vendu ou recyclé.');
    expect((await mark(other, user.id, id, 'sold')).statusCode).toBe(403);
    expect((await mark(other, other.id, id, 'sold')).statusCode).toBe(404);
    expect((await get(other, `${base(user.id)}/appliances/history`)).statusCode).toBe(403);
    expect((await get(user, `${base(user.id)}/appliances`)).json()).toHaveLength(1);
    expect((await get(user, `${base(user.id)}/appliances/history`)).json()).toEqual([]);
  });

  it('moves the device and drops its plans in one transaction: when dropping them fails, the device stays with its plans', async () => {
    const user = await signedInUser(t, 'atomique@exemple.fr');
    const id = await appliance(user, await universe(user, 'Cave'), 'Congélateur coffre');
    const plan = await t.app.inject({
      method: 'POST',
      url: `${base(user.id)}/events`,
      headers: user.headers,
      payload: { title: 'Dégivrer', dt_realisation: '2027-02-01T09:00:00Z', applianceId: id },
    });
    expect(plan.statusCode).toBe(201);
    // The database itself refuses to delete this appliance's planned maintenance (no mock of our code).
    await sql`create or replace function refuse_event_delete() returns trigger language plpgsql as $$ begin raise exception 'refused for the test'; end $$`.execute(
      t.db,
    );
    await sql`create trigger refuse_event_delete before delete on events for each row when (old.appliance_id = ${sql.lit(id)}) execute function refuse_event_delete()`.execute(
      t.db,
    );
    try {
      expect((await mark(user, user.id, id, 'given')).statusCode).toBe(500);
    } finally {
      await sql`drop trigger refuse_event_delete on events`.execute(t.db);
    }
    expect((await get(user, `${base(user.id)}/appliances`)).json().map((a: { id: number }) => a.id)).toEqual([id]);
    expect((await get(user, `${base(user.id)}/appliances/history`)).json()).toEqual([]);
    expect((await get(user, `${base(user.id)}/appliances/${id}/events`)).json().map((e: { title: string }) => e.title)).toEqual([
      'Dégivrer',
    ]);
    // Without the refusal it goes through, and the badges see it once committed.
    expect((await mark(user, user.id, id, 'given')).statusCode).toBe(200);
    expect((await get(user, `${base(user.id)}/appliances/${id}/events`)).statusCode).toBe(404);
  });
});
