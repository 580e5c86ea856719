import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { MSG, RESET_TOKEN_TTL_MS, ROLES, type SessionInfo, type SigninAnswer, type SigninResponse, type User } from '@ecofoyer/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { UserRow } from '../../db/schema.ts';
import type { AccessTokens } from '../../lib/access-token.ts';
import type { Clock } from '../../lib/clock.ts';
import { badRequest, conflict, forbidden, HttpError, notFound, tooManyRequests, unauthorized } from '../../lib/errors.ts';
import { isCommonPassword } from '../../lib/common-passwords.ts';
import { deviceLabel } from './device-label.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import type { RateLimiter } from '../../lib/rate-limit.ts';
import type { SessionChecker } from '../../lib/sessions.ts';
import { AuthRepository } from './auth.repository.ts';
import type { UnitOfWork } from '../../lib/unit-of-work.ts';
import type { TotpService } from './totp.service.ts';

const MINUTE = 60_000;
const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');
const newSecret = () => randomBytes(32).toString('base64url');

/** A common password is refused with the field's French message, before anything changes. */
async function refuseCommon(password: string, path: string): Promise<void> {
  if (await isCommonPassword(password))
    throw new HttpError(400, 'PASSWORD_TOO_COMMON', MSG.passwordTooCommon, [{ path, message: MSG.passwordTooCommon }]);
}

/** Failures older than this no longer count. */
export const FAILURE_WINDOW_MS = 15 * 60_000;
/** How long a visitor's demo household lives. */
export const DEMO_TTL_MS = 24 * 3_600_000;
/** How long the link confirming a new e-mail address works. */
export const EMAIL_CHANGE_TTL_MS = 24 * 3_600_000;
/** Wait before the next attempt after `failures` failed ones: none up to `free`, then 1, 2, 4 … s, at most a minute. */
export const signinDelayMs = (failures: number, free: number) => (failures < free ? 0 : Math.min(60_000, 1000 * 2 ** (failures - free)));

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    firstname: row.firstname,
    lastname: row.lastname,
    email: row.email,
    adresse: row.adresse,
    telephone: row.telephone,
    roles: row.roles,
    loginCount: row.login_count,
  };
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505';
}

export class AuthService {
  constructor(
    private readonly repo: AuthRepository,
    private readonly deps: {
      config: Config;
      clock: Clock;
      tokens: AccessTokens;
      mailer: Mailer;
      limiter: RateLimiter;
      /** Told of every family revoked here, so its access tokens stop at once on this process. */
      sessions: SessionChecker;
      log: FastifyBaseLogger;
      audit: AuditService;
      /** Two-factor sign-in; absent in the few tests that build the service alone. */
      totp?: TotpService;
    },
  ) {}

  /** The current password, for the routes that re-authenticate before a sensitive change (2FA). */
  async reauthenticate(userId: number, password: string | null | undefined, ip: string | null): Promise<UserRow> {
    const user = await this.repo.findById(userId);
    if (!user) throw unauthorized();
    await this.checkCurrentPassword(user, password, ip);
    return user;
  }

  async signup(
    input: {
      username?: string;
      firstname: string;
      lastname: string;
      email: string;
      password: string;
      adresse?: string | null;
      telephone?: string | null;
    },
    ip = 'unknown',
  ): Promise<User> {
    // Counted before any lookup or hashing: a flood costs no work.
    await this.deps.limiter.hit(
      [{ key: `signup:ip:${ip}`, max: this.deps.config.rateLimits.signupPerIp, windowMs: 60 * MINUTE }],
      MSG.tooManySignup,
    );
    const username = input.username?.trim() || input.email;
    await refuseCommon(input.password, 'body.password');
    if (await this.repo.emailOrUsernameTaken(input.email, username)) throw conflict(MSG.accountTaken, 'ACCOUNT_EXISTS');
    const now = this.deps.clock.now();
    try {
      const row = await this.repo.insertUser({
        username,
        email: input.email,
        firstname: input.firstname,
        lastname: input.lastname,
        adresse: input.adresse?.trim() || null,
        telephone: input.telephone?.trim() || null,
        password_hash: await hashPassword(input.password),
        roles: [ROLES.freemium], // never what the client sent (ARCHITECTURE invariant)
        created_at: now,
        updated_at: now,
      });
      return toUser(row);
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(MSG.accountTaken, 'ACCOUNT_EXISTS');
      throw error;
    }
  }

