import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { API_MSG, type TotpSetup, type TotpStatus } from '@ecofoyer/contracts';
import { lazyModule } from '../../lib/lazy-module.ts';

const otplib = lazyModule(() => import('otplib'));
const qrcode = lazyModule(async () => (await import('qrcode')).default);
import type { Config } from '../../config.ts';
import type { Clock } from '../../lib/clock.ts';
import { conflict, forbidden, tooManyRequests } from '../../lib/errors.ts';
import type { AuthRepository } from './auth.repository.ts';
import { FAILURE_WINDOW_MS, signinDelayMs } from './auth.service.ts';
import type { TotpRepository } from './totp.repository.ts';

const RECOVERY_CODES = 10;
const CHALLENGE_MS = 5 * 60_000;
const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');
/** « k7m2-q9xd »: ten recovery codes of 40 bits each, easy to copy, no look-alike letters. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const recoveryCode = () => {
  const bytes = randomBytes(8);
  const chars = [...bytes].map((b) => ALPHABET[b % ALPHABET.length]);
  return `${chars.slice(0, 4).join('')}-${chars.slice(4).join('')}`;
};
const normaliseRecovery = (code: string) =>
  code
    .trim()
    .toLowerCase()
    .replace(/[\s_]/g, '')
    .replace(/^(.{4})-?(.{4})$/, '$1-$2');

/**
 * Optional two-factor sign-in (ASVS 5.0 V6.5): TOTP (RFC 6238) with otplib, the QR code
 * drawn here (no third-party service sees the secret), recovery codes kept as hashes. The secret is
 * encrypted at rest with AES-256-GCM under a key derived from JWT_SECRET (HKDF): a copy of the
 * database alone does not give the second factor.
 */
export class TotpService {
  private readonly key: Buffer;

  constructor(
    private readonly repo: TotpRepository,
    private readonly deps: { config: Config; clock: Clock; failures: Pick<AuthRepository, 'takeAttempt' | 'clearSigninFailures'> },
  ) {
    this.key = Buffer.from(hkdfSync('sha256', deps.config.jwtSecret, 'ecofoyer', 'totp-secret-v1', 32));
  }

  private encrypt(secret: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return `v1.${Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64url')}`;
  }

