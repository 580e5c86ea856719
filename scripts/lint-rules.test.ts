import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The lint and import rules of biome.json (decision 009) fail `npm test` on a cycle or a forbidden import.
 * Each case lints a small tree laid out like the repository, with the repository's own biome.json.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const BIOME = path.join(ROOT, 'node_modules', '.bin', 'biome');

function lint(files: Record<string, string>): { status: number | null; out: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'ecofoyer-lint-'));
  try {
    const config = JSON.parse(readFileSync(path.join(ROOT, 'biome.json'), 'utf8'));
    delete config.$schema;
    writeFileSync(path.join(dir, 'biome.json'), JSON.stringify(config));
    for (const [file, content] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), content);
    }
    const run = spawnSync(BIOME, ['lint', '--max-diagnostics=50', '.'], { cwd: dir, encoding: 'utf8' });
    return { status: run.status, out: `${run.stdout}${run.stderr}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('lint and import rules (decision 009)', () => {
  it('passes a tree that keeps the rules', () => {
    const result = lint({
      'packages/contracts/src/money.ts': "import { z } from 'zod';\nexport const Money = z.number();\n",
      'packages/server/src/modules/a/a.service.ts': "import { helper } from './a.repository.ts';\nexport const service = () => helper();\n",
      'packages/server/src/modules/a/a.repository.ts': 'export const helper = () => 1;\n',
      'packages/server/src/modules/b/b.service.ts': "import { service } from '../a/a.service.ts';\nexport const other = () => service();\n",
      'packages/web/src/components/box.tsx': "import { format } from '../lib/format.ts';\nexport const box = () => format();\n",
      'packages/web/src/lib/format.ts': "export const format = () => 'x';\n",
    });
    expect(result.out).not.toMatch(/lint\//);
    expect(result.status).toBe(0);
  });

  it('fails server code that imports a test helper or the model training', () => {
    const result = lint({
      'packages/server/test/security/seed.ts': 'export const seed = () => 1;\n',
      'packages/server/training/train.ts': 'export const train = () => 1;\n',
      'packages/server/src/lib/boot.ts': "import { seed } from '../../test/security/seed.ts';\nexport const boot = () => seed();\n",
      'packages/server/src/modules/a/a.service.ts':
        "import { train } from '../../../training/train.ts';\nexport const a = () => train();\n",
    });
    expect(result.status).not.toBe(0);
    expect(result.out.match(/never imports its tests' helpers/g)?.length).toBe(2);
  });

  it('fails an import cycle', () => {
    const result = lint({
      'packages/server/src/lib/a.ts': "import { b } from './b.ts';\nexport const a = () => b();\n",
      'packages/server/src/lib/b.ts': "import { a } from './a.ts';\nexport const b = () => a();\n",
    });
    expect(result.status).not.toBe(0);
    expect(result.out).toContain('lint/suspicious/noImportCycles');
  });

  it('fails a component or lib/ that imports a feature', () => {
    const result = lint({
      'packages/web/src/features/auth/api/session.ts': 'export const session = () => null;\n',
      'packages/web/src/components/header.tsx':
        "import { session } from '../features/auth/api/session.ts';\nexport const header = () => session();\n",
    });
    expect(result.status).not.toBe(0);
    expect(result.out).toContain('components/ and lib/ never import a feature');
  });

  it('fails the contracts package importing anything but zod', () => {
    const result = lint({ 'packages/contracts/src/query.ts': "import { sql } from 'kysely';\nexport const query = sql;\n" });
    expect(result.status).not.toBe(0);
    expect(result.out).toContain('The contracts package imports only zod');
  });

  it('fails a server module reaching into another module’s repository or routes', () => {
    const result = lint({
      'packages/server/src/modules/a/a.repository.ts': 'export const rows = () => [];\n',
      'packages/server/src/modules/b/b.service.ts': "import { rows } from '../a/a.repository.ts';\nexport const other = () => rows();\n",
    });
    expect(result.status).not.toBe(0);
    expect(result.out).toContain('A module reaches another module through its service only');
  });
});
