/**
 * A module loaded the first time it is needed, then kept (so libraries a request seldom uses —
 * mail, zip, QR codes, CSV, calendars, push — no longer load at every start nor stay resident unused).
 */
export function lazyModule<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined; // a failed load is tried again next time
      throw error;
    });
    return loading;
  };
}
