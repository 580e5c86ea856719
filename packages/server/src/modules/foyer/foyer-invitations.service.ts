import { asFoyerId } from '../../lib/ids.ts';
import { createHash, randomBytes } from 'node:crypto';
import {
  API_MSG,
  FOYER_INVITATION_DAYS,
  FOYER_ROLE_LABELS,
  type Foyer,
  type FoyerInvitation,
  type FoyerInvitationCreate,
  type FoyerInvitationPreview,
  maskEmail,
  MSG,
} from '@ecofoyer/contracts';
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
const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** What a household's modules do when a joiner brings their data (each moves its own rows). */
interface HouseholdData {
  moveHousehold(from: number, to: number, unit: UnitOfWork): Promise<void>;
}

type InvitationRow = { id: number; email: string; role: FoyerInvitation['role']; expires_at: Date; approved_at: Date | null };

/**
 * Invitations to a foyer: an owner invites an address with a role; the mail carries a
 * random link, stored hashed, valid 7 days, spent by its first acceptance — by the account of the
 * invited address only, so a forwarded link opens nothing for anyone else. An invitation as
 * propriétaire made by a co-owner waits for the holder's confirmation before it is sent (only the
 * holder names owners). The person who accepts joins the foyer and either brings their own data
 * into it or keeps it apart in their own foyer, where they find it again if they leave.
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
      config: Pick<Config, 'appUrl' | 'rateLimits' | 'editor'>;
    },
  ) {}

  private toInvitation(row: InvitationRow): FoyerInvitation {
    return { id: row.id, email: row.email, role: row.role, expire: row.expires_at.toISOString(), aConfirmer: row.approved_at === null };
  }

  /** POST …/foyer/invitations: limited per account like sign-ups; a member's address is refused. */
  async invite(actorId: number, input: FoyerInvitationCreate): Promise<FoyerInvitation> {
    const { foyerId, role, holder } = await this.deps.foyer.membership(actorId);
    if (role !== 'proprietaire') throw forbidden(API_MSG.foyerOwnerOnly, 'FOYER_OWNER_ONLY');
    if (await this.repo.isDemo(actorId)) throw forbidden(MSG.foyerDemoInvite, 'DEMO_ACCOUNT');
    await this.deps.limiter.hit(
      [{ key: `foyer-invitation:account:${actorId}`, max: this.deps.config.rateLimits.signupPerIp, windowMs: 60 * 60_000 }],
      API_MSG.foyerTooManyInvitations,
    );
    if (await this.repo.isMemberEmail(foyerId, input.email)) throw conflict(API_MSG.foyerAlreadyMember, 'FOYER_ALREADY_MEMBER');
    const approved = input.role !== 'proprietaire' || holder;
    // Waiting for the holder, the invitation has no link yet: its hash is of a secret nobody keeps.
    const token = randomBytes(32).toString('base64url');
    const now = this.deps.clock.now();
    const foyer = await this.deps.foyer.get(actorId);
    const inviter = foyer.membres.find((m) => m.userId === actorId)?.prenom ?? foyer.nom;
    // The invitation and its mail are kept together or not at all (the mail queue is in the database).
    const created = await inTransaction(this.deps.db, async (unit) => {
      const row = await this.repo.in(unit.tx).replaceInvitation({
        foyer_id: foyerId,
        email: input.email,
        role: input.role,
        token_hash: hashOf(token),
        invited_by: actorId,
        created_at: now,
        expires_at: new Date(now.getTime() + FOYER_INVITATION_DAYS * DAY),
        approved_at: approved ? now : null,
      });
      if (approved) await this.mailInvitation(unit, input.email, input.role, token, inviter, foyer.nom);
      else await this.askHolder(unit, foyer, inviter, input.email);
      return row;
    });
    return this.toInvitation(created);
  }

  /** POST …/foyer/invitations/{id}/confirmation: the holder lets a co-owner's invitation as propriétaire go. */
  async confirm(actorId: number, id: number): Promise<FoyerInvitation> {
    const { foyerId } = await this.deps.foyer.membership(actorId);
    const token = randomBytes(32).toString('base64url');
    const now = this.deps.clock.now();
    const foyer = await this.deps.foyer.get(actorId);
    const approved = await inTransaction(this.deps.db, async (unit) => {
      const row = await this.repo
        .in(unit.tx)
        .approveInvitation(foyerId, id, hashOf(token), now, new Date(now.getTime() + FOYER_INVITATION_DAYS * DAY));
      if (!row) throw notFound(API_MSG.foyerInvitationUnknown);
      const inviter =
        foyer.membres.find((m) => m.userId === row.invited_by)?.prenom ??
        foyer.membres.find((m) => m.userId === actorId)?.prenom ??
        foyer.nom;
      await this.mailInvitation(unit, row.email, row.role, token, inviter, foyer.nom);
      return row;
    });
    return this.toInvitation(approved);
  }

  private async mailInvitation(
    unit: UnitOfWork,
    email: string,
    role: FoyerInvitation['role'],
    token: string,
    inviter: string,
    nom: string,
  ): Promise<void> {
    const link = `${this.deps.config.appUrl}/invitation?token=${token}`;
    await this.deps.mailer.send(
      {
        to: email,
        subject: API_MSG.foyerInviteMailSubject(nom),
        text: MSG.foyerInviteMailText(
          inviter,
          nom,
          FOYER_ROLE_LABELS[role].toLowerCase(),
          link,
          FOYER_INVITATION_DAYS,
          this.deps.config.editor.contact,
        ),
      },
      unit,
    );
  }

  /** Tells the holder an invitation as propriétaire waits for them (they confirm it in « Mon foyer », the profile's « Foyer » section). */
  private async askHolder(unit: UnitOfWork, foyer: Foyer, inviter: string, email: string): Promise<void> {
    const holder = foyer.responsable === null ? undefined : foyer.membres.find((m) => m.userId === foyer.responsable);
    const address = holder && (await this.repo.in(unit.tx).emailOf(holder.userId));
    if (!holder || !address) return;
    await this.deps.mailer.send(
      {
        to: address,
        subject: API_MSG.foyerApprovalMailSubject(foyer.nom),
        text: MSG.foyerApprovalMailText(
          holder.prenom,
          inviter,
          email,
          foyer.nom,
          `${this.deps.config.appUrl}/profile#foyer`,
          this.deps.config.editor.contact,
        ),
      },
      unit,
    );
  }

  /** DELETE …/foyer/invitations/{id}: an owner cancels an invitation not yet accepted. */
  async cancel(actorId: number, id: number): Promise<void> {
    const { foyerId, role } = await this.deps.foyer.membership(actorId);
    if (role !== 'proprietaire') throw forbidden(API_MSG.foyerOwnerOnly, 'FOYER_OWNER_ONLY');
    const deleted = await this.repo.deleteInvitation(foyerId, id);
    if (Number(deleted.numDeletedRows) === 0) throw notFound(API_MSG.foyerInvitationUnknown);
  }

  /** GET V1/foyer/invitations/{token}: who invites to which foyer, with which role, for which address (masked to show, whole to sign up with). */
  async preview(token: string): Promise<FoyerInvitationPreview> {
    const invitation = await this.repo.openInvitation(hashOf(token), this.deps.clock.now());
    const foyer = invitation && (await this.repo.foyer(invitation.foyer_id));
    if (!invitation || !foyer) throw notFound(MSG.foyerInvitationInvalid, 'FOYER_INVITATION_INVALID');
    const nom = foyer.nom ?? (foyer.holder ? API_MSG.foyerDefaultName(foyer.holder) : API_MSG.foyerUnnamed);
    const inviter =
      (await this.repo.members(invitation.foyer_id)).find((m) => m.user_id === invitation.invited_by)?.firstname ?? foyer.holder ?? nom;
    return {
      nom,
      invitePar: inviter,
      role: invitation.role,
      expire: invitation.expires_at.toISOString(),
      pour: maskEmail(invitation.email),
      email: invitation.email,
    };
  }

  /**
   * POST V1/foyer/invitations/{token}/accept, by the account of the invited address. In one
   * transaction: the invitation is spent, the foyer left keeps an owner (someone who holds a foyer
   * shared with others leaves it first, choosing what becomes of it), and with `fusion` the joiner's
   * own foyer — theirs alone — gives its universes, appliances and events to the new one. Any
   * refusal changes nothing and spends nothing.
   */
  async accept(actorId: number, token: string, fusion: boolean): Promise<Foyer> {
    const email = await this.repo.emailOf(actorId);
    await inTransaction(this.deps.db, async (unit) => {
      const repo = this.repo.in(unit.tx);
      const now = this.deps.clock.now();
      const invitation = await repo.spendInvitation(hashOf(token), now);
      if (!invitation) throw notFound(MSG.foyerInvitationInvalid, 'FOYER_INVITATION_INVALID');
      if (!email || !sameAddress(email, invitation.email))
        throw forbidden(API_MSG.foyerInvitationOtherAddress(maskEmail(invitation.email)), 'FOYER_INVITATION_OTHER_ADDRESS');
      const current = await repo.membership(actorId);
      if (!current) throw notFound();
      if (current.foyer_id === invitation.foyer_id) throw conflict(API_MSG.foyerAlreadyMember, 'FOYER_ALREADY_MEMBER');
      await repo.lockFoyer(current.foyer_id);
      const left = await repo.lockMembers(current.foyer_id);
      const others = left.filter((m) => m.user_id !== actorId);
      if (current.holder_id === actorId && others.length > 0) throw conflict(MSG.foyerHolderJoinOther, 'FOYER_HOLDER_SHARED');
      if (current.role === 'proprietaire' && others.length > 0 && !others.some((m) => m.role === 'proprietaire')) {
        throw conflict(API_MSG.foyerLastOwner, 'FOYER_LAST_OWNER');
      }
      if (fusion) {
        // Their own data: the foyer they hold alone — the one they are in, or the one they kept it apart in.
        const own = current.holder_id === actorId ? current.foyer_id : await repo.homeOf(actorId, current.foyer_id, now);
        for (const module of this.deps.data) await module.moveHousehold(own, invitation.foyer_id, unit);
      }
      await repo.move(actorId, invitation.foyer_id, invitation.role, now);
      if (current.holder_id !== actorId) await this.deps.foyer.left(asFoyerId(current.foyer_id), actorId, unit);
    });
    this.deps.foyer.forget(actorId);
    return this.deps.foyer.get(actorId);
  }
}
