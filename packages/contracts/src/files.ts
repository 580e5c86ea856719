import { MSG } from './messages.fr.ts';

/** API.md "Files": 10 MB, type decided by content (magic bytes). */
export const FILE_MAX_BYTES = 10 * 1024 * 1024;

export const FILE_KINDS = {
  image: ['image/jpeg', 'image/png', 'image/webp'],
  invoice: ['application/pdf', 'image/jpeg', 'image/png'],
  manual: ['application/pdf'],
} as const;
export type FileKind = keyof typeof FILE_KINDS;

/** What the browser's file picker offers for each kind (the server checks the content anyway). */
export const FILE_ACCEPT: Record<FileKind, string> = {
  image: 'image/jpeg,image/png,image/webp',
  invoice: 'application/pdf,image/jpeg,image/png',
  manual: 'application/pdf',
};

/**
 * Largest file of each kind (real appliance manuals run to 20 MB and more). The request
 * limit is the largest of them; each kind is checked on its own, by the page before sending too.
 */
export const FILE_MAX_BYTES_BY_KIND: Record<FileKind, number> = {
  image: FILE_MAX_BYTES,
  invoice: FILE_MAX_BYTES,
  manual: 25 * 1024 * 1024,
};
export const UPLOAD_MAX_BYTES = Math.max(...Object.values(FILE_MAX_BYTES_BY_KIND));

/** « 10 Mo », « 25 Mo ». */
export const fileSizeLimitFr = (kind: FileKind) => `${Math.round(FILE_MAX_BYTES_BY_KIND[kind] / (1024 * 1024))} Mo`;

/** The French message for a file over its kind's limit. */
export const fileTooLargeFr = (kind: FileKind) => MSG.fileTooLargeFor(fileSizeLimitFr(kind));
