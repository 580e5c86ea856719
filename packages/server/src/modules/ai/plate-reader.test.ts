import { PassThrough } from 'node:stream';
import * as PImage from 'pureimage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { HttpError } from '../../lib/errors.ts';
import { PDF, pngDeclaring, WEBP } from '../../../test/multipart.ts';
import { blankImage, plateImage } from '../../../test/plate-image.ts';
import {
  loadTesseract,
  OCR_MAX_SIDE,
  OcrUnavailableError,
  PlateImageError,
  PlateReader,
  PlateReadTimeoutError,
  plateImageFormat,
  prepareForOcr,
  readPlateWith,
} from './plate-reader.ts';

// The first OCR starts the wasm worker and loads fra+eng (≈ 1 s, more on a busy machine).
const OCR_TIMEOUT = 60_000;

const reader = new PlateReader();

beforeAll(async () => {
  await reader.warmUp();
}, OCR_TIMEOUT);

afterAll(async () => {
  await reader.close();
}, OCR_TIMEOUT);

const plates: { lines: string[]; marque: string; modele: string }[] = [
  {
    lines: ['BOSCH', 'Mod./Model: WAT28449FF/01', 'FD 9604 200123', '220-240 V ~ 50 Hz  2300 W', 'Made in Germany  CE'],
    marque: 'Bosch',
    modele: 'WAT28449FF/01',
  },
  {
    lines: ['SAMSUNG', 'MODEL CODE: WW90T534DAW/S3', 'SERIAL NO.: 0B2V5ADK300123A', '220-240 V~ 50 Hz 2000-2400 W', 'Made in Poland'],
    marque: 'Samsung',
    modele: 'WW90T534DAW/S3',
  },
  {
    lines: ['Whirlpool', 'Modèle : FFB8448BVFR', '12NC 859991565440', 'Service 0565', '220-240 V~ 50 Hz 10 A'],
    marque: 'Whirlpool',
    modele: 'FFB8448BVFR',
  },
  {
    lines: ["De'Longhi", 'Type: ECAM22.110.B', '220-240 V~ 50/60 Hz 1450 W', 'Made in Romania'],
    marque: "De'Longhi",
    modele: 'ECAM22.110.B',
  },
  {
    lines: ['ELECTROLUX', 'Mod. EW6F4842AB  PNC 914 550 123 00', 'Ser.No. 12345678', '230 V 50 Hz 2200 W'],
    marque: 'Electrolux',
    modele: 'EW6F4842AB',
  },
  {
    lines: ['hp', 'Model No.: TPN-C126', 'Input: 19.5 V 3.33 A', 'S/N: 5CD1234ABC'],
    marque: 'HP',
    modele: 'TPN-C126',
  },
];

async function toJpeg(png: Buffer): Promise<Buffer> {
  const input = new PassThrough();
  input.end(png);
  const bitmap = await PImage.decodePNGFromStream(input);
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  await PImage.encodeJPEGToStream(bitmap, output, 80);
  return Buffer.concat(chunks);
}

