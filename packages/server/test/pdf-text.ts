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

/** A piece of text where a reader sees it: from the page's top-left as displayed (its rotation applied), upright or not. */
export interface PlacedText {
  str: string;
  /** The baseline's start, in points from the displayed page's left and top. */
  x: number;
  y: number;
  size: number;
  /** Read left to right, the right way up, as displayed. */
  upright: boolean;
}

/** Each page's texts placed as displayed (pdf.js's viewport: the page's crop box and /Rotate), to check what lies above what. */
export async function pdfPlacedTexts(bytes: Buffer | Uint8Array): Promise<PlacedText[][]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const standardFontDataUrl = `${path.join(REPO_ROOT, 'node_modules/pdfjs-dist/standard_fonts')}/`;
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), standardFontDataUrl, verbosity: 0 }).promise;
  const pages: PlacedText[][] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const page = await doc.getPage(i);
    const viewport = page.getViewport({ scale: 1 });
    const content = await page.getTextContent();
    pages.push(
      content.items.flatMap((item) => {
        if (!('str' in item) || !item.str.trim()) return [];
        const [a, b, , , x, y] = pdfjs.Util.transform(viewport.transform, item.transform) as number[];
        return [{ str: item.str, x: x!, y: y!, size: Math.hypot(a!, b!), upright: a! > 0 && Math.abs(b!) < 1e-6 }];
      }),
    );
  }
  await doc.destroy();
  return pages;
}
