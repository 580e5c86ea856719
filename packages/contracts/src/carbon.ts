import carbonData from './data/carbon.json' with { type: 'json' };
import { MSG } from './messages.fr.ts';

/** One appliance type of the carbon data set (data/METHOD.md says where each figure comes from). */
export interface CarbonEntry {
  slug: string;
  name: string;
  lifespanYears: number;
  /**
   * Manufacturing by phase. The ADEME digital-equipment figures give manufacturing as one number
   * (`construction`, not split by the source) beside assembly and distribution (data/METHOD.md §9).
   */
  phases: { rawMaterials: number; supply: number; forming: number; assemblyAndDistribution: number; construction?: number };
  usagePerYear: number;
  endOfLife: number;
  production: number;
  total: number;
  status: 'ademe' | 'estimated-phases' | 'estimated';
  sources: { phases: string; usage: string; endOfLife: string; lifespan: string };
}

export const CARBON_ENTRIES = carbonData as CarbonEntry[];
export const carbonBySlug = new Map(CARBON_ENTRIES.map((e) => [e.slug, e]));

/** product §9, home impact constants. */
export const KG_PER_TREE_YEAR = 35;
export const KG_PER_PARIS_NEW_YORK = 3500;
/** product §8: a product missing from the carbon data counts 1 kg per unit. */
export const UNKNOWN_PRODUCT_KG = 1;

/** product §9: production is the sum of the phases (assembly and distribution are one figure in the source). */
export function production(e: CarbonEntry): number {
  return e.phases.rawMaterials + e.phases.supply + e.phases.forming + e.phases.assemblyAndDistribution + (e.phases.construction ?? 0);
}

/** product §9: usage per year = (total − production − end of life) / lifespan. */
export function usagePerYear(e: CarbonEntry): number {
  return (e.total - production(e) - e.endOfLife) / e.lifespanYears;
}

/**
 * Life-cycle footprint of one appliance used `years` years: manufacturing, use over
 * those years, end of life (a recycling credit when negative). At the type's average lifespan it is
 * exactly the `total` the home impact counts. Never below zero.
 */
export function lifecycleFootprint(e: CarbonEntry, years: number): number {
  return Math.max(0, production(e) + usagePerYear(e) * years + e.endOfLife);
}

/**
 * The household's real question: the footprint per year of use. Manufacturing and end of life are
 * spread over the years the appliance lasts, so the figure falls as it lasts longer.
 */
export function footprintPerYear(e: CarbonEntry, years: number): number {
  return lifecycleFootprint(e, years) / years;
}

/**
 * Kept `years` years rather than replaced at the type's average lifespan: kg saved (negative: the
 * extra cost of replacing it early). Over the same `years` of service, replacing at the average
 * lifespan means `years / lifespan` appliances' manufacturing and end of life; keeping it, one.
 */
export function savingVersusAverage(e: CarbonEntry, years: number): number {
  return (footprintPerYear(e, e.lifespanYears) - footprintPerYear(e, years)) * years;
}

/**
 * The French electricity mix: ADEME, Base Empreinte, « Électricité - 2024 - mix moyen -
 * consommation », France continentale, element 43642: 0,0519 kg CO2e per kWh (±10 %). The estimated
 * entries of data/carbon.json use its 2022 value, ≈ 0,052 (data/METHOD.md §5).
 */
export const ELECTRICITY_KG_CO2E_PER_KWH = 0.0519;
/** « 0,0519 », as the pages and the simulator write the factor. */
export const ELECTRICITY_FACTOR_FR = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 4 }).format(ELECTRICITY_KG_CO2E_PER_KWH);
export const ELECTRICITY_FACTOR_SOURCE =
  'ADEME, Base Empreinte, identifiant 43642 : électricité 2024, mix moyen, consommation, France continentale';

const kgFr = (n: number) => new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 }).format(n);

/**
 * The entry with the use phase of one appliance whose yearly consumption is known: kWh
 * per year × the French mix, instead of the type's average; manufacturing and end of life stay the
 * type's. Its `usage` source says so, with the figures.
 */
export function withRealConsumption(e: CarbonEntry, kwhYear: number): CarbonEntry {
  const usage = Math.round(kwhYear * ELECTRICITY_KG_CO2E_PER_KWH * 100) / 100;
  return {
    ...e,
    usagePerYear: usage,
    total: production(e) + usage * e.lifespanYears + e.endOfLife,
    sources: {
      ...e.sources,
      usage: `Consommation réelle de votre appareil : ${kgFr(kwhYear)} kWh/an × ${ELECTRICITY_FACTOR_FR} kg CO2e/kWh (${ELECTRICITY_FACTOR_SOURCE}) = ${kgFr(usage)} kg CO2e/an`,
    },
  };
}

/**
 * product §9, home impact: kg = Σ lifecycle × count (1 kg per unknown unit); trees = kg / 35; trips = kg / 3500.
 * An appliance whose yearly consumption is known (`knownKwhYear`, by type) counts its own
 * use phase (withRealConsumption), the others of its type the type's average.
 */
export function homeImpact(
  counts: Record<string, number>,
  entryOf: (prodName: string) => CarbonEntry | undefined,
  knownKwhYear: Record<string, number[]> = {},
) {
  let kg = 0;
  for (const [name, count] of Object.entries(counts)) {
    const entry = entryOf(name);
    if (!entry) {
      kg += UNKNOWN_PRODUCT_KG * count;
      continue;
    }
    const known = (knownKwhYear[name] ?? []).slice(0, count);
    kg += entry.total * (count - known.length) + known.reduce((sum, kwh) => sum + withRealConsumption(entry, kwh).total, 0);
  }
  return { kg, trees: kg / KG_PER_TREE_YEAR, trips: kg / KG_PER_PARIS_NEW_YORK };
}

/** product §8: an invalid count answer raises "Réponse invalide du backend…". */
export function checkCountResponse(value: unknown): {
  data: Record<string, number>;
  meta: { totalAppliances: number; secondLife?: number; knownKwhYear?: Record<string, number[]> };
} {
  const v = value as { data?: unknown; meta?: { totalAppliances?: unknown } } | null;
  const valid =
    v !== null &&
    typeof v === 'object' &&
    typeof v.data === 'object' &&
    v.data !== null &&
    Object.values(v.data).every((n) => typeof n === 'number' && Number.isFinite(n) && n >= 0) &&
    typeof v.meta?.totalAppliances === 'number';
  if (!valid) throw new Error(MSG.carbonInvalidResponse);
  return v as {
    data: Record<string, number>;
    meta: { totalAppliances: number; secondLife?: number; knownKwhYear?: Record<string, number[]> };
  };
}
