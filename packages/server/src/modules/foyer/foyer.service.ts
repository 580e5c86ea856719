import { asFoyerId, type FoyerId } from '../../lib/ids.ts';
import { API_MSG, type Foyer, type FoyerRole, MSG } from '@ecofoyer/contracts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { inTransaction, type UnitOfWork } from '../../lib/unit-of-work.ts';
import type { FoyerRepository } from './foyer.repository.ts';

/** The foyer a user's requests act on, what their role lets them do there, and whether they hold it. */
export interface Membership {
  foyerId: FoyerId;
  role: FoyerRole;
  /** They hold the foyer: its founder, or the one it was handed to (migration 0026). */
  holder: boolean;
}

/** What becomes of a shared household when the person who holds it goes (contracts FOYER_DATA_CHOICES). */
export interface HolderDeparture {
  donnees?: 'laisser' | 'emporter' | 'supprimer';
  successeur?: number;
  /** The holder confirmed with their password (the route checked it). */
  confirmed?: boolean;
}

/** Beyond this many remembered memberships the map starts over (only a shortcut to the database). */
const MAX_REMEMBERED = 100_000;

type LockedMember = { user_id: number; role: FoyerRole };

/**
 * The household (decisions 016 and 021): who belongs to which foyer, with which role, and who holds
 * it. Each user belongs to one foyer at a time and always has one. The holder — the founder until they
 * hand the foyer over, with their password — cannot be demoted or removed by anyone, and only they
 * name propriétaires; they may always leave or delete their account, choosing what becomes of the
 * household's data.
 */
export class FoyerService {
  /** What other modules do when a member leaves a foyer, in the same transaction (events: unassign their tasks). */
  private readonly leaving: ((foyerId: FoyerId, memberId: number, unit: UnitOfWork) => Promise<void>)[] = [];

  /** userId → the membership and when the query that found it was sent (clock ms). */
  private readonly known = new Map<number, { membership: Membership; at: number }>();

  constructor(
    private readonly repo: FoyerRepository,
    private readonly deps: { db: Db; clock: Clock; cacheMs: number },
  ) {}

  /**
   * The foyer a user acts on, their role and whether they hold it. Trusted for `cacheMs` on this
   * process (SESSION_CHECK_CACHE_MS, like an open session): a change made here is seen at once, one
   * made by another replica within `cacheMs`.
   */
  async membership(userId: number): Promise<Membership> {
    const now = this.deps.clock.now().getTime();
    const known = this.known.get(userId);
    if (known && now - known.at < this.deps.cacheMs) return known.membership;
    const row = await this.repo.membership(userId);
    // Every account gets its foyer when it is created (migration 0020's trigger). A row gone with a
    // foyer that was deleted (a demo's, at its expiry): back to their own, written again.
    const membership: Membership = row
      ? { foyerId: asFoyerId(row.foyer_id), role: row.role, holder: row.holder_id === userId }
      : await inTransaction(this.deps.db, async (unit) => {
          const repo = this.repo.in(unit.tx);
          const home = await repo.homeOf(userId, 0, this.deps.clock.now());
          await repo.move(userId, home, 'proprietaire', this.deps.clock.now());
          return { foyerId: asFoyerId(home), role: 'proprietaire' as const, holder: true };
        });
    if (this.deps.cacheMs > 0) {
      if (this.known.size >= MAX_REMEMBERED) this.known.clear();
      this.known.set(userId, { membership, at: now });
    }
    return membership;
  }

  /** Registers what a module does when a member leaves a foyer (removed, left, or gone to another). */
  onLeave(step: (foyerId: FoyerId, memberId: number, unit: UnitOfWork) => Promise<void>): void {
    this.leaving.push(step);
  }

  /** Runs the modules' steps for a member leaving a foyer, in the caller's transaction. */
  async left(foyerId: FoyerId, memberId: number, unit: UnitOfWork): Promise<void> {
    for (const step of this.leaving) await step(foyerId, memberId, unit);
  }

  /** Who can see to a task: the members who write (a lecteur only reads). */
  async assignableIds(foyerId: number): Promise<number[]> {
    return (await this.repo.members(foyerId)).filter((m) => m.role !== 'lecteur').map((m) => m.user_id);
  }

  /** The foyer's name as its members see it: its own, else « Foyer de {prénom} » of who holds it. */
  async nameOf(foyerId: number): Promise<string> {
    const foyer = await this.repo.foyer(foyerId);
    if (!foyer) throw notFound();
    return foyer.nom ?? (foyer.holder ? API_MSG.foyerDefaultName(foyer.holder) : API_MSG.foyerUnnamed);
  }

  /** The name the foyer gave itself, or null: never a member's first name (a read-only link shows it to anyone). */
  async ownName(foyerId: number): Promise<string | null> {
    const foyer = await this.repo.foyer(foyerId);
    if (!foyer) throw notFound();
    return foyer.nom;
  }

