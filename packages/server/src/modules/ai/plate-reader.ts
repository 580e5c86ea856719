/**
 * Offline reader of appliance rating plates (« plaques signalétiques »): tesseract.js (wasm, worker thread)
 * with the French and English LSTM models shipped by @tesseract.js-data/{fra,eng}, then parsePlate.
 *
 * - One tesseract worker per process, shared by every PlateReader, created on first use (start-up ≈ 0.7–1 s:
 *   wasm compilation + loading the two models) and reused; calls are serialised on a promise chain, so a
 *   burst of uploads queues instead of spawning workers. close() terminates it (a later read starts a new one).
 * - No network: the trained data are read from node_modules, `cacheMethod: 'none'` (nothing written to disk
 *   by tesseract), the wasm core comes from the tesseract.js-core package.
 */
import { mkdtemp, rm, symlink, copyFile, access } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Worker } from 'tesseract.js';
import { checkImageDimensions, MAX_IMAGE_PIXELS } from '../../lib/uploads.ts';
import { parsePlate, type PlateFields } from './plate-parser.ts';

const require = createRequire(import.meta.url);

/** Tesseract language codes, in the order given to tesseract ("fra+eng"). */
const LANGS = ['fra', 'eng'] as const;

export interface PlateReading extends PlateFields {
  /** OCR text: lines trimmed, spaces collapsed, empty lines dropped ('' for a blank image). */
  text: string;
}

/**
 * OCR is not installed: tesseract.js and its language data are optional dependencies (65 MB a
 * server may do without), left out by `npm ci --omit=optional`. The wizard then asks for brand and model by hand.
 */
export class OcrUnavailableError extends Error {
  readonly code = 'OCR_UNAVAILABLE';
  constructor(options?: { cause?: unknown }) {
    super('OCR is not installed (optional dependencies tesseract.js and @tesseract.js-data/* are missing).', options);
    this.name = 'OcrUnavailableError';
  }
}

const missing = (error: unknown) => ['ERR_MODULE_NOT_FOUND', 'MODULE_NOT_FOUND'].includes((error as { code?: string } | null)?.code ?? '');

/** tesseract.js when it is installed; OcrUnavailableError when it is not (`importModule` is replaceable for a test). */
export async function loadTesseract(
  importModule: (name: string) => Promise<unknown> = (name) => import(name),
): Promise<typeof import('tesseract.js')> {
  try {
    return (await importModule('tesseract.js')) as typeof import('tesseract.js');
  } catch (error) {
    if (missing(error)) throw new OcrUnavailableError({ cause: error });
    throw error;
  }
}

/** The upload is not an image the reader accepts (PNG, JPEG or WebP), or it is corrupt. */
export class PlateImageError extends Error {
  readonly code = 'PLATE_IMAGE_UNREADABLE';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PlateImageError';
  }
}

/** The OCR of one photo took longer than the reader's limit: it was stopped, and the next read starts a fresh worker. */
export class PlateReadTimeoutError extends Error {
  readonly code = 'PLATE_READ_TIMEOUT';
  constructor(ms: number) {
    super(`OCR stopped after ${ms} ms`);
    this.name = 'PlateReadTimeoutError';
  }
}

/** Longest side given to the OCR: a plate's text stays legible, and the OCR time stays bounded. */
export const OCR_MAX_SIDE = 2400;

/**
 * The photo as the OCR gets it (a decompression bomb is refused): its size read from the header first
 * (413 past MAX_IMAGE_PIXELS, before any decoding), then turned upright and scaled down to
 * OCR_MAX_SIDE by libvips, on libuv's threads: neither the event loop nor the OCR queue waits on it.
 */
