import { API_MSG, MSG, type User } from '@ecofoyer/contracts';
import type { UserRow } from '../../db/schema.ts';
import { badRequest, conflict, forbidden, unauthorized } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { AuthRepository } from './auth.repository.ts';
import type { UnitOfWork } from '../../lib/unit-of-work.ts';
import { type AuthDeps, EMAIL_CHANGE_TTL_MS, isUniqueViolation, MINUTE, newSecret, refuseCommon, sha256, toUser } from './auth.service.ts';

/** The account's own profile: its fields, a new e-mail address confirmed by mail, re-authentication before sensitive changes, and « Supprimer mon compte ». */
export class ProfileService {
  constructor(
    private readonly repo: AuthRepository,
    private readonly deps: AuthDeps,
  ) {}

  /** The current password, for the routes that re-authenticate before a sensitive change (2FA). */
  async reauthenticate(userId: number, password: string | null | undefined, ip: string | null): Promise<UserRow> {
    const user = await this.repo.findById(userId);
    if (!user) throw unauthorized();
    await this.checkCurrentPassword(user, password, ip);
    return user;
  }

  async updateUser(
    id: number,
    input: {
      firstname: string;
      lastname: string;
      email: string;
      adresse?: string | null;
      telephone?: string | null;
      password?: string | null;
      currentPassword?: string | null;
    },
    ip: string | null = null,
    session?: string,
  ): Promise<User> {
    const current = await this.repo.findById(id);
    if (!current) throw unauthorized();
    // A demo account has no mailbox and a password nobody knows: its sign-in details stay as they are.
    if (current.demo_expires_at && (input.email.toLowerCase() !== current.email.toLowerCase() || input.password))
      throw forbidden(API_MSG.demoCredentialsLocked, 'DEMO_ACCOUNT');
    // The username follows the address when it was the address (the web form signs up that way).
    const username = current.username.toLowerCase() === current.email.toLowerCase() ? input.email : current.username;
    const newEmail = input.email.toLowerCase() !== current.email.toLowerCase();
    const newPassword = Boolean(input.password);
    if (input.password) await refuseCommon(input.password, 'body.password');
    // A stolen access token alone must not take the account over (ASVS 5.0 V6.2: re-authentication).
    if (newEmail || newPassword) await this.checkCurrentPassword(current, input.currentPassword, ip);
    // The 409 below tells whether an address has an account: probing it is limited like sign-up.
    if (newEmail)
      await this.deps.limiter.hit(
        [{ key: `email-change:account:${id}`, max: this.deps.config.rateLimits.signupPerIp, windowMs: 60 * MINUTE }],
        API_MSG.tooManyEmailChanges,
      );
    if (await this.repo.emailOrUsernameTaken(input.email, username, id)) throw conflict(MSG.accountTaken, 'ACCOUNT_EXISTS');
    try {
      // A new address is used only once its owner opens the link mailed to it: until
      // then the account keeps signing in with the old one.
      const passwordHash = input.password ? await hashPassword(input.password) : undefined;
      // The change, the confirmation link and the mails that announce them are kept together or not at all.
      const row = await this.repo.inUnit(async (repo, unit) => {
        const updated = await repo.updateUser(id, {
          firstname: input.firstname,
          lastname: input.lastname,
          adresse: input.adresse?.trim() || null,
          telephone: input.telephone?.trim() || null,
          ...(passwordHash ? { password_hash: passwordHash } : {}),
          updated_at: this.deps.clock.now(),
        });
        // A new password ends every other session (this one keeps working) and every reset link sent before.
        if (newPassword) {
          const now = this.deps.clock.now();
          const revoked = await repo.revokeAllForUser(id, now, session);
          unit.afterCommit(() => this.deps.sessions.revoked(revoked));
          await repo.spendAllResetTokens(id, now);
        }
        if (newEmail) await this.sendEmailConfirmation(repo, unit, updated, input.email);
        if (newEmail || newPassword)
          await this.warnOwner(
            unit,
            current,
            newEmail && newPassword ? 'both' : newPassword ? 'password' : 'email',
            newEmail ? input.email : null,
          );
        return updated;
      });
      await this.deps.audit.record(id, newPassword ? 'password_changed' : newEmail ? 'email_change_requested' : 'account_updated', ip);
      return { ...toUser(row), ...(newEmail ? { emailPending: input.email } : {}) };
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(MSG.accountTaken, 'ACCOUNT_EXISTS');
      throw error;
    }
  }

