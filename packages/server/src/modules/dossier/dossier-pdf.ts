import { setImmediate as breathe } from 'node:timers/promises';
import { type DossierAppliance, appliancesCountFr, dayFr, eurosFr, parisDay, TEXT_MAX, UNIVERSE_NAME_MAX } from '@ecofoyer/contracts';
import { lazyModule } from '../../lib/lazy-module.ts';
import { fitText, pdfText } from '../../lib/pdf-text.ts';

const pdfkit = lazyModule(() => import('pdfkit').then((m) => m.default));

/** A4 in points, and the page's margins. */
export const PAGE = { width: 595.28, height: 841.89, margin: 48 } as const;
/** Every page's footer: the household and the day on the left, « Page n / N » on the right, its text's top this far above the page's bottom. */
export const FOOTER = { size: 8, fromBottom: 30 } as const;
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
const PHOTO = 96;
/** Each appliance's block: its photo, or its seven lines, and the space around. */
const BLOCK = Math.max(PHOTO, 18 + 7 * 13) + 16;
const GREEN = '#1f5f3f';
export const GREY = '#555555';

export interface DossierEntry extends DossierAppliance {
  /** The photo, made small (JPEG), or null. */
  loadPhoto: () => Promise<Buffer | null>;
}

/** A claim (« Ma démarche ») as the dossier lists it after the appliances: its title line, then its lines (route, steps, outcome). */
export interface DossierClaim {
  title: string;
  lines: string[];
}

/** The claims' section: its heading, and each claim's title, lines and the space after it. */
const CLAIMS = { heading: 30, title: 18, line: 13, gap: 10 } as const;
/** Lines kept of one claim: its block never outgrows a page (a claim of 80 steps shows its first ones, then « … »). */
const CLAIM_LINES_MAX = 50;

/** The claims' blocks laid out from the top of a new page: how many pages they take (known before any is written). */
function claimPages(claims: DossierClaim[], limit: number): number {
  if (claims.length === 0) return 0;
  let pages = 1;
  let y = PAGE.margin + CLAIMS.heading;
  for (const claim of claims) {
    const height = CLAIMS.title + claim.lines.length * CLAIMS.line + CLAIMS.gap;
    if (y + height > limit) {
      pages++;
      y = PAGE.margin;
    }
    y += height;
  }
  return pages;
}

export interface DossierInput {
  foyer: string;
  at: Date;
  entries: DossierEntry[];
  /** The household's claims, in the order of their appliances (none: no section). */
  claims?: DossierClaim[];
  /** Invoices added after the list (images only: a PDF invoice is merged afterwards), each as its own page. */
  appendix: { title: string; load: () => Promise<Buffer | null> }[];
  /**
   * False when PDF invoices follow (dossier.job.ts): their pages are only known once merged, so the
   * job writes every « Page n / N » then, and this layout leaves them out. True by default.
   */
  numberPages?: boolean;
  onProgress: (done: number) => Promise<void> | void;
}

/**
 * The entry's texts cut to what the forms allow (appliance fields 500 characters, a universe's name
 * 40) before any layout: a name stored before the import checked it (30,000 characters) is not laid out.
 */
function fitted(a: DossierEntry): DossierEntry {
  const text = (v: string | null) => (v === null ? null : fitText(v, TEXT_MAX));
  return {
    ...a,
    nom: fitText(a.nom, TEXT_MAX),
    univers: a.univers === null ? null : fitText(a.univers, UNIVERSE_NAME_MAX),
    type: text(a.type),
    marque: text(a.marque),
    modele: text(a.modele),
    numeroSerie: text(a.numeroSerie),
    vendeur: text(a.vendeur),
    classeEnergie: text(a.classeEnergie),
    facture: a.facture && { ...a.facture, nom: fitText(a.facture.nom, TEXT_MAX) },
  };
}

/** « Garantie légale jusqu’au … » and friends: already in the entry. Lines of one appliance's block. */
function details(a: DossierAppliance): [string, string][] {
  const purchase = [
    a.dateAchat ? dayFr(a.dateAchat) : null,
    a.prixAchat !== null ? eurosFr(a.prixAchat) : null,
    a.vendeur ? `chez ${a.vendeur}` : null,
  ]
    .filter(Boolean)
    .join(' — ');
  return [
    ['Type', [a.type, a.univers ? `(${a.univers})` : null].filter(Boolean).join(' ') || '—'],
    ['Marque et modèle', [a.marque, a.modele].filter(Boolean).join(' ') || '—'],
    ['N° de série', a.numeroSerie ?? '—'],
    ['Achat', purchase ? `${purchase}${a.occasion ? ' (d’occasion)' : ''}` : '—'],
    ['Classe énergétique', a.classeEnergie ?? '—'],
    ['Garantie', a.garantie],
    ['Facture', a.facture ? a.facture.nom : 'aucune'],
  ];
}

