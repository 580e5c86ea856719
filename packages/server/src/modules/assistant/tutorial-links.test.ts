import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { KNOWLEDGE_BASE_DIR } from './knowledge-base.ts';

/**
 * The source links of the repair sheets (knowledge-base/*.json, `tutorials`) are the reviewed table of
 * docs/tutorial-links.md, row for row: a link added, moved or dropped changes both. A link is `https`, is
 * never on bonasavoir.ch (a Swiss magazine, often behind a paywall), and one page serves at most
 * 3 sheets: a page given to many sheets was a page that fits none of them, except the generic official
 * pages below.
 */
const GENERIC_OFFICIAL_PAGES: Record<string, string> = {
  'https://longuevieauxobjets.ademe.fr/':
    'ADEME’s public guide to keep and repair every kind of device, with its map of repairers: the fallback of a sheet no verified page covers',
};
const MAX_SHEETS_PER_PAGE = 3;
const DOC = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../../../docs/tutorial-links.md');

interface Link {
  file: string;
  id: string;
  url: string;
}

const key = (l: Link) => `${l.file} ${l.id} ${l.url}`;

function sheetLinks(): Link[] {
  return readdirSync(KNOWLEDGE_BASE_DIR)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .flatMap((file) =>
      (JSON.parse(readFileSync(path.join(KNOWLEDGE_BASE_DIR, file), 'utf8')) as { id: string; tutorials: { url: string }[] }[]).flatMap(
        (e) => e.tutorials.map((t) => ({ file, id: e.id, url: t.url })),
      ),
    );
}

/** The rows of the doc's tables: `| `sheet-id` — title | address | why | checked |` under `## `file.json``. */
function tableLinks(markdown: string): Link[] {
  let file = '';
  const rows: Link[] = [];
  for (const line of markdown.split('\n')) {
    const heading = /^## `([^`]+\.json)`/.exec(line);
    if (heading) file = heading[1]!;
    const row = /^\| `([^`]+)`[^|]*\| (\S+) \|/.exec(line);
    if (row) rows.push({ file, id: row[1]!, url: row[2]! });
  }
  return rows;
}

/** Every fault of the links against the rules above, one line each (empty when all hold). */
function linkFaults(sheets: Link[], table: Link[]): string[] {
  const faults: string[] = [];
  const sheetsOf = new Map<string, Set<string>>();
  const seen = new Set<string>();
  for (const l of sheets) {
    const url = URL.canParse(l.url) ? new URL(l.url) : undefined;
    if (url?.protocol !== 'https:') faults.push(`not https: ${key(l)}`);
    const host = url?.hostname ?? '';
    if (host === 'bonasavoir.ch' || host.endsWith('.bonasavoir.ch')) faults.push(`bonasavoir.ch: ${key(l)}`);
    if (seen.has(key(l))) faults.push(`twice in one sheet: ${key(l)}`);
    seen.add(key(l));
    sheetsOf.set(l.url, (sheetsOf.get(l.url) ?? new Set()).add(l.id));
  }
  for (const [url, ids] of sheetsOf)
    if (ids.size > MAX_SHEETS_PER_PAGE && !(url in GENERIC_OFFICIAL_PAGES))
      faults.push(`one page for ${ids.size} sheets: ${url} (${[...ids].join(', ')})`);
  const listed = new Set(table.map(key));
  const linked = new Set(sheets.map(key));
  for (const l of sheets) if (!listed.has(key(l))) faults.push(`not in docs/tutorial-links.md: ${key(l)}`);
  for (const l of table) if (!linked.has(key(l))) faults.push(`in docs/tutorial-links.md, no longer in the sheets: ${key(l)}`);
  return faults;
}

describe('source links of the repair sheets', () => {
  it('are https, never on bonasavoir.ch, at most 3 sheets a page, and exactly the reviewed table of docs/tutorial-links.md', () => {
    const sheets = sheetLinks();
    const table = tableLinks(readFileSync(DOC, 'utf8'));
    expect(sheets.length).toBeGreaterThan(250);
    expect(linkFaults(sheets, table)).toEqual([]);
  });

  it('catches a paywalled Swiss page, a shared page, a plain http link, a link missing from the table and a stale row', () => {
    const ok = (id: string, url: string): Link => ({ file: 'a.json', id, url });
    const sheets = [
      ok('four-a', 'https://www.bonasavoir.ch/article/x'),
      ...['four-b', 'four-c', 'four-d', 'four-e'].map((id) => ok(id, 'https://exemple.fr/page-commune')),
      ...['four-b', 'four-c', 'four-d', 'four-e'].map((id) => ok(id, 'https://longuevieauxobjets.ademe.fr/')),
      ok('four-f', 'http://exemple.fr/page'),
    ];
    const table = [...sheets.slice(0, -1), ok('four-g', 'https://exemple.fr/partie')];
    expect(linkFaults(sheets, table)).toEqual([
      'bonasavoir.ch: a.json four-a https://www.bonasavoir.ch/article/x',
      'not https: a.json four-f http://exemple.fr/page',
      'one page for 4 sheets: https://exemple.fr/page-commune (four-b, four-c, four-d, four-e)',
      'not in docs/tutorial-links.md: a.json four-f http://exemple.fr/page',
      'in docs/tutorial-links.md, no longer in the sheets: a.json four-g https://exemple.fr/partie',
    ]);
  });
});
