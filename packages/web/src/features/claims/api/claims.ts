import { type Claim, ClaimOptions, type ClaimStepCreate, FILE_MAX_BYTES_BY_KIND, fileTooLargeFr } from '@ecofoyer/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client.ts';
import { type Body, call, me, urlTo } from '../../../lib/api-call.ts';
import { uploadForm } from '../../../lib/upload.ts';

export const claimKeys = {
  all: ['claims'] as const,
  list: (applianceId?: number) => ['claims', 'list', applianceId ?? 'all'] as const,
  one: (id: number) => ['claims', 'one', id] as const,
  options: (applianceId: number) => ['claims', 'options', applianceId] as const,
};

/** GET …/{userId}/demarches: the household's claims, newest first (one appliance's with `applianceId`). */
export function useClaims(applianceId?: number) {
  return useQuery({
    queryKey: claimKeys.list(applianceId),
    queryFn: () => call('get', '/api/V1/profils/users/{userId}/demarches', { path: { userId: me() }, query: { applianceId } }),
  });
}

export function useClaim(id: number) {
  return useQuery({
    queryKey: claimKeys.one(id),
    queryFn: () => call('get', '/api/V1/profils/users/{userId}/demarches/{id}', { path: { userId: me(), id } }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** GET …/appliances/{id}/demarche: the routes open today for this appliance, in their order. */
export function useClaimOptions(applianceId: number) {
  return useQuery({
    queryKey: claimKeys.options(applianceId),
    queryFn: () =>
      call('get', '/api/V1/profils/users/foyers/univers/appliances/{id}/demarche', {
        path: { id: applianceId },
        schema: import.meta.env.DEV ? ClaimOptions : undefined,
      }),
    enabled: Number.isInteger(applianceId) && applianceId > 0,
  });
}

/**
 * After a claim changes: the claims, and what its outcome moves — the appliance's breakdown (its
 * history) and its guarantees (« Mes droits »), the calendar's events.
 */
function useInvalidateClaims() {
  const queryClient = useQueryClient();
  return (claim?: Claim | null) => {
    if (claim) queryClient.setQueryData(claimKeys.one(claim.id), claim);
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: claimKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['appliances'] }),
      queryClient.invalidateQueries({ queryKey: ['events'] }),
    ]);
  };
}

export type ClaimCreateBody = Body<'post', '/api/V1/profils/users/{userId}/demarches'>;

export function useCreateClaim() {
  const invalidate = useInvalidateClaims();
  return useMutation({
    mutationFn: (body: ClaimCreateBody) => call('post', '/api/V1/profils/users/{userId}/demarches', { path: { userId: me() }, body }),
    onSuccess: (claim) => invalidate(claim),
  });
}

export function useAddClaimStep(id: number) {
  const invalidate = useInvalidateClaims();
  return useMutation({
    mutationFn: (body: ClaimStepCreate) =>
      call('post', '/api/V1/profils/users/{userId}/demarches/{id}/etapes', {
        path: { userId: me(), id },
        body: body as Body<'post', '/api/V1/profils/users/{userId}/demarches/{id}/etapes'>,
      }),
    onSuccess: (claim) => invalidate(claim),
  });
}

export function useDeleteClaim() {
  const invalidate = useInvalidateClaims();
  return useMutation({
    mutationFn: (id: number) => call('delete', '/api/V1/profils/users/{userId}/demarches/{id}', { path: { userId: me(), id } }),
    onSuccess: () => invalidate(),
  });
}

/** POST …/demarches/{id}/pieces: an answer, a quote or an invoice kept with the claim (PDF, JPEG, PNG), with its progress. */
export function useAddClaimAttachment(id: number, onProgress?: (percent: number) => void) {
  const invalidate = useInvalidateClaims();
  return useMutation({
    mutationFn: async (file: File) => {
      // Refused here rather than after sending megabytes the server would refuse.
      if (file.size > FILE_MAX_BYTES_BY_KIND.invoice) throw new ApiError(413, fileTooLargeFr('invoice'), 'FILE_TOO_LARGE');
      const form = new FormData();
      form.append('file', file);
      return uploadForm<Claim>(
        urlTo('post', '/api/V1/profils/users/{userId}/demarches/{id}/pieces', { path: { userId: me(), id } }),
        form,
        {
          onProgress,
        },
      );
    },
    onSuccess: (claim) => invalidate(claim),
  });
}

export function useDeleteClaimAttachment(id: number) {
  const invalidate = useInvalidateClaims();
  return useMutation({
    mutationFn: (pieceId: number) =>
      call('delete', '/api/V1/profils/users/{userId}/demarches/{id}/pieces/{pieceId}', { path: { userId: me(), id, pieceId } }),
    onSuccess: () => invalidate(),
  });
}