  private decrypt(stored: string): string {
    const raw = Buffer.from(stored.replace(/^v1\./, ''), 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  }

  private row(userId: number) {
    return this.repo.find(userId);
  }

  async isEnabled(userId: number): Promise<boolean> {
    return Boolean((await this.row(userId))?.enabled_at);
  }

  async status(userId: number): Promise<TotpStatus> {
    const row = await this.row(userId);
    return { enabled: Boolean(row?.enabled_at), recoveryCodesLeft: row?.enabled_at ? await this.repo.recoveryCodesLeft(userId) : 0 };
  }

  /** A new secret, not yet in force: the next step proves the app reads it. */
  async setup(userId: number, email: string): Promise<TotpSetup> {
    const existing = await this.row(userId);
    if (existing?.enabled_at) throw conflict(API_MSG.totpAlreadyOn, 'TOTP_ALREADY_ENABLED');
    const { generateSecret, generateURI } = await otplib();
    const secret = generateSecret();
    const now = this.deps.clock.now();
    await this.repo.saveSecret(userId, this.encrypt(secret), now);
    const otpauthUrl = generateURI({ issuer: 'EcoFoyer', label: email, secret });
    const qrSvg = await (await qrcode()).toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    return { secret, otpauthUrl, qrSvg };
  }

  /**
   * Checks a 6-digit code against the secret: ±1 time step of 30 s, never a step already used
   * (a code seen over a shoulder does not work twice, nor in two requests sent together).
   */
  private async checkCode(userId: number, code: string, requireEnabled: boolean): Promise<boolean> {
    const row = await this.row(userId);
    if (!row || (requireEnabled && !row.enabled_at)) return false;
    const { verify } = await otplib();
    const result = await verify({
      secret: this.decrypt(row.secret_enc),
      token: code,
      epoch: Math.floor(this.deps.clock.now().getTime() / 1000),
      epochTolerance: 30,
      ...(row.last_step !== null ? { afterTimeStep: Number(row.last_step) } : {}),
    }).catch(() => ({ valid: false as const }));
    if (!result.valid) return false;
    return this.repo.claimStep(userId, (result as { timeStep: number }).timeStep);
  }

  /**
   * Wrong second factors slow the account down, never lock it (as the password): past
   * RATE_LIMIT_SIGNIN_PER_ACCOUNT failures, each attempt waits 1, 2, 4 … s (at most a minute) after
   * the last one, and the owner's right code sent after that wait works. Whoever knows the password
   * can no longer keep the owner out with 10 wrong codes. The attempt is taken before the check,
   * so codes sent together cannot all slip through one opening. A device that signed in before
   * (`device`, its token's hash) counts apart: someone else's failures, who could otherwise take
   * every opening first, never slow the owner's own device down, which is still slowed by its own.
   */
  private async attempt(userId: number, device: string | null, check: () => Promise<boolean>): Promise<boolean> {
    const { failures, clock, config } = this.deps;
    const key = device ? `totp:${userId}:${device}` : `totp:${userId}`;
    const wait = await failures.takeAttempt(key, clock.now(), FAILURE_WINDOW_MS, (n) =>
      signinDelayMs(n, config.rateLimits.signinPerAccount),
    );
    if (wait > 0) {
      const seconds = Math.ceil(wait / 1000);
      throw tooManyRequests(API_MSG.totpSlowDown(seconds), seconds);
    }
    const right = await check();
    if (right) await failures.clearSigninFailures(key);
    return right;
  }

  /** Turns it on with a first good code; answers the recovery codes, shown once. */
  async enable(userId: number, code: string): Promise<string[]> {
    const row = await this.row(userId);
    if (!row) throw forbidden(API_MSG.totpNoSetup, 'TOTP_NOT_SET_UP');
    if (row.enabled_at) throw conflict(API_MSG.totpAlreadyOn, 'TOTP_ALREADY_ENABLED');
    if (!(await this.attempt(userId, null, () => this.checkCode(userId, code, false))))
      throw forbidden(API_MSG.totpCodeWrong, 'TOTP_CODE_WRONG');
    const codes = Array.from({ length: RECOVERY_CODES }, recoveryCode);
    await this.repo.enable(userId, codes.map(sha256), this.deps.clock.now());
    return codes;
  }

  /** A code from the app or an unused recovery code (spent by this use); `device`: the hash of a known device's token. */
  async verifySecondFactor(
    userId: number,
    input: { code?: string | null; recoveryCode?: string | null },
    device: string | null = null,
  ): Promise<boolean> {
    return this.attempt(userId, device, async () => {
      if (input.code) return this.checkCode(userId, input.code, true);
      if (!input.recoveryCode) return false;
      return this.repo.spendRecoveryCode(userId, sha256(normaliseRecovery(input.recoveryCode)), this.deps.clock.now());
    });
  }

  async disable(userId: number): Promise<void> {
    await this.repo.remove(userId);
  }

  /** Between the password and the code: who passed the first factor, for 5 minutes, signed. */
  challengeFor(userId: number): string {
    const body = Buffer.from(
      JSON.stringify({ u: userId, e: this.deps.clock.now().getTime() + CHALLENGE_MS, n: randomBytes(8).toString('base64url') }),
    ).toString('base64url');
    return `${body}.${this.sign(body)}`;
  }

  /** The user a challenge names, or null when forged or expired. */
  userOfChallenge(challenge: string): number | null {
    const [body, mac] = challenge.split('.');
    if (!body || !mac) return null;
    const expected = Buffer.from(this.sign(body));
    const given = Buffer.from(mac);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    try {
      const { u, e } = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { u: number; e: number };
      return e > this.deps.clock.now().getTime() && Number.isInteger(u) ? u : null;
    } catch {
      return null;
    }
  }

  private sign(body: string): string {
    return createHmac('sha256', this.deps.config.jwtSecret).update(`totp-challenge:${body}`).digest('base64url');
  }
}
