import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';

/** The second factor's rows: the encrypted secret and the recovery codes, as hashes. */
export class TotpRepository {
  constructor(private readonly db: Db) {}

  find(userId: number) {
    return this.db.selectFrom('user_totp').selectAll().where('user_id', '=', userId).executeTakeFirst();
  }

  async recoveryCodesLeft(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('totp_recovery_codes')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .executeTakeFirst();
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

  /**
   * Spends the time step of a right code: true for the one request that moved `last_step` past
   * it, false when another got there first. One compare-and-set statement, so eight sign-ins sent
   * together with the same code open one session, not one each (PostgreSQL re-checks the condition
   * on the row the first writer committed).
   */
  async claimStep(userId: number, step: number): Promise<boolean> {
    const row = await this.db
      .updateTable('user_totp')
      .set({ last_step: step })
      .where('user_id', '=', userId)
      .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', String(step))]))
      .returning('user_id')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** In force from now, with a new set of recovery codes (their hashes), in one transaction. */
  async enable(userId: number, codeHashes: string[], now: Date): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('user_totp').set({ enabled_at: now }).where('user_id', '=', userId).execute();
      await trx.deleteFrom('totp_recovery_codes').where('user_id', '=', userId).execute();
      await trx
        .insertInto('totp_recovery_codes')
        .values(codeHashes.map((code_hash) => ({ user_id: userId, code_hash, used_at: null })))
        .execute();
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
