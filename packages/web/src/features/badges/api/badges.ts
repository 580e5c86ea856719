import { API_BASE, type Badge, type PublicBadge } from '@ecofoyer/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { firstScreenPaths } from '../../../lib/api-paths.ts';
import { seededFrom } from '../../../lib/early-fetch.ts';
import { userBase } from '../../universes/api/universes.ts';

export function useBadges() {
  const path = () => firstScreenPaths.badges(userBase());
  return useQuery({ queryKey: ['badges', 'list'], queryFn: () => api<Badge[]>(path()), ...seededFrom<Badge[]>(path) });
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
