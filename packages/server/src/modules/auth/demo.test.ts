import { API_MSG } from '@ecofoyer/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthRepository } from './auth.repository.ts';
import { createTestApp, signedInUser, type TestApp } from '../../../test/test-app.ts';

/** DEMO: one household per click, for that visitor only, gone after 24 h. */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ DEMO: 'true', RATE_LIMIT_SIGNUP_PER_IP: '10' });
});
afterAll(async () => {
  await t.app.close();
});

const demo = (ip = '203.0.113.7') => t.app.inject({ method: 'POST', url: '/api/auth/demo', remoteAddress: ip });
const auth = (token: string) => ({ authorization: `Bearer ${token}` });

describe('the DEMO button', () => {
  it('gives each click a household of its own, full of the same realistic data', async () => {
    const first = await demo();
    const second = await demo();
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const a = first.json();
    const b = second.json();
    expect(a.id).not.toBe(b.id);
    expect(a.email).toMatch(/^demo-[0-9a-f]{12}@demo\.invalid$/);
    expect(a).toMatchObject({ firstname: 'Camille', tokenType: 'Bearer' });
    for (const user of [a, b]) {
      const appliances = (
        await t.app.inject({ url: `/api/V1/profils/users/${user.id}/appliances`, headers: auth(user.accessToken) })
      ).json();
      expect(appliances).toHaveLength(12);
      const universes = (
        await t.app.inject({ url: `/api/V1/profils/users/${user.id}/foyers/customunivers`, headers: auth(user.accessToken) })
      ).json();
      expect(universes).toHaveLength(4);
      const events = (await t.app.inject({ url: `/api/V1/profils/users/${user.id}/events`, headers: auth(user.accessToken) })).json();
      expect(events.length).toBeGreaterThan(5);
      // Nothing past is left to do: the repaired breakdown is no late task.
      const now = t.app.deps.clock.now().getTime();
      expect(
        events.filter((e: { dt_realisation: string; status: string }) => Date.parse(e.dt_realisation) < now && e.status !== 'DONE'),
      ).toEqual([]);
    }
    // One visitor's change is not the other's.
    const mine = (await t.app.inject({ url: `/api/V1/profils/users/${a.id}/appliances`, headers: auth(a.accessToken) })).json();
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/V1/profils/users/foyers/univers/appliances/${mine[0].id}`,
          headers: auth(a.accessToken),
        })
      ).statusCode,
    ).toBe(204);
    expect((await t.app.inject({ url: `/api/V1/profils/users/${b.id}/appliances`, headers: auth(b.accessToken) })).json()).toHaveLength(12);
    // And neither reaches the other's household.
    expect((await t.app.inject({ url: `/api/V1/profils/users/${b.id}/appliances`, headers: auth(a.accessToken) })).statusCode).toBe(403);
  });

  it('never locks: 15 visitors from 15 addresses all get in; one address is limited like sign-up, no more', async () => {
    const answers = await Promise.all(Array.from({ length: 15 }, (_, i) => demo(`198.51.100.${i + 1}`)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(15).fill(200));
    const same = [];
    for (let i = 0; i < 11; i++) same.push((await demo('192.0.2.50')).statusCode);
    expect(same.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(same[10]).toBe(429);
  });

  it('keeps the demo’s address and password, and sends it no mail', async () => {
    const a = (await demo('203.0.113.20')).json();
    const body = { firstname: 'Camille', lastname: 'Martin', email: 'moi@exemple.fr', currentPassword: 'x' };
    const changed = await t.app.inject({ method: 'PUT', url: `/api/auth/user/${a.id}`, headers: auth(a.accessToken), payload: body });
    expect(changed.statusCode).toBe(403);
    expect(changed.json()).toMatchObject({ code: 'DEMO_ACCOUNT', message: API_MSG.demoCredentialsLocked });
    // Its name may change like anyone's.
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/api/auth/user/${a.id}`,
          headers: auth(a.accessToken),
          payload: { ...body, firstname: 'Alex', email: a.email },
        })
      ).statusCode,
    ).toBe(200);
    const before = (await t.outbox()).length;
    await t.app.inject({ method: 'POST', url: '/api/auth/forgotpassword', payload: { email: a.email } });
    expect((await t.outbox()).length).toBe(before);
  });

  it('deletes a demo household 24 h after it was made, with all its rows, and nothing else', async () => {
    const old = (await demo('203.0.113.30')).json();
    const real = await signedInUser(t, 'vraie@exemple.fr');
    t.clock.advance(23 * 3_600_000);
    const fresh = (await demo('203.0.113.31')).json();
    t.clock.advance(2 * 3_600_000);
    const removed = await new AuthRepository(t.db).purgeExpired(t.clock.now());
    expect(removed.demo_accounts).toBeGreaterThanOrEqual(1);
    const left = (await t.db.selectFrom('users').select('id').execute()).map((r) => r.id);
    expect(left).not.toContain(old.id);
    expect(left).toEqual(expect.arrayContaining([fresh.id, real.id]));
    for (const table of ['universes', 'appliances', 'events', 'notifications', 'user_badges'] as const) {
      expect(await t.db.selectFrom(table).select('user_id').where('user_id', '=', old.id).execute(), table).toEqual([]);
    }
    // Its files go with the orphan sweep.
    expect(await t.app.services.files.sweepOrphans(new Date(Date.now() + 60_000))).toBeGreaterThan(0);
  });

  it('is off with DEMO=false', async () => {
    const off = await createTestApp({ DEMO: 'false' });
    try {
      const res = await off.app.inject({ method: 'POST', url: '/api/auth/demo' });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(API_MSG.demoUnavailable);
    } finally {
      await off.app.close();
    }
  });
});
