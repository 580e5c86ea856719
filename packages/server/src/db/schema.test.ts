import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GENERATED_SCHEMA, generateSchema } from '../../scripts/db-schema.ts';

describe('generated table types', () => {
  it('match what the migrations make: run `node --import tsx packages/server/scripts/db-schema.ts` after a migration', async () => {
    expect(readFileSync(GENERATED_SCHEMA, 'utf8')).toBe(await generateSchema());
  }, 60_000);
});