  /** GET …/foyer: its name, who holds it, its members, and for an owner the invitations still open. */
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
      nom: foyer.nom ?? (foyer.holder ? API_MSG.foyerDefaultName(foyer.holder) : API_MSG.foyerUnnamed),
      responsable: foyer.holder_id,
      membres: members.map((m) => ({ userId: m.user_id, prenom: m.firstname, role: m.role })),
      invitations: invitations.map((i) => ({
        id: i.id,
        email: i.email,
        role: i.role,
        expire: i.expires_at.toISOString(),
        aConfirmer: i.approved_at === null,
      })),
    };
  }

  /** PUT …/foyer: an owner names the foyer (null: « Foyer de {prénom} » of who holds it again). */
  async rename(actorId: number, nom: string | null): Promise<Foyer> {
    const { foyerId } = await this.requireOwner(actorId);
    await this.repo.rename(foyerId, nom);
    return this.get(actorId);
  }

  /**
   * PUT …/foyer/membres/{memberId}: an owner changes a member's role. Nobody changes the holder's
   * (they hand the foyer over instead), only the holder names propriétaires (a co-owner cannot make
   * a friend invited as lecteur an owner), and the foyer keeps an owner.
   */
  async setRole(actorId: number, memberId: number, role: FoyerRole): Promise<Foyer> {
    const { foyerId } = await this.requireOwner(actorId);
    await inTransaction(this.deps.db, async (unit) => {
      const repo = this.repo.in(unit.tx);
      const holder = (await repo.lockFoyer(foyerId))?.holder_id ?? null;
      const members = await repo.lockMembers(foyerId);
      const member = members.find((m) => m.user_id === memberId);
      if (!member) throw notFound(API_MSG.foyerMemberUnknown);
      if (memberId === holder) {
        if (actorId === holder) throw conflict(API_MSG.foyerHolderOwnRole, 'FOYER_HOLDER_ROLE');
        throw forbidden(API_MSG.foyerHolderProtected, 'FOYER_HOLDER_PROTECTED');
      }
      if (role === 'proprietaire' && member.role !== 'proprietaire' && actorId !== holder)
        throw forbidden(API_MSG.foyerHolderNamesOwners, 'FOYER_HOLDER_ONLY');
      const ownersLeft = members.filter((m) => m.role === 'proprietaire' && m.user_id !== memberId).length;
      if (role !== 'proprietaire' && ownersLeft === 0) throw conflict(API_MSG.foyerLastOwner, 'FOYER_LAST_OWNER');
      await repo.setRole(memberId, role);
    });
    this.forget(memberId);
    return this.get(actorId);
  }

  /**
   * POST …/foyer/transfert: the holder hands the foyer to another member, who becomes a propriétaire
   * if they were not; the former holder stays, as a propriétaire. Their password is checked first (the route).
   */
  async transfer(actorId: number, memberId: number): Promise<Foyer> {
    const { foyerId } = await this.membership(actorId);
    if (memberId === actorId) throw conflict(API_MSG.foyerTransferSelf, 'FOYER_TRANSFER_SELF');
    await inTransaction(this.deps.db, async (unit) => {
      const repo = this.repo.in(unit.tx);
      if ((await repo.lockFoyer(foyerId))?.holder_id !== actorId) throw forbidden(API_MSG.foyerHolderOnly, 'FOYER_HOLDER_ONLY');
      const members = await repo.lockMembers(foyerId);
      if (!members.some((m) => m.user_id === memberId)) throw notFound(API_MSG.foyerMemberUnknown);
      await this.handOver(repo, foyerId, memberId);
    });
    this.forget(actorId);
    this.forget(memberId);
    return this.get(actorId);
  }

  /**
   * DELETE …/foyer/membres/{memberId}: an owner removes a member, or a member leaves (memberId is
   * themselves). Either goes back to a foyer of their own, where what they kept apart waits. Nobody
   * removes the holder; the holder leaving chooses what becomes of the data (`departure`), with their
   * password checked first (the route). The foyer keeps an owner; the modules' `onLeave` steps end
   * what the person had there (tasks, read-only links, calendar address).
   */
  async remove(actorId: number, memberId: number, departure: HolderDeparture = {}): Promise<void> {
    const { foyerId, role } = await this.membership(actorId);
    const moved = await inTransaction(this.deps.db, async (unit) => {
      const repo = this.repo.in(unit.tx);
      const holderId = (await repo.lockFoyer(foyerId))?.holder_id ?? null;
      const members = await repo.lockMembers(foyerId);
      if (actorId === memberId && holderId === actorId) {
        if (!departure.confirmed) throw badRequest(MSG.foyerTransferPassword, 'FOYER_PASSWORD_REQUIRED');
        return this.holderGoes(
          unit,
          foyerId,
          actorId,
          members,
          departure.donnees === 'emporter' ? 'emporter' : 'laisser',
          departure.successeur,
        );
      }
      if (actorId !== memberId) {
        if (role !== 'proprietaire') throw forbidden(API_MSG.foyerOwnerOnly, 'FOYER_OWNER_ONLY');
        if (memberId === holderId) throw forbidden(API_MSG.foyerHolderStays, 'FOYER_HOLDER_PROTECTED');
      }
      const member = members.find((m) => m.user_id === memberId);
      if (!member) throw notFound(API_MSG.foyerMemberUnknown);
      if (member.role === 'proprietaire' && !members.some((m) => m.role === 'proprietaire' && m.user_id !== memberId)) {
        throw conflict(API_MSG.foyerLastOwner, 'FOYER_LAST_OWNER');
      }
      await this.sendHome(unit, foyerId, memberId);
      return [memberId];
    });
    for (const id of moved) this.forget(id);
  }

  /**
   * The account of `userId` is about to be deleted, in `unit` (the deletion's transaction): a foyer
   * it holds and shares is handed over (`laisser`, the default: nothing the others saved is lost) or
   * deleted with it (`supprimer`: the others go back to their own foyers first). Answers the foyers
   * that go with the account — its own, shared with nobody — whose files the caller deletes.
   */
  async prepareAccountDeletion(userId: number, departure: HolderDeparture, unit: UnitOfWork): Promise<number[]> {
    const repo = this.repo.in(unit.tx);
    const current = await repo.membership(userId);
    if (current && current.holder_id === userId) {
      await repo.lockFoyer(current.foyer_id);
      const members = await repo.lockMembers(current.foyer_id);
      if (members.some((m) => m.user_id !== userId)) {
        const moved = await this.holderGoes(
          unit,
          asFoyerId(current.foyer_id),
          userId,
          members,
          departure.donnees === 'supprimer' ? 'emporter' : 'laisser',
          departure.successeur,
        );
        unit.afterCommit(() => moved.forEach((id) => this.forget(id)));
      }
    }
    // What the trigger of migration 0026 will delete with the account (the foyers it holds alone).
    return (await repo.soleFoyers(userId)).map((f) => f.id);
  }

  /**
   * The holder goes: `laisser` hands the foyer to `successor` (or the longest-standing propriétaire,
   * else member) and sends the holder to a foyer of their own; `emporter` keeps the holder and the
   * data together and sends every other member back to their own foyer. Answers who moved.
   */
  private async holderGoes(
    unit: UnitOfWork,
    foyerId: FoyerId,
    holderId: number,
    members: LockedMember[],
    donnees: 'laisser' | 'emporter',
    successor?: number,
  ): Promise<number[]> {
    const repo = this.repo.in(unit.tx);
    const others = members.filter((m) => m.user_id !== holderId);
    if (others.length === 0) throw badRequest(API_MSG.foyerAloneLeave, 'FOYER_ALONE');
    if (donnees === 'emporter') {
      for (const other of others) await this.sendHome(unit, foyerId, other.user_id);
      return others.map((o) => o.user_id);
    }
    if (successor !== undefined && !others.some((m) => m.user_id === successor))
      throw badRequest(API_MSG.foyerSuccessorUnknown, 'FOYER_SUCCESSOR_UNKNOWN');
    // Members come locked in order of arrival: the longest-standing owner, else member, takes it.
    const next = successor ?? (others.find((m) => m.role === 'proprietaire') ?? others[0]!).user_id;
    await this.handOver(repo, foyerId, next);
    await this.sendHome(unit, foyerId, holderId);
    return [holderId, next];
  }

  private async handOver(repo: FoyerRepository, foyerId: number, to: number): Promise<void> {
    await repo.setHolder(foyerId, to);
    await repo.setRole(to, 'proprietaire');
  }

  /** Back to a foyer of their own, as its owner; the modules end what they had in the one left. */
  private async sendHome(unit: UnitOfWork, foyerId: FoyerId, memberId: number): Promise<void> {
    const repo = this.repo.in(unit.tx);
    const now = this.deps.clock.now();
    await repo.move(memberId, await repo.homeOf(memberId, foyerId, now), 'proprietaire', now);
    await this.left(foyerId, memberId, unit);
  }

  private async requireOwner(userId: number): Promise<Membership> {
    const membership = await this.membership(userId);
    if (membership.role !== 'proprietaire') throw forbidden(API_MSG.foyerOwnerOnly, 'FOYER_OWNER_ONLY');
    return membership;
  }

  /** A membership changed here: this process answers from the database at the next request. */
  forget(userId: number): void {
    this.known.delete(userId);
  }
}
