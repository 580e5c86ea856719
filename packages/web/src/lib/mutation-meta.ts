/**
 * What a mutation tells the rest of the app through TanStack Query's `meta` (decision 014: badges
 * react to what happened instead of being called by the features they count). A feature marks a
 * change that may earn a badge with `meta: EARNS_BADGES`; the badges feature, wired to the mutation
 * cache in `app/query-client.ts`, announces what it earned.
 */
export type MutationMeta = {
  /** Adding a device, a maintenance planned or done, a diagnosis saved, a second life, a carbon simulation. */
  earnsBadges?: boolean;
};

export const EARNS_BADGES: MutationMeta = { earnsBadges: true };

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: MutationMeta;
  }
}
