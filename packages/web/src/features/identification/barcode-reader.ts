import { parseScannedCode, type ScannedCode } from '@ecofoyer/contracts';

/** The browser's own reader (Chromium on Android and macOS, Safari 17+), where it exists. */
interface BarcodeDetectorLike {
  detect(source: ImageBitmapSource): Promise<{ rawValue: string }[]>;
}
declare global {
  interface Window {
    BarcodeDetector?: {
      new (options: { formats: string[] }): BarcodeDetectorLike;
      getSupportedFormats(): Promise<string[]>;
    };
  }
}

const WANTED = ['qr_code', 'ean_13', 'upc_a'];
let native: Promise<BarcodeDetectorLike | null> | undefined;

/** BarcodeDetector for QR codes and EAN-13, or null where the browser has none (Chromium on Linux, Firefox). */
function nativeDetector(): Promise<BarcodeDetectorLike | null> {
  native ??= (async () => {
    const Detector = typeof window !== 'undefined' ? window.BarcodeDetector : undefined;
    if (!Detector) return null;
    try {
      const formats = await Detector.getSupportedFormats();
      return formats.includes('qr_code') ? new Detector({ formats: WANTED.filter((f) => formats.includes(f)) }) : null;
    } catch {
      return null;
    }
  })();
  return native;
}

/** The first code that an energy label or a barcode gives; `'other'` when codes were read but none is one of those. */
function firstUseful(texts: string[]): ScannedCode | 'other' | null {
  for (const text of texts) {
    const code = parseScannedCode(text);
    if (code) return code;
  }
  return texts.length > 0 ? 'other' : null;
}

/**
 * Reads a still image (« Choisir une photo »): BarcodeDetector where the browser has it, then the
 * WebAssembly reader (also when the native one finds nothing: it tries harder).
 */
export async function decodeImage(file: Blob): Promise<ScannedCode | 'other' | null> {
  const detector = await nativeDetector();
  if (detector) {
    try {
      const bitmap = await createImageBitmap(file);
      const found = firstUseful((await detector.detect(bitmap)).map((c) => c.rawValue));
      bitmap.close();
      if (found && found !== 'other') return found;
    } catch {
      // An image the browser's reader cannot take: the WebAssembly reader tries.
    }
  }
  const { readCodes } = await import('./zxing.ts');
  return firstUseful(await readCodes(file));
}

/** Reads one frame of the camera's video; the canvas is reused from frame to frame. */
export async function decodeFrame(video: HTMLVideoElement, canvas: HTMLCanvasElement): Promise<ScannedCode | 'other' | null> {
  if (video.readyState < 2 || video.videoWidth === 0) return null;
  const detector = await nativeDetector();
  if (detector) return firstUseful((await detector.detect(video)).map((c) => c.rawValue));
  // Frames are scaled down to 1 280 px at most: enough for a label's QR code, and quick to read.
  const scale = Math.min(1, 1280 / Math.max(video.videoWidth, video.videoHeight));
  canvas.width = Math.round(video.videoWidth * scale);
  canvas.height = Math.round(video.videoHeight * scale);
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return null;
  context.drawImage(video, 0, 0, canvas.width, canvas.height);
  const { readCodes } = await import('./zxing.ts');
  return firstUseful(await readCodes(context.getImageData(0, 0, canvas.width, canvas.height)));
}

/** Loads the WebAssembly reader ahead of the first frame, where the browser has no reader of its own. */
export async function warmUpReader(): Promise<void> {
  if (!(await nativeDetector())) await import('./zxing.ts');
}
