import { qrDarkRuns } from '@ecofoyer/contracts';
import { create } from 'qrcode';
import { useMemo } from 'react';

/**
 * A QR code drawn here, as an SVG path (no image, no network): one square per dark module, merged in
 * runs along each row, with one module of quiet zone; the label's margin gives the rest.
 */
export function QrCode({ value, className }: { value: string; className?: string }) {
  const { size, path } = useMemo(() => {
    const modules = create(value, { errorCorrectionLevel: 'M' }).modules;
    const d = qrDarkRuns(modules)
      .map(({ row, col, length }) => `M${col + 1} ${row + 1}h${length}v1h-${length}z`)
      .join('');
    return { size: modules.size + 2, path: d };
  }, [value]);
  return (
    <svg className={className} viewBox={`0 0 ${size} ${size}`} shapeRendering="crispEdges" aria-hidden focusable="false">
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
