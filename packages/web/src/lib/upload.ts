import { type ErrorBody, MSG } from '@ecofoyer/contracts';
import { ApiError, withSession } from './api-client.ts';
import { networkErrorMessage } from './network-state.ts';

export interface ProgressOptions {
  method?: string;
  headers?: Record<string, string>;
  /** The request body sent so far, in percent. */
  onProgress?: (percent: number) => void;
  /** A 2xx answer's text received so far, as it arrives (an answer streamed line by line). */
  onAnswerText?: (text: string) => void;
}

/**
 * A request that reports progress both ways (fetch cannot report the upload's): bearer header, and
 * on a 401 one refresh and one retry, and the session ended when that fails, like the API client.
 */
export function sendWithProgress(
  url: string,
  body: XMLHttpRequestBodyInit,
  options: ProgressOptions = {},
): Promise<{ status: number; body: string }> {
  const send = (token: string | undefined) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open(options.method ?? 'POST', url);
      for (const [name, value] of Object.entries(options.headers ?? {})) xhr.setRequestHeader(name, value);
      if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable) options.onProgress?.(Math.round((e.loaded / e.total) * 100));
      };
      xhr.onprogress = () => {
        if (xhr.status >= 200 && xhr.status < 300) options.onAnswerText?.(xhr.responseText);
      };
      xhr.onload = () => resolve({ status: xhr.status, body: xhr.responseText });
      xhr.onerror = () => reject(new ApiError(0, networkErrorMessage(options.method ?? 'POST'), 'NETWORK'));
      xhr.send(body);
    });
  return withSession(send);
}

function jsonOf(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

/** An answer other than 2xx as an error with the server's French message. */
export function answerError(res: { status: number; body: string }): ApiError {
  const err = (jsonOf(res.body) ?? {}) as Partial<ErrorBody>;
  return new ApiError(res.status, err.message ?? MSG.serverError, err.code, err.errors);
}

/** A multipart upload with its progress (`sendWithProgress`), and the JSON answer. */
export function uploadForm<T>(
  url: string,
  form: FormData,
  options: { method?: string; headers?: Record<string, string>; onProgress?: (percent: number) => void } = {},
): Promise<T> {
  return (async () => {
    const res = await sendWithProgress(url, form, options);
    if (res.status < 200 || res.status >= 300) throw answerError(res);
    options.onProgress?.(100);
    return jsonOf(res.body) as T;
  })();
}
