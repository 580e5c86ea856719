import { asUserId } from '../../lib/ids.ts';
import { createHmac, randomUUID } from 'node:crypto';
import { API_MSG, MSG, type SessionInfo, type SigninAnswer, type SigninResponse } from '@ecofoyer/contracts';
import type { UserRow } from '../../db/schema.ts';
import { notFound, tooManyRequests, unauthorized } from '../../lib/errors.ts';
import { deviceLabel } from './device-label.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import type { AuthRepository } from './auth.repository.ts';
import { type AuthDeps, FAILURE_WINDOW_MS, MINUTE, newSecret, sha256, signinDelayMs, toUser } from './auth.service.ts';

/** Sessions: sign-in (with its second factor and its slow-down), token refresh and rotation, sign-out, « Mes appareils connectés ». */
export class SessionsService {
  constructor(
    private readonly repo: AuthRepository,
    private readonly deps: AuthDeps,
  ) {}

  /** Signs the visitor into the demo account just made and filled, as a sign-in would. */
  async openDemoSession(userId: number, ip: string, userAgent: string | null): Promise<SigninResponse> {
    const updated = await this.repo.incrementLoginCount(userId);
    const device = newSecret();
    await this.repo.addKnownDevice(userId, sha256(device), this.deps.clock.now());
    const tokens = await this.issueTokens(updated, randomUUID(), { userAgent, ip });
    return { ...toUser(updated), ...tokens, tokenType: 'Bearer', deviceToken: device };
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
    await limiter.hit([{ key: `signin:ip:${ip}`, max: config.rateLimits.signinPerIp, windowMs: 15 * MINUTE }], API_MSG.tooManySignin);
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
        throw tooManyRequests(API_MSG.signinSlowDown(seconds), seconds);
      }
    }
    const valid = await verifyPassword(row?.password_hash ?? null, password);
    if (!row || !valid) {
      if (!knownDevice) await this.repo.recordSigninFailure(key, now, FAILURE_WINDOW_MS);
      await this.deps.audit.record(row?.id ?? null, 'signin_failed', ip, { login: login.trim().toLowerCase().slice(0, 100) });
      throw unauthorized(API_MSG.badCredentials, 'BAD_CREDENTIALS');
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
    if (!row) throw unauthorized(API_MSG.totpChallengeExpired, 'TOTP_CHALLENGE_EXPIRED');
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
      // The device is told why, so its sign-in page can say it: ended from another device (a sign-out
      // of the others, a new password), or come to its end.
      if (known && !known.used_at && known.revoked_at) throw unauthorized(API_MSG.sessionEndedElsewhere, 'SESSION_ENDED');
      if (known && !known.used_at) throw unauthorized(API_MSG.sessionExpired, 'SESSION_EXPIRED');
      throw unauthorized(API_MSG.refreshInvalid, 'REFRESH_INVALID');
    }
    const user = await this.repo.findById(spent.user_id);
    if (!user) throw unauthorized(API_MSG.refreshInvalid, 'REFRESH_INVALID');
    return { accessToken: await this.accessToken(user, spent.family_id), refreshToken: next };
  }

  async signout(refreshToken: string, ip: string | null = null): Promise<void> {
    const known = await this.repo.findRefreshToken(sha256(refreshToken));
    if (!known) return;
    await this.endSession(known.user_id, known.family_id, this.deps.clock.now());
    await this.deps.audit.record(known.user_id, 'signout', ip);
  }

  /** Revokes one session, and tells the session checker so its access tokens stop here at once. */
  private async endSession(userId: number, familyId: string, now: Date): Promise<void> {
    await this.repo.revokeFamily(userId, familyId, now);
    this.deps.sessions.revoked(familyId);
  }

  private accessToken(user: UserRow, familyId: string): Promise<string> {
    return this.deps.tokens.sign({ userId: asUserId(user.id), roles: user.roles, sid: familyId });
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
