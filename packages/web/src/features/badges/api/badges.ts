import { API_BASE, Badge, BadgeToEarn, type PublicBadge } from '@ecofoyer/contracts';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { firstScreenPaths, userBase } from '../../../lib/api-paths.ts';
import { seededFrom } from '../../../lib/early-fetch.ts';

export const badgeKeys = { list: ['badges', 'list'] as const, toEarn: ['badges', 'a-gagner'] as const };

const badgesPath = () => firstScreenPaths.badges(userBase());
const toEarnPath = () => firstScreenPaths.badgesToEarn(userBase());
export const fetchBadges = () => api<Badge[]>(badgesPath(), { schema: import.meta.env.DEV ? Badge.array() : undefined });

export function useBadges() {
  return useQuery({ queryKey: badgeKeys.list, queryFn: fetchBadges, ...seededFrom<Badge[]>(badgesPath) });
}

/** The toast of a badge just earned, the same wherever it was earned. */
export function showBadgeEarned(badge: Badge) {
  notifications.show({ color: 'eco', title: 'Nouveau badge !', message: badge.refbadge.name });
}

/** GET …/badges/a-gagner: the badges not earned yet, with what earns them. */
export function useBadgesToEarn() {
  return useQuery({
    queryKey: badgeKeys.toEarn,
    queryFn: () => api<BadgeToEarn[]>(toEarnPath(), { schema: import.meta.env.DEV ? BadgeToEarn.array() : undefined }),
    ...seededFrom<BadgeToEarn[]>(toEarnPath),
  });
}

export function useBadge(id: number | null) {
  return useQuery({
    queryKey: ['badges', 'one', id],
    queryFn: () => api<Badge>(`${userBase()}/badges/${id}`),
    enabled: Boolean(id && id > 0),
  });
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
