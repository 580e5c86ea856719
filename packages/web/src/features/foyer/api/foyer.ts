import { Foyer, type FoyerInvitationCreate, type FoyerLeave, type FoyerRole } from '@ecofoyer/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, me } from '../../../lib/api-call.ts';
import { firstScreenPaths, firstScreenUrl } from '../../../lib/api-paths.ts';
import { seededFrom } from '../../../lib/early-fetch.ts';
import { useSession } from '../../auth/api/use-session.ts';

/** The signed-in user's foyer: one query the profile, the header and the edit buttons share. */
export const foyerKey = (userId: number | undefined) => ['foyer', userId] as const;

export function useFoyer() {
  const session = useSession();
  const userId = session?.id ?? 0;
  return useQuery({
    queryKey: foyerKey(session?.id),
    ...(session ? seededFrom<Foyer>(() => firstScreenUrl('foyer', userId)) : {}),
    queryFn: ({ signal }) =>
      call('get', firstScreenPaths.foyer, { path: { userId }, signal, schema: import.meta.env.DEV ? Foyer : undefined }),
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

function useFoyerMutation<V, R>(fn: (input: V) => Promise<R>, everything = false) {
  const session = useSession();
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    // Leaving or being moved changes every household answer: all of them are read again.
    onSettled: () => (everything ? client.invalidateQueries() : client.invalidateQueries({ queryKey: foyerKey(session?.id) })),
  });
}

/** PUT …/foyer: an owner names the foyer (empty: « Foyer de {prénom} » again). */
export const useRenameFoyer = () =>
  useFoyerMutation((nom: string) => call('put', '/api/V1/profils/users/{userId}/foyer', { path: { userId: me() }, body: { nom } }));

export const useSetRole = () =>
  useFoyerMutation(({ memberId, role }: { memberId: number; role: FoyerRole }) =>
    call('put', '/api/V1/profils/users/{userId}/foyer/membres/{memberId}', { path: { userId: me(), memberId }, body: { role } }),
  );

/** Removes a member (owner): they go back to their own foyer. */
export const useRemoveMember = () =>
  useFoyerMutation((memberId: number) =>
    call('delete', '/api/V1/profils/users/{userId}/foyer/membres/{memberId}', { path: { userId: me(), memberId } }),
  );

/**
 * Leaves the foyer: then the household is another one. Whoever holds it says what becomes of its
 * data, and confirms with their password (decision 021).
 */
export const useLeaveFoyer = () =>
  useFoyerMutation(
    ({ userId, ...body }: FoyerLeave & { userId: number }) =>
      call('delete', '/api/V1/profils/users/{userId}/foyer/membres/{memberId}', { path: { userId: me(), memberId: userId }, body }),
    true,
  );

/** POST …/foyer/transfert: the holder hands the household over, with their password. */
export const useTransferFoyer = () =>
  useFoyerMutation((input: { memberId: number; currentPassword: string }) =>
    call('post', '/api/V1/profils/users/{userId}/foyer/transfert', { path: { userId: me() }, body: input }),
  );

/** POST …/foyer/invitations/{id}/confirmation: the holder lets a co-owner's invitation as propriétaire go. */
export const useConfirmInvitation = () =>
  useFoyerMutation((id: number) =>
    call('post', '/api/V1/profils/users/{userId}/foyer/invitations/{id}/confirmation', { path: { userId: me(), id } }),
  );

/** Whether the signed-in user holds their household (its founder, or the one it was handed to). */
export function useHoldsFoyer(): boolean {
  const session = useSession();
  const foyer = useFoyer().data;
  return foyer !== undefined && session !== null && foyer.responsable === session.id;
}

/** Sends an invitation, or sends it again (a new link replaces the open one to that address). */
export const useInvite = () =>
  useFoyerMutation((input: FoyerInvitationCreate) =>
    call('post', '/api/V1/profils/users/{userId}/foyer/invitations', { path: { userId: me() }, body: input }),
  );

export const useCancelInvitation = () =>
  useFoyerMutation((id: number) => call('delete', '/api/V1/profils/users/{userId}/foyer/invitations/{id}', { path: { userId: me(), id } }));

/** What an invitation says, before anyone signs in (the token is the secret). */
export function useInvitationPreview(token: string) {
  return useQuery({
    queryKey: ['foyer-invitation', token],
    queryFn: ({ signal }) => call('get', '/api/V1/foyer/invitations/{token}', { path: { token }, signal, auth: false }),
    enabled: token !== '',
    retry: false,
  });
}

/** Joins the foyer; `fusion` brings the user's own appliances into it. Every household answer changes. */
export function useAcceptInvitation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ token, fusion }: { token: string; fusion: boolean }) =>
      call('post', '/api/V1/foyer/invitations/{token}/accept', { path: { token }, body: { fusion } }),
    // Not the invitation itself: spent now, it would answer 404 under the welcome message.
    onSuccess: () => client.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'foyer-invitation' }),
  });
}