describe('PlateReader — OCR of generated rating plates', () => {
  for (const plate of plates) {
    it(
      `reads ${plate.marque} ${plate.modele}`,
      async () => {
        const result = await reader.read(await plateImage(plate.lines));
        expect({ marque: result.marque, modele: result.modele }).toEqual({ marque: plate.marque, modele: plate.modele });
        // The text is normalised: no empty line, no double space.
        expect(result.text).not.toMatch(/\n\s*\n| {2}/);
        expect(result.text.split('\n')[0]).toMatch(new RegExp(plate.lines[0].replace(/'/g, '.?'), 'i'));
      },
      OCR_TIMEOUT,
    );
  }

  it(
    'reads a JPEG photo too',
    async () => {
      const jpeg = await toJpeg(await plateImage(plates[1].lines));
      expect(plateImageFormat(jpeg)).toBe('jpeg');
      const result = await reader.read(jpeg);
      expect({ marque: result.marque, modele: result.modele }).toEqual({ marque: 'Samsung', modele: 'WW90T534DAW/S3' });
    },
    OCR_TIMEOUT,
  );

  it(
    'uses the hint (brand named by the user, model that the plate shows)',
    async () => {
      const image = await plateImage(['Mod./Model: WAT28449FF/01', 'FD 9604 200123', '230 V  50 Hz']);
      const result = await readPlateWith(reader, image, 'Lave-linge Bosch WAT28449FF');
      expect(result).toMatchObject({ marque: 'Bosch', modele: 'WAT28449FF' });
    },
    OCR_TIMEOUT,
  );

  it(
    'serialises concurrent reads on the single worker',
    async () => {
      const images = await Promise.all(plates.slice(0, 3).map((p) => plateImage(p.lines)));
      const results = await Promise.all(images.map((image) => reader.read(image)));
      expect(results.map((r) => r.marque)).toEqual(plates.slice(0, 3).map((p) => p.marque));
    },
    OCR_TIMEOUT,
  );
});

describe('PlateReader — images without a plate', () => {
  it(
    'a blank image gives empty text and nulls',
    async () => {
      const result = await reader.read(await blankImage());
      expect(result.text.trim()).toBe('');
      expect(result).toMatchObject({ marque: null, modele: null });
    },
    OCR_TIMEOUT,
  );

  it(
    'accepts WebP',
    async () => {
      const result = await reader.read(WEBP); // 1×1 px
      expect(result).toEqual({ text: '', marque: null, modele: null });
    },
    OCR_TIMEOUT,
  );

  it('rejects a buffer that is not an image with PlateImageError', async () => {
    await expect(reader.read(Buffer.from('not an image at all'))).rejects.toBeInstanceOf(PlateImageError);
    await expect(reader.read(PDF)).rejects.toMatchObject({ name: 'PlateImageError', code: 'PLATE_IMAGE_UNREADABLE' });
    await expect(reader.read(Buffer.alloc(0))).rejects.toBeInstanceOf(PlateImageError);
  });

  it(
    'rejects a truncated PNG with PlateImageError and keeps working',
    async () => {
      const png = await plateImage(plates[0].lines);
      await expect(reader.read(png.subarray(0, 200))).rejects.toBeInstanceOf(PlateImageError);
      const result = await reader.read(png);
      expect(result.marque).toBe('Bosch');
    },
    OCR_TIMEOUT,
  );
});

describe('photos that would cost the OCR too much (decompression bombs)', () => {
  it('refuses a photo declaring 400 megapixels with a 413, without decoding it', async () => {
    const error = await reader.read(pngDeclaring(20_000, 20_000)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).statusCode).toBe(413);
  });

  it('scales a large photo down to the OCR size, keeping its proportions', async () => {
    const big = await sharp({ create: { width: 6000, height: 1500, channels: 3, background: 'white' } })
      .jpeg()
      .toBuffer();
    const prepared = await sharp(await prepareForOcr(big)).metadata();
    expect([prepared.width, prepared.height]).toEqual([OCR_MAX_SIDE, OCR_MAX_SIDE / 4]);
    const small = await blankImage(640, 320);
    expect(await prepareForOcr(small)).toBe(small);
  });

  it(
    'stops an OCR past its time limit, and the next photo is read by a fresh worker',
    async () => {
      const image = await plateImage(plates[0]!.lines);
      const hurried = new PlateReader({ timeoutMs: 1 });
      await expect(hurried.read(image)).rejects.toBeInstanceOf(PlateReadTimeoutError);
      const reading = await reader.read(image);
      expect(reading.marque).toBe(plates[0]!.marque);
    },
    OCR_TIMEOUT,
  );
});

describe('OCR as an optional dependency', () => {
  it('says OCR is not installed when tesseract.js is missing, and passes any other failure on', async () => {
    const notFound = Object.assign(new Error("Cannot find package 'tesseract.js'"), { code: 'ERR_MODULE_NOT_FOUND' });
    await expect(loadTesseract(() => Promise.reject(notFound))).rejects.toBeInstanceOf(OcrUnavailableError);
    const broken = new Error('wasm compile failed');
    await expect(loadTesseract(() => Promise.reject(broken))).rejects.toBe(broken);
    expect(typeof (await loadTesseract()).createWorker).toBe('function');
  });
});
