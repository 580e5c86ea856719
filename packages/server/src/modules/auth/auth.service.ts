import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  MSG,
  RESET_TOKEN_TTL_MS,
  ROLES,
  type SigninResponse,
  type User,
} from '@ecofoyer/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { UserRow } from '../../db/schema.ts';
import type { AccessTokens } from '../../lib/access-token.ts';
import type { Clock } from '../../lib/clock.ts';
import { badRequest, conflict, unauthorized } from '../../lib/errors.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import type { RateLimiter } from '../../lib/rate-limit.ts';
import type { SessionChecker } from '../../lib/sessions.ts';
import type { AuthRepository } from './auth.repository.ts';

const MINUTE = 60_000;
const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');
const newSecret = () => randomBytes(32).toString('base64url');

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
    },
  ) {}

  async signup(input: {
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
    // Counted before any lookup or hashing (issue 8).
    await this.deps.limiter.hit([{ key: `signup:ip:${ip}`, max: this.deps.config.rateLimits.signupPerIp, windowMs: 60 * MINUTE }], MSG.tooManySignup);
    const username = input.username?.trim() || input.email;
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

  async signin(login: string, password: string, ip: string): Promise<SigninResponse> {
    const { limiter, config } = this.deps;
    // Counted before any lookup or hashing, per address and per account.
    await limiter.hit(
      [
        { key: `signin:ip:${ip}`, max: config.rateLimits.signinPerIp, windowMs: 15 * MINUTE },
        { key: `signin:account:${login.trim().toLowerCase()}`, max: config.rateLimits.signinPerAccount, windowMs: 15 * MINUTE },
      ],
      MSG.tooManySignin,
    );
    const row = await this.repo.findByLogin(login);
    const valid = await verifyPassword(row?.password_hash ?? null, password);
    if (!row || !valid) {
      await this.deps.audit.record(row?.id ?? null, 'signin_failed', ip, { login: login.trim().toLowerCase().slice(0, 100) });
      throw unauthorized(MSG.badCredentials, 'BAD_CREDENTIALS');
    }
    const updated = await this.repo.incrementLoginCount(row.id);
    await this.deps.audit.record(row.id, 'signin', ip);
    const tokens = await this.issueTokens(updated, randomUUID());
    return { ...toUser(updated), ...tokens, tokenType: 'Bearer' };
  }

  async refresh(refreshToken: string): Promise<{ accessToken: string; refreshToken: string }> {
    const now = this.deps.clock.now();
    const hash = sha256(refreshToken);
    const next = newSecret();
    const spent = await this.repo.rotateRefreshToken(hash, { token_hash: sha256(next), created_at: now, expires_at: this.refreshExpiry(now) }, now);
    if (!spent) {
      const known = await this.repo.findRefreshToken(hash);
      // Reuse detection: a token presented again after being spent revokes its whole family.
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
    if (user && user.email.toLowerCase() === email) {
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
    const now = this.deps.clock.now();
    const spent = await this.repo.spendResetToken(sha256(token), now);
    if (!spent) throw badRequest(MSG.resetTokenInvalid, 'RESET_TOKEN_INVALID');
    await this.repo.updateUser(spent.user_id, { password_hash: await hashPassword(newPassword), updated_at: now });
    this.deps.sessions.revoked(await this.repo.revokeAllForUser(spent.user_id, now));
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
    },
    ip: string | null = null,
    session?: string,
  ): Promise<User> {
    const current = await this.repo.findById(id);
    if (!current) throw unauthorized();
    // The username follows the address when it was the address (the web form signs up that way).
    const username = current.username.toLowerCase() === current.email.toLowerCase() ? input.email : current.username;
    if (await this.repo.emailOrUsernameTaken(input.email, username, id)) throw conflict(MSG.accountTaken, 'ACCOUNT_EXISTS');
    try {
      const row = await this.repo.updateUser(id, {
        firstname: input.firstname,
        lastname: input.lastname,
        email: input.email,
        username,
        adresse: input.adresse?.trim() || null,
        telephone: input.telephone?.trim() || null,
        ...(input.password ? { password_hash: await hashPassword(input.password) } : {}),
        updated_at: this.deps.clock.now(),
      });
      // A new password ends every other session (this one keeps working).
      if (input.password) this.deps.sessions.revoked(await this.repo.revokeAllForUser(id, this.deps.clock.now(), session));
      await this.deps.audit.record(id, input.password ? 'password_changed' : 'account_updated', ip);
      return toUser(row);
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(MSG.accountTaken, 'ACCOUNT_EXISTS');
      throw error;
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

  private async issueTokens(user: UserRow, familyId: string) {
    const now = this.deps.clock.now();
    const refreshToken = newSecret();
    await this.repo.insertRefreshToken({
      user_id: user.id,
      family_id: familyId,
      token_hash: sha256(refreshToken),
      created_at: now,
      expires_at: this.refreshExpiry(now),
    });
    return { accessToken: await this.accessToken(user, familyId), refreshToken };
  }
}
