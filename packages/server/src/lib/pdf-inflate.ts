import { constants, inflateSync } from 'node:zlib';

/** The most a filter other than Flate can multiply its input by (RunLength: 128; LZW's 12-bit codes: ~2,700). */
const WORST_RATIO: Record<string, number> = { RunLengthDecode: 128, RL: 128, LZWDecode: 2731, LZW: 2731 };

/**
 * Whether a PDF's streams, once decompressed, would together exceed `max` bytes: a « PDF bomb »
 * (a few hundred KB that inflate to gigabytes), which pdf-lib would decompress whole when it loads
 * the file. Each FlateDecode stream is inflated here only up to what is left of the budget, never
 * further; a filter that cannot be measured that way counts at its worst ratio; an image filter
 * (JPEG, JPEG 2000, fax) counts its own bytes, as pdf-lib copies those streams as they are.
 */
export function pdfInflatesPast(pdf: Uint8Array, max: number): boolean {
  const bytes = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  const text = bytes.toString('latin1');
  let left = max;
  for (const start of text.matchAll(/>>\s*stream(?:\r\n|\n|\r)/g)) {
    const dataAt = start.index + start[0].length;
    const dict = text.slice(Math.max(text.lastIndexOf(' obj', start.index), start.index - 4096, 0), start.index + 2);
    // Its declared length when `endstream` follows it, else up to `endstream` (a length by reference).
    const declared = Number(/\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(dict)?.[1] ?? Number.NaN);
    const end =
      Number.isFinite(declared) && /^\s*endstream/.test(text.slice(dataAt + declared, dataAt + declared + 12))
        ? dataAt + declared
        : text.indexOf('endstream', dataAt);
    if (end < 0) break;
    const data = bytes.subarray(dataAt, end);
    const filters = [...(/\/Filter\s*(\[[^\]]*\]|\/[A-Za-z0-9]+)/.exec(dict)?.[1] ?? '').matchAll(/\/([A-Za-z0-9]+)/g)].map((m) => m[1]!);
    let size = data.length;
    if (filters[0] === 'FlateDecode' || filters[0] === 'Fl') {
      try {
        size = inflateSync(data, { maxOutputLength: left + 1, finishFlush: constants.Z_SYNC_FLUSH, chunkSize: 1 << 20 }).length;
      } catch (error) {
        if (error instanceof RangeError) return true;
        // Damaged data: pdf-lib cannot inflate it either; it counts for its own bytes.
      }
    }
    for (const filter of filters.slice(filters[0] === 'FlateDecode' || filters[0] === 'Fl' ? 1 : 0)) size *= WORST_RATIO[filter] ?? 1;
    left -= size;
    if (left < 0) return true;
  }
  return false;
}
