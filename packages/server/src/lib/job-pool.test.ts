import { API_MSG, IMPORT_MAX_CHARS, INVENTORY_CSV_COLUMNS, TEXT_MAX } from '@ecofoyer/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInUser, type TestApp } from '../../test/test-app.ts';

const users = (id: number) => `/api/V1/profils/users/${id}`;
type User = Awaited<ReturnType<typeof signedInUser>>;

/** A CSV file of `rows` appliances, their notes as long as the file's size limit lets 10,000 rows have. */
const csv = (rows: number) => {
  const note = 'n'.repeat(Math.min(TEXT_MAX, Math.floor(IMPORT_MAX_CHARS / 10_000) - 60));
  return [
    INVENTORY_CSV_COLUMNS.join(';'),
    ...Array.from({ length: rows }, (_, i) => `Cuisine;Lave-linge;;Bosch;M-${i};SN-${i};;;;;;;;;${note};;;`),
  ].join('\r\n');
};
const preview = (t: TestApp, me: User, contenu: string) =>
  t.app.inject({ method: 'POST', url: `${users(me.id)}/import/appareils`, headers: me.headers, payload: { contenu, appliquer: false } });

describe('a job over its time limit (heavy work never blocks other households)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.app.close();
  });

  it('stops a job that never ends with a French 503, the server answering meanwhile, and runs the next job on a new thread', async () => {
    const { jobs } = t.app.services;
    let spinning!: () => void;
    const started = new Promise<void>((resolve) => (spinning = resolve));
    // A job caught in a loop: no layout's speed decides whether it is over its limit (the CI machine may be slow or fast).
    const stopped = jobs.run('../test/pool-jobs#spin', null, { timeMs: 500, onEvent: () => spinning() }).then(
      () => null,
      (error: unknown) => error,
    );
    await started;
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    expect(await stopped).toMatchObject({ statusCode: 503, code: 'JOB_TOO_LONG', message: API_MSG.jobTooLong });
    expect(await jobs.run('../test/pool-jobs#echo', { fait: 1 }, { timeMs: 60_000 })).toEqual({ fait: 1 });
  });

  it('handles every event a job told before its answer is given, even when handling them is slow (a dossier’s last progress)', async () => {
    const { jobs } = t.app.services;
    const seen: number[] = [];
    // Each event takes a turn of the database (a progress row): the answer must not overtake them.
    const slow = (event: number) =>
      new Promise<void>((resolve) =>
        setImmediate(() => {
          seen.push(event);
          resolve();
        }),
      );
    for (let round = 0; round < 5; round++) {
      seen.length = 0;
      expect(await jobs.run('../test/pool-jobs#chatty', 40, { timeMs: 60_000, onEvent: slow as never })).toBe(40);
      expect(seen).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    }
  });
});

describe('a job over its memory limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ JOB_MEMORY_MB: '24' });
  });
  afterAll(async () => {
    await t.app.close();
  });

  it('stops the preview of a 10,000-row file with a French message, and the next job runs on a new thread', async () => {
    const me = await signedInUser(t, 'import-lourd@exemple.fr');
    const large = await preview(t, me, csv(10_000));
    expect(large.statusCode).toBe(503);
    expect(large.json()).toMatchObject({ code: 'JOB_TOO_LARGE', message: API_MSG.jobTooLarge });
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    const small = await preview(t, me, csv(3));
    expect(small.statusCode, small.body).toBe(200);
    expect(small.json()).toMatchObject({ crees: 3, refuses: 0 });
  });
});
