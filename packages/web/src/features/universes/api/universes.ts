import type { Universe } from '@ecofoyer/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, me, urlTo } from '../../../lib/api-call.ts';
import { firstScreenPaths, firstScreenUrl } from '../../../lib/api-paths.ts';
import { seededFrom } from '../../../lib/early-fetch.ts';
import { prepareImage } from '../../../lib/image.ts';
import { uploadForm } from '../../../lib/upload.ts';

export const universeKeys = {
  all: ['universes'] as const,
  list: () => ['universes', 'list'] as const,
  one: (id: number) => ['universes', 'one', id] as const,
};

/** GET …/foyers/univers: the user's universes, then the reference placeholders (univer_id -1). */
export function useUniverses() {
  return useQuery({
    queryKey: universeKeys.list(),
    queryFn: () => call('get', firstScreenPaths.universes, { path: { userId: me() } }),
    ...seededFrom<Universe[]>(() => firstScreenUrl('universes', me())),
  });
}

export function useUniverse(id: number | null) {
  return useQuery({
    queryKey: universeKeys.one(id ?? 0),
    queryFn: () => call('get', '/api/V1/profils/users/{userId}/foyers/univers/{id}', { path: { userId: me(), id: id ?? 0 } }),
    enabled: Boolean(id && id > 0),
  });
}

export interface UniverseForm {
  name: string;
  description: string;
  refUniverId?: number | null;
  image?: File | null;
}

async function toFormData(input: UniverseForm): Promise<FormData> {
  const form = new FormData();
  form.append('name', input.name);
  form.append('description', input.description);
  if (input.refUniverId) form.append('refUniverId', String(input.refUniverId));
  if (input.image) form.append('file', await prepareImage(input.image));
  return form;
}

/** POST (create) or PUT (update, when `id` is given) with an optional image, with upload progress. */
export function useSaveUniverse(onProgress?: (percent: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...input }: UniverseForm & { id?: number }) => {
      const form = await toFormData(input);
      return id
        ? uploadForm<Universe>(urlTo('put', '/api/V1/profils/users/{userId}/foyers/univers/{id}', { path: { userId: me(), id } }), form, {
            method: 'PUT',
            onProgress,
          })
        : uploadForm<Universe>(urlTo('post', '/api/V1/profils/users/{userId}/foyers/univers', { path: { userId: me() } }), form, {
            method: 'POST',
            onProgress,
          });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: universeKeys.all }),
  });
}

export function useDeleteUniverse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call('delete', '/api/V1/profils/users/{userId}/foyers/univers/{id}', { path: { userId: me(), id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: universeKeys.all }),
  });
}
