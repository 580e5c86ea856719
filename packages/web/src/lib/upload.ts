import { type ErrorBody, MSG } from '@ecofoyer/contracts';
import { ApiError, withSession } from './api-client.ts';

/**
 * A multipart upload with progress (fetch cannot report upload progress): bearer header, and on
 * a 401 one refresh and one retry, and the session ended when that fails, like the API client.
 */
export function uploadForm<T>(url: string, form: FormData, options: { method?: string; onProgress?: (percent: number) => void } = {}): Promise<T> {
  const send = (token: string | undefined) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open(options.method ?? 'POST', url);
      if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable) options.onProgress?.(Math.round((e.loaded / e.total) * 100));
      };
      xhr.onload = () => resolve({ status: xhr.status, body: xhr.responseText });
      xhr.onerror = () => reject(new ApiError(0, MSG.networkError, 'NETWORK'));
      xhr.send(form);
    });
  return (async () => {
    const res = await withSession(send);
    let body: unknown;
    try {
      body = res.body ? JSON.parse(res.body) : undefined;
    } catch {
      body = undefined;
    }
    if (res.status < 200 || res.status >= 300) {
      const err = (body ?? {}) as Partial<ErrorBody>;
      throw new ApiError(res.status, err.message ?? MSG.serverError, err.code, err.errors);
    }
    options.onProgress?.(100);
    return body as T;
  })();
}
