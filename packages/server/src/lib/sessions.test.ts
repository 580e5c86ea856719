import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, signedInUser, type TestApp } from '../../test/test-app.ts';
import { AuthRepository } from '../modules/auth/auth.repository.ts';
import { ManualClock } from './clock.ts';
import { SessionChecker } from './sessions.ts';

/**
 * The per-process cache of SessionChecker, on real sessions in the real database: the queries are
 * counted by a spy on the repository method it asks (the method itself runs).
 */
let t: TestApp;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.app.close();
});

/** A real session (refresh-token family) of a new account. */
async function session(): Promise<string> {
  seq += 1;
  const { headers } = await signedInUser(t, `session${seq}@exemple.fr`);
  const payload = headers.authorization.split('.')[1]!;
  return JSON.parse(Buffer.from(payload, 'base64url').toString()).sid;
}

function checker(cacheMs = 5000) {
  const repo = new AuthRepository(t.db);
  const queries = vi.spyOn(repo, 'isFamilyActive');
  const clock = new ManualClock('2026-11-21T09:00:00Z');
  return { sessions: new SessionChecker((sid) => repo.isFamilyActive(sid), clock, cacheMs), queries, clock, repo };
}

describe('SessionChecker', () => {
  it('answers concurrent checks of one session with one query, and trusts an open session for the cache time', async () => {
    const sid = await session();
    const { sessions, queries, clock } = checker(5000);
    expect(await Promise.all(Array.from({ length: 20 }, () => sessions.isActive(sid)))).toEqual(Array(20).fill(true));
    expect(queries).toHaveBeenCalledTimes(1);
    clock.advance(4999);
    expect(await sessions.isActive(sid)).toBe(true);
    expect(queries).toHaveBeenCalledTimes(1);
    clock.advance(1);
    expect(await sessions.isActive(sid)).toBe(true);
    expect(queries).toHaveBeenCalledTimes(2);
  });

  it('asks the database once about an ended or unknown session, never again', async () => {
    const sid = await session();
    const { sessions, queries, clock, repo } = checker(5000);
    const { user_id } = await t.db.selectFrom('refresh_tokens').select('user_id').where('family_id', '=', sid).executeTakeFirstOrThrow();
    await repo.revokeFamily(user_id, sid, clock.now());
    const unknown = randomUUID();
    expect(await sessions.isActive(sid)).toBe(false);
    expect(await sessions.isActive(unknown)).toBe(false);
    expect(queries).toHaveBeenCalledTimes(2);
    clock.advance(24 * 3_600_000);
    for (let i = 0; i < 5; i++) {
      expect(await sessions.isActive(sid)).toBe(false);
      expect(await sessions.isActive(unknown)).toBe(false);
    }
    expect(queries).toHaveBeenCalledTimes(2);
    // Not a family id at all: refused without a query (the uuid column would reject it).
    expect(await sessions.isActive('pas-une-session')).toBe(false);
    expect(queries).toHaveBeenCalledTimes(2);
  });

  it('refuses a session at once after revoked(), without a query, even one cached as open or being checked', async () => {
    const [cached, checking, other] = [await session(), await session(), await session()];
    const { sessions, queries } = checker(5000);
    expect(await sessions.isActive(cached)).toBe(true);
    expect(await sessions.isActive(other)).toBe(true);
    expect(queries).toHaveBeenCalledTimes(2);

    // The database still holds both families open: only revoked() can refuse them.
    sessions.revoked(cached);
    expect(await sessions.isActive(cached)).toBe(false);
    expect(queries).toHaveBeenCalledTimes(2);

    const inFlight = sessions.isActive(checking);
    sessions.revoked([checking]);
    expect(await inFlight).toBe(false);
    expect(await sessions.isActive(checking)).toBe(false);
    expect(queries).toHaveBeenCalledTimes(3);
    expect(await sessions.isActive(other)).toBe(true);
    expect(queries).toHaveBeenCalledTimes(3);
  });

  it('asks the database at every check with a cache time of 0', async () => {
    const sid = await session();
    const { sessions, queries } = checker(0);
    expect(await sessions.isActive(sid)).toBe(true);
    expect(await sessions.isActive(sid)).toBe(true);
    expect(queries).toHaveBeenCalledTimes(2);
  });
});
