import { computeRights, type Droits, repairBonusFor } from '@ecofoyer/contracts';
import type { Clock } from '../../lib/clock.ts';
import type { AppliancesService } from '../appliances/appliances.service.ts';
import type { EventsService } from '../events/events.service.ts';
import type { ReferencesService } from '../references/references.service.ts';

/** The day in France (the law's days are French calendar days). */
const parisDay = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(at);

/** « Mes droits » (issue 20): the rules of contracts/rights.ts applied to one appliance of the household. */
export class RightsService {
  constructor(private readonly deps: { appliances: AppliancesService; events: EventsService; references: ReferencesService; clock: Clock }) {}

  async forAppliance(userId: number, applianceId: number): Promise<Droits> {
    const appliance = await this.deps.appliances.get(userId, applianceId);
    const [product, events] = await Promise.all([
      appliance.prod_id ? this.deps.references.product(appliance.prod_id) : Promise.resolve(undefined),
      this.deps.events.listForAppliance(userId, applianceId),
    ]);
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
        repairs: events
          .filter((e) => e.type === 'PANNE')
          .map((e) => ({ date: parisDay(new Date(e.dt_realisation)), sousGarantie: e.sous_garantie, immobilisationJours: e.immobilisation_jours, remplace: e.remplace })),
      },
      parisDay(this.deps.clock.now()),
    );
  }
}