/** The footer's left part: whose dossier, of which day. */
export function footerTitle(foyer: string, at: Date): string {
  return `${fitText(foyer, TEXT_MAX)} — dossier d’inventaire du ${dayFr(parisDay(at))}`;
}

/**
 * The « Dossier d'inventaire »: the household's name and the date, a summary, then one
 * block per appliance with its photo, and page numbers. Written as a stream (photos go out as they
 * are read), on a thread of the job pool (dossier.job.ts), every text cut to the form's length first.
 */
export async function renderDossier(given: DossierInput): Promise<Buffer> {
  const input = {
    ...given,
    foyer: fitText(given.foyer, TEXT_MAX),
    entries: given.entries.map(fitted),
    appendix: given.appendix.map((a) => ({ ...a, title: fitText(a.title, TEXT_MAX) })),
    claims: (given.claims ?? []).map((c) => ({
      title: fitText(c.title, TEXT_MAX),
      lines: (c.lines.length > CLAIM_LINES_MAX ? [...c.lines.slice(0, CLAIM_LINES_MAX - 1), '…'] : c.lines).map((l) =>
        fitText(l, TEXT_MAX),
      ),
    })),
  };
  const PDFDocument = await pdfkit();
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    lang: 'fr-FR',
    info: { Title: pdfText(`Dossier d’inventaire — ${input.foyer}`), Author: 'EcoFoyer', CreationDate: input.at },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });

  const priced = input.entries.filter((e) => e.prixAchat !== null);
  const total = priced.reduce((sum, e) => sum + (e.prixAchat ?? 0), 0);
  const guaranteed = input.entries.filter((e) => e.sousGarantie).length;
  doc.fillColor(GREEN).font('Helvetica-Bold').fontSize(22).text(pdfText('Dossier d’inventaire'));
  doc.moveDown(0.2).fillColor('black').font('Helvetica-Bold').fontSize(14).text(pdfText(input.foyer));
  doc
    .font('Helvetica')
    .fontSize(11)
    .fillColor(GREY)
    .text(pdfText(`Établi le ${dayFr(parisDay(input.at))} avec EcoFoyer`));
  doc.moveDown(0.8).fillColor('black').fontSize(12);
  doc
    .font('Helvetica-Bold')
    .text(pdfText(appliancesCountFr(input.entries.length)), { continued: true })
    .font('Helvetica')
    .text(pdfText(` · ${guaranteed} sous garantie`));
  doc.text(
    pdfText(
      `Valeur d’achat totale : ${eurosFr(total)}${priced.length < input.entries.length ? ` (prix connu pour ${appliancesCountFr(priced.length)} sur ${input.entries.length})` : ''}`,
    ),
  );
  doc
    .moveDown(0.4)
    .fontSize(9)
    .fillColor(GREY)
    .text(
      pdfText(
        'Valeurs d’achat déclarées par le foyer, justificatifs joints quand il les a enregistrés. Ce dossier n’est pas une expertise.',
      ),
    );
  doc.moveDown(1);

  // Every block has the same height: the number of pages is known before they are written, so each
  // page goes out with its « Page n / N » as soon as it is full (a buffered document wrote every page
  // at the end at once: 0.6 s of a blocked server at 10,000 appliances).
  const limit = PAGE.height - PAGE.margin - 20;
  const onFirst = Math.max(0, Math.floor((limit - doc.y) / BLOCK));
  const perPage = Math.floor((limit - PAGE.margin) / BLOCK);
  const pageCount =
    1 + Math.ceil(Math.max(0, input.entries.length - onFirst) / perPage) + claimPages(input.claims, limit) + input.appendix.length;
  let page = 1;
  const footer = () => {
    const { x, y } = doc;
    doc.page.margins.bottom = 0;
    doc.font('Helvetica').fontSize(FOOTER.size).fillColor(GREY);
    doc.text(pdfText(footerTitle(input.foyer, input.at)), PAGE.margin, PAGE.height - FOOTER.fromBottom, {
      width: CONTENT_WIDTH / 2,
      lineBreak: false,
      ellipsis: true,
    });
    if (input.numberPages !== false)
      doc.text(`Page ${page} / ${pageCount}`, PAGE.margin + CONTENT_WIDTH / 2, PAGE.height - FOOTER.fromBottom, {
        width: CONTENT_WIDTH / 2,
        align: 'right',
        lineBreak: false,
      });
    doc.page.margins.bottom = PAGE.margin;
    doc.x = x;
    doc.y = y;
  };
  const newPage = () => {
    doc.addPage();
    page++;
    footer();
  };
  footer();

  let done = 0;
  for (const entry of input.entries) {
    const lines = details(entry);
    const height = BLOCK;
    if (doc.y + height > limit) newPage();
    const top = doc.y;
    doc
      .moveTo(PAGE.margin, top)
      .lineTo(PAGE.width - PAGE.margin, top)
      .lineWidth(0.5)
      .strokeColor('#cccccc')
      .stroke();
    const photo = await entry.loadPhoto().catch(() => null);
    if (photo) {
      try {
        doc.image(photo, PAGE.margin, top + 8, { fit: [PHOTO, PHOTO], align: 'center', valign: 'center' });
      } catch {
        doc
          .fontSize(8)
          .fillColor(GREY)
          .text('Photo illisible', PAGE.margin, top + 8 + PHOTO / 2, { width: PHOTO, align: 'center' });
      }
    } else {
      doc
        .rect(PAGE.margin, top + 8, PHOTO, PHOTO)
        .lineWidth(0.5)
        .strokeColor('#dddddd')
        .stroke();
      doc
        .fontSize(8)
        .fillColor(GREY)
        .text('Sans photo', PAGE.margin, top + 8 + PHOTO / 2 - 4, { width: PHOTO, align: 'center' });
    }
    const x = PAGE.margin + PHOTO + 14;
    const width = CONTENT_WIDTH - PHOTO - 14;
    doc
      .fillColor('black')
      .font('Helvetica-Bold')
      .fontSize(12)
      .text(pdfText(entry.nom), x, top + 8, { width, lineBreak: false, ellipsis: true });
    let y = top + 26;
    for (const [label, value] of lines) {
      doc.font('Helvetica-Bold').fontSize(9).fillColor(GREY).text(pdfText(label), x, y, { width: 100, lineBreak: false });
      doc
        .font('Helvetica')
        .fillColor('black')
        .text(pdfText(value), x + 104, y, { width: width - 104, lineBreak: false, ellipsis: true });
      y += 13;
    }
    doc.x = PAGE.margin;
    doc.y = top + height;
    done++;
    await input.onProgress(done);
    await breathe();
  }

  // The claims, after the appliances: a section of its own, each claim a block that stays on one page.
  if (input.claims.length > 0) {
    newPage();
    doc
      .fillColor(GREEN)
      .font('Helvetica-Bold')
      .fontSize(16)
      .text(pdfText('Démarches'), PAGE.margin, PAGE.margin, { width: CONTENT_WIDTH, lineBreak: false });
    let y = PAGE.margin + CLAIMS.heading;
    for (const claim of input.claims) {
      const height = CLAIMS.title + claim.lines.length * CLAIMS.line + CLAIMS.gap;
      if (y + height > limit) {
        newPage();
        y = PAGE.margin;
      }
      doc
        .fillColor('black')
        .font('Helvetica-Bold')
        .fontSize(11)
        .text(pdfText(claim.title), PAGE.margin, y, { width: CONTENT_WIDTH, lineBreak: false, ellipsis: true });
      let line = y + CLAIMS.title;
      for (const text of claim.lines) {
        doc
          .font('Helvetica')
          .fontSize(9)
          .fillColor('black')
          .text(pdfText(text), PAGE.margin + 12, line, { width: CONTENT_WIDTH - 12, lineBreak: false, ellipsis: true });
        line += CLAIMS.line;
      }
      y += height;
    }
    doc.x = PAGE.margin;
    await breathe();
  }

  for (const item of input.appendix) {
    const image = await item.load().catch(() => null);
    newPage();
    doc
      .font('Helvetica-Bold')
      .fontSize(12)
      .fillColor('black')
      .text(pdfText(item.title), PAGE.margin, PAGE.margin, { width: CONTENT_WIDTH, lineBreak: false, ellipsis: true });
    try {
      if (!image) throw new Error('missing');
      doc.image(image, PAGE.margin, PAGE.margin + 24, { fit: [CONTENT_WIDTH, PAGE.height - 2 * PAGE.margin - 48], align: 'center' });
    } catch {
      doc
        .font('Helvetica')
        .fontSize(10)
        .text('Facture illisible ou introuvable.', PAGE.margin, PAGE.margin + 30);
    }
    done++;
    await input.onProgress(done);
    await breathe();
  }

  doc.end();
  await ended;
  return Buffer.concat(chunks);
}
