import { deflateSync } from 'node:zlib';

/**
 * A valid one-page PDF whose object stream inflates to `inflatedBytes` (a « PDF bomb »): a few
 * hundred KB uploaded as an invoice, which pdf-lib decompresses whole when it loads the file (once,
 * 600 KB inflating to 150 MB held the event loop 18.5 s). `text` is drawn on
 * the page, so a test can tell whether the invoice was appended.
 */
export function inflatingPdf(inflatedBytes: number, text = 'FACTURE-GONFLEE'): Buffer {
  // One string literal: pdf-lib reads it character by character once inflated (20 MB: 4.5 s).
  const header = '6 0 ';
  const literal = Buffer.alloc(Math.max(2, inflatedBytes - header.length), 0x41);
  literal[0] = 0x28;
  literal[literal.length - 1] = 0x29;
  const objectStream = deflateSync(Buffer.concat([Buffer.from(header), literal]), { level: 9 });
  const content = Buffer.from(`BT /F1 14 Tf 50 700 Td (${text}) Tj ET`);
  const parts: Buffer[] = [];
  const offsets: number[] = [];
  let length = 0;
  const push = (chunk: Buffer | string) => {
    const b = typeof chunk === 'string' ? Buffer.from(chunk, 'latin1') : chunk;
    parts.push(b);
    length += b.length;
  };
  const object = (n: number, body: string, stream?: Buffer) => {
    offsets[n] = length;
    push(`${n} 0 obj\n${body}\n`);
    if (stream) {
      push('stream\n');
      push(stream);
      push('\nendstream\n');
    }
    push('endobj\n');
  };
  push('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n');
  object(1, '<< /Type /Catalog /Pages 2 0 R >>');
  object(2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>');
  object(3, '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 7 0 R >> >> /Contents 4 0 R >>');
  object(4, `<< /Length ${content.length} >>`, content);
  object(5, `<< /Type /ObjStm /N 1 /First ${header.length} /Length ${objectStream.length} /Filter /FlateDecode >>`, objectStream);
  object(7, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  const xref = length;
  const rows = Array.from({ length: 8 }, (_, n) =>
    offsets[n] === undefined ? '0000000000 65535 f \n' : `${String(offsets[n]).padStart(10, '0')} 00000 n \n`,
  );
  push(`xref\n0 8\n${rows.join('')}trailer\n<< /Size 8 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  return Buffer.concat(parts);
}
