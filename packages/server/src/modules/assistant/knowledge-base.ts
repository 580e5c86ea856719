import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const text = z.string().trim().min(3);

/** One fault of the diagnostic knowledge base (knowledge-base/*.json, README there). */
export const FaultEntry = z.object({
  id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
  products: z.array(z.string()).min(1),
  title: text,
  symptoms: z.array(text).min(4),
  keywords: z.array(z.string().trim().min(2)).min(1),
  causes: z.array(text).min(1),
  precaution: text,
  instructions: z.array(text).min(2),
  professional: text,
  diy: z.enum(['oui', 'prudence', 'non']),
  tutorials: z.array(z.object({ title: text, url: z.url({ protocol: /^https$/ }) })).min(1),
});
export type FaultEntry = z.infer<typeof FaultEntry>;

export const KNOWLEDGE_BASE_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'knowledge-base');

/** Reads and checks every knowledge-base file; a bad entry stops the start with its file and id. */
export function loadKnowledgeBase(dir = KNOWLEDGE_BASE_DIR): FaultEntry[] {
  const entries: FaultEntry[] = [];
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const raw: unknown[] = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
    raw.forEach((item, i) => {
      const parsed = FaultEntry.safeParse(item);
      if (!parsed.success)
        throw new Error(`knowledge-base/${file} #${i} (${(item as { id?: string }).id}): ${z.prettifyError(parsed.error)}`);
      entries.push(parsed.data);
    });
  }
  return entries;
}
