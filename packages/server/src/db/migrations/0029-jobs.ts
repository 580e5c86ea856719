import { type Kysely, sql } from 'kysely';

/**
 * The background work of every process, in one table (lib/job-runner.ts, decision 028): a job is a
 * kind and a JSON payload, due at `run_at`; a worker takes it for `lease_until` (SKIP LOCKED: one
 * worker of one replica at a time), keeps the lease while it runs, and marks it done, or due again
 * after a backoff, or failed after its last attempt. A scheduled job's `singleton` (its kind and its
 * period) makes one job per period whatever the number of replicas.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table jobs (
    id bigserial primary key,
    kind text not null,
    payload jsonb not null default '{}'::jsonb,
    singleton text unique,
    run_at timestamptz not null,
    attempts integer not null default 0,
    max_attempts integer not null,
    lease_owner text,
    lease_until timestamptz,
    last_error text,
    created_at timestamptz not null,
    done_at timestamptz,
    failed_at timestamptz
  )`.execute(db);
  await sql`create index jobs_due on jobs (run_at) where done_at is null and failed_at is null`.execute(db);
  await sql`create index jobs_finished on jobs (coalesce(done_at, failed_at)) where done_at is not null or failed_at is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table jobs`.execute(db);
}
