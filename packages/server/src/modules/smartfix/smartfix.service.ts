import { SMARTFIX_CATEGORIES, type SmartfixCategory, type SmartfixResponse } from '@ecofoyer/contracts';
import { withEnglishGloss } from './french-gloss.ts';
import { loadSmartfixModel, predictProbability, type SmartfixModel } from './smartfix-model.ts';

/** spec §2 Smart-fix: the repairability model trained on ORDS repair records, run in process. */
export class SmartfixService {
  private model: SmartfixModel | undefined;

  categories(): SmartfixCategory[] {
    return SMARTFIX_CATEGORIES.map(({ id, name }) => ({ id, name }));
  }

  predict(input: { product_category_id: number; brand: string; product_age?: number | null; problem: string }): SmartfixResponse {
    this.model ??= loadSmartfixModel();
    const p = predictProbability(this.model, { categoryId: input.product_category_id, brand: input.brand, age: input.product_age ?? null, problem: withEnglishGloss(input.problem) });
    return { is_repairable: p >= this.model.threshold, repair_probability: Math.min(1, Math.max(0, p)) };
  }
}
