import { API_MSG, MSG, RESET_TOKEN_TTL_MS } from '@ecofoyer/contracts';
import { badRequest } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import type { AuthRepository } from './auth.repository.ts';
import { type AuthDeps, MINUTE, newSecret, refuseCommon, sha256 } from './auth.service.ts';

/** « Mot de passe oublié »: the reset link by mail, then the new password (every session ended). */
export class PasswordResetService {
  constructor(
    private readonly repo: AuthRepository,
    private readonly deps: AuthDeps,
  ) {}

  /** Same answer whether the address is known or not (no account enumeration). */
  async forgotPassword(email: string, ip: string): Promise<string> {
    const { limiter, config, clock, mailer, log } = this.deps;
    await limiter.hit(
      [
        { key: `forgot:ip:${ip}`, max: config.rateLimits.forgotPerIp, windowMs: 60 * MINUTE },
        { key: `forgot:account:${email}`, max: config.rateLimits.forgotPerAccount, windowMs: 60 * MINUTE },
      ],
      API_MSG.tooManyForgot,
    );
    const user = await this.repo.findByLogin(email);
    if (user && user.email.toLowerCase() === email && !user.demo_expires_at) {
      const token = newSecret();
      const now = clock.now();
      const link = `${config.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
      try {
        // The link is valid exactly when its mail is queued: both in one transaction.
        await this.repo.inUnit(async (repo, unit) => {
          await repo.insertResetToken({
            user_id: user.id,
            token_hash: sha256(token),
            created_at: now,
            expires_at: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
          });
          await mailer.send(
            { to: user.email, subject: API_MSG.resetMailSubject, text: MSG.resetMailText(user.firstname, link, config.editor.contact) },
            unit,
          );
        });
        log.info({ userId: user.id, link }, 'password reset link');
      } catch (error) {
        // Logged, not told: the answer must not differ from the unknown-address case.
        log.error({ err: error, userId: user.id }, 'reset mail could not be sent');
      }
    }
    return MSG.forgotSent;
  }

  /** Whether a reset link can still be used (the page says so when it opens, not after the password is typed twice). */
  async checkResetToken(token: string, ip: string | null = null): Promise<void> {
    await this.limitTries(ip);
    if (!(await this.repo.findUsableResetToken(sha256(token), this.deps.clock.now())))
      throw badRequest(MSG.resetTokenInvalid, 'RESET_TOKEN_INVALID');
  }

  /**
   * Links tried from one address (checked when the page opens, or used): a link is a 256-bit secret,
   * so this guards the database more than the secret — but no address may ask without end.
   */
  private async limitTries(ip: string | null): Promise<void> {
    if (ip === null) return;
    const { limiter, config } = this.deps;
    await limiter.hit([{ key: `reset:ip:${ip}`, max: config.rateLimits.resetPerIp, windowMs: 60 * MINUTE }], API_MSG.tooManyResetTries);
  }

  async resetPassword(token: string, newPassword: string, ip: string | null = null): Promise<string> {
    await this.limitTries(ip);
    // Refused before the link is spent: the user can try again with a better password.
    await refuseCommon(newPassword, 'body.newPassword');
    const now = this.deps.clock.now();
    const spent = await this.repo.spendResetToken(sha256(token), now);
    if (!spent) throw badRequest(MSG.resetTokenInvalid, 'RESET_TOKEN_INVALID');
    await this.repo.updateUser(spent.user_id, { password_hash: await hashPassword(newPassword), updated_at: now });
    this.deps.sessions.revoked(await this.repo.revokeAllForUser(spent.user_id, now));
    // The « ce n'était pas vous ? » mail tells the owner to reset the password: that also cancels
    // an e-mail change someone else asked for, before its link is opened.
    await this.repo.cancelPendingEmail(spent.user_id);
    await this.deps.audit.record(spent.user_id, 'password_reset', ip);
    return MSG.resetDone;
  }
}
