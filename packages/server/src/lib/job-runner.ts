import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/client.ts';
import type { Clock } from './clock.ts';
import type { UnitOfWork } from './unit-of-work.ts';

/**
 * The one way background work runs (decision 028): every job is a row of `jobs`, whatever process
 * or replica made it, and any replica's runner may take it.
 * - **Once**: a worker takes a due job by setting its lease in one statement over `FOR UPDATE SKIP
 *   LOCKED`: no two workers, of one process or of two replicas, hold it at once. A scheduled job's
 *   `singleton` (kind and period) is unique: one job per period whatever the number of replicas.
 * - **Survives a kill**: a job whose process died keeps its lease until `lease_until`, then is due
 *   again for any worker; on PGlite the process is the database's only one, so at its start the
 *   leases of the one before are released at once (`releaseLeases`). A job that runs long renews its
 *   lease (every third of it) while it runs, so a short lease is never taken from a live worker.
 * - **Retries**: a job that throws is due again after a backoff (`backoffMs`), until its
 *   `maxAttempts`; then it is failed, kept with its last error.
 * - **Transactional**: `enqueue(…, { unit })` writes the job in the caller's transaction — it exists
 *   exactly when the change it follows does.
 * Workers wake up on their own every `pollMs` and at once when this process enqueues.
 */

export interface JobContext {
  /** The job's id and attempt (1 for the first). */
  id: string;
  attempt: number;
}

export interface JobKind<P> {
  run(payload: P, context: JobContext): Promise<unknown>;
  /** Attempts before the job is failed (default 5). */
  maxAttempts?: number;
  /** Wait before attempt n + 1 (default 30 s, 1 min, 2 min… at most an hour). */
  backoffMs?: (attempts: number) => number;
  /**
   * Jobs of this kind run at once by this process (default: the runner's `concurrency`). Each kind
   * has its own workers: a reset mail never waits behind two dossiers being built.
   */
  concurrency?: number;
}

export interface RunnerOptions {
  /** How long a worker owns the job it took, renewed while it runs. */
  leaseMs?: number;
  /** How often an idle runner looks for due jobs (made elsewhere, or due again). */
  pollMs?: number;
  /** Jobs of one kind run at once by this process, unless the kind says otherwise. */
  concurrency?: number;
}

const MINUTE = 60_000;
/** A worker's lease on its job unless the runner is given another (renewed every third of it while the job runs). */
export const DEFAULT_LEASE_MS = MINUTE;
const defaultBackoff = (attempts: number) => Math.min(60 * MINUTE, 30_000 * 2 ** Math.max(0, attempts - 1));
/** Jobs done or failed are kept this long (to read what happened), then purged; a schedule's done ones a day. */
export const JOBS_KEPT_MS = 7 * 24 * 3_600_000;
const SCHEDULED_KEPT_MS = 24 * 3_600_000;

type Claimed = { id: string; kind: string; payload: unknown; attempts: number; max_attempts: number };

