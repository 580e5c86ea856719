import { Badge, BadgeToEarn } from '@ecofoyer/contracts';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { call, me } from '../../../lib/api-call.ts';
import { firstScreenPaths, firstScreenUrl } from '../../../lib/api-paths.ts';
import { seededFrom } from '../../../lib/early-fetch.ts';

export const badgeKeys = { list: ['badges', 'list'] as const, toEarn: ['badges', 'a-gagner'] as const };

export const fetchBadges = () =>
  call('get', firstScreenPaths.badges, { path: { userId: me() }, schema: import.meta.env.DEV ? Badge.array() : undefined });

export function useBadges() {
  return useQuery({ queryKey: badgeKeys.list, queryFn: fetchBadges, ...seededFrom<Badge[]>(() => firstScreenUrl('badges', me())) });
}

/** The toast of a badge just earned, the same wherever it was earned. */
export function showBadgeEarned(badge: Badge) {
  notifications.show({ color: 'eco', title: 'Nouveau badge !', message: badge.refbadge.name });
}

/** GET …/badges/a-gagner: the badges not earned yet, with what earns them. */
export function useBadgesToEarn() {
  return useQuery({
    queryKey: badgeKeys.toEarn,
    queryFn: () =>
      call('get', firstScreenPaths.badgesToEarn, { path: { userId: me() }, schema: import.meta.env.DEV ? BadgeToEarn.array() : undefined }),
    ...seededFrom<BadgeToEarn[]>(() => firstScreenUrl('badgesToEarn', me())),
  });
}

export function useBadge(id: number | null) {
  return useQuery({
    queryKey: ['badges', 'one', id],
    queryFn: () => call('get', '/api/V1/profils/users/{userId}/badges/{badgeId}', { path: { userId: me(), badgeId: id ?? 0 } }),
    enabled: Boolean(id && id > 0),
  });
}

/** The share page's badge: no login. */
export function usePublicBadge(uuid: string | undefined) {
  return useQuery({
    queryKey: ['badges', 'public', uuid],
    queryFn: () => call('get', '/api/V1/public/badges/{publicUuid}', { path: { publicUuid: uuid ?? '' }, auth: false }),
    enabled: Boolean(uuid),
    retry: false,
  });
}
