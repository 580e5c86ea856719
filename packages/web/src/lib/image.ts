import { IMAGE_MAX_SIDE_PX, IMAGE_QUALITY, IMAGE_RESIZE_THRESHOLD_BYTES } from '@ecofoyer/contracts';

/** spec §5/§9: an image over 204800 bytes is resized before upload (longest side 800 px, quality 0.8). */
export async function prepareImage(file: File): Promise<File> {
  if (file.size <= IMAGE_RESIZE_THRESHOLD_BYTES || !file.type.startsWith('image/')) return file;
  const { default: imageCompression } = await import('browser-image-compression');
  const resized = await imageCompression(file, {
    maxWidthOrHeight: IMAGE_MAX_SIDE_PX,
    initialQuality: IMAGE_QUALITY,
    useWebWorker: true,
    fileType: file.type === 'image/png' ? 'image/png' : 'image/jpeg',
  });
  return new File([resized], file.name, { type: resized.type });
}
