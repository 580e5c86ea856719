import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../../test/multipart.ts';
import { createTestApp, signedInUser, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.app.close();
});

describe('audit log', () => {
  it('records sign-ins, failed sign-ins, password changes and deletions, visible to the account only', async () => {
    const user = await signedInUser(t, 'audit@exemple.fr');
    const other = await signedInUser(t, 'audit-voisin@exemple.fr');
    await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { username: 'audit@exemple.fr', password: 'Mauvais1!mdp' } });
    await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { username: 'personne@exemple.fr', password: 'Mauvais1!mdp' } });
    const changed = await t.app.inject({
      method: 'PUT',
      url: `/api/auth/user/${user.id}`,
      headers: user.headers,
      payload: {
        firstname: 'Camille',
        lastname: 'Durand',
        email: 'audit@exemple.fr',
        password: 'Nouveau1!mdp',
        currentPassword: 'Secret1!ok',
      },
    });
    expect(changed.statusCode).toBe(200);
    const form = await multipart({ name: 'Garage' });
    const universe = (
      await t.app.inject({
        method: 'POST',
        url: `/api/V1/profils/users/${user.id}/foyers/univers`,
        headers: { ...user.headers, ...form.headers },
        payload: form.payload,
      })
    ).json().univer_id;
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/V1/profils/users/${user.id}/foyers/univers/${universe}`, headers: user.headers }))
        .statusCode,
    ).toBe(204);

    const res = await t.app.inject({ url: `/api/V1/profils/users/${user.id}/audit`, headers: user.headers });
    expect(res.statusCode).toBe(200);
    const actions = (res.json() as { action: string; ip: string | null; details: Record<string, unknown> }[]).map((e) => e.action);
    expect(actions).toEqual(['universe_deleted', 'password_changed', 'signin_failed', 'signin']);
    expect(res.json()[0]).toMatchObject({ ip: '127.0.0.1', details: { id: universe } });
    // The unknown login is kept without an account; nobody reads it through the API.
    const rows = await t.db
      .selectFrom('audit_log')
      .select(['user_id', 'action', 'details'])
      .where('action', '=', 'signin_failed')
      .execute();
    expect(rows.some((r) => r.user_id === null)).toBe(true);
    expect((await t.app.inject({ url: `/api/V1/profils/users/${user.id}/audit`, headers: other.headers })).statusCode).toBe(403);
    expect(
      (await t.app.inject({ url: `/api/V1/profils/users/${other.id}/audit`, headers: other.headers }))
        .json()
        .map((e: { action: string }) => e.action),
    ).toEqual(['signin']);
  });
});

describe('audit log retention', () => {
  it('keeps a line one year, then the hourly purge deletes it', async () => {
    const now = t.clock.now().getTime();
    const day = 86_400_000;
    await t.db
      .insertInto('audit_log')
      .values([
        { user_id: null, action: 'signin_failed', ip: '192.0.2.1', created_at: new Date(now - 366 * day) },
        { user_id: null, action: 'signin_failed', ip: '192.0.2.2', created_at: new Date(now - 300 * day) },
      ])
      .execute();
    expect(await t.app.services.audit.purge()).toBeGreaterThanOrEqual(1);
    const ips = (await t.db.selectFrom('audit_log').select('ip').execute()).map((r) => r.ip);
    expect(ips).not.toContain('192.0.2.1');
    expect(ips).toContain('192.0.2.2');
  });
});
