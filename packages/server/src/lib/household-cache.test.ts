import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../test/multipart.ts';
import { createTestApp, signedInUser, type TestApp } from '../../test/test-app.ts';
import { householdDataVersion } from '../read-models/data-version.ts';
import { HouseholdCache } from './household-cache.ts';

let t: TestApp;
const base = (id: number) => `/api/V1/profils/users/${id}`;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.app.close();
});

async function addAppliance(user: { id: number; headers: Record<string, string> }) {
  const form = await multipart({ name: 'Buanderie' });
  const universe = (
    await t.app.inject({
      method: 'POST',
      url: `${base(user.id)}/foyers/univers`,
      headers: { ...user.headers, ...form.headers },
      payload: form.payload,
    })
  ).json().univer_id as number;
  const body = await multipart({ data: JSON.stringify({ prod_id: 1, marque: 'Bosch', modele: 'WAN28' }) });
  return t.app.inject({
    method: 'POST',
    url: `${base(user.id)}/foyers/univers/${universe}/appliances`,
    headers: { ...user.headers, ...body.headers },
    payload: body.payload,
  });
}

const count = async (user: { id: number; headers: Record<string, string> }) =>
  (await t.app.inject({ url: `${base(user.id)}/appliances/count`, headers: user.headers })).json().meta.totalAppliances as number;

describe('household cache: answers served again until the household’s data changes', () => {
  it('moves the data version once per committed transaction, for the household changed only, and not for a rolled-back one', async () => {
    const a = await signedInUser(t, 'version-a@exemple.fr');
    const b = await signedInUser(t, 'version-b@exemple.fr');
    const [va, vb] = [await householdDataVersion(t.db, a.id), await householdDataVersion(t.db, b.id)];
    await t.db.transaction().execute(async (trx) => {
      const now = new Date();
      for (const name of ['Cuisine', 'Salon', 'Cave'])
        await trx
          .insertInto('universes')
          .values({ foyer_id: a.id, ref_universe_id: null, name, description: '', image_key: null, created_at: now, updated_at: now })
          .execute();
      await trx.updateTable('universes').set({ description: 'x' }).where('foyer_id', '=', a.id).execute();
    });
    expect(Number(await householdDataVersion(t.db, a.id))).toBe(Number(va) + 1);
    expect(await householdDataVersion(t.db, b.id)).toBe(vb);
    await expect(
      t.db.transaction().execute(async (trx) => {
        await trx.deleteFrom('universes').where('foyer_id', '=', a.id).execute();
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(Number(await householdDataVersion(t.db, a.id))).toBe(Number(va) + 1);
    await t.db.deleteFrom('universes').where('foyer_id', '=', a.id).where('name', '=', 'Cave').execute();
    expect(Number(await householdDataVersion(t.db, a.id))).toBe(Number(va) + 2);
  });

  it('answers a change made through the API, or by another server on the same database, on the next read', async () => {
    const user = await signedInUser(t, 'cache-api@exemple.fr');
    const cache = t.app.services.householdCache;
    expect(await count(user)).toBe(0);
    const hits = cache.hits;
    expect(await count(user)).toBe(0);
    expect(cache.hits).toBe(hits + 1);
    expect((await addAppliance(user)).statusCode).toBe(201);
    expect(await count(user)).toBe(1);
    // Another replica (no request through this app): a statement straight on the database.
    await t.db.updateTable('appliances').set({ second_life: 'DON', second_life_at: new Date() }).where('foyer_id', '=', user.id).execute();
    expect(await count(user)).toBe(0);
    const rights = (await t.app.inject({ url: `${base(user.id)}/droits/resume`, headers: user.headers })).json();
    expect(rights.sousGarantie).toBe(0);
  });

  it('computes again when the clock moves a minute, after its longest age, and forgets the least recently used first', async () => {
    const user = await signedInUser(t, 'cache-clock@exemple.fr');
    let computed = 0;
    const cache = new HouseholdCache(t.db, t.clock, { maxEntries: 2, maxAgeMs: 60_000 });
    const compute = async () => ++computed;
    expect(await cache.answer(user.id, 'x', compute)).toBe(1);
    expect(await cache.answer(user.id, 'x', compute)).toBe(1);
    t.clock.advance(60_000);
    expect(await cache.answer(user.id, 'x', compute)).toBe(2);
    await cache.answer(user.id, 'y', compute);
    await cache.answer(user.id, 'x', compute);
    await cache.answer(user.id, 'z', compute); // 'y' was the least recently used
    expect(cache.size).toBe(2);
    const before = computed;
    expect(await cache.answer(user.id, 'x', compute)).toBe(2);
    await cache.answer(user.id, 'y', compute);
    expect(computed).toBe(before + 1);
    const aged = new HouseholdCache(t.db, t.clock, { maxEntries: 2, maxAgeMs: 0 });
    await aged.answer(user.id, 'x', compute);
    await aged.answer(user.id, 'x', compute);
    expect(aged.misses).toBe(2);
  });

  it('every table the cached answers read moves the version (migration 0017)', async () => {
    const rows = await sql<{
      table: string;
    }>`select event_object_table as table from information_schema.triggers where trigger_name like '%_data_version' group by 1 order by 1`.execute(
      t.db,
    );
    expect(rows.rows.map((r) => r.table)).toEqual(['appliances', 'events', 'notifications', 'universes', 'user_actions', 'user_badges']);
  });

  it('computes an answer asked again while it is being computed only once (four readers of a shared link at once)', async () => {
    const user = await signedInUser(t, 'cache-ensemble@exemple.fr');
    const cache = new HouseholdCache(t.db, t.clock);
    let computed = 0;
    let release: () => void = () => undefined;
    const slow = () =>
      new Promise<number>((resolve) => {
        computed++;
        release = () => resolve(42);
      });
    const answers = Promise.all([1, 2, 3, 4].map(() => cache.answer(user.id, 'partage', slow)));
    await expect.poll(() => computed).toBe(1);
    // Every caller has read the data version and joined the computation before it ends.
    await expect.poll(() => cache.hits + cache.misses).toBe(4);
    release();
    expect(await answers).toEqual([42, 42, 42, 42]);
    expect(computed).toBe(1);
  });
});
