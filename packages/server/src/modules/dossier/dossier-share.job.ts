import type { SharedDossier } from '@ecofoyer/contracts';
import type { RefProductRow } from '../../db/schema.ts';
import { PURCHASE_FIELDS } from '../appliances/inventory-json.ts';
import { type BreakdownFacts, guaranteeRights } from '../rights/guarantee-rights.ts';
import { type DescribedFacts, describeAppliance } from './dossier-describe.ts';

/** What a share link's inventory part is made from (`SHARE_FACTS`, read as JSON by `AppliancesService.inventoryJson`). */
export type ShareFacts = DescribedFacts & {
  prod_id: number | null;
  dt_livraison: string | null;
  garantie_commerciale_fin: string | null;
  has_pict: boolean;
  has_facture: boolean;
  created: number;
};
export const SHARE_FACTS = [
  'id',
  'name',
  'univer_name',
  'prod_name',
  'marque',
  'modele',
  'numero_serie',
  ...PURCHASE_FIELDS,
  'facture_ref',
  'facture_type',
  'has_pict',
  'has_facture',
  'created',
] as const satisfies readonly (keyof ShareFacts)[];

export interface ShareJobInput {
  /** The inventory (`ShareFacts[]`) as JSON bytes, moved to the thread. */
  inventory: Uint8Array;
  breakdowns: (BreakdownFacts & { applianceId: number | null })[];
  products: Pick<RefProductRow, 'id' | 'slug' | 'repair_bonus_types'>[];
  /** The day the guarantees are computed on, in Paris. */
  today: string;
  /** Where the link's files are: `${base}/{id}/photo`, `${base}/{id}/facture`. */
  base: string;
}

/**
 * A share link's inventory part on a thread of the job pool (lib/job-pool.ts): the guarantees of
 * every appliance, each described as the dossier lists it, oldest first, with the count and the
 * total value — serialised here, as the bytes that follow the link's head
 * (`,"nombre":…,"appareils":[…]}`). At 10,000 appliances this held the event loop for
 * 0.1–0.4 s in slices, with major collections between them.
 */
export function shareContentJob(input: ShareJobInput): Uint8Array {
  const products = new Map(input.products.map((p) => [p.id, p]));
  const breakdowns = new Map<number, BreakdownFacts[]>();
  for (const e of input.breakdowns)
    if (e.applianceId !== null) breakdowns.set(e.applianceId, [...(breakdowns.get(e.applianceId) ?? []), e]);
  const items = (JSON.parse(new TextDecoder().decode(input.inventory)) as ShareFacts[]).sort(
    (a, b) => a.created - b.created || a.id - b.id,
  );
  const appareils = items.map((a) =>
    describeAppliance(
      a,
      guaranteeRights(a, a.prod_id === null ? undefined : products.get(a.prod_id), breakdowns.get(a.id) ?? [], input.today),
      {
        photo: a.has_pict ? `${input.base}/${a.id}/photo` : null,
        facture: a.has_facture ? `${input.base}/${a.id}/facture` : null,
      },
    ),
  );
  const priced = appareils.filter((a) => a.prixAchat !== null);
  const part: Omit<SharedDossier, 'foyer' | 'etabliLe' | 'expireLe'> = {
    nombre: appareils.length,
    valeurTotale: Math.round(priced.reduce((s, a) => s + (a.prixAchat ?? 0), 0) * 100) / 100,
    prixConnus: priced.length,
    appareils,
  };
  return new TextEncoder().encode(`,${JSON.stringify(part).slice(1)}`);
}
