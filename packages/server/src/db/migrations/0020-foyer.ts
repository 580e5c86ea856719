import { type Kysely, sql } from 'kysely';

/**
 * A household shared by several people (decision 016). A foyer's id is the id of the user
 * who founded it, the key its data already carries (`user_id` of universes, appliances, events…):
 * every existing user becomes the owner (`proprietaire`) of a foyer holding their data, and no data
 * row moves. Each user belongs to one foyer at a time (`foyer_members`, one row per user); a foyer
 * keeps its founder's data when the founder joins another one. A trigger gives every new user their
 * foyer, whichever code creates the account (sign-up, demo, a restored backup). A foyer without a name
 * is shown as its founder's (`API_MSG.foyerDefaultName`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('foyers')
    .addColumn('id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('nom', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('foyer_members')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('foyer_id', 'integer', (c) => c.notNull().references('foyers.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('proprietaire', 'membre', 'lecteur')`))
    .addColumn('joined_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('foyer_members_foyer').on('foyer_members').columns(['foyer_id', 'user_id']).execute();
  await db.schema
    .createTable('foyer_invitations')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('foyer_id', 'integer', (c) => c.notNull().references('foyers.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('proprietaire', 'membre', 'lecteur')`))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('invited_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('accepted_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('foyer_invitations_foyer').on('foyer_invitations').columns(['foyer_id', 'created_at']).execute();
  // Every user until now: the owner of a foyer holding their data.
  await sql`insert into foyers (id, created_at) select id, created_at from users`.execute(db);
  await sql`insert into foyer_members (user_id, foyer_id, role, joined_at) select id, id, 'proprietaire', created_at from users`.execute(
    db,
  );
  await sql`
    create function create_own_foyer() returns trigger language plpgsql as $$
    begin
      insert into foyers (id, created_at) values (new.id, new.created_at);
      insert into foyer_members (user_id, foyer_id, role, joined_at) values (new.id, new.id, 'proprietaire', new.created_at);
      return null;
    end $$`.execute(db);
  await sql`create trigger users_own_foyer after insert on users for each row execute function create_own_foyer()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger users_own_foyer on users`.execute(db);
  await sql`drop function create_own_foyer()`.execute(db);
  await db.schema.dropTable('foyer_invitations').execute();
  await db.schema.dropTable('foyer_members').execute();
  await db.schema.dropTable('foyers').execute();
}
