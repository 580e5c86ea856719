import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A small tree of files in a new temporary folder (the repository rules' tests lay one out per case). */
export function writeTree(label: string, files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), `ecofoyer-${label}-`));
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), content);
  }
  return dir;
}
