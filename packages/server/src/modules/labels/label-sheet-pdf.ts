import { LABEL_SHEETS, type LabelSheet, qrDarkRuns, sheetLeft, TEXT_MAX } from '@ecofoyer/contracts';
import { fitText, pdfText } from '../../lib/pdf-text.ts';
import { lazyModule } from '../../lib/lazy-module.ts';

const pdfkit = lazyModule(async () => (await import('pdfkit')).default);
const qrcode = lazyModule(async () => (await import('qrcode')).default);

/** PDF points per millimetre. */
const PT = 72 / 25.4;
/** Inside each label, clear of its rounded corners and of a sheet fed a little askew. */
const PADDING = 3;
/** 25 mm: modules of about 0.8 mm for a `APP_URL/a/{code}` address, read by any phone at arm's length. */
const QR_MAX = 25;
const GAP = 2.5;

/** A label's text on one line, in what the PDF's standard fonts draw. */
export const winAnsi = (text: string) => pdfText(text.normalize('NFC').replace(/[\t\n\r]+/g, ' '));

export interface SheetLabel {
  nom: string;
  code: string;
  url: string;
}

/**
 * An A4 sheet of labels (Avery geometry of LABEL_SHEETS), as many pages as needed, each
 * label a QR code of its address drawn as filled squares (no image, sharp at any printer's
 * resolution), the appliance's name and the code, which can also be typed after `/a/`.
 */
export async function labelSheetPdf(
  labels: readonly SheetLabel[],
  sheet: LabelSheet,
  info: { title: string; createdAt: Date },
): Promise<Buffer> {
  const [PDFDocument, QRCode] = await Promise.all([pdfkit(), qrcode()]);
  const g = LABEL_SHEETS[sheet];
  const perPage = g.columns * g.rows;
  const left = sheetLeft(sheet);
  const doc = new PDFDocument({
    autoFirstPage: false,
    size: 'A4',
    margin: 0,
    info: { Title: info.title, Author: 'EcoFoyer', Creator: 'EcoFoyer', CreationDate: info.createdAt },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });

  labels.forEach((label, i) => {
    if (i % perPage === 0) doc.addPage({ size: 'A4', margin: 0 });
    const slot = i % perPage;
    const x = left + (slot % g.columns) * (g.width + g.columnGap);
    const y = g.top + Math.floor(slot / g.columns) * g.height;

    const side = Math.min(g.height - 2 * PADDING, QR_MAX);
    const qrX = x + PADDING;
    const qrY = y + (g.height - side) / 2;
    const modules = QRCode.create(label.url, { errorCorrectionLevel: 'M' }).modules;
    // One module of quiet zone inside the square; the label's padding gives the rest.
    const cell = side / (modules.size + 2);
    for (const { row, col, length } of qrDarkRuns(modules))
      doc.rect((qrX + (col + 1) * cell) * PT, (qrY + (row + 1) * cell) * PT, length * cell * PT, cell * PT);
    doc.fill('#000000');

    const textX = qrX + side + GAP;
    const textWidth = x + g.width - PADDING - textX;
    const codeLine = 3.5;
    const name = { width: textWidth * PT, lineGap: 1 };
    const nameHeight = (g.height - 2 * PADDING - codeLine - 2) * PT;
    doc.fillColor('#000000').font('Helvetica-Bold').fontSize(10);
    // A name too long for the label loses its last words, and says so with « … ».
    let words = winAnsi(fitText(label.nom, TEXT_MAX)).split(' ');
    let text = words.join(' ');
    while (words.length > 1 && doc.heightOfString(text, name) > nameHeight) {
      words = words.slice(0, -1);
      text = `${words.join(' ')}…`;
    }
    doc.text(text, textX * PT, (y + PADDING + 1) * PT, { ...name, height: nameHeight, ellipsis: true });
    doc
      .fillColor('#444444')
      .font('Helvetica')
      .fontSize(7)
      .text(`Code : ${label.code}`, textX * PT, (y + g.height - PADDING - codeLine) * PT, {
        width: textWidth * PT,
        height: codeLine * PT,
        lineBreak: false,
      });
  });
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

/** The sheet laid out on a thread of the job pool (lib/job-pool.ts): 500 labels hold a core for seconds. */
export function labelSheetJob(input: {
  labels: SheetLabel[];
  sheet: LabelSheet;
  info: { title: string; createdAt: Date };
}): Promise<Buffer> {
  return labelSheetPdf(input.labels, input.sheet, input.info);
}
