import { computeRights, type Droits, type Event, parisDay, repairBonusFor } from '@ecofoyer/contracts';
import type { RefProductRow } from '../../db/schema.ts';
import type { GuaranteeFacts } from '../appliances/appliances.service.ts';

/** What a breakdown tells of the guarantees (a repair under guarantee extends them). */
export type BreakdownFacts = Pick<Event, 'type' | 'dt_realisation' | 'sous_garantie' | 'immobilisation_jours' | 'remplace'>;

/**
 * An appliance's rights on `today` from its facts, its product and its breakdowns — pure, so the
 * rights service and a job's thread (a share link's first read of 10,000 appliances) compute the same.
 * `reparabilite`: the smart-fix estimate when one is asked (one appliance's page), else null.
 */
export function guaranteeRights(
  appliance: GuaranteeFacts,
  product: Pick<RefProductRow, 'slug' | 'repair_bonus_types'> | undefined,
  breakdowns: readonly BreakdownFacts[],
  today: string,
  reparabilite: Droits['reparabilite'] = null,
): Droits {
  const bonus = product ? repairBonusFor(product.repair_bonus_types) : null;
  return computeRights(
    {
      dtAchat: appliance.dt_achat,
      dtLivraison: appliance.dt_livraison,
      occasion: appliance.occasion,
      garantieCommercialeFin: appliance.garantie_commerciale_fin,
      productSlug: product?.slug ?? null,
      // The lowest amount when the type covers several bonus rows: what is sure to apply.
      bonusMontant: bonus?.min ?? 0,
      bonusAConfirmer: bonus ? !bonus.confirmed : false,
      repairs: breakdowns
        .filter((e) => e.type === 'PANNE')
        .map((e) => ({
          date: parisDay(new Date(e.dt_realisation)),
          sousGarantie: e.sous_garantie,
          immobilisationJours: e.immobilisation_jours,
          remplace: e.remplace,
        })),
      reparabilite,
    },
    today,
  );
}
