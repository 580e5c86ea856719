import type { Db } from '../../db/client.ts';
import { type Insertable, sql } from 'kysely';
import type { FoyerInvitationsTable, FoyerMembersTable } from '../../db/schema.ts';
import { accountEmail, foyerMembers, foyerWithHolder, isDemoAccount, isFoyerMemberEmail } from '../../read-models/foyer-members.ts';

type Role = FoyerMembersTable['role'];

export class FoyerRepository {
  constructor(private readonly db: Db) {}

  /** The same queries inside a transaction (lib/unit-of-work.ts). */
  in(tx: Db): FoyerRepository {
    return new FoyerRepository(tx);
  }

  /** The foyer a user belongs to, their role there, and who holds it (every user has one: migration 0020). */
  membership(userId: number) {
    return this.db
      .selectFrom('foyer_members as m')
      .innerJoin('foyers as f', 'f.id', 'm.foyer_id')
      .select(['m.foyer_id', 'm.role', 'f.holder_id'])
      .where('m.user_id', '=', userId)
      .executeTakeFirst();
  }

  /** The foyer, who holds it and their first name (read-models/foyer-members.ts). */
  foyer(id: number) {
    return foyerWithHolder(this.db, id);
  }

  /** The members, with the first name the others see, owners first then by arrival. */
  members(foyerId: number) {
    return foyerMembers(this.db, foyerId);
  }

