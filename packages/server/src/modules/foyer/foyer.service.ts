import { type Foyer, type FoyerRole, MSG } from '@ecofoyer/contracts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { inTransaction, type UnitOfWork } from '../../lib/unit-of-work.ts';
import type { FoyerRepository } from './foyer.repository.ts';

/** The foyer a user's requests act on, and what their role lets them do there. */
export interface Membership {
  foyerId: number;
  role: FoyerRole;
}

/** Beyond this many remembered memberships the map starts over (only a shortcut to the database). */
const MAX_REMEMBERED = 100_000;

/**
 * The household (issue 19, decision 016): who belongs to which foyer, with which role. A foyer's id
 * is its founder's user id, the key its data carries; each user belongs to one foyer at a time and
 * always has one: their own, which they go back to when they leave another.
 */
export class FoyerService {
  /** What other modules do when a member leaves a foyer, in the same transaction (events: unassign their tasks). */
  private readonly leaving: ((foyerId: number, memberId: number, unit: UnitOfWork) => Promise<void>)[] = [];

  /** userId → the membership and when the query that found it was sent (clock ms). */
  private readonly known = new Map<number, { membership: Membership; at: number }>();

  constructor(
    private readonly repo: FoyerRepository,
    private readonly deps: { db: Db; clock: Clock; cacheMs: number },
  ) {}

  /**
   * The foyer a user acts on and their role. Trusted for `cacheMs` on this process
   * (SESSION_CHECK_CACHE_MS, like an open session): a change made here is seen at once, one made by
   * another replica within `cacheMs`.
   */
  async membership(userId: number): Promise<Membership> {
    const now = this.deps.clock.now().getTime();
    const known = this.known.get(userId);
    if (known && now - known.at < this.deps.cacheMs) return known.membership;
    const row = await this.repo.membership(userId);
    // Every account gets its foyer when it is created (migration 0020's trigger). A row gone with the
    // foyer of a deleted account (a demo's, at its expiry): back to their own, written again.
    if (!row) await this.repo.move(userId, userId, 'proprietaire', this.deps.clock.now());
    const membership: Membership = row ? { foyerId: row.foyer_id, role: row.role } : { foyerId: userId, role: 'proprietaire' };
    if (this.deps.cacheMs > 0) {
      if (this.known.size >= MAX_REMEMBERED) this.known.clear();
      this.known.set(userId, { membership, at: now });
    }
    return membership;
  }

  /** Registers what a module does when a member leaves a foyer (removed, left, or gone to another). */
  onLeave(step: (foyerId: number, memberId: number, unit: UnitOfWork) => Promise<void>): void {
    this.leaving.push(step);
  }

  /** Runs the modules' steps for a member leaving a foyer, in the caller's transaction. */
  async left(foyerId: number, memberId: number, unit: UnitOfWork): Promise<void> {
    for (const step of this.leaving) await step(foyerId, memberId, unit);
  }

  /** Who can see to a task: the members who write (a lecteur only reads). */
  async assignableIds(foyerId: number): Promise<number[]> {
    return (await this.repo.members(foyerId)).filter((m) => m.role !== 'lecteur').map((m) => m.user_id);
  }

  /** The foyer's name as its members see it (issue 21: the dossier and its read-only link). */
  async nameOf(foyerId: number): Promise<string> {
    const foyer = await this.repo.foyer(foyerId);
    if (!foyer) throw notFound();
    return foyer.nom ?? MSG.foyerDefaultName(foyer.founder);
  }

  /** GET …/foyer: its name, its members, and for an owner the invitations still open. */
  async get(userId: number): Promise<Foyer> {
    const { foyerId, role } = await this.membership(userId);
    const [foyer, members, invitations] = await Promise.all([
      this.repo.foyer(foyerId),
      this.repo.members(foyerId),
      role === 'proprietaire' ? this.repo.openInvitations(foyerId, this.deps.clock.now()) : Promise.resolve([]),
    ]);
    if (!foyer) throw notFound();
    return {
      id: foyer.id,
      nom: foyer.nom ?? MSG.foyerDefaultName(foyer.founder),
      membres: members.map((m) => ({ userId: m.user_id, prenom: m.firstname, role: m.role })),
      invitations: invitations.map((i) => ({ id: i.id, email: i.email, role: i.role, expire: i.expires_at.toISOString() })),
    };
  }