  /**
   * A visitor's own demo account: a random identity on the reserved `.invalid`
   * domain (RFC 6761: no mail can ever reach it), a password nobody knows, expiring after
   * DEMO_TTL_MS. Limited per address like sign-up and nothing more, so a crowd of visitors never
   * locks the button for the others.
   */
  async createDemoUser(ip: string): Promise<number> {
    await this.deps.limiter.hit(
      [{ key: `signup:ip:${ip}`, max: this.deps.config.rateLimits.signupPerIp, windowMs: 60 * MINUTE }],
      MSG.tooManySignup,
    );
    const now = this.deps.clock.now();
    const username = `demo-${randomBytes(6).toString('hex')}`;
    const row = await this.repo.insertUser({
      username,
      email: `${username}@demo.invalid`,
      firstname: 'Camille',
      lastname: 'Martin',
      adresse: '12 rue des Lilas, 69003 Lyon',
      telephone: '06 12 34 56 78',
      password_hash: await hashPassword(newSecret()),
      roles: [ROLES.freemium],
      created_at: now,
      updated_at: now,
      demo_expires_at: new Date(now.getTime() + DEMO_TTL_MS),
    });
    await this.deps.audit.record(row.id, 'demo_started', ip);
    return row.id;
  }

  /** Signs the visitor into the demo account just made and filled, as a sign-in would. */
  async openDemoSession(userId: number, ip: string, userAgent: string | null): Promise<SigninResponse> {
    const updated = await this.repo.incrementLoginCount(userId);
    const device = newSecret();
    await this.repo.addKnownDevice(userId, sha256(device), this.deps.clock.now());
    const tokens = await this.issueTokens(updated, randomUUID(), { userAgent, ip });
    return { ...toUser(updated), ...tokens, tokenType: 'Bearer', deviceToken: device };
  }

  /**
   * « Supprimer mon compte » (RGPD art. 17): re-authenticated like a credential change,
   * then every session ends at once, `deleteRows` removes the account and all its rows (its mails
   * included), and only then a confirmation goes to the address — erased from the queue as soon as
   * it has left, since the account it speaks of is gone.
   */
  async deleteAccount(
    userId: number,
    currentPassword: string | null | undefined,
    ip: string | null,
    deleteRows: (announce: (unit: UnitOfWork) => Promise<void>) => Promise<void>,
  ): Promise<void> {
    const user = await this.repo.findById(userId);
    if (!user) throw unauthorized();
    if (user.demo_expires_at) throw forbidden(MSG.demoDeleteLocked, 'DEMO_ACCOUNT');
    await this.checkCurrentPassword(user, currentPassword, ip);
    const now = this.deps.clock.now();
    // The sessions' end and the « supprimé » mail are part of the deletion's transaction: a deletion
    // that fails (a process killed, a row locked past the statement timeout) leaves the account as it
    // was, still signed in, and its owner told nothing.
    await deleteRows(async (unit) => {
      const revoked = await new AuthRepository(unit.tx).revokeAllForUser(userId, now);
      unit.afterCommit(() => this.deps.sessions.revoked(revoked));
      await this.deps.mailer.send(
        { to: user.email, subject: MSG.accountDeletedMailSubject, text: MSG.accountDeletedMailText(user.firstname), forgetWhenSent: true },
        unit,
      );
    });
    await this.repo.clearSigninFailures(`user:${userId}`);
  }

  /** A demo account whose filling failed goes at once rather than at its expiry. */
  async dropDemoUser(userId: number): Promise<void> {
    await this.repo.deleteDemoUser(userId);
  }

