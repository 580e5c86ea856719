import { API_MSG, MSG } from '@ecofoyer/contracts';
import type { FastifyRequest } from 'fastify';
import type { AccessTokens } from './access-token.ts';
import { unauthorized } from './errors.ts';
import type { SessionChecker } from './sessions.ts';

/** Sets `request.auth` from a valid bearer access token of a session still open, or throws 401. */
export function authenticate(tokens: AccessTokens, sessions: SessionChecker) {
  return async (request: FastifyRequest): Promise<void> => {
    const header = request.headers.authorization;
    const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match) throw unauthorized();
    const result = await tokens.verify(match[1]);
    if (result === 'expired') throw unauthorized(API_MSG.sessionExpired, 'TOKEN_EXPIRED');
    if (result === 'invalid') throw unauthorized(MSG.unauthorized, 'TOKEN_INVALID');
    // Signed out, reset, password changed elsewhere or refresh token stolen: the session is over.
    if (!result.sid || !(await sessions.isActive(result.sid))) throw unauthorized(API_MSG.sessionExpired, 'SESSION_REVOKED');
    request.auth = result;
  };
}
