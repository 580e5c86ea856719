import type { InventoryImportAnswer, InventoryImportBody } from '@ecofoyer/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { downloadFile } from '../../../lib/download.ts';
import { applianceKeys } from '../../appliances/api/appliances.ts';
import { universeKeys, userBase } from '../../universes/api/universes.ts';

/** GET …/{userId}/export/appareils.csv or entretiens.csv (issue 21), downloaded under the server's dated name. */
export function downloadCsv(what: 'appareils' | 'entretiens'): Promise<void> {
  return downloadFile(`${userBase()}/export/${what}.csv`, `ecofoyer-${what}.csv`);
}

/** POST …/{userId}/import/appareils (issue 21): the preview (`appliquer: false`), then the import itself. */
export function useImportAppliances() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InventoryImportBody) => api<InventoryImportAnswer>(`${userBase()}/import/appareils`, { method: 'POST', body }),
    onSuccess: (answer) => {
      if (answer.applique) return Promise.all([queryClient.invalidateQueries({ queryKey: applianceKeys.all }), queryClient.invalidateQueries({ queryKey: universeKeys.all })]);
    },
  });
}
