import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BADGE_KINDS } from './badge-kinds.ts';

describe('badge kinds', () => {
  it('lets some change meet every rule of the catalogue, so no badge is out of reach', () => {
    const catalogue = JSON.parse(readFileSync(new URL('../../db/reference/badges.json', import.meta.url), 'utf8')) as {
      slug: string;
      rule: { kind: string };
    }[];
    const met = new Set(BADGE_KINDS.flatMap(([, kinds]) => kinds));
    const unreachable = catalogue
      .filter((b) => !b.rule.kind.startsWith('action:') && !met.has(b.rule.kind))
      .map((b) => `${b.slug} (${b.rule.kind})`);
    expect(unreachable).toEqual([]);
  });
});
