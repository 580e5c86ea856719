import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { JobRunner } from './job-runner.ts';
import { inTransaction } from './unit-of-work.ts';

let t: TestApp;
const quiet = { error() {}, warn() {}, info() {} } as never;
const runner = (options: ConstructorParameters<typeof JobRunner>[3] = {}) => new JobRunner(t.db, t.clock, quiet, options);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.app.close();
});
beforeEach(async () => {
  await t.db.deleteFrom('jobs').execute();
  t.clock.set('2026-11-21T09:00:00Z');
});

const row = (id: string) => t.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const until = async (check: () => Promise<boolean>, what: string) => {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > 20_000) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};

describe('job runner', () => {
  it('runs a job made in a transaction only if the transaction commits', async () => {
    const seen: string[] = [];
    const r = runner();
    r.define<{ n: string }>('note', { run: async ({ n }) => seen.push(n) });
    await expect(
      inTransaction(t.db, async (unit) => {
        await r.enqueue('note', { n: 'rolled back' }, { unit });
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    await inTransaction(t.db, (unit) => r.enqueue('note', { n: 'kept' }, { unit }));
    await r.drain();
    expect(seen).toEqual(['kept']);
  });

  it('runs each job once with two replicas taking jobs at the same time', async () => {
    const runs = new Map<number, number>();
    const replicas = [runner({ concurrency: 3 }), runner({ concurrency: 3 })];
    for (const r of replicas) r.define<{ n: number }>('count', { run: async ({ n }) => runs.set(n, (runs.get(n) ?? 0) + 1) });
    for (let n = 0; n < 40; n++) await replicas[0]!.enqueue('count', { n });
    await Promise.all(replicas.map((r) => r.drain()));
    expect(runs.size).toBe(40);
    expect([...runs.values()].filter((count) => count !== 1)).toEqual([]);
    const left = await t.db.selectFrom('jobs').select('id').where('done_at', 'is', null).execute();
    expect(left).toEqual([]);
  });

  it('runs a given job at once in a process whose workers do not run, and leaves it to the worker that holds it', async () => {
    const seen: string[] = [];
    const r = runner();
    r.define<{ n: string }>('note', { run: async ({ n }) => seen.push(n) });
    const first = await r.enqueue('note', { n: 'mine' });
    const other = await r.enqueue('note', { n: 'not asked' });
    await r.runNow(first!);
    expect(seen).toEqual(['mine']);
    expect((await row(first!)).done_at).not.toBeNull();
    expect((await row(other!)).done_at).toBeNull();
    // Held by another replica's worker: not taken from it.
    const held = await r.enqueue('note', { n: 'held' });
    await sql`update jobs set lease_owner = 'another', lease_until = ${new Date(t.clock.now().getTime() + 60_000)} where id = ${held}`.execute(
      t.db,
    );
    await r.runNow(held!);
    expect(seen).toEqual(['mine']);
    expect(r.started).toBe(false);
  });

  it('retries a failed job after its backoff, and fails it for good after its last attempt, keeping the error', async () => {
    let calls = 0;
    const r = runner();
    r.define('flaky', {
      maxAttempts: 2,
      backoffMs: () => 60_000,
      run: async () => {
        calls++;
        throw new Error(`refus ${calls}`);
      },
    });
    const id = (await r.enqueue('flaky', {}))!;
    await r.drain();
    expect(calls).toBe(1);
    expect(await row(id)).toMatchObject({ attempts: 1, last_error: 'refus 1', done_at: null, failed_at: null });
    await r.drain();
    expect(calls).toBe(1);
    t.clock.advance(60_001);
    await r.drain();
    expect(calls).toBe(2);
    expect(await row(id)).toMatchObject({ attempts: 2, last_error: 'refus 2', done_at: null });
    expect((await row(id)).failed_at).not.toBeNull();
  });

  it('takes over the job of a process killed while running it once its lease ends, or at once at the start of the only process (PGlite)', async () => {
    const seen: string[] = [];
    const r = runner({ leaseMs: 60_000 });
    r.define<{ n: string }>('orphan', { run: async ({ n }) => seen.push(n) });
    const id = (await r.enqueue('orphan', { n: 'a' }))!;
    // What a SIGKILL leaves: the job held by a process that will never finish it.
    await sql`update jobs set lease_owner = 'killed', lease_until = ${new Date(t.clock.now().getTime() + 60_000)}, attempts = 1 where id = ${id}`.execute(
      t.db,
    );
    await r.drain();
    expect(seen).toEqual([]);
    t.clock.advance(60_001);
    await r.drain();
    expect(seen).toEqual(['a']);

    const again = (await r.enqueue('orphan', { n: 'b' }))!;
    await sql`update jobs set lease_owner = 'killed', lease_until = ${new Date(t.clock.now().getTime() + 60_000)} where id = ${again}`.execute(
      t.db,
    );
    expect(await r.releaseLeases()).toBe(1);
    await r.drain();
    expect(seen).toEqual(['a', 'b']);
  });

  it('keeps a long job from another replica by renewing its lease while it runs', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let runs = 0;
    const slow = runner({ leaseMs: 3000, pollMs: 60_000 });
    const other = runner({ leaseMs: 3000, pollMs: 60_000 });
    for (const r of [slow, other])
      r.define('slow', {
        run: () => {
          runs++;
          return gate;
        },
      });
    const id = (await slow.enqueue('slow', {}))!;
    slow.start();
    await until(async () => (await row(id)).lease_owner === slow.owner, 'the first replica to take the job');
    const first = (await row(id)).lease_until!.getTime();
    // Past the first lease: only a renewal keeps the other replica away.
    t.clock.advance(3001);
    await until(async () => (await row(id)).lease_until!.getTime() > first, 'the lease to be renewed');
    await other.drain();
    expect(runs).toBe(1);
    release();
    await slow.stop();
    expect((await row(id)).done_at).not.toBeNull();
  });

  it('runs a schedule once per period, whatever the number of replicas', async () => {
    let runs = 0;
    const replicas = [runner(), runner()];
    for (const r of replicas) r.every('hourly', 3_600_000, { run: async () => runs++ });
    await Promise.all(replicas.map((r) => r.drain()));
    await Promise.all(replicas.map((r) => r.drain()));
    expect(runs).toBe(1);
    t.clock.advance(3_600_000);
    await Promise.all(replicas.map((r) => r.drain()));
    expect(runs).toBe(2);
  });

  it('forgets finished jobs after a week', async () => {
    const r = runner();
    r.define('done', { run: async () => undefined });
    await r.enqueue('done', {});
    await r.drain();
    expect(await r.purge()).toBe(0);
    t.clock.advance(8 * 24 * 3_600_000);
    expect(await r.purge()).toBe(1);
  });
  it('gives each kind its own workers: a mail goes while the long jobs of another kind hold theirs', async () => {
    const r = runner({ concurrency: 2 });
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let building = 0;
    let mostAtOnce = 0;
    const sent: string[] = [];
    r.define('build', {
      concurrency: 1,
      run: async () => {
        building++;
        mostAtOnce = Math.max(mostAtOnce, building);
        await held;
        building--;
      },
    });
    r.define<{ to: string }>('mail', { run: async ({ to }) => sent.push(to) });
    await r.enqueue('build', {});
    await r.enqueue('build', {});
    await r.enqueue('mail', { to: 'louise@exemple.fr' });
    r.start();
    try {
      await until(async () => sent.length === 1 && building === 1, 'the mail sent beside one build');
      expect(sent).toEqual(['louise@exemple.fr']);
    } finally {
      release();
      await r.drain();
      await r.stop();
    }
    expect(mostAtOnce).toBe(1);
  });

  it('runs a schedule keyed by a function of the time once per key (a day of Paris), whatever the number of replicas', async () => {
    const runs: string[] = [];
    const replicas = [runner(), runner()];
    const parisDay = (now: Date) => now.toLocaleDateString('sv-SE', { timeZone: 'Europe/Paris' });
    for (const r of replicas) r.every('daily', parisDay, { run: async () => runs.push(parisDay(t.clock.now())) });
    t.clock.set('2026-11-21T22:30:00Z'); // 23:30 in Paris, the 21st
    await Promise.all(replicas.map((r) => r.drain()));
    t.clock.set('2026-11-21T23:10:00Z'); // 00:10 in Paris: the 22nd already, still the 21st in UTC
    await Promise.all(replicas.map((r) => r.drain()));
    await Promise.all(replicas.map((r) => r.drain()));
    expect(runs).toEqual(['2026-11-21', '2026-11-22']);
  });

  it('makes jobs waiting for their backoff due at once, their attempts kept (the mail server is back)', async () => {
    let calls = 0;
    const r = runner();
    r.define('flaky', {
      run: async () => {
        calls++;
        if (calls === 1) throw new Error('injoignable');
      },
    });
    const id = (await r.enqueue('flaky', {}))!;
    await r.drain();
    expect(await row(id)).toMatchObject({ attempts: 1, done_at: null });
    expect(await r.retryNow('flaky')).toBe(1);
    await r.drain();
    expect(calls).toBe(2);
    expect((await row(id)).done_at).not.toBeNull();
    expect((await row(id)).attempts).toBe(2);
  });
});
