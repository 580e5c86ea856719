import { type Kysely, sql } from 'kysely';

/**
 * A write sent with an `Idempotency-Key` header (lib/idempotency.ts): the key, a fingerprint of the
 * request it came with, and the answer it got, stored in the transaction of the write itself — kept
 * with the change, or gone with it. Per person (`user_id` is the member who sent it), a day long.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table idempotency_keys (
    user_id integer not null references users(id) on delete cascade,
    key text not null,
    fingerprint text not null,
    status integer not null,
    body text not null,
    created_at timestamptz not null,
    primary key (user_id, key)
  )`.execute(db);
  await sql`create index idempotency_keys_created on idempotency_keys (created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table idempotency_keys`.execute(db);
}
