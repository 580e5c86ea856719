import { API_BASE, MSG } from '@ecofoyer/contracts';
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
 * The GETs the shell and the home page make on their first render, shared by their queries and
 * by the route loaders that start them early (app/route-data.ts): a loader's answer is taken only
 * by the same path. `base` is `…/profils/users/{id}`.
 */
export const firstScreenPaths = {
  universes: (base: string) => `${base}/foyers/univers`,
  badges: (base: string) => `${base}/badges`,
  badgesToEarn: (base: string) => `${base}/badges/a-gagner`,
  applianceCount: (base: string) => `${base}/appliances/count`,
  notificationCount: (base: string) => `${base}/notifs/count`,
  foyer: (base: string) => `${base}/foyer`,
  rightsSummary: (base: string) => `${base}/droits/resume`,
  refProducts: () => `${API_BASE}/references/refproducts`,
};
