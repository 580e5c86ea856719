import { createHash, randomBytes } from 'node:crypto';
import { API_MSG, MSG, ROLES, type User } from '@ecofoyer/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { UserRow } from '../../db/schema.ts';
import type { AccessTokens } from '../../lib/access-token.ts';
import type { Clock } from '../../lib/clock.ts';
import { conflict, HttpError } from '../../lib/errors.ts';
import { isCommonPassword } from '../../lib/common-passwords.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { hashPassword } from '../../lib/passwords.ts';
import type { RateLimiter } from '../../lib/rate-limit.ts';
import type { SessionChecker } from '../../lib/sessions.ts';
import type { AuthRepository } from './auth.repository.ts';
import type { TotpService } from './totp.service.ts';

export const MINUTE = 60_000;
export const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');
export const newSecret = () => randomBytes(32).toString('base64url');

/** A common password is refused with the field's French message, before anything changes. */
export async function refuseCommon(password: string, path: string): Promise<void> {
  if (await isCommonPassword(password))
    throw new HttpError(400, 'PASSWORD_TOO_COMMON', API_MSG.passwordTooCommon, [{ path, message: API_MSG.passwordTooCommon }]);
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

export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505';
}

/** What the account services need (the routes' `app.accounts`). */
export interface AuthDeps {
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
}

/** Accounts: sign-up, and the visitors' demo accounts (sessions: sessions.service.ts; password reset: password-reset.service.ts; the profile: profile.service.ts). */
export class AuthService {
  constructor(
    private readonly repo: AuthRepository,
    private readonly deps: AuthDeps,
  ) {}

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
      API_MSG.tooManySignup,
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
      API_MSG.tooManySignup,
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

  /** A demo account whose filling failed goes at once rather than at its expiry. */
  async dropDemoUser(userId: number): Promise<void> {
    await this.repo.deleteDemoUser(userId);
  }
}
