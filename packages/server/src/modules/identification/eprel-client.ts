import type { EprelProduct } from '@ecofoyer/contracts';
import type { FastifyBaseLogger } from 'fastify';

/** What a lookup in an outside database gives: the product, nothing for that number, or no answer. */
export type Lookup<T> = { found: T } | { notFound: true } | { unavailable: 'off' | 'timeout' | 'error' };

type EprelRecord = Record<string, unknown>;

/**
 * Yearly consumption of the groups whose label gives it per 100 cycles: times the cycles
 * per year the former EU labels assumed — 220 washes (Delegated Regulation (EU) 1061/2010) and 280
 * dishwasher cycles (Delegated Regulation (EU) 1059/2010). Field names as EPREL publishes them
 * (test/fixtures/eprel/README.md says where they were read).
 */
const PER_100_CYCLES: Record<string, { field: string; cycles: number }> = {
  washingmachines2019: { field: 'energyConsPer100Cycle', cycles: 220 },
  dishwashers2019: { field: 'energyCons100', cycles: 280 },
};
/** The yearly figure of the other groups (refrigerating appliances, and older labels). */
const ANNUAL_FIELDS = ['energyConsAnnual', 'energyAnnual'];

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : typeof v === 'number' ? String(v) : null);
const positive = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v.replace(',', '.')) : Number.NaN;
  return Number.isFinite(n) && n > 0 ? n : null;
};
const fr = (n: number) => new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 }).format(n);

function yearly(record: EprelRecord, group: string): { kwh: number; base: string } | null {
  const per100 = PER_100_CYCLES[group];
  if (per100) {
    const v = positive(record[per100.field]);
    return v === null
      ? null
      : { kwh: Math.round(((v * per100.cycles) / 100) * 10) / 10, base: `${fr(v)} kWh pour 100 cycles × ${per100.cycles} cycles par an` };
  }
  for (const field of ANNUAL_FIELDS) {
    const v = positive(record[field]);
    if (v !== null) return { kwh: Math.round(v * 10) / 10, base: 'consommation annuelle de l’étiquette' };
  }
  return null;
}

/** EPREL's record, as the app shows it; null when it lacks what identifies the model. */
export function eprelProduct(record: EprelRecord, numero: string): EprelProduct | null {
  const groupe = text(record.productGroup);
  const marque = text(record.supplierOrTrademark);
  const modele = text(record.modelIdentifier);
  if (!groupe || !marque || !modele) return null;
  const classe = text(record.energyClass);
  const consumption = yearly(record, groupe);
  const washer = groupe.startsWith('washingmachines');
  const capacity = washer ? positive(record.ratedCapacity) : null;
  const water = washer ? positive(record.waterCons) : null;
  return {
    numeroEprel: text(record.eprelRegistrationNumber) ?? numero,
    groupe,
    marque,
    modele,
    // The 2021 labels are A to G; the older scales (A+++ as « APPP ») fit no class of the app.
    classeEnergie: classe && /^[A-G]$/.test(classe) ? classe : null,
    kwhAn: consumption?.kwh ?? null,
    kwhAnBase: consumption?.base ?? null,
    ...(capacity !== null ? { capaciteKg: capacity } : {}),
    ...(water !== null ? { eauLitresCycle: water } : {}),
  };
}

/**
 * EPREL's public API, at EPREL_API_URL (default https://eprel.ec.europa.eu/api). The
 * label's QR code gives the registration number only: `GET /product/{number}` names its product
 * group (and usually is the whole record), `GET /products/{group}/{number}` is the group's record.
 * An `x-api-key` is sent when EPREL_API_KEY is set. Not configured, slow (LOOKUP_TIMEOUT_MS for the
 * whole lookup) or failing, it answers `unavailable` and the caller says so: the wizard stays manual.
 */
export class EprelClient {
  constructor(
    private readonly config: { eprelUrl?: string; eprelApiKey?: string; timeoutMs: number },
    private readonly log: FastifyBaseLogger,
  ) {}

  private async get(path: string, signal: AbortSignal): Promise<EprelRecord | null> {
    const res = await fetch(`${this.config.eprelUrl}${path}`, {
      headers: { accept: 'application/json', ...(this.config.eprelApiKey ? { 'x-api-key': this.config.eprelApiKey } : {}) },
      signal,
    });
    if (res.status === 404) return null;
    if (!res.ok) throw new Error(`EPREL answered ${res.status}`);
    const body = (await res.json()) as unknown;
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw new Error('EPREL answered something else than a product');
    return body as EprelRecord;
  }

  async product(numero: string): Promise<Lookup<EprelProduct>> {
    if (!this.config.eprelUrl) return { unavailable: 'off' };
    const signal = AbortSignal.timeout(this.config.timeoutMs);
    try {
      const first = await this.get(`/product/${encodeURIComponent(numero)}`, signal);
      const group = first ? text(first.productGroup) : null;
      if (!first || !group) return { notFound: true };
      const record = text(first.modelIdentifier)
        ? first
        : await this.get(`/products/${encodeURIComponent(group)}/${encodeURIComponent(numero)}`, signal);
      const product = record && eprelProduct({ productGroup: group, ...record }, numero);
      return product ? { found: product } : { notFound: true };
    } catch (err) {
      const timeout = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
      this.log.warn({ err, numero }, timeout ? 'EPREL lookup timed out' : 'EPREL lookup failed');
      return { unavailable: timeout ? 'timeout' : 'error' };
    }
  }
}
