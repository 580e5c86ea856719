import { webcrypto } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { Clock } from './clock.ts';

export interface AccessClaims {
  userId: number;
  roles: string[];
  /** The session (refresh-token family) the token was issued for. */
  sid?: string;
}

/**
 * Short-lived HS256 JWT; the clock is injected so expiry can be tested without sleeping.
 * The secret is imported as a key once (issue 23): given raw bytes, jose imports a WebCrypto key on
 * every signature and verification, about a sixth of a simple authenticated request's CPU.
 */
export class AccessTokens {
  private readonly key: Promise<webcrypto.CryptoKey>;
  constructor(
    secret: string,
    private readonly ttlSeconds: number,
    private readonly clock: Clock,
  ) {
    this.key = webcrypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
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
    try {
      const { payload } = await jwtVerify(token, await this.key, { algorithms: ['HS256'], currentDate: this.clock.now() });
      const userId = Number(payload.sub);
      if (!Number.isInteger(userId) || !Array.isArray(payload.roles)) return 'invalid';
      return { userId, roles: payload.roles.map(String), ...(typeof payload.sid === 'string' ? { sid: payload.sid } : {}) };
    } catch (error) {
      return error instanceof errors.JWTExpired ? 'expired' : 'invalid';
    }
  }
}
