// A QR code of a link as one SVG path of its dark modules, drawn by React (no markup from a
// string). qrcode-generator picks the smallest version that holds the text at level M.

import qrcode from "qrcode-generator";

export interface QrPath {
  /** Modules per side, without the quiet zone. */
  size: number;
  /** `M x y h1 v1 h-1 z` per dark module, in module units. */
  d: string;
}

/** The QR code of `text`, or null if it is too long for the largest version (40-M). */
export function qrPath(text: string): QrPath | null {
  const qr = qrcode(0, "M");
  try {
    qr.addData(text);
    qr.make();
  } catch {
    return null;
  }
  const size = qr.getModuleCount();
  const parts: string[] = [];
  for (let row = 0; row < size; row++)
    for (let col = 0; col < size; col++) if (qr.isDark(row, col)) parts.push(`M${col} ${row}h1v1h-1z`);
  return { size, d: parts.join("") };
}
