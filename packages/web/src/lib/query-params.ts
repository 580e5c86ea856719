import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** A positive integer query parameter (an id), or null. */
export function positiveInt(value: string | null): number | null {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
}

/**
 * A text kept in the address (`?q=…` by default), so Back to a search page finds the query and its
 * results again. Typing replaces the history entry instead of adding one per key.
 */
export function useUrlText(name = 'q'): [string, (value: string) => void] {
  const [params, setParams] = useSearchParams();
  const value = params.get(name) ?? '';
  const set = useCallback(
    (next: string) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next) updated.set(name, next);
          else updated.delete(name);
          return updated;
        },
        { replace: true },
      ),
    [name, setParams],
  );
  return [value, set];
}
