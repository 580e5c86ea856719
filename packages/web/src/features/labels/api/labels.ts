import { Appliance, Label, type LabelSheet } from '@ecofoyer/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, me, urlTo } from '../../../lib/api-call.ts';
import { downloadFile } from '../../../lib/download.ts';
import { applianceKeys } from '../../appliances/api/appliances.ts';

export const labelKeys = {
  all: ['labels'] as const,
};
/** Under the appliances' key: a change of the inventory refreshes it with the rest. */
const inventoryKey = [...applianceKeys.all, 'labels-inventory'] as const;

/** GET …/appliances: the whole inventory, to choose what to label (the labels page lists every appliance). */
export function useInventory() {
  return useQuery({
    queryKey: inventoryKey,
    queryFn: () =>
      call('get', '/api/V1/profils/users/{userId}/appliances', {
        path: { userId: me() },
        schema: import.meta.env.DEV ? Appliance.array() : undefined,
      }),
  });
}

/** GET …/etiquettes: the labels in use of the household's appliances. */
export function useLabels() {
  return useQuery({
    queryKey: labelKeys.all,
    queryFn: () =>
      call('get', '/api/V1/profils/users/{userId}/etiquettes', {
        path: { userId: me() },
        schema: import.meta.env.DEV ? Label.array() : undefined,
      }),
  });
}

/** POST …/etiquettes: a label for each appliance that has none; those that have one keep it. */
export function useCreateLabels() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (applianceIds: number[]) =>
      call('post', '/api/V1/profils/users/{userId}/etiquettes', { path: { userId: me() }, body: { applianceIds } }),
    // In the list at once: the sheet about to be printed draws their codes.
    onSuccess: (made) => {
      client.setQueryData<Label[]>(labelKeys.all, (old = []) => [
        ...old.filter((l) => !made.some((m) => m.applianceId === l.applianceId)),
        ...made,
      ]);
      return client.invalidateQueries({ queryKey: labelKeys.all });
    },
  });
}

/** DELETE …/etiquettes/{code}: the label no longer opens its appliance. */
export function useRevokeLabel() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => call('delete', '/api/V1/profils/users/{userId}/etiquettes/{code}', { path: { userId: me(), code } }),
    onSuccess: () => client.invalidateQueries({ queryKey: labelKeys.all }),
  });
}

/** GET …/etiquettes/planche.pdf: the sheet as a PDF, downloaded under the server's dated name. */
export function downloadLabelsPdf(sheet: LabelSheet, applianceIds: readonly number[]): Promise<void> {
  return downloadFile(
    urlTo('get', '/api/V1/profils/users/{userId}/etiquettes/planche.pdf', {
      path: { userId: me() },
      query: { planche: sheet, ids: applianceIds.join(',') },
    }),
    'ecofoyer-etiquettes.pdf',
  );
}
