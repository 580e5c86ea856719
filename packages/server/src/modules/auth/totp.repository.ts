import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';

/** The second factor's rows (issue 14): the encrypted secret and the recovery codes, as hashes. */
export class TotpRepository {
  constructor(private readonly db: Db) {}

  find(userId: number) {
    return this.db.selectFrom('user_totp').selectAll().where('user_id', '=', userId).executeTakeFirst();
  }

  async recoveryCodesLeft(userId: number): Promise<number> {
    const row = await this.db.selectFrom('totp_recovery_codes').select(sql<number>`count(*)::int`.as('n')).where('user_id', '=', userId).where('used_at', 'is', null).executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** A new secret, not in force yet; replaces one set up and never enabled. */
  async saveSecret(userId: number, secretEnc: string, now: Date): Promise<void> {
    await this.db
      .insertInto('user_totp')
      .values({ user_id: userId, secret_enc: secretEnc, enabled_at: null, last_step: null, created_at: now })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ secret_enc: secretEnc, created_at: now, last_step: null }))
      .execute();
  }

  /** The time step of the code just accepted: it never works twice. */
  async useStep(userId: number, step: number): Promise<void> {
    await this.db.updateTable('user_totp').set({ last_step: step }).where('user_id', '=', userId).execute();
  }

  /** In force from now, with a new set of recovery codes (their hashes), in one transaction. */
  async enable(userId: number, codeHashes: string[], now: Date): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('user_totp').set({ enabled_at: now }).where('user_id', '=', userId).execute();
      await trx.deleteFrom('totp_recovery_codes').where('user_id', '=', userId).execute();
      await trx.insertInto('totp_recovery_codes').values(codeHashes.map((code_hash) => ({ user_id: userId, code_hash, used_at: null }))).execute();
    });
  }

  /** Spends an unused recovery code; false when there is none with this hash. */
  async spendRecoveryCode(userId: number, codeHash: string, now: Date): Promise<boolean> {
    const spent = await this.db
      .updateTable('totp_recovery_codes')
      .set({ used_at: now })
      .where('user_id', '=', userId)
      .where('code_hash', '=', codeHash)
      .where('used_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    return Boolean(spent);
  }

  async remove(userId: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('totp_recovery_codes').where('user_id', '=', userId).execute();
      await trx.deleteFrom('user_totp').where('user_id', '=', userId).execute();
    });
  }
}
