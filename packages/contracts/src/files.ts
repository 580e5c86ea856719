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
