import { API_MSG } from '@ecofoyer/contracts';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { normaliseGtin } from './recall-matching.ts';

/**
 * RappelConso's open data: the DGCCRF's recall sheets, dataset `rappelconso-v2-gtin-espaces`
 * on data.economie.gouv.fr, read through the Opendatasoft Explore API v2.1
 * (`GET {base}/api/explore/v2.1/catalog/datasets/{dataset}/records` → `{total_count, results}`).
 * Field names and formats: packages/server/test/fixtures/rappelconso/README.md.
 */

/**
 * The household-appliance and electrical categories, as the V2 dataset writes them (lower case):
 * « appareils électriques, outils » (electrical appliances and household appliances, machines,
 * tools), « equipements de communication » (phones, televisions, computers), and of « maison-habitat »
 * the gas appliances (cookers, boilers, heaters).
 */
export const RECALL_CATEGORIES = ['appareils électriques, outils', 'equipements de communication'] as const;
export const RECALL_SUBCATEGORIES = ['appareils à gaz'] as const;

/** Opendatasoft answers at most offset + limit = 10,000 records; a later run goes on from the last one read. */
const MAX_OFFSET = 10_000;
const FALLBACK_LINK = 'https://rappel.conso.gouv.fr/';

/** A sheet as EcoFoyer keeps it (recall_sheets). */
export interface RecallSheet {
  sheetId: string;
  title: string;
  brand: string;
  models: string;
  gtins: string[];
  risk: string;
  whatToDo: string;
  link: string;
  publishedAt: Date;
}

const Page = z.object({ total_count: z.number().int().nonnegative(), results: z.array(z.record(z.string(), z.unknown())) });

export class RappelConsoClient {
  constructor(private readonly config: NonNullable<Config['rappelConso']>) {}

  /** Where the sheets are read, for the logs. */
  get origin(): string {
    return this.config.baseUrl;
  }

  /**
   * The sheets of the categories above published at or after `since`, oldest first, a page at a
   * time (ascending order: a sheet published while paging comes last, none is skipped). Throws on
   * a network error, a timeout, a status other than 200 or an answer that is not a page of records.
   */
  async *sheetsSince(since: Date): AsyncGenerator<RecallSheet[]> {
    const { baseUrl, dataset, pageSize, timeoutMs } = this.config;
    const categories = RECALL_CATEGORIES.map(quote).join(', ');
    const subcategories = RECALL_SUBCATEGORIES.map(quote).join(', ');
    const where = `(categorie_produit in (${categories}) or sous_categorie_produit in (${subcategories})) and date_publication >= ${quote(since.toISOString())}`;
    for (let offset = 0; offset < MAX_OFFSET; ) {
      const query = new URLSearchParams({
        where,
        order_by: 'date_publication',
        limit: String(Math.min(pageSize, MAX_OFFSET - offset)),
        offset: String(offset),
      });
      const res = await fetch(`${baseUrl}/api/explore/v2.1/catalog/datasets/${dataset}/records?${query}`, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (res.status !== 200) throw new Error(`RappelConso answered ${res.status}`);
      const page = Page.parse(await res.json());
      yield page.results.map(toSheet).filter((s): s is RecallSheet => s !== null);
      offset += page.results.length;
      if (page.results.length === 0 || offset >= page.total_count) return;
    }
  }
}

/** An ODSQL string literal. */
const quote = (value: string) => `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

/** A text field, or a multivalued one (the API may answer a list): its values. */
function values(field: unknown): string[] {
  if (typeof field === 'string') return [field];
  if (typeof field === 'number') return [String(field)];
  if (Array.isArray(field)) return field.flatMap(values);
  return [];
}

/** The dataset separates the items of a list with « | » (conduites_a_tenir : « ne plus utiliser|rapporter… »). */
const items = (field: unknown) =>
  values(field)
    .flatMap((v) => v.split('|'))
    .map((v) => v.trim())
    .filter(Boolean);

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const sentence = (text: string) => {
  const t = capitalised(text.trim());
  return /[.!?…]$/.test(t) ? t : `${t}.`;
};

/**
 * The GTINs of a sheet: its `gtin` field when the dataset has one, and the first part of each
 * product of identification_produits (« GTIN$lot$date type$from$to|GTIN$… »; a list when the API
 * splits it on « $ », the products still starting with « | »).
 */
function gtinsOf(record: Record<string, unknown>): string[] {
  const identification = Array.isArray(record.identification_produits)
    ? values(record.identification_produits).join('$')
    : values(record.identification_produits).join('|');
  const firsts = identification.split('|').map((product) => product.split('$')[0] ?? '');
  const gtins = [...values(record.gtin).flatMap((g) => g.split(/\s+/)), ...firsts]
    .map(normaliseGtin)
    .filter((g): g is string => g !== null);
  return [...new Set(gtins)];
}

/** A record of the dataset as a sheet; null without a sheet number or a publication date. */
export function toSheet(record: Record<string, unknown>): RecallSheet | null {
  const sheetId = values(record.numero_fiche)[0] ?? values(record.id)[0];
  const published = new Date(values(record.date_publication)[0] ?? '');
  if (!sheetId || Number.isNaN(published.getTime())) return null;
  const brand = values(record.marque_produit).join(' / ').trim();
  const models = values(record.modeles_ou_references).join('\n').trim();
  const libelle = values(record.libelle).join(' ').trim() || `${brand} ${models.split('\n')[0] ?? ''}`.trim() || sheetId;
  const risks = items(record.risques_encourus).join(', ');
  const more = values(record.description_complementaire_risque).join(' ').trim();
  const actions = items(record.conduites_a_tenir_par_le_consommateur);
  const link = values(record.lien_vers_la_fiche_rappel)[0]?.trim() ?? '';
  return {
    sheetId,
    title: capitalised(libelle),
    brand,
    models,
    gtins: gtinsOf(record),
    risk: [risks && sentence(risks), more && sentence(more)].filter(Boolean).join(' ') || API_MSG.recallSeeSheet,
    whatToDo: actions.length > 0 ? actions.map(sentence).join(' ') : API_MSG.recallSeeSheet,
    // Shown as a link: an https address only (never javascript: or the like).
    link: /^https:\/\/[^\s"<>]+$/.test(link) ? link : FALLBACK_LINK,
    publishedAt: published,
  };
}
