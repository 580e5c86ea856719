import { CHUNK_LOAD_TIMEOUT_MS, MSG } from '@ecofoyer/contracts';
import type { ComponentType } from 'react';

/**
 * A route's code, loaded on demand. product §8/§9: a chunk that has not arrived after 120 s, or
 * fails to load, gives "Loading chunk {n} failed" (shown by the route's error boundary).
 */
export function lazyPage<M>(chunk: string, load: () => Promise<M>, pick: (m: M) => ComponentType) {
  return async () => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(MSG.chunkLoadFailed(chunk))), CHUNK_LOAD_TIMEOUT_MS);
    });
    try {
      const module = await Promise.race([load(), timeout]);
      return { Component: pick(module) };
    } catch (error) {
      throw error instanceof Error && error.message === MSG.chunkLoadFailed(chunk) ? error : new Error(MSG.chunkLoadFailed(chunk));
    } finally {
      clearTimeout(timer);
    }
  };
}
