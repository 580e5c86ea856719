import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The repository explains itself: what the code relies on is written in docs/, so a comment or a test
 * title gives the reason, never the number of an issue of a tracker a newcomer cannot open, and a
 * reference to the product (« product §N ») names a section of docs/product.md that exists.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sources = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*.ts', '*.tsx', '*.mjs', '*.js'], {
  cwd: ROOT,
  encoding: 'utf8',
})
  .split('\n')
  .filter((f) => f && !f.includes('node_modules/') && !f.startsWith('docs/') && f !== 'scripts/repository-docs.test.ts');
const lines = (pattern: RegExp) =>
  sources.flatMap((file) =>
    readFileSync(path.join(ROOT, file), 'utf8')
      .split('\n')
      .flatMap((line, i) => (pattern.test(line) ? [`${file}:${i + 1}: ${line.trim().slice(0, 120)}`] : [])),
  );

describe('a repository that explains itself', () => {
  it('cites no issue number in the sources, comments and test titles included', () => {
    expect(sources.length).toBeGreaterThan(300);
    expect(lines(/\bissues? \d+/i)).toEqual([]);
  });

  it('cites the product by the sections of docs/product.md, which all exist', () => {
    expect(lines(/\bspec §/)).toEqual([]);
    const product = readFileSync(path.join(ROOT, 'docs/product.md'), 'utf8');
    const sections = new Set([...product.matchAll(/^## (\d+)\./gm)].map((m) => m[1]));
    const cited = new Set(
      sources.flatMap((file) => [...readFileSync(path.join(ROOT, file), 'utf8').matchAll(/\bproduct §(\d+)/g)].map((m) => m[1])),
    );
    expect(cited.size).toBeGreaterThan(3);
    expect([...cited].filter((n) => !sections.has(n))).toEqual([]);
  });

  it('keeps the README short, pointing to docs/ for the rest', () => {
    const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    expect(readme.split('\n').length).toBeLessThanOrEqual(150);
    for (const doc of ['docs/architecture.md', 'docs/api.md', 'docs/operations.md', 'docs/product.md']) expect(readme, doc).toContain(doc);
  });
});
