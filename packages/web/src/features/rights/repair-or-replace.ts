import {
  bonusAmountFr,
  bonusOfFr,
  type CarbonEntry,
  classAKwhYear,
  type Droits,
  kwhFr,
  production,
  wholeYearsBetween,
} from '@ecofoyer/contracts';

export interface RepairOrReplace {
  /** The appliance's age in whole years, or null when its purchase date is unknown. */
  ageYears: number | null;
  lifespanYears: number | null;
  /** kg CO2e a new one would cost to make: what repairing avoids. */
  carbonAvoidedKg: number | null;
  /** Years of spare parts left (estimate), or null. */
  partsYearsLeft: number | null;
  verdict: 'garantie' | 'reparer' | 'a-voir';
  texte: string;
}

const kg = (n: number) => `${new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 }).format(n)} kg`;
const pct = (x: number) => `${Math.round(x * 100)} %`;

/** The smart-fix estimate in one sentence, with what it rests on (the repairs recorded in workshops). */
function chances(r: Droits['reparabilite']): string {
  if (!r) return '';
  const records = new Intl.NumberFormat('fr-FR').format(r.enregistrements);
  return ` Chances qu’une réparation réussisse : environ ${pct(r.probabilite)} pour cet appareil (estimation EcoFoyer ; moyenne du type « ${r.type} » : ${pct(r.moyenne)}, d’après ${records} réparation${r.enregistrements > 1 ? 's' : ''} enregistrée${r.enregistrements > 1 ? 's' : ''} en atelier).`;
}

/** What the appliance's energy label says. */
export interface EnergyFacts {
  kwhYear: number | null;
  classe: string | null;
}

/**
 * A class-A model of the same size against this one, where the label's class bounds can be
 * cited (fridges, freezers, washing machines and dishwashers, contracts' `classAKwhYear`): the electricity it would save, to weigh
 * against what making it costs the climate.
 */
function againstClassA(carbon: CarbonEntry | undefined, energy: EnergyFacts | undefined): string {
  const classA = carbon && energy ? classAKwhYear(carbon.slug, energy.classe, energy.kwhYear) : null;
  if (classA === null || !energy?.kwhYear) return '';
  return ` Un modèle neuf de classe A de même taille consommerait au plus ${kwhFr(classA)} par an, contre ${kwhFr(energy.kwhYear)} pour celui-ci : à mettre en regard de sa fabrication.`;
}

/**
 * « Réparer ou remplacer ? »: under a guarantee the seller repairs; otherwise repairing
 * is advised while the appliance is younger than its type's average lifespan or its parts are still
 * available, with what a new one would cost the climate to make. Past both, the app does not
 * decide: it says what to weigh and sends to a repairer's diagnosis.
 */
export function repairOrReplace(
  rights: Droits,
  purchase: string | null,
  carbon: CarbonEntry | undefined,
  today: string,
  energy?: EnergyFacts,
): RepairOrReplace {
  const ageYears = purchase ? wholeYearsBetween(purchase, today) : null;
  const lifespanYears = carbon?.lifespanYears ?? null;
  const carbonAvoidedKg = carbon ? production(carbon) : null;
  const partsYearsLeft = rights.pieces.jusqua
    ? Math.max(0, Math.floor((Date.parse(rights.pieces.jusqua) - Date.parse(today)) / (365.25 * 86_400_000)))
    : null;
  const avoided =
    carbonAvoidedKg !== null ? ` Réparer évite aussi de fabriquer un appareil neuf : environ ${kg(carbonAvoidedKg)} de CO2e.` : '';
  const classA = againstClassA(carbon, energy);
  if (rights.legale?.active || rights.commerciale?.active) {
    return {
      ageYears,
      lifespanYears,
      carbonAvoidedKg,
      partsYearsLeft,
      verdict: 'garantie',
      texte: `Sous garantie : faites-le réparer ou remplacer gratuitement par le vendeur.${avoided}`,
    };
  }
  const young = ageYears !== null && lifespanYears !== null && ageYears < lifespanYears;
  const parts = partsYearsLeft !== null && partsYearsLeft > 0;
  if (young || parts) {
    const why = [
      young ? `il a ${ageYears} an${ageYears === 1 ? '' : 's'}, pour une durée de vie moyenne de ${lifespanYears} ans` : null,
      parts ? `les pièces détachées restent disponibles encore ${partsYearsLeft} an${partsYearsLeft === 1 ? '' : 's'} environ` : null,
    ]
      .filter(Boolean)
      .join(' et ');
    return {
      ageYears,
      lifespanYears,
      carbonAvoidedKg,
      partsYearsLeft,
      verdict: 'reparer',
      texte: `Réparer vaut le coup : ${why}.${rights.bonus.eligible ? ` Le bonus réparation${bonusOfFr(bonusAmountFr(rights.bonus.montant, rights.bonus.aConfirmer))} est déduit de la facture.` : ''}${chances(rights.reparabilite)}${avoided}${classA}`,
    };
  }
  return {
    ageYears,
    lifespanYears,
    carbonAvoidedKg,
    partsYearsLeft,
    verdict: 'a-voir',
    texte: `À voir avec un réparateur : ${ageYears !== null && lifespanYears !== null ? `à ${ageYears} ans, l’appareil a dépassé la durée de vie moyenne de son type (${lifespanYears} ans)` : 'l’âge de l’appareil est inconnu'}. Demandez un diagnostic et un devis avant de remplacer : une réparation simple reste souvent possible.${chances(rights.reparabilite)}${avoided}${classA}`,
  };
}
