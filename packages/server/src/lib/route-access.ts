import { API_MSG, type FoyerRole, MSG } from '@ecofoyer/contracts';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { AccessClaims } from './access-token.ts';
import type { FoyerId } from './ids.ts';
import { forbidden, unauthorized } from './errors.ts';

/**
 * Who may call a route, declared once in its `config.access` and enforced before anything else of
 * the request is read (an `onRequest` hook: no byte of the body is parsed for a caller who is
 * refused). The security tests read the same declaration.
 * - `public`: no session (the reason lives in security/access-matrix.test.ts);
 * - `signed-in`: any session, acting on the caller's own things;
 * - `foyer:read`: a member of the caller's household, whatever the role (a lecteur reads);
 * - `foyer:write`: a member who may change the household's data (not a lecteur);
 * - `foyer:owner`: a propriétaire (manages members and invitations);
 * - `foyer:founder`: the person who holds the household (founded it or was handed it).
 * A `:userId` in the path must be the caller's own (403), for every access but `public`.
 */
export type RouteAccess = 'public' | 'signed-in' | 'foyer:read' | 'foyer:write' | 'foyer:owner' | 'foyer:founder';
export const ROUTE_ACCESS: readonly RouteAccess[] = ['public', 'signed-in', 'foyer:read', 'foyer:write', 'foyer:owner', 'foyer:founder'];

/** The household a request acts on, as the access check found it. */
export interface FoyerContext {
  /** The household's key, which its data carries. */
  id: FoyerId;
  role: FoyerRole;
  /** The caller holds the household (its founder, or whoever it was handed to). */
  holder: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    auth?: AccessClaims;
    foyer?: FoyerContext;
  }
}

/** Routes that need no declaration: the documentation UI and the built web app's files. */
const undeclared = (url: string) => url === '/api/docs' || url.startsWith('/api/docs/') || !url.startsWith('/api');

export interface AccessDeps {
  /** Sets `request.auth` from a valid bearer token of an open session, or throws 401. */
  authenticate(request: FastifyRequest): Promise<void>;
  /** The caller's household and role there. */
  membership(userId: number): Promise<{ foyerId: FoyerId; role: FoyerRole; holder: boolean }>;
}

/**
 * Registers the check on `app` (before any route): a route registered without `config.access` stops
 * the server at start, so a new route cannot forget to say who may call it.
 */
export function registerRouteAccess(app: FastifyInstance, deps: AccessDeps): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const access = (route.config as { access?: RouteAccess } | undefined)?.access;
    if (access === undefined && undeclared(route.url)) return;
    if (!access || !ROUTE_ACCESS.includes(access))
      throw new Error(`${[route.method].flat().join(',')} ${route.url}: config.access must be one of ${ROUTE_ACCESS.join(', ')}`);
  });
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (!access || access === 'public') return;
    await deps.authenticate(request);
    const auth = request.auth!;
    // ARCHITECTURE invariant: `{userId}` in a path is the token's user. One that is not a number at
    // all is left to the route's validation (400), which comes before its handler.
    const userId = (request.params as Record<string, string> | undefined)?.userId;
    if (userId !== undefined && /^\d+$/.test(userId) && Number(userId) !== auth.userId) throw forbidden();
    if (access === 'signed-in') return;
    const { foyerId, role, holder } = await deps.membership(auth.userId);
    if (access === 'foyer:write' && role === 'lecteur') throw forbidden(MSG.foyerReadOnly, 'FOYER_READ_ONLY');
    if (access === 'foyer:owner' && role !== 'proprietaire') throw forbidden(API_MSG.foyerOwnerOnly, 'FOYER_OWNER_ONLY');
    if (access === 'foyer:founder' && !holder) throw forbidden(API_MSG.foyerHolderOnly, 'FOYER_HOLDER_ONLY');
    request.foyer = { id: foyerId, role, holder };
  });
}

/** The signed-in user's claims (on any route but a public one). */
export function currentUser(request: FastifyRequest): AccessClaims {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/** The household's key, on a route declared `foyer:…` (a route that forgot its declaration fails loudly). */
export function foyerOf(request: FastifyRequest): FoyerId {
  if (!request.foyer) throw new Error(`${request.method} ${request.routeOptions.url}: not declared as a household route`);
  return request.foyer.id;
}

export function requireRole(request: FastifyRequest, role: string): AccessClaims {
  const auth = currentUser(request);
  if (!auth.roles.includes(role)) throw forbidden();
  return auth;
}
