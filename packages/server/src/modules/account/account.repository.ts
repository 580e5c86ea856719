import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';
import { keyColumn } from '../../db/household-key.ts';
import { MailQueue } from '../../lib/mail-queue.ts';
import { inTransaction, type UnitOfWork } from '../../lib/unit-of-work.ts';
import { HOUSEHOLD_TABLES } from '../../ops/household-backup.ts';

type Row = Record<string, unknown>;

/**
 * What the RGPD export holds beyond the household, per table with a user_id: the columns a person
 * can read about themselves. Secrets (token hashes, the password hash) are never in it. Every table
 * with a user_id is either here, in HOUSEHOLD_TABLES, or in NOT_IN_EXPORT (account.test.ts).
 */
const ACCOUNT_TABLES = {
  sessions: ['id', 'created_at', 'last_seen_at', 'user_agent', 'ip'],
  known_devices: ['created_at', 'last_used_at'],
  audit_log: ['action', 'ip', 'details', 'created_at'],
  email_changes: ['new_email', 'created_at', 'expires_at'],
  temp_files: ['key', 'created_at'],
  foyer_members: ['foyer_id', 'role', 'joined_at'],
  notification_preferences: ['in_app', 'push', 'email', 'email_mode', 'updated_at'],
  notification_digests: ['week', 'sent_at'],
  dossier_jobs: ['status', 'done', 'total', 'size', 'created_at'],
  dossier_shares: ['days', 'created_at', 'expires_at', 'revoked_at'],
} as const;

/** Tables with a user_id left out of the export, and why: only secrets, nothing about the person. */
export const NOT_IN_EXPORT = {
  refresh_tokens: 'token hashes of the sessions listed under sessions',
  password_reset_tokens: 'hashes of one-time links',
  user_totp: 'the encrypted second-factor secret (its state is in the profile)',
  totp_recovery_codes: 'hashes of the recovery codes',
  idempotency_keys:
    'the answers to writes the person made, kept a day so that a retry is not done twice (the writes themselves are exported)',
} as const;
export const EXPORTED_TABLES = [...HOUSEHOLD_TABLES, ...Object.keys(ACCOUNT_TABLES)] as string[];

/** Columns holding FileStore keys. */
const FILE_COLUMNS: Record<string, string[]> = {
  universes: ['image_key'],
  appliances: ['pict_key', 'facture_key', 'notice_key'],
  claim_attachments: ['file_key'],
  dossier_jobs: ['file_key'],
  temp_files: ['key'],
};

/**
 * The rows of one account, read in one snapshot. Like ops/household-backup.ts it reads every
 * module's tables for one user on purpose: a data-subject export must be complete, and a module's
 * service only ever gives its own view.
 */
export class AccountRepository {
  constructor(private readonly db: Db) {}

  async allRows(userId: number): Promise<{ user: Row; tables: Record<string, Row[]> } | null> {
    return this.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => {
        const user = await trx
          .selectFrom('users')
          .select([
            'id',
            'username',
            'email',
            'firstname',
            'lastname',
            'adresse',
            'telephone',
            'roles',
            'login_count',
            'created_at',
            'updated_at',
          ])
          .where('id', '=', userId)
          .executeTakeFirst();
        if (!user) return null;
        const tables: Record<string, Row[]> = {};
        for (const table of HOUSEHOLD_TABLES)
          tables[table] = (
            await sql<Row>`select * from ${sql.table(table)} where ${sql.ref(keyColumn(table))} = ${userId} order by 1`.execute(trx)
          ).rows;
        for (const [table, columns] of Object.entries(ACCOUNT_TABLES)) {
          tables[table] = (
            await sql<Row>`select ${sql.join(columns.map((c) => sql.ref(c)))} from ${sql.table(table)} where ${sql.ref(keyColumn(table))} = ${userId} order by ${sql.ref(columns.includes('created_at' as never) ? 'created_at' : columns[0]!)}`.execute(
              trx,
            )
          ).rows;
        }
        return { user, tables };
      });
  }

  /** Every stored file of the account (pictures, invoices, manuals, image-search uploads). */
  async fileKeys(userId: number): Promise<string[]> {
    return this.keysOf(this.db, [userId], userId);
  }

  /** The files of these foyers' data, and the account's own uploads. */
  private async keysOf(db: Db, foyerIds: number[], userId: number): Promise<string[]> {
    const keys: string[] = [];
    for (const [table, columns] of Object.entries(FILE_COLUMNS)) {
      const owners = table === 'temp_files' ? [userId] : foyerIds;
      if (owners.length === 0) continue;
      const { rows } =
        await sql<Row>`select ${sql.join(columns.map((c) => sql.ref(c)))} from ${sql.table(table)} where ${sql.ref(keyColumn(table))} in (${sql.join(owners)})`.execute(
          db,
        );
      for (const row of rows) for (const c of columns) if (typeof row[c] === 'string') keys.push(row[c] as string);
    }
    return keys;
  }

  /**
   * Deletes the account and every row of it in one transaction (foreign keys cascade), after
   * `prepare` has settled the household it holds (handed over or emptied, decision 021) and answered
   * the foyers that go with the account; mails to its address go too (the privacy policy). Its audit
   * lines lose everything that points at the person (user, address, details) and one anonymous line
   * records that an account was deleted. Answers the keys of the files to delete.
   */
  async deleteAccount(
    userId: number,
    now: Date,
    prepare: (unit: UnitOfWork) => Promise<number[]>,
    announce: (unit: UnitOfWork) => Promise<void>,
  ): Promise<string[]> {
    return inTransaction(this.db, async (unit) => {
      const trx = unit.tx;
      const foyers = await prepare(unit);
      const keys = await this.keysOf(trx, foyers, userId);
      const email = (await trx.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst())?.email;
      if (email) await MailQueue.forgetAddress(trx, email);
      await trx
        .updateTable('audit_log')
        .set({ user_id: null, ip: null, details: sql`'{}'::jsonb` })
        .where('user_id', '=', userId)
        .execute();
      await trx.insertInto('audit_log').values({ user_id: null, action: 'account_deleted', ip: null, created_at: now }).execute();
      // After the address's mails are forgotten (the announcement is the one mail kept), before its sessions go with the row.
      await announce(unit);
      await trx.deleteFrom('users').where('id', '=', userId).execute();
      return keys;
    });
  }
}
