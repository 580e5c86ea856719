import { type Kysely, sql } from 'kysely';

/** The tables whose `user_id` holds the household's key (decision 016), renamed `foyer_id` here. */
export const HOUSEHOLD_KEYED = ['universes', 'appliances', 'events', 'appliance_recalls', 'dossier_jobs', 'dossier_shares'] as const;

/**
 * The household's key gets its own name on the household's tables: `foyer_id`, beside the
 * `user_id` that held it until now (decision 026). The expand step of an expand-and-contract change,
 * so that the release before this one can still run beside it during a rolling deploy:
 * - add `foyer_id`, copy every row's key into it, make it not null, with the same foreign key to
 *   `foyers` and a copy of every index on `user_id`;
 * - a trigger keeps the two equal whoever writes: this release writes `foyer_id` only, the previous
 *   one `user_id` only (a change of either, as moving a household's data does, is copied to the other);
 * - the database's own functions (the household's change count, the hand-over at an account's
 *   deletion) still read `user_id`, equal by the trigger.
 * The next release drops `user_id`, the trigger and this bridge (the contract step) once no replica
 * of this one runs; until then `down` gives the previous release its schema back.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // The copy below moves each household's change count (a deferred trigger, migration 0017): fired at
  // once, it leaves no pending event that would forbid the next ALTER TABLE in this transaction.
  await sql`set constraints all immediate`.execute(db);
  await sql`
    create function keep_household_key() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        if new.foyer_id is null then new.foyer_id := new.user_id; else new.user_id := new.foyer_id; end if;
      elsif new.foyer_id is distinct from old.foyer_id then
        new.user_id := new.foyer_id;
      elsif new.user_id is distinct from old.user_id then
        new.foyer_id := new.user_id;
      end if;
      return new;
    end $$`.execute(db);
  for (const table of HOUSEHOLD_KEYED) {
    const t = sql.table(table);
    await sql`alter table ${t} add column foyer_id integer`.execute(db);
    await sql`update ${t} set foyer_id = user_id`.execute(db);
    await sql`alter table ${t} alter column foyer_id set not null,
      add constraint ${sql.raw(`${table}_foyer_id_fkey`)} foreign key (foyer_id) references foyers(id) on delete cascade`.execute(db);
    // Every index on user_id, again on foyer_id (the lists and lookups keep their plans).
    await sql`
      do $$
      declare r record;
      begin
        for r in select indexname, indexdef from pg_indexes
          where schemaname = current_schema() and tablename = ${sql.lit(table)} and indexdef ~ '\\muser_id\\M'
        loop
          execute replace(replace(r.indexdef, r.indexname, r.indexname || '_f'), 'user_id', 'foyer_id');
        end loop;
      end $$`.execute(db);
    await sql`create trigger a_keep_household_key before insert or update on ${t}
      for each row execute function keep_household_key()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of HOUSEHOLD_KEYED) {
    await sql`drop trigger a_keep_household_key on ${sql.table(table)}`.execute(db);
    await sql`alter table ${sql.table(table)} drop column foyer_id`.execute(db);
  }
  await sql`drop function keep_household_key()`.execute(db);
}