  /**
   * Sign-in. Per address, a plain limit counted before any lookup or hashing. Per account,
   * no lock-out: only failures count, a success clears them, and past `signinPerAccount` failures
   * each further attempt waits 1, 2, 4 … seconds (at most a minute) after the last failure. A device
   * that signed in before (its `deviceToken`) is spared that wait, so an attacker cannot keep the
   * owner out.
   */
  async signin(
    login: string,
    password: string,
    ip: string,
    userAgent: string | null = null,
    deviceToken: string | null = null,
  ): Promise<SigninAnswer> {
    const { limiter, config, clock } = this.deps;
    await limiter.hit([{ key: `signin:ip:${ip}`, max: config.rateLimits.signinPerIp, windowMs: 15 * MINUTE }], MSG.tooManySignin);
    const now = clock.now();
    const row = await this.repo.findByLogin(login);
    // One count per account whichever login names it (e-mail or username); per login text otherwise.
    const key = row ? `user:${row.id}` : `login:${login.trim().toLowerCase().slice(0, 254)}`;
    const knownDevice = row !== undefined && deviceToken !== null && (await this.repo.touchKnownDevice(row.id, sha256(deviceToken), now));
    if (!knownDevice) {
      const past = await this.repo.signinFailures(key, now, FAILURE_WINDOW_MS);
      const wait = past ? past.last.getTime() + signinDelayMs(past.failures, config.rateLimits.signinPerAccount) - now.getTime() : 0;
      if (wait > 0) {
        const seconds = Math.ceil(wait / 1000);
        throw tooManyRequests(MSG.signinSlowDown(seconds), seconds);
      }
    }
    const valid = await verifyPassword(row?.password_hash ?? null, password);
    if (!row || !valid) {
      if (!knownDevice) await this.repo.recordSigninFailure(key, now, FAILURE_WINDOW_MS);
      await this.deps.audit.record(row?.id ?? null, 'signin_failed', ip, { login: login.trim().toLowerCase().slice(0, 100) });
      throw unauthorized(MSG.badCredentials, 'BAD_CREDENTIALS');
    }
    await this.repo.clearSigninFailures(key);
    // Two-factor accounts: the password alone opens nothing; a signed challenge waits for the code.
    if (this.deps.totp && (await this.deps.totp.isEnabled(row.id)))
      return { totpRequired: true, challenge: this.deps.totp.challengeFor(row.id) };
    return this.completeSignin(row, knownDevice ? deviceToken : null, ip, userAgent);
  }

  /** POST /api/auth/signin/totp: the challenge of a right password, and a code or a recovery code. */
  async signinSecondFactor(
    input: { challenge: string; code?: string | null; recoveryCode?: string | null; deviceToken?: string | null },
    ip: string,
    userAgent: string | null,
  ): Promise<SigninResponse> {
    const totp = this.deps.totp!;
    const userId = totp.userOfChallenge(input.challenge);
    const row = userId === null ? undefined : await this.repo.findById(userId);
    if (!row) throw unauthorized(MSG.totpChallengeExpired, 'TOTP_CHALLENGE_EXPIRED');
    // Known before the code is checked: the owner's device has a slow-down of its own (TotpService.attempt).
    const device = input.deviceToken ? sha256(input.deviceToken) : null;
    const known = device !== null && (await this.repo.touchKnownDevice(row.id, device, this.deps.clock.now()));
    if (!(await totp.verifySecondFactor(row.id, input, known ? device : null))) {
      await this.deps.audit.record(row.id, 'signin_failed', ip, { secondFactor: true });
      throw unauthorized(MSG.totpSecondFactorWrong, 'TOTP_CODE_WRONG');
    }
    return this.completeSignin(row, known ? input.deviceToken! : null, ip, userAgent);
  }

  /** The session of a sign-in that passed every factor; a new device gets its token. */
  private async completeSignin(
    row: UserRow,
    knownDeviceToken: string | null,
    ip: string,
    userAgent: string | null,
  ): Promise<SigninResponse> {
    let device = knownDeviceToken;
    if (!device) {
      device = newSecret();
      await this.repo.addKnownDevice(row.id, sha256(device), this.deps.clock.now());
    }
    const updated = await this.repo.incrementLoginCount(row.id);
    await this.deps.audit.record(row.id, 'signin', ip);
    const tokens = await this.issueTokens(updated, randomUUID(), { userAgent, ip });
    return { ...toUser(updated), ...tokens, tokenType: 'Bearer', deviceToken: device };
  }

  /**
   * The successor of a refresh token is derived from it (HMAC with the server key), not drawn at
   * random: a second use of the token within the reuse interval can be given the very same
   * successor, so two tabs refreshing at once share one session instead of one tripping the reuse
   * detection (as Supabase Auth's reuse interval). Nobody can compute it without the token.
   */
  private successorOf(refreshToken: string): string {
    return createHmac('sha256', this.deps.config.jwtSecret).update(`refresh-successor:${refreshToken}`).digest('base64url');
  }

