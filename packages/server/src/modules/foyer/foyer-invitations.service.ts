import { createHash, randomBytes } from 'node:crypto';
import { FOYER_INVITATION_DAYS, FOYER_ROLE_LABELS, type Foyer, type FoyerInvitation, type FoyerInvitationCreate, type FoyerInvitationPreview, MSG } from '@ecofoyer/contracts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { RateLimiter } from '../../lib/rate-limit.ts';
import { inTransaction, type UnitOfWork } from '../../lib/unit-of-work.ts';
import type { FoyerRepository } from './foyer.repository.ts';
import type { FoyerService } from './foyer.service.ts';

const DAY = 86_400_000;
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** What a household's modules do when a joiner brings their data (each moves its own rows). */
interface HouseholdData {
  moveHousehold(from: number, to: number, unit: UnitOfWork): Promise<void>;
}

/**
 * Invitations to a foyer (issue 19): an owner invites an address with a role; the mail carries a
 * random link, stored hashed, valid 7 days, spent by its first acceptance. The person who accepts
 * joins the foyer and either brings their own data into it or keeps it apart in their own foyer,
 * where they find it again if they leave.
 */
export class FoyerInvitationsService {
  constructor(
    private readonly repo: FoyerRepository,
    private readonly deps: {
      db: Db;
      foyer: FoyerService;
      data: HouseholdData[];
      mailer: Mailer;
      limiter: RateLimiter;
      clock: Clock;
      config: Pick<Config, 'appUrl' | 'rateLimits'>;
    },
  ) {}

  /** POST …/foyer/invitations: limited per account like sign-ups; a member's address is refused. */
  async invite(actorId: number, input: FoyerInvitationCreate): Promise<FoyerInvitation> {
    const { foyerId, role } = await this.deps.foyer.membership(actorId);
    if (role !== 'proprietaire') throw forbidden(MSG.foyerOwnerOnly, 'FOYER_OWNER_ONLY');
    if (await this.repo.isDemo(actorId)) throw forbidden(MSG.foyerDemoInvite, 'DEMO_ACCOUNT');
    await this.deps.limiter.hit([{ key: `foyer-invitation:account:${actorId}`, max: this.deps.config.rateLimits.signupPerIp, windowMs: 60 * 60_000 }], MSG.foyerTooManyInvitations);
    if (await this.repo.isMemberEmail(foyerId, input.email)) throw conflict(MSG.foyerAlreadyMember, 'FOYER_ALREADY_MEMBER');
    const token = randomBytes(32).toString('base64url');
    const now = this.deps.clock.now();
    const created = await this.repo.replaceInvitation({
      foyer_id: foyerId,
      email: input.email,
      role: input.role,
      token_hash: hashOf(token),
      invited_by: actorId,
      created_at: now,
      expires_at: new Date(now.getTime() + FOYER_INVITATION_DAYS * DAY),
    });
    const foyer = await this.deps.foyer.get(actorId);
    const inviter = foyer.membres.find((m) => m.userId === actorId)?.prenom ?? foyer.nom;
    const link = `${this.deps.config.appUrl}/invitation?token=${token}`;
    await this.deps.mailer.send({
      to: input.email,
      subject: MSG.foyerInviteMailSubject(foyer.nom),
      text: MSG.foyerInviteMailText(inviter, foyer.nom, FOYER_ROLE_LABELS[input.role].toLowerCase(), link, FOYER_INVITATION_DAYS),
    });
    return { id: created.id, email: created.email, role: created.role, expire: created.expires_at.toISOString() };
  }

  /** DELETE …/foyer/invitations/{id}: an owner cancels an invitation not yet accepted. */
  async cancel(actorId: number, id: number): Promise<void> {
    const { foyerId, role } = await this.deps.foyer.membership(actorId);
    if (role !== 'proprietaire') throw forbidden(MSG.foyerOwnerOnly, 'FOYER_OWNER_ONLY');
    const deleted = await this.repo.deleteInvitation(foyerId, id);
    if (Number(deleted.numDeletedRows) === 0) throw notFound(MSG.foyerInvitationUnknown);
  }

  /** GET V1/foyer/invitations/{token}: who invites to which foyer, with which role (the token is the secret). */
  async preview(token: string): Promise<FoyerInvitationPreview> {
    const invitation = await this.repo.openInvitation(hashOf(token), this.deps.clock.now());
    const foyer = invitation && (await this.repo.foyer(invitation.foyer_id));
    if (!invitation || !foyer) throw notFound(MSG.foyerInvitationInvalid, 'FOYER_INVITATION_INVALID');
    const nom = foyer.nom ?? MSG.foyerDefaultName(foyer.founder);
    const inviter = (await this.repo.members(invitation.foyer_id)).find((m) => m.user_id === invitation.invited_by)?.firstname ?? foyer.founder;
    return { nom, invitePar: inviter, role: invitation.role, expire: invitation.expires_at.toISOString() };
  }

  /**
   * POST V1/foyer/invitations/{token}/accept. In one transaction: the invitation is spent, the
   * foyer left keeps an owner, and with `fusion` the joiner's own foyer — theirs alone — gives its
   * universes, appliances and events to the new one. Any refusal changes nothing.
   */
  async accept(actorId: number, token: string, fusion: boolean): Promise<Foyer> {
    await inTransaction(this.deps.db, async (unit) => {
      const repo = this.repo.in(unit.tx);
      const now = this.deps.clock.now();
      const invitation = await repo.spendInvitation(hashOf(token), now);
      if (!invitation) throw notFound(MSG.foyerInvitationInvalid, 'FOYER_INVITATION_INVALID');
      const current = (await repo.membership(actorId)) ?? { foyer_id: actorId, role: 'proprietaire' as const };
      if (current.foyer_id === invitation.foyer_id) throw conflict(MSG.foyerAlreadyMember, 'FOYER_ALREADY_MEMBER');
      const left = await repo.lockMembers(current.foyer_id);
      const others = left.filter((m) => m.user_id !== actorId);
      if (current.role === 'proprietaire' && others.length > 0 && !others.some((m) => m.role === 'proprietaire')) {
        throw conflict(MSG.foyerLastOwner, 'FOYER_LAST_OWNER');
      }
      if (fusion) {
        const own = current.foyer_id === actorId ? others : await repo.lockMembers(actorId);
        if (own.length > 0) throw conflict(MSG.foyerMergeShared, 'FOYER_MERGE_SHARED');
        for (const module of this.deps.data) await module.moveHousehold(actorId, invitation.foyer_id, unit);
      }
      await repo.move(actorId, invitation.foyer_id, invitation.role, now);
      if (current.foyer_id !== actorId) await this.deps.foyer.left(current.foyer_id, actorId, unit);
    });
    this.deps.foyer.forget(actorId);
    return this.deps.foyer.get(actorId);
  }
}
