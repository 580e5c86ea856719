import {
  APPLIANCE_SEARCH_MAX,
  APPLIANCES_PAGE,
  Appliance,
  ApplianceCount,
  type ApplianceCreateData,
  FILE_MAX_BYTES_BY_KIND,
  type FileKind,
  fileTooLargeFr,
} from '@ecofoyer/contracts';
import { keepPreviousData, type QueryClient, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { type Body, call, me, urlTo } from '../../../lib/api-call.ts';
import { firstScreenPaths, firstScreenUrl } from '../../../lib/api-paths.ts';
import { seededFrom } from '../../../lib/early-fetch.ts';
import { prepareImage } from '../../../lib/image.ts';
import { EARNS_BADGES } from '../../../lib/mutation-meta.ts';
import { appliancesWithWrites, type FormPart, type Pending, sendOrQueue, tempId, useQueuedWrites } from '../../../lib/offline-writes.ts';
import { uploadForm } from '../../../lib/upload.ts';
import { universeKeys } from '../../universes/api/universes.ts';

export const applianceKeys = {
  all: ['appliances'] as const,
  pages: () => ['appliances', 'pages'] as const,
  search: (q: string) => ['appliances', 'search', q] as const,
  inUniverse: (id: number) => ['appliances', 'universe', id] as const,
  one: (id: number) => ['appliances', 'one', id] as const,
  count: () => ['appliances', 'count'] as const,
};

/** The inventory page by page: a household of a thousand devices does not load them all at once. */
export function useAppliancePages(enabled = true) {
  return useInfiniteQuery({
    enabled,
    queryKey: applianceKeys.pages(),
    queryFn: ({ pageParam }) =>
      call('get', '/api/V1/profils/users/{userId}/appliances', {
        path: { userId: me() },
        query: { limit: APPLIANCES_PAGE, after: pageParam || undefined },
        schema: import.meta.env.DEV ? Appliance.array() : undefined,
      }),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.length < APPLIANCES_PAGE ? undefined : last.at(-1)!.id),
  });
}

/** The server's best matches for a query (the search no longer needs the whole inventory); the last results stay while the next arrive. */
export function useApplianceSearch(q: string) {
  const query = q.trim();
  return useQuery({
    queryKey: applianceKeys.search(query),
    queryFn: () =>
      call('get', '/api/V1/profils/users/{userId}/appliances', {
        path: { userId: me() },
        query: { q: query, limit: APPLIANCE_SEARCH_MAX },
        schema: import.meta.env.DEV ? Appliance.array() : undefined,
      }),
    enabled: query !== '',
    placeholderData: keepPreviousData,
  });
}

/** A universe's appliances, with the ones added on this device offline (decision 031) marked `pending`. */
export function useUniverseAppliances(universeId: number | null) {
  const queued = useQueuedWrites();
  const query = useQuery({
    queryKey: applianceKeys.inUniverse(universeId ?? 0),
    queryFn: () =>
      call('get', '/api/V1/profils/users/{userId}/foyers/univers/{id}/appliances', {
        path: { userId: me(), id: universeId ?? 0 },
        schema: import.meta.env.DEV ? Appliance.array() : undefined,
      }),
    enabled: Boolean(universeId && universeId > 0),
  });
  const data = query.data;
  const shown = useMemo(() => (data && universeId ? appliancesWithWrites(data, queued, universeId) : data), [data, queued, universeId]);
  return { ...query, data: shown };
}

export function useAppliance(id: number | null) {
  return useQuery({
    queryKey: applianceKeys.one(id ?? 0),
    queryFn: () =>
      call('get', '/api/V1/profils/users/foyers/univers/appliances/{id}', {
        path: { id: id ?? 0 },
        schema: import.meta.env.DEV ? Appliance : undefined,
      }),
    enabled: Boolean(id && id > 0),
  });
}

export function useApplianceCount() {
  return useQuery({
    queryKey: applianceKeys.count(),
    queryFn: () =>
      call('get', firstScreenPaths.applianceCount, { path: { userId: me() }, schema: import.meta.env.DEV ? ApplianceCount : undefined }),
    ...seededFrom<ApplianceCount>(() => firstScreenUrl('applianceCount', me())),
  });
}

function useInvalidateInventory() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: applianceKeys.all }),
      queryClient.invalidateQueries({ queryKey: universeKeys.all }),
    ]);
}

/**
 * Refreshes every appliance query but the one of a device that just left the inventory (deleted, or
 * given a second life): the page still on screen would reload it and show « Appareil introuvable »
 * beside the success. Its stale copy goes when nobody shows it any more.
 */
