/**
 * Synthetic rating plates (« plaques signalétiques ») for the OCR tests and the OCR benchmark.
 *
 * Drawn with pureimage (pure-JS canvas) and the DejaVu fonts from `dejavu-fonts-ttf`: a light grey plate with
 * a dark double border, the brand in DejaVu Sans Bold on the first line, the other lines in DejaVu Sans.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PassThrough } from 'node:stream';
import * as PImage from 'pureimage';

const require = createRequire(import.meta.url);

const REGULAR = 'EcoFoyerPlateSans';
const BOLD = 'EcoFoyerPlateSansBold';

let fontsReady: Promise<void> | null = null;

function fontDir(): string {
  // The package has no entry point: resolve its package.json.
  return join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
}

function loadFonts(): Promise<void> {
  fontsReady ??= (async () => {
    const dir = fontDir();
    await Promise.all([
      PImage.registerFont(join(dir, 'DejaVuSans.ttf'), REGULAR).load(),
      PImage.registerFont(join(dir, 'DejaVuSans-Bold.ttf'), BOLD).load(),
    ]);
  })();
  return fontsReady;
}

async function encodePng(bitmap: PImage.Bitmap): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  await PImage.encodePNGToStream(bitmap, out);
  return Buffer.concat(chunks);
}

export interface PlateImageOptions {
  /** Image width in px (default: fitted to the longest line, at least 640). */
  width?: number;
  /** Image height in px (default: fitted to the lines). */
  height?: number;
  /** Font size in px of the ordinary lines (default 28; the brand line is 1.5× bigger). */
  fontSize?: number;
}

/**
 * Renders a rating plate as PNG. The first line is the brand (bold, larger); the others are the plate's
 * lines, e.g. ["BOSCH", "Mod./Model: WAT28449FF/01", "FD 9604 200123", "220-240 V ~ 50 Hz  2300 W", "Made in Germany  CE"].
 */
export async function plateImage(lines: string[], options: PlateImageOptions = {}): Promise<Buffer> {
  await loadFonts();
  const fontSize = options.fontSize ?? 28;
  const brandSize = Math.round(fontSize * 1.5);
  const margin = Math.round(fontSize * 1.5);
  const lineGap = Math.round(fontSize * 0.75);

  // Measure with a scratch context so the default size fits the text.
  const scratch = PImage.make(8, 8).getContext('2d');
  const sizes = lines.map((_, i) => (i === 0 ? brandSize : fontSize));
  const widths = lines.map((line, i) => {
    scratch.font = `${sizes[i]}px ${i === 0 ? BOLD : REGULAR}`;
    return scratch.measureText(line).width;
  });
  const contentHeight = sizes.reduce((sum, s) => sum + s + lineGap, 0) - lineGap;
  const width = Math.round(options.width ?? Math.max(640, Math.max(0, ...widths) + 2 * margin));
  const height = Math.round(options.height ?? contentHeight + 2 * margin);

  const bitmap = PImage.make(width, height);
  const ctx = bitmap.getContext('2d');

  // Background: light grey brushed-metal-like plate.
  ctx.fillStyle = '#e4e6e8';
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#f2f3f4';
  ctx.fillRect(6, 6, width - 12, height - 12);

  // Border: dark outer frame and a thin inner line, as embossed plates have.
  ctx.strokeStyle = '#2b2f33';
  ctx.lineWidth = 4;
  ctx.strokeRect(8, 8, width - 16, height - 16);
  ctx.lineWidth = 1;
  ctx.strokeRect(16, 16, width - 32, height - 32);

  // Text, dark grey rather than pure black.
  ctx.fillStyle = '#1c1f22';
  let y = margin;
  lines.forEach((line, i) => {
    const size = sizes[i];
    ctx.font = `${size}px ${i === 0 ? BOLD : REGULAR}`;
    y += size;
    ctx.fillText(line, margin, y - Math.round(size * 0.2));
    y += lineGap;
  });

  return encodePng(bitmap);
}

/** A plain plate-coloured PNG with no text at all. */
export async function blankImage(width = 640, height = 320): Promise<Buffer> {
  const bitmap = PImage.make(width, height);
  const ctx = bitmap.getContext('2d');
  ctx.fillStyle = '#f2f3f4';
  ctx.fillRect(0, 0, width, height);
  return encodePng(bitmap);
}
