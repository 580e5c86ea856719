import { webcrypto } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { Clock } from './clock.ts';
import { asUserId, type UserId } from './ids.ts';

export interface AccessClaims {
  userId: UserId;
  roles: string[];
  /** The session (refresh-token family) the token was issued for. */
  sid?: string;
}

/** How many verified tokens are remembered (about 400 bytes each). */
const VERIFIED_MAX = 10_000;

/**
 * Short-lived HS256 JWT; the clock is injected so expiry can be tested without sleeping.
 * The secret is imported as a key once: given raw bytes, jose imports a WebCrypto key on
 * every signature and verification, about a sixth of a simple authenticated request's CPU.
 * A token whose signature was verified is remembered, with its claims, until it expires (before,
 * WebCrypto's HMAC still took a fifth of a simple request's CPU, and a client sends the same token
 * with every request for 15 minutes). Only the exact string that verified is remembered, so nothing
 * else is accepted; its expiry is checked on every use; ending a session is checked apart
 * (SessionChecker), as before.
 */
export class AccessTokens {
  private readonly key: Promise<webcrypto.CryptoKey>;
  private readonly verified = new Map<string, { claims: AccessClaims; exp: number }>();
  constructor(
    secret: string,
    private readonly ttlSeconds: number,
    private readonly clock: Clock,
  ) {
    this.key = webcrypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
  }

  async sign(claims: AccessClaims): Promise<string> {
    const iat = Math.floor(this.clock.now().getTime() / 1000);
    return new SignJWT({ roles: claims.roles, ...(claims.sid ? { sid: claims.sid } : {}) })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.userId))
      .setIssuedAt(iat)
      .setExpirationTime(iat + this.ttlSeconds)
      .sign(await this.key);
  }

  /** The claims, or 'expired' / 'invalid'. */
  async verify(token: string): Promise<AccessClaims | 'expired' | 'invalid'> {
    const now = this.clock.now();
    const known = this.verified.get(token);
    if (known) {
      // jose's rule: expired once the current second reaches `exp`.
      if (Math.floor(now.getTime() / 1000) < known.exp) return known.claims;
      this.verified.delete(token);
      return 'expired';
    }
    try {
      const { payload } = await jwtVerify(token, await this.key, { algorithms: ['HS256'], currentDate: now });
      const userId = Number(payload.sub);
      if (!Number.isInteger(userId) || !Array.isArray(payload.roles)) return 'invalid';
      const claims: AccessClaims = {
        userId: asUserId(userId),
        roles: payload.roles.map(String),
        ...(typeof payload.sid === 'string' ? { sid: payload.sid } : {}),
      };
      if (typeof payload.exp === 'number') this.remember(token, claims, payload.exp);
      return claims;
    } catch (error) {
      return error instanceof errors.JWTExpired ? 'expired' : 'invalid';
    }
  }

  private remember(token: string, claims: AccessClaims, exp: number) {
    // The oldest first out (a Map keeps insertion order): the set stays bounded.
    if (this.verified.size >= VERIFIED_MAX) this.verified.delete(this.verified.keys().next().value!);
    this.verified.set(token, { claims, exp });
  }
}
