import path from 'node:path';
import { REPO_ROOT } from '../src/config.ts';

/**
 * A PDF read back as a reader would (pdf.js): its page count and each page's text, the no-break
 * spaces of French amounts and dates made plain spaces so tests compare « 1 234,50 € » as written.
 */
export async function pdfPages(bytes: Buffer | Uint8Array): Promise<string[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const standardFontDataUrl = `${path.join(REPO_ROOT, 'node_modules/pdfjs-dist/standard_fonts')}/`;
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), standardFontDataUrl, verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    pages.push(
      content.items
        .map((item) => ('str' in item ? item.str : ''))
        .join(' ')
        .replace(/[\u00a0\u202f]/g, ' ')
        .replace(/\s+/g, ' '),
    );
  }
  await doc.destroy();
  return pages;
}
