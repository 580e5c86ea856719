import { API_MSG, type DossierAppliance, TEXT_MAX } from '@ecofoyer/contracts';
import type { JobChannel } from '../../lib/job-pool.ts';
import { lazyModule } from '../../lib/lazy-module.ts';
import { pdfInflatesPast } from '../../lib/pdf-inflate.ts';
import { fitText, pdfText } from '../../lib/pdf-text.ts';
import { type DossierClaim, FOOTER, footerTitle, GREY, PAGE, renderDossier } from './dossier-pdf.ts';

const pdfLib = lazyModule(() => import('pdf-lib'));
type PdfLib = typeof import('pdf-lib');
type PDFFont = import('pdf-lib').PDFFont;
type PDFPage = import('pdf-lib').PDFPage;

/**
 * Each copied invoice page grows by a band at its bottom for the footer, and its first page by one
 * at its top for its caption: the invoice's content keeps its place and nothing is drawn over it
 * (an invoice's header or legal mentions often reach the page's edge), and no separator page is
 * added to print. The footer's text sits where pdfkit writes it on the dossier's pages.
 */
const BAND = 36;
const CAPTION_SIZE = 11;

/** `text` cut with « … » to fit `width` at `size`: what pdfkit's `ellipsis` does on the dossier's own pages. */
function fitWidth(text: string, font: PDFFont, size: number, width: number): string {
  if (font.widthOfTextAtSize(text, size) <= width) return text;
  let [lo, hi] = [0, text.length];
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (font.widthOfTextAtSize(`${text.slice(0, mid)}…`, size) <= width) lo = mid;
    else hi = mid - 1;
  }
  return `${text.slice(0, lo).trimEnd()}…`;
}

/** A page as a reader sees it, its /Rotate applied: its size, and where a point from its bottom-left lies in the page's own space. */
interface Frame {
  width: number;
  height: number;
  turn: number;
  at: (dx: number, dy: number) => { x: number; y: number };
}

/**
 * Grows `page` by `top` and `bottom` points on the sides a reader sees as its top and bottom: a
 * scanned invoice is often stored sideways with a /Rotate, whose top is then its box's left or right.
 */
function grow(page: PDFPage, top: number, bottom: number): Frame {
  const turn = (((Math.round(page.getRotation().angle / 90) * 90) % 360) + 360) % 360;
  const box = page.getCropBox();
  let [x0, y0, x1, y1] = [box.x, box.y, box.x + box.width, box.y + box.height];
  if (turn === 0) [y0, y1] = [y0 - bottom, y1 + top];
  else if (turn === 90) [x0, x1] = [x0 - top, x1 + bottom];
  else if (turn === 180) [y0, y1] = [y0 - top, y1 + bottom];
  else [x0, x1] = [x0 - bottom, x1 + top];
  if (top > 0 || bottom > 0) {
    const media = page.getMediaBox();
    const [mx0, my0] = [Math.min(media.x, x0), Math.min(media.y, y0)];
    page.setMediaBox(mx0, my0, Math.max(media.x + media.width, x1) - mx0, Math.max(media.y + media.height, y1) - my0);
    page.setCropBox(x0, y0, x1 - x0, y1 - y0);
  }
  const sideways = turn === 90 || turn === 270;
  const at = (dx: number, dy: number) =>
    turn === 0
      ? { x: x0 + dx, y: y0 + dy }
      : turn === 90
        ? { x: x1 - dy, y: y0 + dx }
        : turn === 180
          ? { x: x1 - dx, y: y1 - dy }
          : { x: x0 + dy, y: y1 - dx };
  return { width: sideways ? y1 - y0 : x1 - x0, height: sideways ? x1 - x0 : y1 - y0, turn, at };
}

/**
 * A page of the merged dossier: pdfkit's (its footer written but for the number), a notice of ours
 * (A4, no footer yet), or an invoice's, copied as it is (its first one captioned with its appliance).
 */
type Merged = { page: PDFPage; kind: 'layout' | 'notice' } | { page: PDFPage; kind: 'invoice'; caption: string | null };

/**
 * « Page n / N » on every page of the merged dossier, once N is known; on the pages added after
 * pdfkit's, the household and the day too, and on each invoice's first page its caption.
 */
