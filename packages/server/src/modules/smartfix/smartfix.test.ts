import { MSG } from '@ecofoyer/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSmartfixModel } from './smartfix-model.ts';
import { createTestApp, signedInUser, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let user: Awaited<ReturnType<typeof signedInUser>>;
beforeAll(async () => {
  t = await createTestApp();
  user = await signedInUser(t, 'smartfix@exemple.fr');
});
afterAll(async () => {
  await t.app.close();
});

const predict = (payload: Record<string, unknown>, headers: Record<string, string> = user.headers) =>
  t.app.inject({ method: 'POST', url: '/api/V1/smartfix/predict', headers, payload });

describe('smart-fix API (API.md)', () => {
  it('lists the 40 ORDS categories with their French names', async () => {
    const res = await t.app.inject({ url: '/api/V1/smartfix/categories', headers: user.headers });
    expect(res.statusCode).toBe(200);
    const categories = res.json() as { id: number; name: string }[];
    expect(categories.map((c) => c.id)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(categories[0]).toMatchObject({ id: 1, name: 'Climatiseur / déshumidificateur', plural: 'climatiseurs et déshumidificateurs' });
    // The finer kinds of a category and the everyday words its search matches.
    const large = categories.find((c) => c.id === 17) as unknown as { kinds: { id: string; name: string; keywords: string[] }[] };
    expect(large.kinds.map((k) => k.name)).toEqual(
      expect.arrayContaining(['Lave-linge', 'Lave-vaisselle', 'Réfrigérateur / congélateur', 'Four micro-ondes']),
    );
    expect(large.kinds.find((k) => k.id === 'refrigerateur')!.keywords).toContain('frigo');
    expect((await t.app.inject({ url: '/api/V1/smartfix/categories' })).statusCode).toBe(401);
  });

  it('predicts a repair probability between 0 and 1, with is_repairable on the model’s threshold', async () => {
    const res = await predict({ product_category_id: 38, brand: 'Philips', product_age: 6, problem: 'ne chauffe plus' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.repair_probability).toBeGreaterThan(0);
    expect(body.repair_probability).toBeLessThan(1);
    expect(typeof body.is_repairable).toBe('boolean');
    // The same input gives the same answer; brand, age and text are optional.
    expect((await predict({ product_category_id: 38, brand: 'Philips', product_age: 6, problem: 'ne chauffe plus' })).json()).toEqual(body);
    expect((await predict({ product_category_id: 38 })).statusCode).toBe(200);
    expect((await predict({ product_category_id: '12', brand: '', product_age: '3', problem: '' })).statusCode).toBe(200);
  });

  it('compares a washing machine with washing machines: the kind’s average, its name and the factors that moved the estimate', async () => {
    const res = await predict({
      product_category_id: 17,
      kind: 'lave-linge',
      brand: 'Bosch',
      product_age: 12,
      problem: 'fuite d’eau, ne vidange plus',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const model = loadSmartfixModel();
    expect(body.category_name).toBe('Lave-linge');
    expect(body.category_rate).toBe(model.rates.kinds['lave-linge'].rate);
    expect(body.category_records).toBe(model.rates.kinds['lave-linge'].records);
    expect(body.category_rate).not.toBe(model.rates.categories['17'].rate);
    expect(body.is_repairable).toBe(body.repair_probability >= 0.5);
    expect(body.factors.length).toBeGreaterThan(0);
    expect(body.factors.length).toBeLessThanOrEqual(3);
    for (const f of body.factors) {
      expect(f.label).toMatch(/^(Âge de 12 ans|Marque Bosch|Symptôme «\s.+\s»)$/);
      expect(['hausse', 'baisse']).toContain(f.effect);
      expect(f.points).toBeGreaterThanOrEqual(1);
    }
    const points = body.factors.map((f: { points: number }) => f.points);
    expect(points).toEqual([...points].sort((a, b) => b - a));

    // Without a kind, the category's own average and name.
    const generic = (await predict({ product_category_id: 17 })).json();
    expect(generic).toMatchObject({ category_name: 'Gros électroménager', category_rate: model.rates.categories['17'].rate, factors: [] });
  });

  it('refuses an age above 50 years and a kind of another category, in French', async () => {
    expect((await predict({ product_category_id: 17, product_age: 50 })).statusCode).toBe(200);
    for (const age of [51, '51', '120']) {
      const res = await predict({ product_category_id: 17, product_age: age });
      expect(res.statusCode, String(age)).toBe(400);
      expect(res.json().message).toBe(MSG.smartfixAgeTooOld);
    }
    const res = await predict({ product_category_id: 14, kind: 'lave-linge' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.smartfixKindInvalid);
  });

  it('refuses bad input with a French message', async () => {
    for (const category of [0, 41, 'abc', 2.5, null]) {
      const res = await predict({ product_category_id: category, brand: 'X', product_age: 2, problem: 'x' });
      expect(res.statusCode, String(category)).toBe(400);
      expect(res.json().message).toBe(MSG.smartfixCategoryInvalid);
    }
    for (const age of ['douze', '-1', '1.5', '12 ans', -3, 1.5]) {
      const res = await predict({ product_category_id: 4, brand: 'X', product_age: age, problem: 'x' });
      expect(res.statusCode, String(age)).toBe(400);
      expect(res.json().message).toBe(MSG.smartfixAgeDigits);
    }
    expect((await predict({ product_category_id: 4, problem: 'x'.repeat(501) })).statusCode).toBe(400);
    expect((await predict({ product_category_id: 4, brand: 'x'.repeat(101) })).statusCode).toBe(400);
    expect((await predict({ product_category_id: 4 }, {})).statusCode).toBe(401);
  });
});
