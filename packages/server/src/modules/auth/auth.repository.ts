import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';
import type { NewUser, UserRow, UserUpdate } from '../../db/schema.ts';
import { holdLock } from '../../lib/advisory-locks.ts';
import { inTransaction, type UnitOfWork } from '../../lib/unit-of-work.ts';

/** Holds, until the transaction ends, the lock on `userId`'s sessions: their rotations and revocations run one after the other. */
const lockSessions = (trx: Db, userId: number) => holdLock(trx, 'sessions', userId);

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

  /** A new signed-in device: its session row and its first refresh token, together. */
  async startSession(
    session: { id: string; user_id: number; created_at: Date; user_agent: string | null; ip: string | null },
    token: { token_hash: string; expires_at: Date },
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('sessions')
        .values({ ...session, last_seen_at: session.created_at })
        .execute();
      await trx
        .insertInto('refresh_tokens')
        .values({ ...token, user_id: session.user_id, family_id: session.id, created_at: session.created_at })
        .execute();
    });
  }

  /** The user's sessions that can still refresh (a live refresh token), most recent activity first. */
  listSessions(userId: number, now: Date) {
    return this.db
      .selectFrom('sessions')
      .select(['id', 'created_at', 'last_seen_at', 'user_agent', 'ip'])
      .where('user_id', '=', userId)
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('refresh_tokens')
            .select('refresh_tokens.id')
            .whereRef('refresh_tokens.family_id', '=', 'sessions.id')
            .where('refresh_tokens.revoked_at', 'is', null)
            .where('refresh_tokens.used_at', 'is', null)
            .where('refresh_tokens.expires_at', '>', now),
        ),
      )
      .orderBy('last_seen_at', 'desc')
      .execute();
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
    maxAgeMs: number,
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
      // Absolute lifetime: a refresh never carries a session past its start + maxAge.
      const session = await trx
        .updateTable('sessions')
        .set({ last_seen_at: now })
        .where('id', '=', spent.family_id)
        .returning('created_at')
        .executeTakeFirst();
      const end = (session?.created_at ?? now).getTime() + maxAgeMs;
      if (end <= now.getTime()) {
        await trx
          .updateTable('refresh_tokens')
          .set({ revoked_at: now })
          .where('family_id', '=', spent.family_id)
          .where('revoked_at', 'is', null)
          .execute();
        return undefined;
      }
      const expires_at = new Date(Math.min(next.expires_at.getTime(), end));
      await trx
        .insertInto('refresh_tokens')
        .values({ ...next, expires_at, user_id: spent.user_id, family_id: spent.family_id })
        .execute();
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

  /** Ends one session of `userId` (under the user's session lock: see rotateRefreshToken); false when it had no live token. */
  async revokeFamily(userId: number, familyId: string, now: Date): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      await lockSessions(trx, userId);
      const rows = await trx
        .updateTable('refresh_tokens')
        .set({ revoked_at: now })
        .where('family_id', '=', familyId)
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .returning('id')
        .execute();
      return rows.length > 0;
    });
  }

  /** Revokes every session of the user but `exceptFamily` (the caller's own, when given); returns the families ended. */
  async revokeAllForUser(userId: number, now: Date, exceptFamily?: string): Promise<string[]> {
    const revoke = async (trx: Db) => {
      await lockSessions(trx, userId);
      let query = trx.updateTable('refresh_tokens').set({ revoked_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null);
      if (exceptFamily) query = query.where('family_id', '!=', exceptFamily);
      return query.returning('family_id').execute();
    };
    // Within the caller's transaction when this repository runs on one (an account's deletion).
    const rows = this.db.isTransaction ? await revoke(this.db) : await this.db.transaction().execute(revoke);
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
    const replace = async (trx: Db) => {
      await trx
        .updateTable('password_reset_tokens')
        .set({ used_at: row.created_at })
        .where('user_id', '=', row.user_id)
        .where('used_at', 'is', null)
        .execute();
      await trx.insertInto('password_reset_tokens').values(row).execute();
    };
    if (this.db.isTransaction) await replace(this.db);
    else await this.db.transaction().execute(replace);
  }

  /** Runs `work` with this repository on one transaction, shared with what the write announces (its mail). */
  inUnit<T>(work: (repo: AuthRepository, unit: UnitOfWork) => Promise<T>): Promise<T> {
    return inTransaction(this.db, (unit) => work(new AuthRepository(unit.tx), unit));
  }

  /** The account's pending new address (a newer request replaces an older one). */
  async savePendingEmail(change: {
    user_id: number;
    new_email: string;
    token_hash: string;
    created_at: Date;
    expires_at: Date;
  }): Promise<void> {
    await this.db
      .insertInto('email_changes')
      .values(change)
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet({
          new_email: change.new_email,
          token_hash: change.token_hash,
          created_at: change.created_at,
          expires_at: change.expires_at,
        }),
      )
      .execute();
  }

  async cancelPendingEmail(userId: number): Promise<void> {
    await this.db.deleteFrom('email_changes').where('user_id', '=', userId).execute();
  }

  /** Spends a confirmation token: the pending change it names, removed in the same statement, or undefined. */
  async takePendingEmail(tokenHash: string) {
    return this.db.deleteFrom('email_changes').where('token_hash', '=', tokenHash).returningAll().executeTakeFirst();
  }

  async deleteDemoUser(id: number): Promise<void> {
    await this.db.deleteFrom('users').where('id', '=', id).where('demo_expires_at', 'is not', null).execute();
  }

  /**
   * Demo accounts past their expiry, with every row of theirs (foreign keys cascade; the audit log
   * keeps its lines without the user). Their files go with the next orphan sweep.
   */
  async purgeExpiredDemos(now: Date): Promise<number> {
    const rows = await this.db.deleteFrom('users').where('demo_expires_at', '<', now).returning('id').execute();
    return rows.length;
  }

  /**
   * Drops what can no longer be used (hourly): refresh tokens a day past their end, sessions left
   * without any token, devices unseen for 400 days, sign-in failures older than a day, reset links
   * a day past their end. Returns how many rows went, per table.
   */
  async purgeExpired(now: Date): Promise<Record<string, number>> {
    const day = 24 * 3_600_000;
    const dayAgo = new Date(now.getTime() - day);
    const count = (r: { numDeletedRows: bigint }[]) => Number(r[0]?.numDeletedRows ?? 0);
    const tokens = count(
      await this.db
        .deleteFrom('refresh_tokens')
        .where((eb) => eb.or([eb('expires_at', '<', dayAgo), eb('revoked_at', '<', dayAgo)]))
        .execute(),
    );
    const sessions = count(
      await this.db
        .deleteFrom('sessions')
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom('refresh_tokens').select('refresh_tokens.id').whereRef('refresh_tokens.family_id', '=', 'sessions.id'))),
        )
        .where('last_seen_at', '<', dayAgo)
        .execute(),
    );
    const devices = count(
      await this.db
        .deleteFrom('known_devices')
        .where('last_used_at', '<', new Date(now.getTime() - 400 * day))
        .execute(),
    );
    const failures = count(await this.db.deleteFrom('signin_failures').where('last_failure_at', '<', dayAgo).execute());
    const resets = count(await this.db.deleteFrom('password_reset_tokens').where('expires_at', '<', dayAgo).execute());
    const demos = await this.purgeExpiredDemos(now);
    await this.db.deleteFrom('email_changes').where('expires_at', '<', dayAgo).execute();
    return {
      refresh_tokens: tokens,
      sessions,
      known_devices: devices,
      signin_failures: failures,
      password_reset_tokens: resets,
      demo_accounts: demos,
    };
  }

  /** The failed sign-ins of a login key still counting (within `windowMs` of the last one). */
  async signinFailures(login: string, now: Date, windowMs: number): Promise<{ failures: number; last: Date } | null> {
    const row = await this.db.selectFrom('signin_failures').selectAll().where('login', '=', login).executeTakeFirst();
    if (!row || now.getTime() - row.last_failure_at.getTime() > windowMs) return null;
    return { failures: row.failures, last: row.last_failure_at };
  }

  /** One more failure (the count starts again once the last one is older than `windowMs`). */
  async recordSigninFailure(login: string, now: Date, windowMs: number): Promise<void> {
    const since = new Date(now.getTime() - windowMs);
    await this.db
      .insertInto('signin_failures')
      .values({ login, failures: 1, last_failure_at: now })
      .onConflict((oc) =>
        oc.column('login').doUpdateSet({
          failures: sql`case when signin_failures.last_failure_at < ${since} then 1 else signin_failures.failures + 1 end`,
          last_failure_at: now,
        }),
      )
      .execute();
  }

  /**
   * Takes one attempt on `login` if the slow-down lets it in now, and counts it as a failure at once
   * (a success clears it): requests sent together are let in one after the other, each seeing the
   * failures before it, instead of all reading « no failure yet » before any is written. The row is
   * locked while it is read and written. Answers the wait left in ms, 0 when the attempt was taken.
   */
  async takeAttempt(login: string, now: Date, windowMs: number, delayMs: (failures: number) => number): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      // An upsert that changes nothing: the row, new or existing, locked in one statement (a success
      // deleting it meanwhile makes PostgreSQL insert it again, never answer nothing).
      const row = await trx
        .insertInto('signin_failures')
        .values({ login, failures: 0, last_failure_at: now })
        .onConflict((oc) => oc.column('login').doUpdateSet({ login: (eb) => eb.ref('excluded.login') }))
        .returningAll()
        .executeTakeFirstOrThrow();
      const failures = now.getTime() - row.last_failure_at.getTime() > windowMs ? 0 : row.failures;
      const wait = failures === 0 ? 0 : row.last_failure_at.getTime() + delayMs(failures) - now.getTime();
      if (wait > 0) return wait;
      await trx
        .updateTable('signin_failures')
        .set({ failures: failures + 1, last_failure_at: now })
        .where('login', '=', login)
        .execute();
      return 0;
    });
  }

  async clearSigninFailures(login: string): Promise<void> {
    await this.db.deleteFrom('signin_failures').where('login', '=', login).execute();
  }

  /** Whether `tokenHash` is a device of `userId` that signed in before (and notes its use). */
  async touchKnownDevice(userId: number, tokenHash: string, now: Date): Promise<boolean> {
    const row = await this.db
      .updateTable('known_devices')
      .set({ last_used_at: now })
      .where('token_hash', '=', tokenHash)
      .where('user_id', '=', userId)
      .returning('user_id')
      .executeTakeFirst();
    return row !== undefined;
  }

  async addKnownDevice(userId: number, tokenHash: string, now: Date): Promise<void> {
    await this.db
      .insertInto('known_devices')
      .values({ token_hash: tokenHash, user_id: userId, created_at: now, last_used_at: now })
      .execute();
  }

  /** Spends every reset token of a user still unused (a password changed elsewhere makes them void). */
  async spendAllResetTokens(userId: number, now: Date): Promise<void> {
    await this.db
      .updateTable('password_reset_tokens')
      .set({ used_at: now })
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .execute();
  }

  /** Spends a live reset token in one statement (single use even under concurrency). */
  findUsableResetToken(tokenHash: string, now: Date) {
    return this.db
      .selectFrom('password_reset_tokens')
      .select('user_id')
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
  }

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