export function refreshAfterRemoval(queryClient: QueryClient, id: number, others: readonly (readonly unknown[])[] = [universeKeys.all]) {
  const gone = applianceKeys.one(id);
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: applianceKeys.all, predicate: (q) => !gone.every((part, i) => q.queryKey[i] === part) }),
    ...others.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  ]);
}

/**
 * POST …/foyers/univers/{id}/appliances: the `data` JSON part and an optional `pict` (a badge it earns
 * gets its toast). Offline it is kept on this device with its photo (a Blob) and sent when the network
 * is back (decision 031): the answer is then the appliance as it will be, marked `pending`.
 */
export function useCreateAppliance(onProgress?: (percent: number) => void) {
  const invalidate = useInvalidateInventory();
  return useMutation({
    meta: EARNS_BADGES,
    mutationFn: async ({
      universeId,
      data,
      picture,
      productName,
    }: {
      universeId: number;
      data: ApplianceCreateData;
      picture?: File | null;
      productName?: string | null;
    }): Promise<Pending<Appliance>> => {
      const parts: FormPart[] = [{ name: 'data', value: JSON.stringify({ ...data, dt_creation: new Date().toISOString() }) }];
      if (picture) {
        const photo = await prepareImage(picture);
        parts.push({ name: 'pict', value: photo, filename: photo.name || 'photo.jpg' });
      }
      const url = urlTo('post', '/api/V1/profils/users/{userId}/foyers/univers/{id}/appliances', {
        path: { userId: me(), id: universeId },
      });
      const id = tempId();
      const name = data.name || [data.marque, data.modele].filter(Boolean).join(' ') || productName || 'Appareil';
      const sent = await sendOrQueue<Appliance>(
        {
          kind: 'appliance-create',
          method: 'POST',
          url,
          form: parts,
          label: `Appareil ajouté\u00a0: ${name}`,
          target: { tempId: id, universeId, applianceName: productName ?? null },
        },
        (key) => {
          const form = new FormData();
          for (const part of parts) {
            if (typeof part.value === 'string') form.append(part.name, part.value);
            else form.append(part.name, part.value, part.filename);
          }
          return uploadForm<Appliance>(
            urlTo('post', '/api/V1/profils/users/{userId}/foyers/univers/{id}/appliances', { path: { userId: me(), id: universeId } }),
            form,
            { onProgress, headers: { 'idempotency-key': key } },
          );
        },
      );
      if (!sent.queued) return sent.answer;
      return appliancesWithWrites([], [sent.write], universeId)[0]!;
    },
    onSuccess: (appliance) => (appliance.pending ? undefined : invalidate()),
  });
}

/** PUT …/{id}/text's body, as the server declares it. */
export type ApplianceUpdate = Body<'put', '/api/V1/profils/users/foyers/univers/appliances/{id}/text'>;

export function useUpdateAppliance() {
  const invalidate = useInvalidateInventory();
  return useMutation({
    mutationFn: ({ id, ...body }: ApplianceUpdate & { id: number }) =>
      call('put', '/api/V1/profils/users/foyers/univers/appliances/{id}/text', { path: { id }, body }),
    onSuccess: invalidate,
  });
}

export type ApplianceFileSlot = 'facture' | 'notice' | 'image';

/** The kind of file each slot takes (the server's FILE_KINDS and limits). */
export const SLOT_KINDS: Record<ApplianceFileSlot, FileKind> = { facture: 'invoice', notice: 'manual', image: 'image' };

/** PUT …/{id}/facture | notice | image, with progress; pictures are resized first (product §5). */
export function useUploadApplianceFile(onProgress?: (percent: number) => void) {
  const invalidate = useInvalidateInventory();
  return useMutation({
    mutationFn: async ({ id, slot, file }: { id: number; slot: ApplianceFileSlot; file: File }) => {
      const ready = slot === 'notice' ? file : await prepareImage(file);
      // Refused here rather than after sending megabytes the server would refuse.
      if (ready.size > FILE_MAX_BYTES_BY_KIND[SLOT_KINDS[slot]])
        throw new ApiError(413, fileTooLargeFr(SLOT_KINDS[slot]), 'FILE_TOO_LARGE');
      const form = new FormData();
      form.append('file', ready);
      const path = `/api/V1/profils/users/foyers/univers/appliances/{id}/${slot}` as const;
      return uploadForm<Appliance>(urlTo('put', path, { path: { id } }), form, { method: 'PUT', onProgress });
    },
    onSuccess: invalidate,
  });
}

export function useDeleteAppliance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call('delete', '/api/V1/profils/users/foyers/univers/appliances/{id}', { path: { id } }),
    onSuccess: (_, id) => refreshAfterRemoval(queryClient, id),
  });
}
