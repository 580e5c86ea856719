import { AUTH_BASE, type ErrorBody, MSG } from '@ecofoyer/contracts';
import { ApiError, api, refreshSession, sessionLost } from '../../../lib/api-client.ts';
import { sessionStore } from '../../../lib/session.ts';

/**
 * « Télécharger mes données » (issue 14): the zip, fetched with the bearer (one refresh on a 401, as
 * every call), then handed to the browser as a download.
 */
export async function downloadMyData(): Promise<void> {
  const session = sessionStore.get();
  if (!session) throw new ApiError(401, MSG.unauthorized);
  const url = `${AUTH_BASE}/user/${session.id}/export`;
  const get = (token: string | undefined) => fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const used = session.accessToken;
  let res = await get(used);
  if (res.status === 401) {
    let token: string;
    try {
      token = await refreshSession(used);
    } catch (error) {
      sessionLost();
      throw error;
    }
    res = await get(token);
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as Partial<ErrorBody>;
    throw new ApiError(res.status, body.message ?? MSG.serverError, body.code);
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'ecofoyer-mes-donnees.zip';
  const href = URL.createObjectURL(await res.blob());
  const link = Object.assign(document.createElement('a'), { href, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

/** « Supprimer mon compte » (issue 14): re-authenticated; the session ends with the account. */
export async function deleteMyAccount(currentPassword: string): Promise<string> {
  const session = sessionStore.get();
  if (!session) throw new ApiError(401, MSG.unauthorized);
  const { message } = await api<{ message: string }>(`${AUTH_BASE}/user/${session.id}`, { method: 'DELETE', body: { currentPassword } });
  sessionStore.clear();
  return message;
}
