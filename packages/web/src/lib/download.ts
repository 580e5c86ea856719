import { type ErrorBody, MSG } from '@ecofoyer/contracts';
import { ApiError, withSession } from './api-client.ts';
import { sessionStore } from './session.ts';

/**
 * A file of the API (an export) fetched with the bearer — one refresh on a 401, as every call —
 * then handed to the browser as a download under the name the server gives.
 */
export async function downloadFile(url: string, fallbackName: string): Promise<void> {
  const session = sessionStore.get();
  if (!session) throw new ApiError(401, MSG.unauthorized);
  const res = await withSession((token) => fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} }));
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as Partial<ErrorBody>;
    throw new ApiError(res.status, body.message ?? MSG.serverError, body.code);
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const href = URL.createObjectURL(await res.blob());
  const link = Object.assign(document.createElement('a'), { href, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(href), 60_000);
}