  /** PUT …/foyer: an owner names the foyer (null: « Foyer de {prénom du fondateur} » again). */
  async rename(actorId: number, nom: string | null): Promise<Foyer> {
    const { foyerId } = await this.requireOwner(actorId);
    await this.repo.rename(foyerId, nom);
    return this.get(actorId);
  }

  /** PUT …/foyer/membres/{memberId}: an owner changes a member's role; the foyer keeps an owner. */
  async setRole(actorId: number, memberId: number, role: FoyerRole): Promise<Foyer> {
    const { foyerId } = await this.requireOwner(actorId);
    await inTransaction(this.deps.db, async (unit) => {
      const repo = this.repo.in(unit.tx);
      const members = await repo.lockMembers(foyerId);
      const member = members.find((m) => m.user_id === memberId);
      if (!member) throw notFound(MSG.foyerMemberUnknown);
      const ownersLeft = members.filter((m) => m.role === 'proprietaire' && m.user_id !== memberId).length;
      if (role !== 'proprietaire' && ownersLeft === 0) throw conflict(MSG.foyerLastOwner, 'FOYER_LAST_OWNER');
      await repo.setRole(memberId, role);
    });
    this.forget(memberId);
    return this.get(actorId);
  }

  /**
   * DELETE …/foyer/membres/{memberId}: an owner removes a member, or a member leaves (memberId is
   * themselves). Either goes back to their own foyer, as its owner, where their own data waits. A
   * founder stays in the foyer they created; the foyer keeps an owner.
   */
  async remove(actorId: number, memberId: number): Promise<void> {
    const { foyerId, role } = await this.membership(actorId);
    if (actorId === memberId) {
      if (foyerId === actorId) throw badRequest(MSG.foyerOwnFounderLeave, 'FOYER_FOUNDER');
    } else {
      if (role !== 'proprietaire') throw forbidden(MSG.foyerOwnerOnly, 'FOYER_OWNER_ONLY');
      if (memberId === foyerId) throw conflict(MSG.foyerFounderStays, 'FOYER_FOUNDER');
    }
    await inTransaction(this.deps.db, async (unit) => {
      const repo = this.repo.in(unit.tx);
      const members = await repo.lockMembers(foyerId);
      const member = members.find((m) => m.user_id === memberId);
      if (!member) throw notFound(MSG.foyerMemberUnknown);
      if (member.role === 'proprietaire' && !members.some((m) => m.role === 'proprietaire' && m.user_id !== memberId)) {
        throw conflict(MSG.foyerLastOwner, 'FOYER_LAST_OWNER');
      }
      await repo.move(memberId, memberId, 'proprietaire', this.deps.clock.now());
      await this.left(foyerId, memberId, unit);
    });
    this.forget(memberId);
  }

  /**
   * Deleting an account deletes the foyer it founded, data included (its key is the account's id):
   * refused while other people are members of it (issue 19), so that nobody loses a shared inventory.
   */
  async assertNoOtherMembers(userId: number): Promise<void> {
    const members = await this.repo.members(userId);
    if (members.some((m) => m.user_id !== userId)) throw conflict(MSG.foyerFounderDeletion, 'FOYER_HAS_MEMBERS');
  }

  private async requireOwner(userId: number): Promise<Membership> {
    const membership = await this.membership(userId);
    if (membership.role !== 'proprietaire') throw forbidden(MSG.foyerOwnerOnly, 'FOYER_OWNER_ONLY');
    return membership;
  }

  /** A membership changed here: this process answers from the database at the next request. */
  forget(userId: number): void {
    this.known.delete(userId);
  }
}
