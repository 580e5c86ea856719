import {
  SMARTFIX_CATEGORIES,
  SMARTFIX_KINDS,
  type SmartfixCategory,
  type SmartfixFactor,
  type SmartfixResponse,
  smartfixCategoryList,
} from '@ecofoyer/contracts';
import { type Explained, SYMPTOMS, type SmartfixModel, explain, loadSmartfixModel } from './smartfix-model.ts';

/** The result names the 2–3 things that moved the estimate most, from one point up. */
const MAX_FACTORS = 3;

/** product §2, Smart-fix: the repairability model trained on ORDS repair records, run in process. */
export class SmartfixService {
  private model: SmartfixModel | undefined;

  categories(): SmartfixCategory[] {
    return smartfixCategoryList();
  }

  predict(input: {
    product_category_id: number;
    kind?: string | null;
    brand: string;
    product_age?: number | null;
    problem: string;
  }): SmartfixResponse {
    this.model ??= loadSmartfixModel();
    const kind = input.kind ? SMARTFIX_KINDS.find((k) => k.id === input.kind && k.categoryId === input.product_category_id) : undefined;
    const age = input.product_age ?? null;
    const { probability, average, factors } = explain(this.model, {
      categoryId: input.product_category_id,
      kind: kind?.id ?? null,
      brand: input.brand,
      age,
      problem: input.problem,
    });
    return {
      is_repairable: probability >= this.model.threshold,
      repair_probability: Math.min(1, Math.max(0, probability)),
      category_rate: average.rate,
      category_name: kind?.name ?? SMARTFIX_CATEGORIES.find((c) => c.id === input.product_category_id)?.name ?? '',
      category_records: average.records,
      factors: factors
        .map((f) => ({ ...f, points: Math.round(Math.abs(f.points)), up: f.points > 0 }))
        .filter((f) => f.points >= 1)
        .slice(0, MAX_FACTORS)
        .map((f): SmartfixFactor => ({ label: factorLabel(f, input.brand, age), effect: f.up ? 'hausse' : 'baisse', points: f.points })),
    };
  }
}

function factorLabel(f: Explained['factors'][number], brand: string, age: number | null): string {
  if (f.kind === 'age') return `Âge de ${age} an${age === 0 || age === 1 ? '' : 's'}`;
  if (f.kind === 'brand') return `Marque ${brand.trim()}`;
  return `Symptôme « ${SYMPTOMS.find((s) => s.id === f.id)?.label ?? f.id} »`;
}
