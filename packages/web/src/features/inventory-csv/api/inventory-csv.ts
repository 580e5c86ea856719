import { me, urlTo } from '../../../lib/api-call.ts';
import {
  IMPORT_PROGRESS_TYPE,
  type InventoryImportAnswer,
  type InventoryImportBody,
  type InventoryImportLine,
  type InventoryImportProgress,
  MSG,
} from '@ecofoyer/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client.ts';
import { answerError, sendWithProgress } from '../../../lib/upload.ts';
import { downloadFile } from '../../../lib/download.ts';
import { applianceKeys } from '../../appliances/api/appliances.ts';
import { universeKeys } from '../../universes/api/universes.ts';
import { lastImportKeys } from './last-import.ts';

/** GET …/{userId}/export/appareils.csv or entretiens.csv, downloaded under the server's dated name. */
export function downloadCsv(what: 'appareils' | 'entretiens'): Promise<void> {
  const path =
    what === 'appareils' ? '/api/V1/profils/users/{userId}/export/appareils.csv' : '/api/V1/profils/users/{userId}/export/entretiens.csv';
  return downloadFile(urlTo('get', path, { path: { userId: me() } }), `ecofoyer-${what}.csv`);
}

/** Where an import is: the file's upload (`envoi`, in percent), then the server's phases, in rows. */
export type ImportProgress = InventoryImportProgress | { etape: 'envoi'; fait: number; total: 100 };

/**
 * POST …/{userId}/import/appareils asking for the server's progress (one JSON object a line): the
 * upload's progress, then each phase's as its lines arrive; the answer is the last line.
 */
async function importAppliances(
  body: InventoryImportBody,
  onProgress?: (progress: ImportProgress) => void,
): Promise<InventoryImportAnswer> {
  let read = 0;
  let last: InventoryImportLine | undefined;
  const readLines = (text: string) => {
    const end = text.lastIndexOf('\n') + 1;
    for (const line of text.slice(read, end).split('\n')) {
      if (!line) continue;
      const parsed = JSON.parse(line) as InventoryImportLine;
      if ('etape' in parsed) onProgress?.(parsed);
      else last = parsed;
    }
    read = Math.max(read, end);
  };
  const res = await sendWithProgress(
    urlTo('post', '/api/V1/profils/users/{userId}/import/appareils', { path: { userId: me() }, body }),
    JSON.stringify(body),
    {
      headers: { 'content-type': 'application/json', accept: IMPORT_PROGRESS_TYPE },
      onProgress: (percent) => onProgress?.({ etape: 'envoi', fait: percent, total: 100 }),
      onAnswerText: readLines,
    },
  );
  if (res.status < 200 || res.status >= 300) throw answerError(res);
  readLines(res.body);
  if (last && 'resultat' in last) return last.resultat;
  throw new ApiError(res.status, last && 'erreur' in last ? last.erreur.message : MSG.serverError);
}

/** The preview (`appliquer: false`), then the import itself, each telling `onProgress` where it is. */
export function useImportAppliances(onProgress?: (progress: ImportProgress) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InventoryImportBody) => importAppliances(body, onProgress),
    onSuccess: (answer) => {
      if (answer.applique)
        return Promise.all([
          queryClient.invalidateQueries({ queryKey: applianceKeys.all }),
          queryClient.invalidateQueries({ queryKey: universeKeys.all }),
          queryClient.invalidateQueries({ queryKey: lastImportKeys.all }),
        ]);
    },
    // An import that failed is the household's last one too.
    onError: (_error, body) => {
      if (body.appliquer) return queryClient.invalidateQueries({ queryKey: lastImportKeys.all });
    },
  });
}
