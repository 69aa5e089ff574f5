import { useMemo } from 'react';
import { create } from 'qrcode';

/** The dark modules of a QR code as one SVG path (one unit per module, quiet zone around). */
export function qrPath(text: string, quiet = 2): { size: number; path: string } {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  const n = modules.size;
  let path = '';
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      if (modules.get(r, c)) path += `M${c + quiet} ${r + quiet}h1v1h-1z`;
    }
  }
  return { size: n + 2 * quiet, path };
}

/** A QR code drawn as SVG (dark on white, whatever the theme, so every scanner reads it). */
export default function QrCode({
  value,
  label,
  size = 200,
}: {
  value: string;
  label: string;
  size?: number;
}) {
  const { size: units, path } = useMemo(() => qrPath(value), [value]);
  return (
    <svg
      className="qr-code"
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${units} ${units}`}
      shapeRendering="crispEdges"
    >
      <rect width={units} height={units} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
