import { type Kysely, sql } from 'kysely';

/**
 * Mails are sent by the job runner (one `mail.send` job per queued mail, decision 028): each mail
 * still waiting gets its job, due when its own retry was, its attempts kept. `locked_until` is no
 * longer read (the job's lease took its place); the column stays for the release that may roll back.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`insert into jobs (kind, payload, run_at, attempts, max_attempts, created_at)
    select 'mail.send', jsonb_build_object('id', id::text), next_attempt_at, attempts, greatest(8, attempts + 1), created_at
    from mail_queue where sent_at is null and failed_at is null`.execute(db);
}

/** The previous release claims the mails itself: their jobs go (the mails stay). */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from jobs where kind = 'mail.send'`.execute(db);
  await sql`update mail_queue set locked_until = null where sent_at is null`.execute(db);
}