function stamp(lib: PdfLib, pages: Merged[], fonts: { font: PDFFont; bold: PDFFont }, title: string) {
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(GREY.slice(i, i + 2), 16) / 255) as [number, number, number];
  // pdfkit places a line by its top: its baseline is the font's ascent lower.
  const baseline = FOOTER.fromBottom - fonts.font.heightAtSize(FOOTER.size, { descender: false });
  pages.forEach((merged, i) => {
    const caption = merged.kind === 'invoice' ? merged.caption : null;
    const frame = merged.kind === 'invoice' ? grow(merged.page, caption === null ? 0 : BAND, BAND) : grow(merged.page, 0, 0);
    const margin = Math.min(PAGE.margin, frame.width / 10);
    const draw = (text: string, dx: number, dy: number, size: number, font: PDFFont, color = lib.rgb(r, g, b)) =>
      merged.page.drawText(text, { ...frame.at(dx, dy), size, font, color, rotate: lib.degrees(frame.turn) });
    const number = `Page ${i + 1} / ${pages.length}`;
    draw(number, frame.width - margin - fonts.font.widthOfTextAtSize(number, FOOTER.size), baseline, FOOTER.size, fonts.font);
    if (merged.kind !== 'layout') {
      const width = (frame.width - 2 * margin) / 2 - 8;
      draw(fitWidth(title, fonts.font, FOOTER.size, width), margin, baseline, FOOTER.size, fonts.font);
    }
    if (caption !== null) {
      const line = pdfText(fitText(caption, TEXT_MAX).replace(/\s+/g, ' '));
      draw(
        fitWidth(line, fonts.bold, CAPTION_SIZE, frame.width - 2 * margin),
        margin,
        frame.height - BAND + 12,
        CAPTION_SIZE,
        fonts.bold,
        lib.rgb(0, 0, 0),
      );
    }
  });
}

/** What the dossier's job is given; the files it asks for as it goes (photos, invoices: `DossierRequest`). */
export interface DossierJobInput {
  foyer: string;
  at: Date;
  entries: (DossierAppliance & { hasPhoto: boolean })[];
  /** The household's claims, listed after the appliances. */
  claims: DossierClaim[];
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
    claims: input.claims,
    appendix: input.appendix.map((item, i) => ({ title: item.title, load: () => ask({ appendix: i }) })),
    numberPages: input.invoices.length === 0,
    onProgress: (done) => channel.tell({ done } satisfies DossierEvent),
  });
  if (input.invoices.length === 0) return pdf;

  const lib = await pdfLib();
  const { PDFDocument, StandardFonts } = lib;
  const merged = await PDFDocument.load(pdf);
  const font = await merged.embedFont(StandardFonts.Helvetica);
  const bold = await merged.embedFont(StandardFonts.HelveticaBold);
  const pages: Merged[] = merged.getPages().map((page) => ({ page, kind: 'layout' }));
  const maxMb = Math.round(input.maxInflatedBytes / 2 ** 20);
  const before = input.entries.length + input.appendix.length;
  for (const [i, invoice] of input.invoices.entries()) {
    const bytes = await ask({ invoice: i }).catch(() => null);
    if (bytes && pdfInflatesPast(bytes, input.maxInflatedBytes)) {
      channel.tell({ leftOut: invoice.applianceId, why: 'inflates' } satisfies DossierEvent);
      const page = merged.addPage([PAGE.width, PAGE.height]);
      page.drawText(pdfText(fitText(invoice.title, 80)), { x: 48, y: PAGE.height - 60, size: 12, font: bold, maxWidth: 499 });
      page.drawText(pdfText(API_MSG.dossierInvoiceLeftOut(maxMb)), {
        x: 48,
        y: PAGE.height - 84,
        size: 10,
        font,
        maxWidth: 499,
        lineHeight: 13,
      });
      pages.push({ page, kind: 'notice' });
    } else if (bytes) {
      // A damaged or protected invoice is left out, as before.
      try {
        const source = await PDFDocument.load(bytes, { ignoreEncryption: true });
        const copied = await merged.copyPages(source, source.getPageIndices());
        copied.forEach((page, k) => {
          merged.addPage(page);
          pages.push({ page, kind: 'invoice', caption: k === 0 ? invoice.title : null });
        });
      } catch {
        channel.tell({ leftOut: invoice.applianceId, why: 'unreadable' } satisfies DossierEvent);
      }
    }
    channel.tell({ done: before + i + 1 } satisfies DossierEvent);
  }
  stamp(lib, pages, { font, bold }, pdfText(footerTitle(input.foyer, input.at)));
  return Buffer.from(await merged.save());
}
