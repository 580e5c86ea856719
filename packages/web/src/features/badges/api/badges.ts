import { API_BASE, Badge, BadgeToEarn, type PublicBadge } from '@ecofoyer/contracts';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { firstScreenPaths } from '../../../lib/api-paths.ts';
import { seededFrom } from '../../../lib/early-fetch.ts';
import { userBase } from '../../universes/api/universes.ts';

const badgeKeys = { list: ['badges', 'list'] as const, toEarn: ['badges', 'a-gagner'] as const };

const badgesPath = () => firstScreenPaths.badges(userBase());
const toEarnPath = () => firstScreenPaths.badgesToEarn(userBase());
const fetchBadges = () => api<Badge[]>(badgesPath(), { schema: Badge.array() });

export function useBadges() {
  return useQuery({ queryKey: badgeKeys.list, queryFn: fetchBadges, ...seededFrom<Badge[]>(badgesPath) });
}

/** The toast of a badge just earned, the same wherever it was earned. */
export function showBadgeEarned(badge: Badge) {
  notifications.show({ color: 'eco', title: 'Nouveau badge !', message: badge.refbadge.name });
}

/**
 * Runs a change that may earn badges (an appliance added or given a second life, a diagnosis saved,
 * a task planned or done) and shows a toast for each badge it earned (issue 16, item 13:
 * « Premier diagnostic » came without one), from the list asked before and after. The list before
 * is asked again even when cached: a badge earned since the cache was filled would be announced.
 */
export function useBadgeAnnouncer() {
  const queryClient = useQueryClient();
  const list = () => queryClient.fetchQuery({ queryKey: badgeKeys.list, queryFn: fetchBadges, staleTime: 0 }).catch(() => null);
  return async <T>(change: () => Promise<T>): Promise<T> => {
    const before = await list();
    const result = await change();
    const after = await list();
    // The progress towards the badges still to earn moves with any such change.
    void queryClient.invalidateQueries({ queryKey: badgeKeys.toEarn });
    if (before && after) {
      const known = new Set(before.map((b) => b.id));
      const earned = after.filter((b) => !known.has(b.id));
      earned.forEach(showBadgeEarned);
      // Each badge also comes with its notification (the bell's count).
      if (earned.length > 0) void queryClient.invalidateQueries({ queryKey: ['notifs'] });
    }
    return result;
  };
}

/** GET …/badges/a-gagner: the badges not earned yet, with what earns them. */
export function useBadgesToEarn() {
  return useQuery({ queryKey: badgeKeys.toEarn, queryFn: () => api<BadgeToEarn[]>(toEarnPath(), { schema: BadgeToEarn.array() }), ...seededFrom<BadgeToEarn[]>(toEarnPath) });
}

export function useBadge(id: number | null) {
  return useQuery({ queryKey: ['badges', 'one', id], queryFn: () => api<Badge>(`${userBase()}/badges/${id}`), enabled: Boolean(id && id > 0) });
}

/** The share page's badge: no login. */
export function usePublicBadge(uuid: string | undefined) {
  return useQuery({
    queryKey: ['badges', 'public', uuid],
    queryFn: () => api<PublicBadge>(`${API_BASE}/public/badges/${uuid}`, { auth: false }),
    enabled: Boolean(uuid),
    retry: false,
  });
}
