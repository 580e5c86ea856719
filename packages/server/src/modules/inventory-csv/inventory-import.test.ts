import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { describe, expect, it } from 'vitest';
import { countRecords } from './inventory-import.ts';

describe('counting a CSV file’s rows before reading it (the reading’s progress, the 10,000-row limit)', () => {
  it('counts what the parser reads, whatever ends the lines and whatever the cells hold', () => {
    const cells = [
      '',
      'Acheté; pour la rentrée',
      'Bruit au démarrage\nà surveiller',
      'Le « filtre » "HEPA";',
      'deux\r\nlignes',
      'retour\rchariot',
    ];
    for (const recordDelimiter of ['windows', 'unix', 'mac'] as const) {
      const text = `${stringify([['Type', 'Notes'], ...cells.map((c) => ['Four', c]), ['  ', '']], { delimiter: ';', record_delimiter: recordDelimiter })}\n  \n`;
      const parsed = parse(text, { delimiter: ';', relax_column_count: true, skip_empty_lines: true, trim: true });
      expect(countRecords(text), `${recordDelimiter}: ${JSON.stringify(text)}`).toBe(parsed.length);
    }
  });
});
