import { randomUUID } from 'node:crypto';
import { FILE_KINDS, type FileKind, MSG } from '@ecofoyer/contracts';
import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { badRequest, HttpError } from './errors.ts';

export interface UploadedPart {
  field: string;
  buffer: Buffer;
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
  if (!request.isMultipart()) throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', MSG.unsupportedMedia);
  const fields: Record<string, string> = {};
  let file: UploadedPart | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const buffer = await part.toBuffer();
        if (buffer.length > 0) file = { field: part.fieldname, buffer };
      } else {
        fields[part.fieldname] = String(part.value ?? '');
      }
    }
  } catch (error) {
    // Size and count limits carry their status; a body the parser cannot read is bad input.
    if (error instanceof HttpError || (error as { statusCode?: number }).statusCode) throw error;
    throw badRequest(MSG.invalidInput, 'MULTIPART_INVALID');
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
  invoice: MSG.fileNotInvoice,
  manual: MSG.fileNotManual,
};

/** The type of a file decided by its content (magic bytes), never by its name or header. */
export async function sniff(buffer: Buffer, kind: FileKind): Promise<{ mime: string; ext: string }> {
  const detected = await fileTypeFromBuffer(buffer);
  const allowed: readonly string[] = FILE_KINDS[kind];
  if (!detected || !allowed.includes(detected.mime)) throw new HttpError(415, 'UNSUPPORTED_FILE_TYPE', KIND_MESSAGES[kind]);
  return { mime: detected.mime, ext: EXTENSIONS[detected.mime] };
}

export function newFileKey(scope: 'users' | 'tmp', userId: number, ext: string): string {
  return `${scope}/${userId}/${randomUUID()}.${ext}`;
}

export function requireFile(body: MultipartBody): UploadedPart {
  if (!body.file) throw badRequest(MSG.fileMissing, 'FILE_MISSING');
  return body.file;
}

export const CONTENT_TYPES: Record<string, string> = Object.fromEntries(
  Object.entries(EXTENSIONS).map(([mime, ext]) => [ext, mime]),
);
