/**
 * The claim letter as an A4 PDF, made in the browser with pdf-lib (loaded only when asked for):
 * Helvetica in its WinAnsi encoding covers French, so characters outside it are replaced first.
 */
export async function letterPdf(paragraphs: string[]): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts } = await import('pdf-lib');
  const doc = await PDFDocument.create();
  doc.setTitle('Mise en œuvre de la garantie légale de conformité');
  doc.setLanguage('fr-FR');
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const size = 11;
  const margin = 56;
  const [width, height] = [595.28, 841.89];
  const maxWidth = width - 2 * margin;
  // Narrow no-break spaces (from French number formatting) and the œ ligature have no WinAnsi glyph.
  const clean = (s: string) =>
    s
      .replace(/[\u202f\u00a0]/g, ' ')
      .replace(/œ/g, 'oe')
      .replace(/Œ/g, 'OE');
  let page = doc.addPage([width, height]);
  let y = height - margin;
  for (const paragraph of paragraphs.map(clean)) {
    const lines: string[] = [];
    let line = '';
    for (const word of paragraph.split(' ')) {
      const next = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(next, size) > maxWidth && line) {
        lines.push(line);
        line = word;
      } else line = next;
    }
    lines.push(line);
    for (const l of lines) {
      if (y < margin) {
        page = doc.addPage([width, height]);
        y = height - margin;
      }
      page.drawText(l, { x: margin, y, size, font });
      y -= size * 1.45;
    }
    y -= size * 0.9;
  }
  return doc.save();
}