  /**
   * The foyer a user goes back to when they leave `except`: one they hold and share with nobody
   * (their own, where the data they kept apart waits), else a new empty one, whose id is taken from
   * the users' sequence (migration 0026: no account will ever have it).
   */
  async homeOf(userId: number, except: number, at: Date): Promise<number> {
    const own = await this.db
      .selectFrom('foyers as f')
      .select('f.id')
      .where('f.holder_id', '=', userId)
      .where('f.id', '<>', except)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb.selectFrom('foyer_members as m').select('m.user_id').whereRef('m.foyer_id', '=', 'f.id').where('m.user_id', '<>', userId),
          ),
        ),
      )
      .orderBy(sql`f.id = ${userId}`, 'desc')
      .orderBy('f.created_at')
      .executeTakeFirst();
    if (own) return own.id;
    const created = await this.db
      .insertInto('foyers')
      .values({ id: sql<number>`nextval(pg_get_serial_sequence('users', 'id'))`, holder_id: userId, nom: null, created_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    return created.id;
  }

  /** The open invitations, newest first: pending ones (not accepted, not expired). */
  openInvitations(foyerId: number, now: Date) {
    return this.db
      .selectFrom('foyer_invitations')
      .select(['id', 'email', 'role', 'expires_at', 'approved_at', 'invited_by'])
      .where('foyer_id', '=', foyerId)
      .where('accepted_at', 'is', null)
      .where('expires_at', '>', now)
      .orderBy('created_at', 'desc')
      .execute();
  }

  /** Locks the foyer's members for the rest of the transaction (two owners changing roles at once). */
  lockMembers(foyerId: number) {
    return this.db
      .selectFrom('foyer_members')
      .select(['user_id', 'role', 'joined_at'])
      .where('foyer_id', '=', foyerId)
      .orderBy('joined_at')
      .orderBy('user_id')
      .forUpdate()
      .execute();
  }

  /** Locks the foyer's row: who holds it does not change under the transaction. */
  lockFoyer(foyerId: number) {
    return this.db.selectFrom('foyers').select(['id', 'holder_id']).where('id', '=', foyerId).forUpdate().executeTakeFirst();
  }

  rename(foyerId: number, nom: string | null) {
    return this.db.updateTable('foyers').set({ nom }).where('id', '=', foyerId).executeTakeFirst();
  }

  setRole(userId: number, role: Role) {
    return this.db.updateTable('foyer_members').set({ role }).where('user_id', '=', userId).executeTakeFirst();
  }

  setHolder(foyerId: number, userId: number) {
    return this.db.updateTable('foyers').set({ holder_id: userId }).where('id', '=', foyerId).executeTakeFirst();
  }

  /** Deletes a foyer and, through the foreign keys, every row of its data (migration 0026). */
  deleteFoyer(foyerId: number) {
    return this.db.deleteFrom('foyers').where('id', '=', foyerId).executeTakeFirst();
  }

  /** The foyers a user holds and shares with nobody: they go with the account (its trigger deletes them). */
  soleFoyers(userId: number) {
    return this.db
      .selectFrom('foyers as f')
      .select('f.id')
      .where('f.holder_id', '=', userId)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb.selectFrom('foyer_members as m').select('m.user_id').whereRef('m.foyer_id', '=', 'f.id').where('m.user_id', '<>', userId),
          ),
        ),
      )
      .execute();
  }

  /**
   * Puts a user in a foyer with a role (leaving: back to their own, as its owner). Their row may be
   * gone with a foyer that was deleted (a demo's, at its expiry): written again.
   */
  move(userId: number, foyerId: number, role: Role, at: Date) {
    return this.db
      .insertInto('foyer_members')
      .values({ user_id: userId, foyer_id: foyerId, role, joined_at: at })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ foyer_id: foyerId, role, joined_at: at }))
      .executeTakeFirst();
  }

  isDemo(userId: number) {
    return isDemoAccount(this.db, userId);
  }

  isMemberEmail(foyerId: number, email: string) {
    return isFoyerMemberEmail(this.db, foyerId, email);
  }

  emailOf(userId: number) {
    return accountEmail(this.db, userId);
  }

  /** A new invitation replaces the open one to the same address (« renvoyer »). */
  async replaceInvitation(invitation: Insertable<FoyerInvitationsTable>) {
    await this.db
      .deleteFrom('foyer_invitations')
      .where('foyer_id', '=', invitation.foyer_id)
      .where('email', '=', invitation.email)
      .where('accepted_at', 'is', null)
      .execute();
    return this.db
      .insertInto('foyer_invitations')
      .values(invitation)
      .returning(['id', 'email', 'role', 'expires_at', 'approved_at'])
      .executeTakeFirstOrThrow();
  }

  deleteInvitation(foyerId: number, id: number) {
    return this.db
      .deleteFrom('foyer_invitations')
      .where('foyer_id', '=', foyerId)
      .where('id', '=', id)
      .where('accepted_at', 'is', null)
      .executeTakeFirst();
  }

  /** The holder confirms an invitation waiting for them: it gets the token its mail will carry. */
  approveInvitation(foyerId: number, id: number, tokenHash: string, now: Date, expiresAt: Date) {
    return this.db
      .updateTable('foyer_invitations')
      .set({ approved_at: now, token_hash: tokenHash, expires_at: expiresAt })
      .where('foyer_id', '=', foyerId)
      .where('id', '=', id)
      .where('accepted_at', 'is', null)
      .where('approved_at', 'is', null)
      .where('expires_at', '>', now)
      .returning(['id', 'email', 'role', 'expires_at', 'approved_at', 'invited_by'])
      .executeTakeFirst();
  }

  /** An invitation still valid, for its page (nothing is spent). */
  openInvitation(tokenHash: string, now: Date) {
    return this.db
      .selectFrom('foyer_invitations')
      .select(['foyer_id', 'email', 'role', 'invited_by', 'expires_at'])
      .where('token_hash', '=', tokenHash)
      .where('accepted_at', 'is', null)
      .where('approved_at', 'is not', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
  }

  /** Spends an invitation still valid: at most one acceptance wins (single use). */
  spendInvitation(tokenHash: string, now: Date) {
    return this.db
      .updateTable('foyer_invitations')
      .set({ accepted_at: now })
      .where('token_hash', '=', tokenHash)
      .where('accepted_at', 'is', null)
      .where('approved_at', 'is not', null)
      .where('expires_at', '>', now)
      .returning(['foyer_id', 'role', 'email'])
      .executeTakeFirst();
  }
}
