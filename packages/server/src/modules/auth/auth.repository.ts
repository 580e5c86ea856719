import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';
import type { NewUser, UserRow, UserUpdate } from '../../db/schema.ts';

/** The SQL of accounts, sessions (refresh tokens) and reset tokens. */
export class AuthRepository {
  constructor(private readonly db: Db) {}

  findByLogin(login: string): Promise<UserRow | undefined> {
    const value = login.trim().toLowerCase();
    return this.db
      .selectFrom('users')
      .selectAll()
      .where((eb) => eb.or([eb(sql`lower(username)`, '=', value), eb(sql`lower(email)`, '=', value)]))
      .orderBy('id')
      .executeTakeFirst();
  }

  findById(id: number): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async emailOrUsernameTaken(email: string, username: string, exceptUserId?: number): Promise<boolean> {
    let query = this.db
      .selectFrom('users')
      .select('id')
      .where((eb) =>
        eb.or([
          eb(sql`lower(email)`, '=', email.toLowerCase()),
          eb(sql`lower(username)`, '=', username.toLowerCase()),
          eb(sql`lower(email)`, '=', username.toLowerCase()),
          eb(sql`lower(username)`, '=', email.toLowerCase()),
        ]),
      );
    if (exceptUserId !== undefined) query = query.where('id', '<>', exceptUserId);
    return (await query.executeTakeFirst()) !== undefined;
  }

  insertUser(user: NewUser): Promise<UserRow> {
    return this.db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
  }

  incrementLoginCount(id: number): Promise<UserRow> {
    return this.db
      .updateTable('users')
      .set({ login_count: sql`login_count + 1` })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  updateUser(id: number, fields: UserUpdate): Promise<UserRow> {
    return this.db.updateTable('users').set(fields).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
  }

  async insertRefreshToken(row: {
    user_id: number;
    family_id: string;
    token_hash: string;
    created_at: Date;
    expires_at: Date;
  }): Promise<void> {
    await this.db.insertInto('refresh_tokens').values(row).execute();
  }

  /** Spends a live refresh token in one statement: of N concurrent callers, one gets the row. */
  spendRefreshToken(tokenHash: string, now: Date) {
    return this.db
      .updateTable('refresh_tokens')
      .set({ used_at: now })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .returning(['user_id', 'family_id'])
      .executeTakeFirst();
  }

  findRefreshToken(tokenHash: string) {
    return this.db
      .selectFrom('refresh_tokens')
      .select(['family_id', 'user_id', 'used_at', 'revoked_at'])
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
  }

  async revokeFamily(familyId: string, now: Date): Promise<void> {
    await this.db
      .updateTable('refresh_tokens')
      .set({ revoked_at: now })
      .where('family_id', '=', familyId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /** Revokes every session of the user but `exceptFamily` (the caller's own, when given); returns the families ended. */
  async revokeAllForUser(userId: number, now: Date, exceptFamily?: string): Promise<string[]> {
    let query = this.db.updateTable('refresh_tokens').set({ revoked_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null);
    if (exceptFamily) query = query.where('family_id', '!=', exceptFamily);
    const rows = await query.returning('family_id').execute();
    return [...new Set(rows.map((r) => r.family_id))];
  }

  /** True while the family (session) has a refresh token not revoked. */
  async isFamilyActive(familyId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('refresh_tokens')
      .select('id')
      .where('family_id', '=', familyId)
      .where('revoked_at', 'is', null)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** A new reset token replaces any unused one of the same user. */
  async insertResetToken(row: { user_id: number; token_hash: string; created_at: Date; expires_at: Date }): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('password_reset_tokens')
        .set({ used_at: row.created_at })
        .where('user_id', '=', row.user_id)
        .where('used_at', 'is', null)
        .execute();
      await trx.insertInto('password_reset_tokens').values(row).execute();
    });
  }

  /** Spends a live reset token in one statement (single use even under concurrency). */
  spendResetToken(tokenHash: string, now: Date) {
    return this.db
      .updateTable('password_reset_tokens')
      .set({ used_at: now })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('user_id')
      .executeTakeFirst();
  }
}
