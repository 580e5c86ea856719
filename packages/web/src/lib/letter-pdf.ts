/**
 * A letter (the claim to the seller, the claims' requests and reminders) as an A4 PDF, made in the browser with pdf-lib (loaded only when asked for):
 * Helvetica in its WinAnsi encoding covers French — accents, « », ’, € and the œ of « mise en
 * œuvre » (0x9C) —, so only what it cannot draw is replaced: a narrow no-break space (French number
 * formatting) by a no-break one, anything else (an emoji in an appliance's name) by « ? », where
 * pdf-lib would throw. A paragraph's « \n » starts a new line (the address blocks).
 */
export async function letterPdf(paragraphs: string[], title = 'Mise en œuvre de la garantie légale de conformité'): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts } = await import('pdf-lib');
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setLanguage('fr-FR');
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const drawable = new Set(font.getCharacterSet());
  const size = 11;
  const margin = 56;
  const [width, height] = [595.28, 841.89];
  const maxWidth = width - 2 * margin;
  const clean = (s: string) =>
    Array.from(s.replace(/[\u202f\u2009\u2007]/g, '\u00a0'), (c) => (c === '\n' || drawable.has(c.codePointAt(0)!) ? c : '?')).join('');
  let page = doc.addPage([width, height]);
  let y = height - margin;
  for (const paragraph of paragraphs.map(clean)) {
    const lines: string[] = [];
    for (const given of paragraph.split('\n')) {
      let line = '';
      for (const word of given.split(' ')) {
        const next = line ? `${line} ${word}` : word;
        if (font.widthOfTextAtSize(next, size) > maxWidth && line) {
          lines.push(line);
          line = word;
        } else line = next;
      }
      lines.push(line);
    }
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
