/**
 * Lists every source link of the repair assistant's sheets with its sheet, to review them
 * (docs/tutorial-links.md):
 *
 *   node --import tsx scripts/tutorial-links.ts            one line a link: file, sheet id, title, address
 *   node --import tsx scripts/tutorial-links.ts --hosts    links per host, most used first
 *   node --import tsx scripts/tutorial-links.ts --shared   addresses that serve more than one sheet
 *   node --import tsx scripts/tutorial-links.ts --json     every link as JSON
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../packages/server/src/modules/assistant/knowledge-base');

export interface SheetLink {
  file: string;
  id: string;
  sheet: string;
  title: string;
  url: string;
}

/** Every link of every sheet, in the order of the files and sheets. */
export function sheetLinks(dir = DIR): SheetLink[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .flatMap((file) =>
      (
        JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as {
          id: string;
          title: string;
          tutorials: { title: string; url: string }[];
        }[]
      ).flatMap((e) => e.tutorials.map((t) => ({ file, id: e.id, sheet: e.title, title: t.title, url: t.url }))),
    );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const links = sheetLinks();
  const mode = process.argv[2];
  if (mode === '--json') console.log(JSON.stringify(links, null, 2));
  else if (mode === '--hosts' || mode === '--shared') {
    const groups = new Map<string, SheetLink[]>();
    for (const l of links) {
      const key = mode === '--hosts' ? new URL(l.url).hostname : l.url;
      groups.set(key, [...(groups.get(key) ?? []), l]);
    }
    for (const [key, ls] of [...groups].sort((a, b) => b[1].length - a[1].length)) {
      if (mode === '--shared' && ls.length < 2) continue;
      console.log(`${ls.length}\t${key}${mode === '--shared' ? `\n\t${ls.map((l) => l.id).join('\n\t')}` : ''}`);
    }
  } else for (const l of links) console.log(`${l.file}\t${l.id}\t${l.sheet}\t${l.title}\t${l.url}`);
  console.error(
    `${links.length} links, ${new Set(links.map((l) => l.url)).size} addresses, ${new Set(links.map((l) => l.id)).size} sheets`,
  );
}
