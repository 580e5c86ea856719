import { type Kysely, sql } from 'kysely';

/**
 * The tables whose rows the household's cached answers are computed from (see
 * `lib/household-cache.ts`): any change to one of them moves its owner's `users.data_version`.
 */
export const VERSIONED_TABLES = ['universes', 'appliances', 'events', 'notifications', 'user_badges', 'user_actions'] as const;

/**
 * `users.data_version` counts the changes to a household's data. A constraint trigger deferred to
 * the commit moves it once per transaction and household (`data_version_xact` remembers the last
 * transaction that moved it): taken at the very end, the user's row lock is never held while the
 * transaction waits for another lock, so it adds no deadlock; a rolled-back change moves nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column data_version bigint not null default 0, add column data_version_xact xid8`.execute(db);
  await sql`
    create function bump_data_version() returns trigger language plpgsql as $$
    declare
      owner integer;
    begin
      foreach owner in array array_remove(array[
        case when tg_op <> 'DELETE' then new.user_id end,
        case when tg_op <> 'INSERT' then old.user_id end], null)
      loop
        update users set data_version = data_version + 1, data_version_xact = pg_current_xact_id()
          where id = owner and data_version_xact is distinct from pg_current_xact_id();
      end loop;
      return null;
    end $$`.execute(db);
  for (const table of VERSIONED_TABLES) {
    await sql`create constraint trigger ${sql.raw(`${table}_data_version`)} after insert or update or delete on ${sql.table(table)}
      deferrable initially deferred for each row execute function bump_data_version()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of VERSIONED_TABLES) await sql`drop trigger ${sql.raw(`${table}_data_version`)} on ${sql.table(table)}`.execute(db);
  await sql`drop function bump_data_version()`.execute(db);
  await sql`alter table users drop column data_version, drop column data_version_xact`.execute(db);
}
