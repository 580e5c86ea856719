import { TEXT_MAX } from '@ecofoyer/contracts';
import PDFDocument from 'pdfkit';
import { describe, expect, it, vi } from 'vitest';
import { pdfPages } from '../../../test/pdf-text.ts';
import { labelSheetPdf } from './label-sheet-pdf.ts';

describe('the sheet of QR labels', () => {
  it('cuts a name to the form’s 500 characters before layout: a 30,000-character word never reaches pdfkit', async () => {
    const laidOut = [vi.spyOn(PDFDocument.prototype, 'text'), vi.spyOn(PDFDocument.prototype, 'heightOfString')];
    try {
      const pdf = await labelSheetPdf(
        [{ nom: 'N'.repeat(30_000), code: 'ABCDEFGHJK', url: 'http://localhost:3000/a/ABCDEFGHJK' }],
        'L7160',
        { title: 'Étiquettes', createdAt: new Date('2026-11-23T09:00:00Z') },
      );
      const texts = laidOut.flatMap((spy) => spy.mock.calls.map((call) => String(call[0])));
      expect(texts.length).toBeGreaterThan(1);
      expect(Math.max(...texts.map((t) => t.length))).toBeLessThanOrEqual(TEXT_MAX);
      expect((await pdfPages(pdf))[0]).toContain('Code : ABCDEFGHJK');
    } finally {
      for (const spy of laidOut) spy.mockRestore();
    }
  });
});
