import { type DossierCreate, DossierJob, parisDay } from '@ecofoyer/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, me, urlTo } from '../../../lib/api-call.ts';
import { downloadFile } from '../../../lib/download.ts';
import { useSession } from '../../auth/api/use-session.ts';

/** The household's dossiers, per signed-in user: a device can change accounts. */
export const dossierKeys = {
  list: (userId: number | undefined) => ['dossier', userId, 'list'] as const,
  one: (userId: number | undefined, id: string) => ['dossier', userId, 'one', id] as const,
};

/** How often a dossier being built is asked for its progress. */
const POLL_MS = 1000;

/** GET …/dossier: the dossiers of the last 24 h, newest first (the server deletes the files after 24 h). */
export function useDossiers() {
  const session = useSession();
  return useQuery({
    queryKey: dossierKeys.list(session?.id),
    queryFn: ({ signal }) =>
      call('get', '/api/V1/profils/users/{userId}/dossier', {
        path: { userId: me() },
        signal,
        schema: import.meta.env.DEV ? DossierJob.array() : undefined,
      }),
    enabled: Boolean(session),
  });
}

/**
 * GET …/dossier/{id}, asked again every second while it is being built. It starts from what the list
 * (or the creation) said, then follows the server.
 */
export function useDossier(start: DossierJob | undefined, startedAt: number) {
  const session = useSession();
  return useQuery({
    queryKey: dossierKeys.one(session?.id, start?.id ?? ''),
    queryFn: ({ signal }) =>
      call('get', '/api/V1/profils/users/{userId}/dossier/{id}', {
        path: { userId: me(), id: start!.id },
        signal,
        schema: import.meta.env.DEV ? DossierJob : undefined,
      }),
    // A dossier ready or failed stays so: only one being built is asked about.
    enabled: Boolean(session && start?.statut === 'en-cours'),
    initialData: start,
    initialDataUpdatedAt: startedAt,
    refetchInterval: (query) => (query.state.data?.statut === 'en-cours' ? POLL_MS : false),
    // A failed poll is shown by the card (the job stays « en cours »), not as a toast each second.
    meta: { silent: true },
  });
}

/** POST …/dossier: starts the PDF (202), or returns the one already being built for the household (200). */
export function useCreateDossier() {
  const session = useSession();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: DossierCreate) => call('post', '/api/V1/profils/users/{userId}/dossier', { path: { userId: me() }, body }),
    onSuccess: (job) => {
      client.setQueryData(dossierKeys.one(session?.id, job.id), job);
      client.setQueryData<DossierJob[]>(dossierKeys.list(session?.id), (list = []) => [job, ...list.filter((j) => j.id !== job.id)]);
    },
  });
}

/** GET …/dossier/{id}/fichier, saved under the server's dated name (« ecofoyer-dossier-2026-12-04.pdf »). */
export function downloadDossier(job: DossierJob): Promise<void> {
  return downloadFile(
    urlTo('get', '/api/V1/profils/users/{userId}/dossier/{id}/fichier', { path: { userId: me(), id: job.id } }),
    `ecofoyer-dossier-${parisDay(new Date(job.demandeLe))}.pdf`,
  );
}