export class JobRunner {
  /** This process's name in `lease_owner`. */
  readonly owner = `${process.pid}-${randomUUID().slice(0, 8)}`;
  private readonly kinds = new Map<string, JobKind<never>>();
  /** `scheduled`: the last period this process made sure has its job (one insert per period, not per poll). */
  private readonly schedules: { kind: string; period: number | ((now: Date) => string); payload: unknown; scheduled?: string }[] = [];
  private readonly leaseMs: number;
  private pollMs: number;
  private readonly concurrency: number;
  private timer: NodeJS.Timeout | null = null;
  /** Jobs of each kind this process runs now. */
  private readonly running = new Map<string, number>();
  private pass: Promise<void> | null = null;
  private again = false;
  private stopped = true;
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    options: RunnerOptions = {},
  ) {
    this.leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
    this.pollMs = options.pollMs ?? 2_000;
    this.concurrency = options.concurrency ?? 2;
  }

  /** Says how jobs of `kind` run; a job of a kind no process defines waits. */
  define<P>(kind: string, handler: JobKind<P>): void {
    this.kinds.set(kind, handler as JobKind<never>);
  }

  /**
   * Runs `kind` once per period, on one replica: every `period` ms (periods counted from the epoch),
   * or once per key a function gives of the time (a day of Paris: `parisDay`), due when the key changes.
   */
  every<P>(kind: string, period: number | ((now: Date) => string), handler: JobKind<P>, payload: P = {} as P): void {
    this.define(kind, handler);
    this.schedules.push({ kind, period, payload });
    // A period shorter than the poll is still run once per period.
    if (typeof period === 'number') this.pollMs = Math.min(this.pollMs, period);
  }

  /** A job of `kind`, due at `runAt` (now); in `unit`, written in its transaction. Answers its id, or null for a singleton already there. */
  async enqueue<P>(
    kind: string,
    payload: P,
    options: { unit?: UnitOfWork; runAt?: Date; singleton?: string; maxAttempts?: number } = {},
  ): Promise<string | null> {
    const now = this.clock.now();
    const row = await (options.unit?.tx ?? this.db)
      .insertInto('jobs')
      .values({
        kind,
        payload: JSON.stringify(payload ?? {}),
        singleton: options.singleton ?? null,
        run_at: options.runAt ?? now,
        max_attempts: options.maxAttempts ?? this.kinds.get(kind)?.maxAttempts ?? 5,
        created_at: now,
      })
      .onConflict((oc) => oc.column('singleton').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (options.unit) options.unit.afterCommit(() => this.wake());
    else this.wake();
    return row?.id ?? null;
  }

  /**
   * The jobs of `kind` waiting for their backoff are due now (what they waited for is back: the mail
   * server answers again); their attempts are kept.
   */
  async retryNow(kind: string): Promise<number> {
    const now = this.clock.now();
    const rows = await this.db
      .updateTable('jobs')
      .set({ run_at: now })
      .where('kind', '=', kind)
      .where('done_at', 'is', null)
      .where('failed_at', 'is', null)
      .where('run_at', '>', now)
      .executeTakeFirst();
    this.wake();
    return Number(rows.numUpdatedRows);
  }

  /** Whether the workers run (start.ts starts them; a test app's runner runs only when drained). */
  get started(): boolean {
    return !this.stopped;
  }

  /** Starts the workers (and the schedules' first periods). */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    const tick = () => {
      void this.schedule().then(() => this.wake());
      this.timer = setTimeout(tick, this.pollMs);
      this.timer.unref();
    };
    tick();
  }

  /** No new job is taken; resolves once the ones running have ended. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.pass;
    await Promise.all([...this.inFlight]);
  }

  /**
   * At the start of the only process of a database (PGlite): the jobs the process before held are
   * due again at once — it is gone, and its leases would hold them until they end.
   */
  async releaseLeases(): Promise<number> {
    const rows = await this.db
      .updateTable('jobs')
      .set({ lease_owner: null, lease_until: null })
      .where('done_at', 'is', null)
      .where('failed_at', 'is', null)
      .where('lease_owner', 'is not', null)
      .executeTakeFirst();
    return Number(rows.numUpdatedRows);
  }

  /** Runs every job due now, and waits for them (tests, and a stop that must finish its work). */
  async drain(): Promise<void> {
    await this.schedule();
    do {
      this.again = false;
      await this.fill(true);
      await Promise.all([...this.inFlight]);
    } while (this.again || (await this.dueCount()) > 0);
  }

  /**
   * Takes the job `id` here and now when it is due and no worker holds it, whether this process's
   * workers run or not, and resolves once it has run (at once when it is not this process's to take).
   * For a request that waits for the job it made, in a process whose workers do not run (a test
   * app): started, they were woken by the enqueue and took it already.
   */
  async runNow(id: string): Promise<void> {
    const job = await this.claim([...this.kinds.keys()], id);
    if (!job) return;
    this.running.set(job.kind, (this.running.get(job.kind) ?? 0) + 1);
    const run = this.run(job).finally(() => {
      this.running.set(job.kind, (this.running.get(job.kind) ?? 1) - 1);
      this.inFlight.delete(run);
    });
    this.inFlight.add(run);
    await run;
  }

  /** Forgets jobs done or failed more than JOBS_KEPT_MS ago. */
  async purge(): Promise<number> {
    const now = this.clock.now().getTime();
    const before = new Date(now - JOBS_KEPT_MS);
    const rows = await this.db
      .deleteFrom('jobs')
      .where((eb) =>
        eb.or([
          eb('done_at', '<', before),
          eb('failed_at', '<', before),
          eb.and([eb('singleton', 'is not', null), eb('done_at', '<', new Date(now - SCHEDULED_KEPT_MS))]),
        ]),
      )
      .executeTakeFirst();
    return Number(rows.numDeletedRows);
  }

  private wake(): void {
    if (this.stopped) return;
    if (this.pass) {
      this.again = true;
      return;
    }
    this.pass = (async () => {
      try {
        do {
          this.again = false;
          await this.fill();
        } while (this.again && !this.stopped);
      } catch (err) {
        this.log.error({ err }, 'job runner: could not take jobs');
      } finally {
        this.pass = null;
      }
    })();
  }

  /** This period's job of each schedule (one per period: its singleton). */
  private async schedule(): Promise<void> {
    const now = this.clock.now();
    for (const schedule of this.schedules) {
      const { kind, period, payload } = schedule;
      const key = typeof period === 'number' ? String(Math.floor(now.getTime() / period)) : period(now);
      if (schedule.scheduled === key) continue;
      const runAt = typeof period === 'number' ? new Date(Number(key) * period) : now;
      try {
        await this.enqueue(kind, payload, { singleton: `${kind}@${key}`, runAt });
        schedule.scheduled = key;
      } catch (err) {
        this.log.error({ err, kind }, 'job runner: could not schedule');
      }
    }
  }

  /** The kinds with a free worker in this process. */
  private freeKinds(): string[] {
    return [...this.kinds].filter(([kind, k]) => (this.running.get(kind) ?? 0) < (k.concurrency ?? this.concurrency)).map(([kind]) => kind);
  }

  /** Takes due jobs while a worker is free (`drain` takes them on a runner not started). */
  private async fill(draining = false): Promise<void> {
    while (draining || !this.stopped) {
      const job = await this.claim(this.freeKinds());
      if (!job) return;
      this.running.set(job.kind, (this.running.get(job.kind) ?? 0) + 1);
      const run = this.run(job).finally(() => {
        this.running.set(job.kind, (this.running.get(job.kind) ?? 1) - 1);
        this.inFlight.delete(run);
        this.wake();
      });
      this.inFlight.add(run);
    }
  }

  private async dueCount(): Promise<number> {
    const kinds = [...this.kinds.keys()];
    if (kinds.length === 0) return 0;
    const row = await this.db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('done_at', 'is', null)
      .where('failed_at', 'is', null)
      .where('kind', 'in', kinds)
      .where('run_at', '<=', this.clock.now())
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', this.clock.now())]))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** A due job of `kinds` nobody holds (the job `id` only, when given), leased to this process. */
  private async claim(kinds: string[], id?: string): Promise<Claimed | null> {
    if (kinds.length === 0) return null;
    const now = this.clock.now();
    const { rows } = await sql<Claimed>`
      update jobs set lease_owner = ${this.owner}, lease_until = ${new Date(now.getTime() + this.leaseMs)}, attempts = attempts + 1
      where id = (
        select id from jobs
        where done_at is null and failed_at is null and run_at <= ${now}
          and kind in (${sql.join(kinds)})
          and (lease_until is null or lease_until < ${now})${id === undefined ? sql`` : sql` and id = ${id}`}
        order by run_at, id limit 1 for update skip locked)
      returning id, kind, payload, attempts, max_attempts`.execute(this.db);
    return rows[0] ?? null;
  }

  private async run(job: Claimed): Promise<void> {
    const kind = this.kinds.get(job.kind)!;
    // The lease is renewed while the job runs: a long job is never taken from a live worker.
    const renew = setInterval(() => void this.renew(job.id), Math.max(1000, Math.floor(this.leaseMs / 3)));
    renew.unref();
    try {
      await kind.run(job.payload as never, { id: job.id, attempt: job.attempts });
      clearInterval(renew);
      await this.mine(job.id).set({ done_at: this.clock.now(), lease_owner: null, lease_until: null }).execute();
    } catch (err) {
      clearInterval(renew);
      const last = job.attempts >= job.max_attempts;
      this.log[last ? 'error' : 'warn']({ err, kind: job.kind, attempt: job.attempts }, last ? 'job failed' : 'job will be retried');
      const now = this.clock.now();
      const message = err instanceof Error ? err.message : String(err);
      await this.mine(job.id)
        .set(
          last
            ? { failed_at: now, last_error: message, lease_owner: null, lease_until: null }
            : {
                run_at: new Date(now.getTime() + (kind.backoffMs ?? defaultBackoff)(job.attempts)),
                last_error: message,
                lease_owner: null,
                lease_until: null,
              },
        )
        .execute()
        .catch((error: unknown) => this.log.error({ err: error, kind: job.kind }, 'job runner: could not record the outcome'));
    }
  }

  /** An update of the job while this worker holds it (a lease lost to another worker changes nothing). */
  private mine(id: string) {
    return this.db.updateTable('jobs').where('id', '=', id).where('lease_owner', '=', this.owner);
  }

  private async renew(id: string): Promise<void> {
    await this.mine(id)
      .set({ lease_until: new Date(this.clock.now().getTime() + this.leaseMs) })
      .execute()
      .catch((err: unknown) => this.log.warn({ err }, 'job runner: could not renew a lease'));
  }
}
