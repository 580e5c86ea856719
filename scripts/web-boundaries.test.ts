import { rmSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeTree } from './temp-tree.ts';
import { boundaryViolations, handBuiltCalls, productionAnswerSchemas, staleDeclarations } from './web-boundaries.ts';

const WEB_SRC = path.resolve(import.meta.dirname, '../packages/web/src');

describe('web feature boundaries (decision 009)', () => {
  it('holds in the web app: features import shared features, lib and components, and only declared others', () => {
    expect(boundaryViolations(WEB_SRC)).toEqual([]);
    expect(staleDeclarations(WEB_SRC)).toEqual([]);
  });

  it('fails a feature that imports another feature not shared nor declared, at any depth', () => {
    const dir = writeTree('web', {
      'features/smartfix/pages/page.tsx':
        "import { a } from '../api/a.ts';\nimport { b } from '../../appliances/api/b.ts';\nimport { c } from '../../badges/api/c.ts';\n",
      'features/smartfix/machine.ts': "import { d } from '../carbon/d.ts';\nimport { e } from '../../lib/e.ts';\n",
    });
    try {
      expect(boundaryViolations(dir)).toEqual([
        'features/smartfix/machine.ts imports the feature carbon: go through a shared feature, or declare it in scripts/web-boundaries.ts with its reason',
        'features/smartfix/pages/page.tsx imports the feature badges: go through a shared feature, or declare it in scripts/web-boundaries.ts with its reason',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps the answers’ schemas out of production: each `schema:` option is for development only', () => {
    expect(productionAnswerSchemas(WEB_SRC)).toEqual([]);
    const dir = writeTree('web-schemas', {
      'features/a/api/a.ts':
        'api(p, { signal, schema: Appliance.array() });\napi(p, { schema: import.meta.env.DEV ? Badge.array() : undefined });\n',
      'lib/check.ts': 'function check(schema: AnswerSchema, data: unknown) {}\n',
    });
    try {
      expect(productionAnswerSchemas(dir)).toEqual([
        'features/a/api/a.ts: schema: Appliance.array() — write it import.meta.env.DEV ? Appliance.array() : undefined',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
  it('calls the API through the typed edge: no address built by hand outside lib/', () => {
    expect(handBuiltCalls(WEB_SRC)).toEqual([]);
    const dir = writeTree('web-calls', {
      'features/a/api/a.ts':
        "api<Badge[]>(badgesPath());\ncall('get', '/api/V1/profils/users/{userId}/badges', { path: { userId: me() } });\nconst x = y.api(1);\n",
      'components/b.tsx':
        "await api(`/api/V1/x`, { method: 'POST' });\nawait uploadForm<A>(`/api/V1/y`, form);\nawait downloadFile(urlTo('get', '/api/V1/z'), 'z.pdf');\n",
      'lib/c.ts': 'export const z = api<T>(path);\n',
    });
    try {
      expect(handBuiltCalls(dir)).toEqual([
        'features/a/api/a.ts: api<Badge[]>(…) — call the API with call(method, path, …), or give urlTo(method, path, …), from lib/api-call.ts',
        'components/b.tsx: api(…) — call the API with call(method, path, …), or give urlTo(method, path, …), from lib/api-call.ts',
        'components/b.tsx: uploadForm<A>(…) — call the API with call(method, path, …), or give urlTo(method, path, …), from lib/api-call.ts',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
