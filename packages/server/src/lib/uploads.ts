import { createHash, randomUUID } from 'node:crypto';
import { API_MSG, FILE_KINDS, FILE_MAX_BYTES_BY_KIND, type FileKind, fileTooLargeFr, MSG } from '@ecofoyer/contracts';
import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { lazyModule } from './lazy-module.ts';
import { imageSize } from 'image-size';
import { badRequest, HttpError } from './errors.ts';

/** file-type loads with the first upload, not at start. */
export const fileType = lazyModule(() => import('file-type'));

export interface UploadedPart {
  field: string;
  buffer: Buffer;
  /** The name the browser gave the file (what the user sees of it; never used to store it). */
  filename: string | null;
}

export interface MultipartBody {
  fields: Record<string, string>;
  file: UploadedPart | null;
}

/**
 * Reads a whole multipart body into memory (at most one file, 10 MB, enforced by the plugin)
 * before anything is stored, so a failed or interrupted upload leaves no row and no file.
 */
export async function readMultipart(request: FastifyRequest): Promise<MultipartBody> {
  if (!request.isMultipart()) throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', API_MSG.unsupportedMedia);
  // Uploads per user are limited before any part is read.
  if (request.auth) {
    const { limiter, config } = request.server.deps;
    await limiter.hit(
      [{ key: `upload:user:${request.auth.userId}`, max: config.rateLimits.uploadsPerUser, windowMs: 15 * 60_000 }],
      API_MSG.tooManyUploads,
    );
  }
  const fields: Record<string, string> = {};
  let file: UploadedPart | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const buffer = await part.toBuffer();
        if (buffer.length > 0) file = { field: part.fieldname, buffer, filename: part.filename || null };
      } else {
        fields[part.fieldname] = String(part.value ?? '');
      }
    }
  } catch (error) {
    // Size and count limits carry their status; a body the parser cannot read is bad input.
    if (error instanceof HttpError || (error as { statusCode?: number }).statusCode) throw error;
    throw badRequest(API_MSG.invalidInput, 'MULTIPART_INVALID');
  }
  return { fields, file };
}

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};

const KIND_MESSAGES: Record<FileKind, string> = {
  image: MSG.fileNotImage,
  invoice: API_MSG.fileNotInvoice,
  manual: API_MSG.fileNotManual,
};

/** Markup a browser would run if it ever rendered the file as a page (SVG, HTML). */
const MARKUP = /<(?:script|html|body|svg|iframe|object|embed|!doctype)\b/i;

/**
 * A polyglot: a valid image or PDF that is also a page or a script. PNG and WebP declare where
 * they end (IEND, the RIFF size), so bytes after that are a payload; JPEG trailers are common
 * (camera data), so a JPEG, like a PDF, is only searched for markup.
 */
function isPolyglot(buffer: Buffer, mime: string): boolean {
  if (MARKUP.test(buffer.toString('latin1'))) return true;
  if (mime === 'image/webp') return buffer.readUInt32LE(4) + 8 !== buffer.length;
  if (mime !== 'image/png') return false;
  for (let offset = 8; offset + 12 <= buffer.length; ) {
    const length = buffer.readUInt32BE(offset);
    const type = buffer.toString('latin1', offset + 4, offset + 8);
    offset += 12 + length;
    if (type === 'IEND') return offset !== buffer.length;
  }
  return true;
}

/**
 * Largest image accepted, in pixels (decompression bomb): a 389 KB PNG can declare
 * 20000 × 20000 pixels, 1.6 GB once decoded. A phone photo is 12–50 MP; the web app sends at most
 * 2 000 px wide. The size is read from the header, before anything decodes the image.
 */
export const MAX_IMAGE_PIXELS = 40_000_000;

/** Width and height from an image's header, without decoding it; a 413 beyond MAX_IMAGE_PIXELS, a 415 for an unreadable header. */
export function checkImageDimensions(buffer: Buffer): { width: number; height: number } {
  let size: { width?: number; height?: number };
  try {
    size = imageSize(buffer);
  } catch {
    throw new HttpError(415, 'UNSUPPORTED_FILE_TYPE', MSG.fileNotImage);
  }
  const { width = 0, height = 0 } = size;
  if (width <= 0 || height <= 0) throw new HttpError(415, 'UNSUPPORTED_FILE_TYPE', MSG.fileNotImage);
  if (width * height > MAX_IMAGE_PIXELS) throw new HttpError(413, 'IMAGE_TOO_LARGE', API_MSG.imageTooManyPixels);
  return { width, height };
}

/** The type of a file decided by its content (magic bytes), never by its name or header. */
export async function sniff(buffer: Buffer, kind: FileKind): Promise<{ mime: string; ext: string }> {
  if (buffer.length > FILE_MAX_BYTES_BY_KIND[kind]) throw new HttpError(413, 'FILE_TOO_LARGE', fileTooLargeFr(kind));
  const detected = await (await fileType()).fileTypeFromBuffer(buffer);
  const allowed: readonly string[] = FILE_KINDS[kind];
  if (!detected || !allowed.includes(detected.mime) || isPolyglot(buffer, detected.mime))
    throw new HttpError(415, 'UNSUPPORTED_FILE_TYPE', KIND_MESSAGES[kind]);
  if (detected.mime.startsWith('image/')) checkImageDimensions(buffer);
  return { mime: detected.mime, ext: EXTENSIONS[detected.mime] };
}

export function newFileKey(scope: 'users' | 'tmp', userId: number, ext: string): string {
  return `${scope}/${userId}/${randomUUID()}.${ext}`;
}

export function requireFile(body: MultipartBody): UploadedPart {
  if (!body.file) throw badRequest(API_MSG.fileMissing, 'FILE_MISSING');
  return body.file;
}

export const CONTENT_TYPES: Record<string, string> = Object.fromEntries(Object.entries(EXTENSIONS).map(([mime, ext]) => [ext, mime]));

/** What identifies a multipart request for its `Idempotency-Key` (lib/idempotency.ts): its fields and its file's digest. */
export function multipartPrint(fields: Record<string, string>, file: Buffer | null): string {
  return `${JSON.stringify(Object.entries(fields).sort(([a], [b]) => (a < b ? -1 : 1)))}\n${file ? createHash('sha256').update(file).digest('base64url') : ''}`;
}
