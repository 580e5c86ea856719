import { MSG } from '@ecofoyer/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AccessClaims, AccessTokens } from './access-token.ts';
import { forbidden, unauthorized } from './errors.ts';
import type { SessionChecker } from './sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    auth?: AccessClaims;
  }
}

/** preHandler: a valid bearer access token of a session still open, or 401. */
export function authenticate(tokens: AccessTokens, sessions: SessionChecker) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const header = request.headers.authorization;
    const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match) throw unauthorized();
    const result = await tokens.verify(match[1]);
    if (result === 'expired') throw unauthorized(MSG.sessionExpired, 'TOKEN_EXPIRED');
    if (result === 'invalid') throw unauthorized(MSG.unauthorized, 'TOKEN_INVALID');
    // Signed out, reset, password changed elsewhere or refresh token stolen: the session is over.
    if (!result.sid || !(await sessions.isActive(result.sid))) throw unauthorized(MSG.sessionExpired, 'SESSION_REVOKED');
    request.auth = result;
  };
}

/** The signed-in user's claims (only after `authenticate`). */
export function currentUser(request: FastifyRequest): AccessClaims {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/** ARCHITECTURE invariant: `{userId}` in a path must be the token's user (403 otherwise). */
export function requireSelf(request: FastifyRequest, userId: number): AccessClaims {
  const auth = currentUser(request);
  if (auth.userId !== userId) throw forbidden();
  return auth;
}

/**
 * The household a request acts on (issue 19, decision 016): `{userId}` in the path must be the
 * token's user (403), and the answer is the key of the foyer that user belongs to, which the
 * household's data carries. A `lecteur` reads: any other method than GET or HEAD is refused (403),
 * unless the route says it only reads (`access`: a question to the assistant is a POST). Without
 * `userId` (paths by an item's id), the token's user.
 */
export async function household(request: FastifyRequest, userId?: number, access?: 'read' | 'write'): Promise<number> {
  const auth = userId === undefined ? currentUser(request) : requireSelf(request, userId);
  const { foyerId, role } = await request.server.services.foyer.membership(auth.userId);
  const writes = access ? access === 'write' : request.method !== 'GET' && request.method !== 'HEAD';
  if (role === 'lecteur' && writes) throw forbidden(MSG.foyerReadOnly, 'FOYER_READ_ONLY');
  return foyerId;
}

export function requireRole(request: FastifyRequest, role: string): AccessClaims {
  const auth = currentUser(request);
  if (!auth.roles.includes(role)) throw forbidden();
  return auth;
}