  async refresh(refreshToken: string): Promise<{ accessToken: string; refreshToken: string }> {
    const now = this.deps.clock.now();
    const hash = sha256(refreshToken);
    const next = this.successorOf(refreshToken);
    const maxAgeMs = this.deps.config.sessionMaxDays * 24 * 60 * MINUTE;
    const spent = await this.repo.rotateRefreshToken(
      hash,
      { token_hash: sha256(next), created_at: now, expires_at: this.refreshExpiry(now) },
      now,
      maxAgeMs,
    );
    if (!spent) {
      const known = await this.repo.findRefreshToken(hash);
      // Within the reuse interval, and while nobody has used it, the same successor: never a new branch.
      const recent =
        known?.used_at && !known.revoked_at && now.getTime() - known.used_at.getTime() <= this.deps.config.refreshReuseSeconds * 1000;
      if (known && recent) {
        const successor = await this.repo.findRefreshToken(sha256(next));
        const user = await this.repo.findById(known.user_id);
        if (successor && user && successor.family_id === known.family_id && !successor.used_at && !successor.revoked_at) {
          return { accessToken: await this.accessToken(user, known.family_id), refreshToken: next };
        }
      }
      // Reuse detection: a token presented again after being spent (past the interval, or once the
      // chain has moved on) revokes its whole family.
      if (known?.used_at) {
        await this.endSession(known.user_id, known.family_id, now);
        this.deps.log.warn({ family: known.family_id }, 'refresh token reused: family revoked');
      }
      throw unauthorized(MSG.refreshInvalid, 'REFRESH_INVALID');
    }
    const user = await this.repo.findById(spent.user_id);
    if (!user) throw unauthorized(MSG.refreshInvalid, 'REFRESH_INVALID');
    return { accessToken: await this.accessToken(user, spent.family_id), refreshToken: next };
  }

  async signout(refreshToken: string, ip: string | null = null): Promise<void> {
    const known = await this.repo.findRefreshToken(sha256(refreshToken));
    if (!known) return;
    await this.endSession(known.user_id, known.family_id, this.deps.clock.now());
    await this.deps.audit.record(known.user_id, 'signout', ip);
  }

