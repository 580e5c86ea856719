import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_TYPES, generateApiTypes } from './generate.ts';

describe('the web client’s types', () => {
  it('are those of the OpenAPI document the server serves today (npm run api:types after a route changes)', async () => {
    const committed = readFileSync(API_TYPES, 'utf8');
    const current = await generateApiTypes();
    expect(committed === current, 'packages/web/src/lib/api-schema.gen.ts is stale: run npm run api:types').toBe(true);
  }, 60_000);
});
