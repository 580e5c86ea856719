import type { OpfProduct } from '@ecofoyer/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Lookup } from './eprel-client.ts';

interface OpfAnswer {
  status?: number;
  product?: { brands?: unknown; product_name?: unknown; product_name_fr?: unknown; labels_tags?: unknown };
}

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);

/**
 * The French repairability index as Open Products Facts records it: a label
 * `en:repairability-index-6-5-france` for 6,5/10 (its import of the data.gouv.fr « indice de
 * réparabilité » files, test/fixtures/opf/README.md).
 */
export function repairabilityIndex(tags: unknown): number | undefined {
  if (!Array.isArray(tags)) return undefined;
  for (const tag of tags) {
    const m = typeof tag === 'string' ? /^en:repairability-index-(\d{1,2})(?:-(\d{1,2}))?-france$/.exec(tag) : null;
    const value = m ? Number(`${m[1]}.${m[2] ?? '0'}`) : Number.NaN;
    if (value >= 0 && value <= 10) return value;
  }
  return undefined;
}

/**
 * Open Products Facts, at OPF_API_URL (default https://world.openproductsfacts.org):
 * `GET /api/v2/product/{ean}.json` with only the fields the app reads. Brand (the first of `brands`),
 * name (French first) and the repairability index; a product with neither brand nor name is as good
 * as unknown. Not configured, slow or failing: `unavailable`.
 */
export class OpfClient {
  constructor(
    private readonly config: { opfUrl?: string; timeoutMs: number },
    private readonly log: FastifyBaseLogger,
    /** Open Food Facts asks API users to name their app in the User-Agent. */
    private readonly userAgent: string,
  ) {}

  async product(ean: string): Promise<Lookup<OpfProduct>> {
    if (!this.config.opfUrl) return { unavailable: 'off' };
    try {
      const res = await fetch(
        `${this.config.opfUrl}/api/v2/product/${ean}.json?fields=code,brands,product_name,product_name_fr,labels_tags`,
        {
          headers: { accept: 'application/json', 'user-agent': this.userAgent },
          signal: AbortSignal.timeout(this.config.timeoutMs),
        },
      );
      if (res.status === 404) return { notFound: true };
      if (!res.ok) throw new Error(`Open Products Facts answered ${res.status}`);
      const body = (await res.json()) as OpfAnswer;
      if (body.status !== 1 || !body.product) return { notFound: true };
      const marque = text(body.product.brands)?.split(',')[0]?.trim() || null;
      const nom = text(body.product.product_name_fr) ?? text(body.product.product_name);
      if (!marque && !nom) return { notFound: true };
      const indice = repairabilityIndex(body.product.labels_tags);
      return { found: { ean, marque, nom, ...(indice !== undefined ? { indiceReparabilite: indice } : {}) } };
    } catch (err) {
      const timeout = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
      this.log.warn({ err, ean }, timeout ? 'Open Products Facts lookup timed out' : 'Open Products Facts lookup failed');
      return { unavailable: timeout ? 'timeout' : 'error' };
    }
  }
}
