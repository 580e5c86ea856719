import {
  API_BASE,
  Foyer,
  type FoyerInvitation,
  type FoyerInvitationCreate,
  type FoyerInvitationPreview,
  type FoyerLeave,
  type FoyerRole,
} from '@ecofoyer/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { firstScreenPaths, userPath } from '../../../lib/api-paths.ts';
import { seededFrom } from '../../../lib/early-fetch.ts';
import { useSession } from '../../auth/api/use-session.ts';

/** The signed-in user's foyer: one query the profile, the header and the edit buttons share. */
export const foyerKey = (userId: number | undefined) => ['foyer', userId] as const;

export function useFoyer() {
  const session = useSession();
  const path = () => firstScreenPaths.foyer(userPath(session?.id ?? 0));
  return useQuery({
    queryKey: foyerKey(session?.id),
    ...(session ? seededFrom<Foyer>(path) : {}),
    queryFn: ({ signal }) => api<Foyer>(path(), { signal, schema: import.meta.env.DEV ? Foyer : undefined }),
    enabled: Boolean(session),
  });
}

/** The user's role in their foyer, once known. */
export function useFoyerRole(): FoyerRole | undefined {
  const session = useSession();
  return useFoyer().data?.membres.find((m) => m.userId === session?.id)?.role;
}

/**
 * Whether the user may change the household's data: everyone but a lecteur, who reads only. The buttons
 * wait for the role (fetched with the shell's first requests), so a lecteur never sees one flash.
 */
export function useCanEdit(): boolean {
  const role = useFoyerRole();
  return role !== undefined && role !== 'lecteur';
}

function useFoyerMutation<V, R>(fn: (base: string, input: V) => Promise<R>, everything = false) {
  const session = useSession();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: V) => fn(userPath(session!.id), input),
    // Leaving or being moved changes every household answer: all of them are read again.
    onSettled: () => (everything ? client.invalidateQueries() : client.invalidateQueries({ queryKey: foyerKey(session?.id) })),
  });
}

/** PUT …/foyer: an owner names the foyer (empty: « Foyer de {prénom} » again). */
export const useRenameFoyer = () => useFoyerMutation((base, nom: string) => api<Foyer>(`${base}/foyer`, { method: 'PUT', body: { nom } }));

export const useSetRole = () =>
  useFoyerMutation((base, { memberId, role }: { memberId: number; role: FoyerRole }) =>
    api<Foyer>(`${base}/foyer/membres/${memberId}`, { method: 'PUT', body: { role } }),
  );

/** Removes a member (owner): they go back to their own foyer. */
export const useRemoveMember = () =>
  useFoyerMutation((base, memberId: number) => api<null>(`${base}/foyer/membres/${memberId}`, { method: 'DELETE' }));

/**
 * Leaves the foyer: then the household is another one. Whoever holds it says what becomes of its
 * data, and confirms with their password (decision 021).
 */
export const useLeaveFoyer = () =>
  useFoyerMutation(
    (base, { userId, ...body }: FoyerLeave & { userId: number }) =>
      api<null>(`${base}/foyer/membres/${userId}`, { method: 'DELETE', body }),
    true,
  );

/** POST …/foyer/transfert: the holder hands the household over, with their password. */
export const useTransferFoyer = () =>
  useFoyerMutation((base, input: { memberId: number; currentPassword: string }) =>
    api<Foyer>(`${base}/foyer/transfert`, { method: 'POST', body: input }),
  );

/** POST …/foyer/invitations/{id}/confirmation: the holder lets a co-owner's invitation as propriétaire go. */
export const useConfirmInvitation = () =>
  useFoyerMutation((base, id: number) => api<FoyerInvitation>(`${base}/foyer/invitations/${id}/confirmation`, { method: 'POST' }));

/** Whether the signed-in user holds their household (its founder, or the one it was handed to). */
export function useHoldsFoyer(): boolean {
  const session = useSession();
  const foyer = useFoyer().data;
  return foyer !== undefined && session !== null && foyer.responsable === session.id;
}

/** Sends an invitation, or sends it again (a new link replaces the open one to that address). */
export const useInvite = () =>
  useFoyerMutation((base, input: FoyerInvitationCreate) =>
    api<FoyerInvitation>(`${base}/foyer/invitations`, { method: 'POST', body: input }),
  );

export const useCancelInvitation = () =>
  useFoyerMutation((base, id: number) => api<null>(`${base}/foyer/invitations/${id}`, { method: 'DELETE' }));

/** What an invitation says, before anyone signs in (the token is the secret). */
export function useInvitationPreview(token: string) {
  return useQuery({
    queryKey: ['foyer-invitation', token],
    queryFn: ({ signal }) =>
      api<FoyerInvitationPreview>(`${API_BASE}/foyer/invitations/${encodeURIComponent(token)}`, { signal, auth: false }),
    enabled: token !== '',
    retry: false,
  });
}

/** Joins the foyer; `fusion` brings the user's own appliances into it. Every household answer changes. */
export function useAcceptInvitation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ token, fusion }: { token: string; fusion: boolean }) =>
      api<Foyer>(`${API_BASE}/foyer/invitations/${encodeURIComponent(token)}/accept`, { method: 'POST', body: { fusion } }),
    // Not the invitation itself: spent now, it would answer 404 under the welcome message.
    onSuccess: () => client.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'foyer-invitation' }),
  });
}
