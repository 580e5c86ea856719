import { MSG } from '@ecofoyer/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    expect(categories[0]).toEqual({ id: 1, name: 'Climatiseur / déshumidificateur' });
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
