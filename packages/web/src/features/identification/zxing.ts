import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';

/**
 * The WebAssembly barcode reader (zxing-wasm, ZXing-C++), for browsers without BarcodeDetector
 * (decision 020). This module is loaded on demand: neither it nor its .wasm is in any
 * page's bundle. The .wasm is one of the app's own assets — the library would fetch it from a CDN.
 */
prepareZXingModule({ overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) } });

/** The texts of the QR codes and EAN/UPC barcodes in an image (a file, or a camera frame's pixels). */
export async function readCodes(input: Blob | ImageData): Promise<string[]> {
  const results = await readBarcodes(input, { formats: ['QRCode', 'EAN13', 'UPCA'], tryHarder: true, maxNumberOfSymbols: 4 });
  return results.filter((r) => r.isValid && r.text).map((r) => r.text);
}
