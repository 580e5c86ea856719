import { API_BASE, MSG } from '@ecofoyer/contracts';
import { type PathWith, urlOf } from './api-call.ts';
import { sessionStore } from './session.ts';

/** The base of a user's own resources. */
export const userPath = (id: number) => `${API_BASE}/profils/users/${id}`;

/** The signed-in user's own resources (product §7: a missing user id rejects locally with "User ID not found"). */
export function userBase(): string {
  const id = sessionStore.get()?.id;
  if (!id) throw new Error(MSG.userIdNotFound);
  return userPath(id);
}

/**
 * The GETs the shell and the home page make on their first render, shared by their queries and by
 * the route loaders that start them early (app/route-data.ts): a loader's answer is taken only by
 * the same address (`firstScreenUrl`).
 */
export const firstScreenPaths = {
  universes: '/api/V1/profils/users/{userId}/foyers/univers',
  badges: '/api/V1/profils/users/{userId}/badges',
  badgesToEarn: '/api/V1/profils/users/{userId}/badges/a-gagner',
  applianceCount: '/api/V1/profils/users/{userId}/appliances/count',
  notificationCount: '/api/V1/profils/users/{userId}/notifs/count',
  foyer: '/api/V1/profils/users/{userId}/foyer',
  rightsSummary: '/api/V1/profils/users/{userId}/droits/resume',
  refProducts: '/api/V1/references/refproducts',
} as const satisfies Record<string, PathWith<'get'>>;

/** The address of a first-screen GET, for the user `id`. */
export const firstScreenUrl = (key: keyof typeof firstScreenPaths, id?: number) => urlOf(firstScreenPaths[key], { userId: id });
