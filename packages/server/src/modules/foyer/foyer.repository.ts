import type { Db } from '../../db/client.ts';
import type { Insertable } from 'kysely';
import type { FoyerInvitationsTable, FoyerMembersTable } from '../../db/schema.ts';
import { foyerMembers, foyerWithFounder, isDemoAccount, isFoyerMemberEmail } from '../../read-models/foyer-members.ts';

type Role = FoyerMembersTable['role'];

export class FoyerRepository {
  constructor(private readonly db: Db) {}

  /** The same queries inside a transaction (lib/unit-of-work.ts). */
  in(tx: Db): FoyerRepository {
    return new FoyerRepository(tx);
  }

  /** The foyer a user belongs to and their role there (every user has one: migration 0020). */
  membership(userId: number) {
    return this.db.selectFrom('foyer_members').select(['foyer_id', 'role']).where('user_id', '=', userId).executeTakeFirst();
  }

  /** The foyer and its founder's first name (read-models/foyer-members.ts). */
  foyer(id: number) {
    return foyerWithFounder(this.db, id);
  }

  /** The members, with the first name the others see, owners first then by arrival. */
  members(foyerId: number) {
    return foyerMembers(this.db, foyerId);
  }

  /** The invitations still open (neither accepted nor expired), newest first. */
  openInvitations(foyerId: number, now: Date) {
    return this.db
      .selectFrom('foyer_invitations')
      .select(['id', 'email', 'role', 'expires_at'])
      .where('foyer_id', '=', foyerId)
      .where('accepted_at', 'is', null)
      .where('expires_at', '>', now)
      .orderBy('created_at', 'desc')
      .execute();
  }

  /** Locks the foyer's members for the rest of the transaction (two owners changing roles at once). */
  lockMembers(foyerId: number) {
    return this.db.selectFrom('foyer_members').select(['user_id', 'role']).where('foyer_id', '=', foyerId).forUpdate().execute();
  }

  rename(foyerId: number, nom: string | null) {
    return this.db.updateTable('foyers').set({ nom }).where('id', '=', foyerId).executeTakeFirst();
  }

  setRole(userId: number, role: Role) {
    return this.db.updateTable('foyer_members').set({ role }).where('user_id', '=', userId).executeTakeFirst();
  }

  /**
   * Puts a user in a foyer with a role (leaving: back to their own, as its owner). Their row may be
   * gone with a foyer whose founder's account was deleted (a demo's, at its expiry): written again.
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

  /** A new invitation replaces the open one to the same address (« renvoyer »). */
  async replaceInvitation(invitation: Insertable<FoyerInvitationsTable>) {
    await this.db.deleteFrom('foyer_invitations').where('foyer_id', '=', invitation.foyer_id).where('email', '=', invitation.email).where('accepted_at', 'is', null).execute();
    return this.db.insertInto('foyer_invitations').values(invitation).returning(['id', 'email', 'role', 'expires_at']).executeTakeFirstOrThrow();
  }

  deleteInvitation(foyerId: number, id: number) {
    return this.db.deleteFrom('foyer_invitations').where('foyer_id', '=', foyerId).where('id', '=', id).where('accepted_at', 'is', null).executeTakeFirst();
  }

  /** An invitation still valid, for its page (nothing is spent). */
  openInvitation(tokenHash: string, now: Date) {
    return this.db
      .selectFrom('foyer_invitations')
      .select(['foyer_id', 'role', 'invited_by', 'expires_at'])
      .where('token_hash', '=', tokenHash)
      .where('accepted_at', 'is', null)
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
      .where('expires_at', '>', now)
      .returning(['foyer_id', 'role'])
      .executeTakeFirst();
  }
}
