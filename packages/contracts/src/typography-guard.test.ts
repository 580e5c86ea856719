import { describe, expect, it } from 'vitest';
import * as contracts from './index.ts';
import { typographyFaults } from './typography.ts';

/**
 * Every string the contracts export (messages.fr.ts and the other text constants), and what their
 * text functions return with sample values, follows French typography: a text added or
 * changed with an ASCII apostrophe, an ordinary space before « : » or inside « », fails here.
 */
/** Fields of the data files never shown to the user (the repair bonus's research note, in English, with its URLs). */
const NOT_SHOWN = new Set(['source_note']);
const SAMPLES: unknown[][] = [['Camille'], [2], [['Détartrer', 'Nettoyer']]];

function texts(value: unknown, path: string, out: Map<string, string>, seen = new Set<unknown>()) {
  if (typeof value === 'string') {
    out.set(path, value);
    return;
  }
  if (value === null || typeof value !== 'object' ? typeof value !== 'function' : false) return;
  if (seen.has(value)) return;
  seen.add(value);
  if (typeof value === 'function') {
    // A text function: called with sample values of each kind its parameters may take.
    for (const sample of SAMPLES) {
      try {
        const args = Array.from({ length: Math.max(value.length, 1) }, () => sample[0]);
        texts((value as (...a: unknown[]) => unknown)(...args), `${path}(…)`, out, seen);
      } catch {
        // Not a text function for these samples.
      }
    }
    return;
  }
  if (value instanceof RegExp || value instanceof Date || value instanceof Map || value instanceof Set) return;
  for (const [key, child] of Object.entries(value as object)) if (!NOT_SHOWN.has(key)) texts(child, `${path}.${key}`, out, seen);
}

describe('French typography of the contracts’ texts', () => {
  it('has no ASCII apostrophe, no ordinary space before : ; ! ? or inside « », no thousands grouped by a space', () => {
    const found = new Map<string, string>();
    for (const [name, value] of Object.entries(contracts)) texts(value, name, found);
    expect(found.size).toBeGreaterThan(300);
    const faults = [...found].flatMap(([path, text]) => typographyFaults(text).map((f) => `${path}: ${f}`));
    expect(faults).toEqual([]);
  });
});
