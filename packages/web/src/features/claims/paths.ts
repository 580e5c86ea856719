export { claimPath, newClaimPath } from '../../lib/paths.ts';

/** The claims' list (« Mes démarches »). */
export const claimsPath = '/demarches';
