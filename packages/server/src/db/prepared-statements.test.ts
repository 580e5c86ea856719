import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';

const databaseUrl = process.env.DATABASE_URL;

interface Table {
  id: number;
  a: string;
  b?: string;
}

// PGlite has no named statements to keep: this is PostgreSQL's (CI runs the suite on both).
describe.skipIf(!databaseUrl)('prepared statements on PostgreSQL', () => {
  it('prepares a statement with parameters once per connection, and prepares it again when its table’s columns change', async () => {
    // Names are given to the first PREPARED_STATEMENTS_MAX texts a process meets: a fresh module, so
    // that the statements other test files ran in this worker before have not used them all.
    vi.resetModules();
    const { openDatabase } = await import('./client.ts');
    const schema = `prepared_${randomBytes(4).toString('hex')}`;
    const admin = await openDatabase({ databaseUrl, poolSize: 1 });
    await sql`create schema ${sql.id(schema)}`.execute(admin.db);
    const handle = await openDatabase({ databaseUrl, schema, poolSize: 1 });
    try {
      const db = handle.db.withTables<{ things: Table }>();
      await sql`create table things (id int primary key, a text not null)`.execute(db);
      await sql`insert into things values (1, 'un'), (2, 'deux')`.execute(db);
      const read = (id: number) => db.selectFrom('things').selectAll().where('id', '=', id).executeTakeFirst();
      expect(await read(1)).toEqual({ id: 1, a: 'un' });
      expect(await read(2)).toEqual({ id: 2, a: 'deux' });
      const prepared = await sql<{
        n: number;
      }>`select count(*)::int as n from pg_prepared_statements where statement like '%from "things"%'`.execute(db);
      expect(prepared.rows[0]!.n).toBe(1);
      // Another replica migrates: `select *` now returns one more column.
      await sql`alter table ${sql.id(schema, 'things')} add column b text not null default 'x'`.execute(admin.db);
      expect(await read(1)).toEqual({ id: 1, a: 'un', b: 'x' });
      expect(await read(2)).toEqual({ id: 2, a: 'deux', b: 'x' });
    } finally {
      await handle.close();
      await sql`drop schema ${sql.id(schema)} cascade`.execute(admin.db);
      await admin.close();
    }
  });
});
