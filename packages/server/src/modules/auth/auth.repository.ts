import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/client.ts';
import type { Database, NewUser, UserRow, UserUpdate } from '../../db/schema.ts';

/** The first key of the advisory locks that order a user's refresh-token rotations and revocations. */
const SESSION_LOCKS = 0x5e55;

/**
 * Holds, until the transaction ends, the lock on `userId`'s sessions: rotations and revocations
 * of one user run one after the other, each seeing what the other committed (READ COMMITTED takes
 * a new snapshot per statement). Other users are not held.
 */
async function lockSessions(trx: Transaction<Database>, userId: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(${SESSION_LOCKS}::int4, ${userId}::int4)`.execute(trx);
}

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

  /**
   * Rotation: spends a live refresh token and adds its successor to the same family, in one
   * transaction under the user's session lock (`lockSessions`). Of N concurrent callers one gets
   * the row; a revocation of the family either comes first (nothing is spent) or sees the
   * successor and revokes it too: no live token survives a sign-out that raced a refresh.
   */
  async rotateRefreshToken(
    tokenHash: string,
    next: { token_hash: string; created_at: Date; expires_at: Date },
    now: Date,
  ): Promise<{ user_id: number; family_id: string } | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const owner = await trx.selectFrom('refresh_tokens').select('user_id').where('token_hash', '=', tokenHash).executeTakeFirst();
      if (!owner) return undefined;
      await lockSessions(trx, owner.user_id);
      const spent = await trx
        .updateTable('refresh_tokens')
        .set({ used_at: now })
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .returning(['user_id', 'family_id'])
        .executeTakeFirst();
      if (!spent) return undefined;
      await trx.insertInto('refresh_tokens').values({ ...next, user_id: spent.user_id, family_id: spent.family_id }).execute();
      return spent;
    });
  }

  findRefreshToken(tokenHash: string) {
    return this.db
      .selectFrom('refresh_tokens')
      .select(['family_id', 'user_id', 'used_at', 'revoked_at'])
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
  }

  /** Ends one session of `userId` (under the user's session lock: see rotateRefreshToken). */
  async revokeFamily(userId: number, familyId: string, now: Date): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await lockSessions(trx, userId);
      await trx
        .updateTable('refresh_tokens')
        .set({ revoked_at: now })
        .where('family_id', '=', familyId)
        .where('revoked_at', 'is', null)
        .execute();
    });
  }

  /** Revokes every session of the user but `exceptFamily` (the caller's own, when given); returns the families ended. */
  async revokeAllForUser(userId: number, now: Date, exceptFamily?: string): Promise<string[]> {
    const rows = await this.db.transaction().execute(async (trx) => {
      await lockSessions(trx, userId);
      let query = trx.updateTable('refresh_tokens').set({ revoked_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null);
      if (exceptFamily) query = query.where('family_id', '!=', exceptFamily);
      return query.returning('family_id').execute();
    });
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