  /** Stores the pending address and mails its single-use link to it (valid EMAIL_CHANGE_TTL_MS). */
  private async sendEmailConfirmation(repo: AuthRepository, unit: UnitOfWork, user: UserRow, newEmail: string): Promise<void> {
    const token = newSecret();
    const now = this.deps.clock.now();
    await repo.savePendingEmail({
      user_id: user.id,
      new_email: newEmail,
      token_hash: sha256(token),
      created_at: now,
      expires_at: new Date(now.getTime() + EMAIL_CHANGE_TTL_MS),
    });
    const link = `${this.deps.config.appUrl}/confirm-email?token=${encodeURIComponent(token)}`;
    await this.deps.mailer.send(
      {
        to: newEmail,
        subject: API_MSG.emailConfirmMailSubject,
        text: MSG.emailConfirmMailText(user.firstname, link, this.deps.config.editor.contact),
      },
      unit,
    );
  }

  /**
   * POST /api/auth/email/confirm: the link's token switches the account to its new address, once,
   * before it expires, if nobody took the address meanwhile (409).
   */
  async confirmEmail(token: string, ip: string | null): Promise<User> {
    const change = await this.repo.takePendingEmail(sha256(token));
    if (!change || change.expires_at.getTime() < this.deps.clock.now().getTime())
      throw badRequest(MSG.emailConfirmInvalid, 'EMAIL_CONFIRM_INVALID');
    const user = await this.repo.findById(change.user_id);
    if (!user) throw badRequest(MSG.emailConfirmInvalid, 'EMAIL_CONFIRM_INVALID');
    const username = user.username.toLowerCase() === user.email.toLowerCase() ? change.new_email : user.username;
    if (await this.repo.emailOrUsernameTaken(change.new_email, username, user.id)) throw conflict(MSG.accountTaken, 'ACCOUNT_EXISTS');
    try {
      const row = await this.repo.updateUser(user.id, { email: change.new_email, username, updated_at: this.deps.clock.now() });
      await this.deps.audit.record(user.id, 'email_changed', ip);
      return toUser(row);
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(MSG.accountTaken, 'ACCOUNT_EXISTS');
      throw error;
    }
  }

  /** The current password, checked with the sign-in's per-account limit so it cannot be guessed through the profile. */
  private async checkCurrentPassword(user: UserRow, password: string | null | undefined, ip: string | null): Promise<void> {
    if (!password) throw forbidden(MSG.currentPasswordRequired, 'CURRENT_PASSWORD_REQUIRED');
    await this.deps.limiter.hit(
      [{ key: `reauth:account:${user.id}`, max: this.deps.config.rateLimits.signinPerAccount, windowMs: 15 * MINUTE }],
      API_MSG.tooManyReauth,
    );
    if (!(await verifyPassword(user.password_hash, password))) {
      await this.deps.audit.record(user.id, 'reauth_failed', ip);
      throw forbidden(MSG.currentPasswordWrong, 'CURRENT_PASSWORD_WRONG');
    }
  }

  /** « Ce n'était pas vous ? » to the address the account had before the change. */
  private async warnOwner(unit: UnitOfWork, before: UserRow, what: 'email' | 'password' | 'both', newEmail: string | null): Promise<void> {
    await this.deps.mailer.send(
      {
        to: before.email,
        subject: API_MSG.credentialsMailSubject,
        text: MSG.credentialsMailText(before.firstname, what, newEmail, this.deps.config.editor.contact),
      },
      unit,
    );
  }

  /**
   * « Supprimer mon compte » (RGPD art. 17): re-authenticated like a credential change, then
   * `deleteRows` removes the account and all its rows (its mails included) in one transaction, in
   * which `announce` ends every session and queues the confirmation to the address — erased from the
   * queue as soon as it has left, since the account it speaks of is gone.
   */
  async deleteAccount(
    userId: number,
    currentPassword: string | null | undefined,
    ip: string | null,
    deleteRows: (announce: (unit: UnitOfWork) => Promise<void>) => Promise<void>,
  ): Promise<void> {
    const user = await this.repo.findById(userId);
    if (!user) throw unauthorized();
    if (user.demo_expires_at) throw forbidden(API_MSG.demoDeleteLocked, 'DEMO_ACCOUNT');
    await this.checkCurrentPassword(user, currentPassword, ip);
    const now = this.deps.clock.now();
    // The sessions' end and the « supprimé » mail are part of the deletion's transaction: a deletion
    // that fails (a process killed, a row locked past the statement timeout) leaves the account as it
    // was, still signed in, and its owner told nothing.
    await deleteRows(async (unit) => {
      const revoked = await new AuthRepository(unit.tx).revokeAllForUser(userId, now);
      unit.afterCommit(() => this.deps.sessions.revoked(revoked));
      await this.deps.mailer.send(
        {
          to: user.email,
          subject: API_MSG.accountDeletedMailSubject,
          text: MSG.accountDeletedMailText(user.firstname, this.deps.config.editor.contact),
          forgetWhenSent: true,
        },
        unit,
      );
    });
    await this.repo.clearSigninFailures(`user:${userId}`);
  }
}
