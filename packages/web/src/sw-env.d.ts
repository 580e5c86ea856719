/// <reference lib="webworker" />
interface ServiceWorkerGlobalScope {
  __WB_MANIFEST: Array<string | { url: string; revision: string | null }>;
}
