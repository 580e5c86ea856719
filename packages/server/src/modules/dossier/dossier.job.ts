import { type DossierAppliance, MSG } from '@ecofoyer/contracts';
import type { JobChannel } from '../../lib/job-pool.ts';
import { lazyModule } from '../../lib/lazy-module.ts';
import { pdfInflatesPast } from '../../lib/pdf-inflate.ts';
import { fitText, pdfText } from '../../lib/pdf-text.ts';
import { renderDossier } from './dossier-pdf.ts';

const pdfLib = lazyModule(() => import('pdf-lib'));

/** What the dossier's job is given; the files it asks for as it goes (photos, invoices: `DossierRequest`). */
export interface DossierJobInput {
  foyer: string;
  at: Date;
  entries: (DossierAppliance & { hasPhoto: boolean })[];
  /** Image invoices, each on its own page after the list. */
  appendix: { title: string }[];
  /** PDF invoices, their pages after the dossier's. */
  invoices: { applianceId: number; title: string }[];
  /** An invoice whose streams inflate past this many bytes is left out (a « PDF bomb »). */
  maxInflatedBytes: number;
}

/** What the job asks of the main thread, by index in its input: a photo (JPEG), an image invoice (JPEG), a PDF invoice's bytes. */
export type DossierRequest = { photo: number } | { appendix: number } | { invoice: number };
/** What it tells as it goes: the items done, and each invoice it left out. */
export type DossierEvent = { done: number } | { leftOut: number; why: 'inflates' | 'unreadable' };

const toBuffer = (bytes: Uint8Array | null) => (bytes ? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) : null);

/**
 * The dossier's PDF, built on a thread of the job pool (decision 021): pdfkit lays the list out,
 * then pdf-lib appends the PDF invoices. An invoice that would inflate past the bound is never
 * handed to pdf-lib: a page says it was left out, and the main thread logs it.
 */
export async function dossierJob(input: DossierJobInput, channel: JobChannel): Promise<Buffer> {
  const ask = (request: DossierRequest) => channel.ask<Uint8Array | null>(request).then(toBuffer);
  const pdf = await renderDossier({
    foyer: input.foyer,
    at: input.at,
    entries: input.entries.map(({ hasPhoto, ...entry }, i) => ({
      ...entry,
      loadPhoto: () => (hasPhoto ? ask({ photo: i }) : Promise.resolve(null)),
    })),
    appendix: input.appendix.map((item, i) => ({ title: item.title, load: () => ask({ appendix: i }) })),
    onProgress: (done) => channel.tell({ done } satisfies DossierEvent),
  });
  if (input.invoices.length === 0) return pdf;

  const { PDFDocument, StandardFonts } = await pdfLib();
  const merged = await PDFDocument.load(pdf);
  const font = await merged.embedFont(StandardFonts.Helvetica);
  const bold = await merged.embedFont(StandardFonts.HelveticaBold);
  const maxMb = Math.round(input.maxInflatedBytes / 2 ** 20);
  const before = input.entries.length + input.appendix.length;
  for (const [i, invoice] of input.invoices.entries()) {
    const bytes = await ask({ invoice: i }).catch(() => null);
    if (bytes && pdfInflatesPast(bytes, input.maxInflatedBytes)) {
      channel.tell({ leftOut: invoice.applianceId, why: 'inflates' } satisfies DossierEvent);
      const page = merged.addPage([595.28, 841.89]);
      page.drawText(pdfText(fitText(invoice.title, 80)), { x: 48, y: 841.89 - 60, size: 12, font: bold, maxWidth: 499 });
      page.drawText(pdfText(MSG.dossierInvoiceLeftOut(maxMb)), { x: 48, y: 841.89 - 84, size: 10, font, maxWidth: 499, lineHeight: 13 });
    } else if (bytes) {
      // A damaged or protected invoice is left out, as before.
      try {
        const source = await PDFDocument.load(bytes, { ignoreEncryption: true });
        for (const page of await merged.copyPages(source, source.getPageIndices())) merged.addPage(page);
      } catch {
        channel.tell({ leftOut: invoice.applianceId, why: 'unreadable' } satisfies DossierEvent);
      }
    }
    channel.tell({ done: before + i + 1 } satisfies DossierEvent);
  }
  return Buffer.from(await merged.save());
}
