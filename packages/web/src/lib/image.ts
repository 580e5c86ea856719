import { IMAGE_MAX_SIDE_PX, IMAGE_QUALITY, IMAGE_RESIZE_THRESHOLD_BYTES } from '@ecofoyer/contracts';

/** product §5/§9: an image over 204800 bytes is resized before upload (longest side 800 px, quality 0.8). */
export async function prepareImage(file: File): Promise<File> {
  if (file.size <= IMAGE_RESIZE_THRESHOLD_BYTES || !file.type.startsWith('image/')) return file;
  const [{ default: imageCompression }, lib] = await Promise.all([
    import('browser-image-compression'),
    import('browser-image-compression/dist/browser-image-compression.js?url'),
  ]);
  const resized = await imageCompression(file, {
    maxWidthOrHeight: IMAGE_MAX_SIDE_PX,
    initialQuality: IMAGE_QUALITY,
    useWebWorker: true,
    // The worker (a blob: URL, allowed by worker-src) loads the library from this origin, not from
    // its default CDN, which the CSP and an offline phone would both refuse.
    libURL: new URL(lib.default, window.location.href).href,
    fileType: file.type === 'image/png' ? 'image/png' : 'image/jpeg',
  });
  return new File([resized], file.name, { type: resized.type });
}
