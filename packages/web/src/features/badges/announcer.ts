import type { Badge } from '@ecofoyer/contracts';
import type { Mutation, QueryClient } from '@tanstack/react-query';
import { badgeKeys, fetchBadges, showBadgeEarned } from './api/badges.ts';

/**
 * The badges earned by a change, announced wherever it was made (decision 014):
 * the mutation cache calls `before` ahead of every mutation and `after` once it succeeded; only those
 * marked `meta.earnsBadges` are watched. The list before is asked again even when cached: a badge
 * earned since the cache was filled would be announced. Each new badge gets a toast, and the bell's
 * count and the progress towards the badges still to earn are refreshed.
 */
export function badgeAnnouncer(client: () => QueryClient) {
  const lists = new WeakMap<object, Badge[] | null>();
  const list = () =>
    client()
      .fetchQuery({ queryKey: badgeKeys.list, queryFn: fetchBadges, staleTime: 0 })
      .catch(() => null);
  return {
    async before(mutation: Mutation<unknown, unknown, unknown, unknown>) {
      if (mutation.meta?.earnsBadges) lists.set(mutation, await list());
    },
    async after(mutation: Mutation<unknown, unknown, unknown, unknown>) {
      if (!mutation.meta?.earnsBadges) return;
      const before = lists.get(mutation);
      lists.delete(mutation);
      const after = await list();
      void client().invalidateQueries({ queryKey: badgeKeys.toEarn });
      if (!before || !after) return;
      const known = new Set(before.map((b) => b.id));
      const earned = after.filter((b) => !known.has(b.id));
      earned.forEach(showBadgeEarned);
      if (earned.length > 0) void client().invalidateQueries({ queryKey: ['notifs'] });
    },
  };
}