  /** Same answer whether the address is known or not (no account enumeration). */
  async forgotPassword(email: string, ip: string): Promise<string> {
    const { limiter, config, clock, mailer, log } = this.deps;
    await limiter.hit(
      [
        { key: `forgot:ip:${ip}`, max: config.rateLimits.forgotPerIp, windowMs: 60 * MINUTE },
        { key: `forgot:account:${email}`, max: config.rateLimits.forgotPerAccount, windowMs: 60 * MINUTE },
      ],
      MSG.tooManyForgot,
    );
    const user = await this.repo.findByLogin(email);
    if (user && user.email.toLowerCase() === email && !user.demo_expires_at) {
      const token = newSecret();
      const now = clock.now();
      await this.repo.insertResetToken({
        user_id: user.id,
        token_hash: sha256(token),
        created_at: now,
        expires_at: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
      });
      const link = `${config.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
      log.info({ userId: user.id, link }, 'password reset link');
      try {
        await mailer.send({ to: user.email, subject: MSG.resetMailSubject, text: MSG.resetMailText(user.firstname, link) });
      } catch (error) {
        // Logged, not told: the answer must not differ from the unknown-address case.
        log.error({ err: error, userId: user.id }, 'reset mail could not be sent');
      }
    }
    return MSG.forgotSent;
  }

  async resetPassword(token: string, newPassword: string, ip: string | null = null): Promise<string> {
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
      throw forbidden(MSG.demoCredentialsLocked, 'DEMO_ACCOUNT');
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
        MSG.tooManyEmailChanges,
      );
    if (await this.repo.emailOrUsernameTaken(input.email, username, id)) throw conflict(MSG.accountTaken, 'ACCOUNT_EXISTS');
    try {
      // A new address is used only once its owner opens the link mailed to it: until
      // then the account keeps signing in with the old one.
      const row = await this.repo.updateUser(id, {
        firstname: input.firstname,
        lastname: input.lastname,
        adresse: input.adresse?.trim() || null,
        telephone: input.telephone?.trim() || null,
        ...(input.password ? { password_hash: await hashPassword(input.password) } : {}),
        updated_at: this.deps.clock.now(),
      });
      // A new password ends every other session (this one keeps working) and every reset link sent before.
      if (newPassword) {
        const now = this.deps.clock.now();
        this.deps.sessions.revoked(await this.repo.revokeAllForUser(id, now, session));
        await this.repo.spendAllResetTokens(id, now);
      }
      if (newEmail) await this.sendEmailConfirmation(row, input.email);
      await this.deps.audit.record(id, newPassword ? 'password_changed' : newEmail ? 'email_change_requested' : 'account_updated', ip);
      if (newEmail || newPassword)
        await this.warnOwner(current, newEmail && newPassword ? 'both' : newPassword ? 'password' : 'email', newEmail ? input.email : null);
      return { ...toUser(row), ...(newEmail ? { emailPending: input.email } : {}) };
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(MSG.accountTaken, 'ACCOUNT_EXISTS');
      throw error;
    }
  }

  /** Stores the pending address and mails its single-use link to it (valid EMAIL_CHANGE_TTL_MS). */
  private async sendEmailConfirmation(user: UserRow, newEmail: string): Promise<void> {
    const token = newSecret();
    const now = this.deps.clock.now();
    await this.repo.savePendingEmail({
      user_id: user.id,
      new_email: newEmail,
      token_hash: sha256(token),
      created_at: now,
      expires_at: new Date(now.getTime() + EMAIL_CHANGE_TTL_MS),
    });
    const link = `${this.deps.config.appUrl}/confirm-email?token=${encodeURIComponent(token)}`;
    try {
      await this.deps.mailer.send({
        to: newEmail,
        subject: MSG.emailConfirmMailSubject,
        text: MSG.emailConfirmMailText(user.firstname, link),
      });
    } catch (error) {
      this.deps.log.error({ err: error, userId: user.id }, 'e-mail confirmation could not be sent');
    }
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
      MSG.tooManyReauth,
    );
    if (!(await verifyPassword(user.password_hash, password))) {
      await this.deps.audit.record(user.id, 'reauth_failed', ip);
      throw forbidden(MSG.currentPasswordWrong, 'CURRENT_PASSWORD_WRONG');
    }
  }

  /** « Ce n'était pas vous ? » to the address the account had before the change. */
  private async warnOwner(before: UserRow, what: 'email' | 'password' | 'both', newEmail: string | null): Promise<void> {
    try {
      await this.deps.mailer.send({
        to: before.email,
        subject: MSG.credentialsMailSubject,
        text: MSG.credentialsMailText(before.firstname, what, newEmail),
      });
    } catch (error) {
      // The change is made; a mail that cannot leave is logged, not turned into an error for the user.
      this.deps.log.error({ err: error, userId: before.id }, 'credentials change mail could not be sent');
    }
  }

  /** Revokes one session, and tells the session checker so its access tokens stop here at once. */
  private async endSession(userId: number, familyId: string, now: Date): Promise<void> {
    await this.repo.revokeFamily(userId, familyId, now);
    this.deps.sessions.revoked(familyId);
  }

  private accessToken(user: UserRow, familyId: string): Promise<string> {
    return this.deps.tokens.sign({ userId: user.id, roles: user.roles, sid: familyId });
  }

  private refreshExpiry(now: Date): Date {
    return new Date(now.getTime() + this.deps.config.refreshTokenTtlDays * 24 * 60 * MINUTE);
  }

  private async issueTokens(user: UserRow, familyId: string, device: { userAgent: string | null; ip: string | null }) {
    const now = this.deps.clock.now();
    const refreshToken = newSecret();
    await this.repo.startSession(
      { id: familyId, user_id: user.id, created_at: now, user_agent: device.userAgent?.slice(0, 400) ?? null, ip: device.ip },
      { token_hash: sha256(refreshToken), expires_at: this.refreshExpiry(now) },
    );
    return { accessToken: await this.accessToken(user, familyId), refreshToken };
  }

  /** « Mes appareils connectés »: the sessions that can still refresh, this one marked. */
  async listSessions(userId: number, currentSid: string | undefined): Promise<SessionInfo[]> {
    const rows = await this.repo.listSessions(userId, this.deps.clock.now());
    // This device first, then the others by latest activity.
    rows.sort((a, b) => Number(b.id === currentSid) - Number(a.id === currentSid));
    return rows.map((r) => ({
      id: r.id,
      appareil: deviceLabel(r.user_agent),
      ip: r.ip,
      creeLe: r.created_at.toISOString(),
      derniereActivite: r.last_seen_at.toISOString(),
      actuelle: r.id === currentSid,
    }));
  }

  /** Signs one of the user's devices out (404 when it is not one of theirs or already ended). */
  async revokeSession(userId: number, sid: string, ip: string | null): Promise<void> {
    const now = this.deps.clock.now();
    if (!(await this.repo.revokeFamily(userId, sid, now))) throw notFound(MSG.sessionNotFound, 'SESSION_NOT_FOUND');
    this.deps.sessions.revoked(sid);
    await this.deps.audit.record(userId, 'session_revoked', ip);
  }

  /** Signs every other device out; this one stays. */
  async revokeOtherSessions(userId: number, currentSid: string | undefined, ip: string | null): Promise<number> {
    const ended = await this.repo.revokeAllForUser(userId, this.deps.clock.now(), currentSid);
    this.deps.sessions.revoked(ended);
    if (ended.length > 0) await this.deps.audit.record(userId, 'session_revoked', ip, { count: ended.length });
    return ended.length;
  }
}