export async function prepareForOcr(image: Buffer): Promise<Buffer> {
  const { width, height } = checkImageDimensions(image);
  if (Math.max(width, height) <= OCR_MAX_SIDE) return image;
  // libvips (11 MB resident) loads with the first large photo, not at start: memory at rest stays low.
  const { default: sharp } = await import('sharp');
  try {
    return await sharp(image, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: OCR_MAX_SIDE, height: OCR_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer();
  } catch (error) {
    throw new PlateImageError('The image could not be decoded (corrupt or truncated file).', { cause: error });
  }
}

export type PlateImageFormat = 'png' | 'jpeg' | 'webp';

/** Format from the magic bytes, or null. */
export function plateImageFormat(image: Buffer): PlateImageFormat | null {
  if (image.length >= 8 && image.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'png';
  }
  if (image.length >= 3 && image[0] === 0xff && image[1] === 0xd8 && image[2] === 0xff) return 'jpeg';
  if (image.length >= 12 && image.toString('latin1', 0, 4) === 'RIFF' && image.toString('latin1', 8, 12) === 'WEBP') {
    return 'webp';
  }
  return null;
}

/** Collapses runs of spaces, trims the lines and drops the empty ones. */
export function normaliseOcrText(raw: string): string {
  return raw
    .split(/\r?\n/)
    .map((line) => line.replace(/[\s\u00a0]+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n');
}

/**
 * Directory of a language's trained data: the LSTM-only "best_int" model of @tesseract.js-data/<lang>
 * (what tesseract.js itself downloads for OEM.LSTM_ONLY), else the package's default `langPath`.
 */
async function trainedDataFile(lang: string): Promise<string> {
  let pkg: { code: string; gzip: boolean; langPath: string };
  try {
    pkg = require(`@tesseract.js-data/${lang}`);
  } catch (error) {
    if (missing(error)) throw new OcrUnavailableError({ cause: error });
    throw error;
  }
  const bestInt = join(dirname(require.resolve(`@tesseract.js-data/${lang}`)), '4.0.0_best_int', `${lang}.traineddata.gz`);
  try {
    await access(bestInt);
    return bestInt;
  } catch {
    return join(pkg.langPath, `${lang}.traineddata${pkg.gzip ? '.gz' : ''}`);
  }
}

// ————————————————————————————————————————————————————————— the process-wide worker

let workerPromise: Promise<Worker> | null = null;
let lastStartupMs: number | null = null;
/** Tail of the queue: every OCR call and close() chain on it. */
let queue: Promise<unknown> = Promise.resolve();

function enqueue<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task);
  queue = run.catch(() => undefined);
  return run;
}

async function startWorker(): Promise<Worker> {
  const started = performance.now();
  const { createWorker, OEM, PSM } = await loadTesseract();
  // tesseract.js takes one `langPath` for all languages, and each data package has its own directory: link
  // both files into a temporary directory, read once at start-up, then removed.
  const dir = await mkdtemp(join(tmpdir(), 'ecofoyer-tessdata-'));
  try {
    for (const lang of LANGS) {
      const source = await trainedDataFile(lang);
      const target = join(dir, `${lang}.traineddata.gz`);
      await symlink(source, target).catch(() => copyFile(source, target));
    }
    const worker = await createWorker([...LANGS], OEM.LSTM_ONLY, {
      langPath: dir,
      gzip: true,
      cacheMethod: 'none',
      // Without a handler, tesseract.js throws a job failure (corrupt image) from an event listener, which
      // crashes the process; the job's own promise still rejects, and read() turns that into PlateImageError.
      errorHandler: () => undefined,
    });
    await worker.setParameters({
      // Plates mix blocks (logo, columns of ratings): automatic page segmentation without OSD.
      tessedit_pageseg_mode: PSM.AUTO,
      preserve_interword_spaces: '0',
      // Photos carry no reliable DPI; tell tesseract rather than let it guess (and warn).
      user_defined_dpi: '300',
    });
    lastStartupMs = performance.now() - started;
    return worker;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function getWorker(): Promise<Worker> {
  if (!workerPromise) {
    const starting = startWorker();
    workerPromise = starting;
    // A failed start is not cached: the next call tries again.
    starting.catch(() => {
      if (workerPromise === starting) workerPromise = null;
    });
  }
  return workerPromise;
}

// ————————————————————————————————————————————————————————— public API

export class PlateReader {
  /** @param timeoutMs the longest one OCR may run before it is stopped (PlateReadTimeoutError). */
  constructor(private readonly options: { timeoutMs?: number } = {}) {}

  /** Milliseconds the last worker start-up took (wasm + models), null before the first one. */
  static get startupMs(): number | null {
    return lastStartupMs;
  }

  /** Starts the shared worker now (e.g. at server start-up) instead of on the first read; resolves to its start-up time. */
  warmUp(): Promise<number> {
    return enqueue(async () => {
      await getWorker();
      return lastStartupMs ?? 0;
    });
  }

  /**
   * OCR of a plate photo, then brand/model. Throws PlateImageError for anything but a readable
   * PNG/JPEG/WebP, an HttpError 413 past MAX_IMAGE_PIXELS, PlateReadTimeoutError past the limit.
   */
  async read(image: Buffer, hint?: string): Promise<PlateReading> {
    if (!Buffer.isBuffer(image) || image.length === 0) {
      throw new PlateImageError('Empty upload: expected a PNG, JPEG or WebP photo of the plate.');
    }
    if (!plateImageFormat(image)) {
      throw new PlateImageError('Unsupported image: expected a PNG, JPEG or WebP photo of the plate.');
    }
    const prepared = await prepareForOcr(image);
    const timeoutMs = this.options.timeoutMs ?? 20_000;
    return enqueue(async () => {
      const worker = await getWorker();
      let raw: string;
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          // The worker is busy with this image and cannot be interrupted: it goes, and the next read
          // starts a new one, so the photos queued behind wait at most one limit each.
          if (workerPromise) void workerPromise.then((w) => w.terminate()).catch(() => undefined);
          workerPromise = null;
          reject(new PlateReadTimeoutError(timeoutMs));
        }, timeoutMs);
      });
      try {
        const { data } = await Promise.race([worker.recognize(prepared), timedOut]);
        raw = data.text ?? '';
      } catch (error) {
        if (error instanceof PlateReadTimeoutError) throw error;
        // tesseract rejects with a string such as "Error: Error attempting to read image."
        throw new PlateImageError('The image could not be decoded (corrupt or truncated file).', { cause: error });
      } finally {
        clearTimeout(timer);
      }
      const text = normaliseOcrText(raw);
      return { text, ...parsePlate(text, hint) };
    });
  }

  /** Terminates the shared worker once the queued reads are done. */
  close(): Promise<void> {
    return enqueue(async () => {
      const current = workerPromise;
      workerPromise = null;
      if (!current) return;
      const worker = await current.catch(() => null);
      await worker?.terminate();
    });
  }
}

/** Reads a plate with any reader (the real one or a test double) and an optional hint typed by the user. */
export function readPlateWith(reader: Pick<PlateReader, 'read'>, image: Buffer, hint?: string): Promise<PlateReading> {
  return reader.read(image, hint);
}
