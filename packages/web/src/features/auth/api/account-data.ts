import { MSG } from '@ecofoyer/contracts';
import { call, urlTo } from '../../../lib/api-call.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { downloadFile } from '../../../lib/download.ts';
import { sessionStore } from '../../../lib/session.ts';

/** « Télécharger mes données » (RGPD): the zip of everything the account holds. */
export function downloadMyData(): Promise<void> {
  const session = sessionStore.get();
  if (!session) return Promise.reject(new ApiError(401, MSG.unauthorized));
  return downloadFile(urlTo('get', '/api/auth/user/{userId}/export', { path: { userId: session.id } }), 'ecofoyer-mes-donnees.zip');
}

/**
 * « Supprimer mon compte »: re-authenticated; the session ends with the account. Whoever
 * holds a household shared with others says what becomes of it (left to them by default).
 */
export async function deleteMyAccount(
  currentPassword: string,
  departure: { donnees?: 'laisser' | 'supprimer'; successeur?: number } = {},
): Promise<string> {
  const session = sessionStore.get();
  if (!session) throw new ApiError(401, MSG.unauthorized);
  const { message } = await call('delete', '/api/auth/user/{userId}', {
    path: { userId: session.id },
    body: { currentPassword, ...departure },
  });
  sessionStore.clear();
  return message;
}
