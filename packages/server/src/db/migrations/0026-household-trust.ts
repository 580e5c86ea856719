import { type Kysely, sql } from 'kysely';

/** The tables whose `user_id` is the household's key (decision 016), not a person. */
const HOUSEHOLD_KEYED = ['universes', 'appliances', 'events', 'appliance_recalls', 'dossier_jobs', 'dossier_shares'] as const;

/** Drops the foreign key on `table.column`, whatever its name. */
const dropForeignKey = (table: string, column: string) => sql`
  do $$
  declare name text;
  begin
    select c.conname into name from pg_constraint c
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey)
      where c.conrelid = ${sql.lit(table)}::regclass and c.contype = 'f' and a.attname = ${sql.lit(column)};
    if name is not null then execute format('alter table %I drop constraint %I', ${sql.lit(table)}, name); end if;
  end $$`;

/**
 * A household nobody can take over, that outlives its founder (decision 021).
 * - `foyers.holder_id`: the person who holds the household — its founder until they hand it over
 *   (an explicit transfer, confirmed with their password). Their role cannot be changed by anyone,
 *   only they name propriétaires, and they cannot be removed. Every founder demoted before this
 *   migration is a propriétaire again.
 * - The household's data refers to the foyer (`foyers.id`), no longer to the founder's account, and a
 *   foyer no longer goes with that account: deleting an account hands each foyer it holds to the
 *   longest-standing other propriétaire (else member, made propriétaire), and deletes those it held
 *   alone, data included (`hand_over_foyers`, before the account's row goes, whatever code deletes it).
 * - The count of changes the household caches key on (migration 0017) lives on the foyer.
 * - A foyer made for someone who leaves the household they held takes its id from the users'
 *   sequence, so that no account ever has the id of a foyer that is not its own.
 * - Calendar addresses are per member from now on (`calendar_feeds.user_id` is the member): the
 *   household's single address, which every member could read and a removed one kept, is revoked
 *   wherever the household is or was shared; a foyer never shared keeps its founder's.
 * - An invitation as propriétaire made by someone else than the holder waits for the holder's
 *   confirmation (`approved_at` null), including the ones still open today.
 * - Mails of a deleted account go with it (the privacy policy: deletion erases everything at once);
 *   the one confirming the deletion is erased as soon as it has left (`mail_queue.forget_when_sent`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await dropForeignKey('foyers', 'id').execute(db);
  await sql`alter table foyers add column holder_id integer references users(id) on delete set null,
    add column data_version bigint not null default 0, add column data_version_xact xid8`.execute(db);
  await sql`update foyers f set holder_id = u.id, data_version = u.data_version from users u where u.id = f.id`.execute(db);
  await sql`create index foyers_holder on foyers (holder_id)`.execute(db);
  await sql`update foyer_members m set role = 'proprietaire' from foyers f where f.id = m.foyer_id and f.holder_id = m.user_id and m.role <> 'proprietaire'`.execute(
    db,
  );

  for (const table of HOUSEHOLD_KEYED) {
    await dropForeignKey(table, 'user_id').execute(db);
    await sql`alter table ${sql.table(table)} add constraint ${sql.raw(`${table}_foyer_fkey`)} foreign key (user_id) references foyers(id) on delete cascade`.execute(
      db,
    );
  }

  await sql`
    create or replace function bump_data_version() returns trigger language plpgsql as $$
    declare
      owner integer;
    begin
      foreach owner in array array_remove(array[
        case when tg_op <> 'DELETE' then new.user_id end,
        case when tg_op <> 'INSERT' then old.user_id end], null)
      loop
        update foyers set data_version = data_version + 1, data_version_xact = pg_current_xact_id()
          where id = owner and data_version_xact is distinct from pg_current_xact_id();
      end loop;
      return null;
    end $$`.execute(db);
  await sql`
    create or replace function create_own_foyer() returns trigger language plpgsql as $$
    begin
      insert into foyers (id, holder_id, created_at) values (new.id, new.id, new.created_at);
      insert into foyer_members (user_id, foyer_id, role, joined_at) values (new.id, new.id, 'proprietaire', new.created_at);
      return null;
    end $$`.execute(db);
  await sql`
    create function hand_over_foyers() returns trigger language plpgsql as $$
    declare
      held integer;
      successor integer;
    begin
      for held in select id from foyers where holder_id = old.id loop
        select m.user_id into successor from foyer_members m
          where m.foyer_id = held and m.user_id <> old.id
          order by (m.role = 'proprietaire') desc, m.joined_at, m.user_id limit 1;
        if successor is null then
          delete from foyers where id = held;
        else
          update foyers set holder_id = successor where id = held;
          update foyer_members set role = 'proprietaire' where user_id = successor;
        end if;
      end loop;
      return old;
    end $$`.execute(db);
  await sql`create trigger users_hand_over_foyers before delete on users for each row execute function hand_over_foyers()`.execute(db);

  await sql`delete from calendar_feeds c where exists (select 1 from foyer_members m where m.foyer_id = c.user_id and m.user_id <> c.user_id)
    or exists (select 1 from foyer_invitations i where i.foyer_id = c.user_id and i.accepted_at is not null)
    or not exists (select 1 from foyer_members m where m.user_id = c.user_id and m.foyer_id = c.user_id)`.execute(db);

  await sql`alter table foyer_invitations add column approved_at timestamptz`.execute(db);
  await sql`update foyer_invitations i set approved_at = i.created_at from foyers f
    where f.id = i.foyer_id and (i.role <> 'proprietaire' or i.invited_by is not distinct from f.holder_id or i.accepted_at is not null)`.execute(
    db,
  );

  await sql`alter table mail_queue add column forget_when_sent boolean not null default false`.execute(db);
  await sql`create index mail_queue_to on mail_queue (lower(to_address))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index mail_queue_to`.execute(db);
  await sql`alter table mail_queue drop column forget_when_sent`.execute(db);
  await sql`alter table foyer_invitations drop column approved_at`.execute(db);
  await sql`drop trigger users_hand_over_foyers on users`.execute(db);
  await sql`drop function hand_over_foyers()`.execute(db);
  await sql`
    create or replace function create_own_foyer() returns trigger language plpgsql as $$
    begin
      insert into foyers (id, created_at) values (new.id, new.created_at);
      insert into foyer_members (user_id, foyer_id, role, joined_at) values (new.id, new.id, 'proprietaire', new.created_at);
      return null;
    end $$`.execute(db);
  await sql`
    create or replace function bump_data_version() returns trigger language plpgsql as $$
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
  // Data of a foyer that outlived its founder, or of a foyer made for someone who left, has no account to go back to.
  for (const table of HOUSEHOLD_KEYED) {
    await sql`delete from ${sql.table(table)} t where not exists (select 1 from users u where u.id = t.user_id)`.execute(db);
    await sql`alter table ${sql.table(table)} drop constraint ${sql.raw(`${table}_foyer_fkey`)}`.execute(db);
    await sql`alter table ${sql.table(table)} add constraint ${sql.raw(`${table}_user_id_fkey`)} foreign key (user_id) references users(id) on delete cascade`.execute(
      db,
    );
  }
  await sql`update users u set data_version = f.data_version from foyers f where f.id = u.id`.execute(db);
  await sql`delete from foyers f where not exists (select 1 from users u where u.id = f.id)`.execute(db);
  await sql`alter table foyers drop column holder_id, drop column data_version, drop column data_version_xact`.execute(db);
  await sql`alter table foyers add constraint foyers_id_fkey foreign key (id) references users(id) on delete cascade`.execute(db);
}
