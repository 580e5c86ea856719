import { API_BASE, type Badge, type BadgeToEarn, type PublicBadge } from '@ecofoyer/contracts';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { firstScreenPaths } from '../../../lib/api-paths.ts';
import { seededFrom } from '../../../lib/early-fetch.ts';
import { userBase } from '../../universes/api/universes.ts';

const badgesPath = () => firstScreenPaths.badges(userBase());
const fetchBadges = () => api<Badge[]>(badgesPath());

export function useBadges() {
  return useQuery({ queryKey: ['badges', 'list'], queryFn: fetchBadges, ...seededFrom<Badge[]>(badgesPath) });
}

/** The toast of a badge just earned, the same wherever it was earned. */
export function showBadgeEarned(badge: Badge) {
  notifications.show({ color: 'eco', title: 'Nouveau badge !', message: badge.refbadge.name });
}

/**
 * Runs a change that may earn badges (a diagnosis saved, a task planned or done) and shows a toast
 * for each badge it earned (issue 16, item 13: « Premier diagnostic » came without one): the list
 * before, from the cache when fresh, and after, asked again.
 */
export function useBadgeAnnouncer() {
  const queryClient = useQueryClient();
  return async <T>(change: () => Promise<T>): Promise<T> => {
    const before = await queryClient.fetchQuery({ queryKey: ['badges', 'list'], queryFn: fetchBadges, staleTime: 30_000 }).catch(() => null);
    const result = await change();
    if (before) {
      const known = new Set(before.map((b) => b.id));
      const after = await queryClient.fetchQuery({ queryKey: ['badges', 'list'], queryFn: fetchBadges, staleTime: 0 }).catch(() => null);
      for (const badge of after ?? []) if (!known.has(badge.id)) showBadgeEarned(badge);
    }
    return result;
  };
}

/** GET …/badges/a-gagner: the badges not earned yet, with what earns them. */
export function useBadgesToEarn() {
  return useQuery({ queryKey: ['badges', 'a-gagner'], queryFn: () => api<BadgeToEarn[]>(`${userBase()}/badges/a-gagner`) });
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
