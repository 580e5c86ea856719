import { IMPORT_MAX_CHARS, INVENTORY_CSV_COLUMNS, MSG, TEXT_MAX } from '@ecofoyer/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInUser, type TestApp } from '../../test/test-app.ts';

const users = (id: number) => `/api/V1/profils/users/${id}`;
type User = Awaited<ReturnType<typeof signedInUser>>;

/** A CSV file of `rows` appliances, their notes as long as the file's size limit lets 10,000 rows have. */
const csv = (rows: number) => {
  const note = 'n'.repeat(Math.min(TEXT_MAX, Math.floor(IMPORT_MAX_CHARS / 10_000) - 60));
  return [INVENTORY_CSV_COLUMNS.join(';'), ...Array.from({ length: rows }, (_, i) => `Cuisine;Lave-linge;;Bosch;M-${i};SN-${i};;;;;;;;;${note};;;`)].join('\r\n');
};
const preview = (t: TestApp, me: User, contenu: string) => t.app.inject({ method: 'POST', url: `${users(me.id)}/import/appareils`, headers: me.headers, payload: { contenu, appliquer: false } });

describe('a job over its time limit (review of issue 21: heavy work never blocks other households)', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Long enough for the thread to start, far too short for a sheet of 500 labels.
    t = await createTestApp({ JOB_TIMEOUT_MS: '1500' });
  });
  afterAll(async () => {
    await t.app.close();
  });

  it('stops the sheet of 500 labels with a French message, while the server keeps answering', async () => {
    const me = await signedInUser(t, 'etiquettes-longues@exemple.fr');
    const freezer = (await t.app.services.references.products()).find((p) => p.prodName === 'Congélateur')!.id;
    const ids: number[] = [];
    for (let i = 0; i < 500; i++) ids.push((await t.app.services.appliances.create(me.id, null, { prod_id: freezer, name: `Étiquette ${i} `.padEnd(500, 'x'), marque: 'Liebherr', modele: `GN-${i}` }, null)).id);
    expect((await t.app.inject({ method: 'POST', url: `${users(me.id)}/etiquettes`, headers: me.headers, payload: { applianceIds: ids } })).statusCode).toBe(200);

    const sheet = t.app.inject({ url: `${users(me.id)}/etiquettes/planche.pdf?ids=${ids.join(',')}`, headers: me.headers });
    // Asked while the sheet is being laid out, answered before it is stopped.
    const health = await t.app.inject({ url: '/api/health' });
    expect(health.statusCode).toBe(200);
    const stopped = await sheet;
    expect(stopped.statusCode).toBe(503);
    expect(stopped.json()).toMatchObject({ code: 'JOB_TOO_LONG', message: MSG.jobTooLong });
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    // The thread was replaced: a small sheet is made.
    const small = await t.app.inject({ url: `${users(me.id)}/etiquettes/planche.pdf?ids=${ids[0]}`, headers: me.headers });
    expect(small.statusCode, small.body).toBe(200);
    expect(small.headers['content-type']).toBe('application/pdf');
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
    expect(large.json()).toMatchObject({ code: 'JOB_TOO_LARGE', message: MSG.jobTooLarge });
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    const small = await preview(t, me, csv(3));
    expect(small.statusCode, small.body).toBe(200);
    expect(small.json()).toMatchObject({ crees: 3, refuses: 0 });
  });
});
