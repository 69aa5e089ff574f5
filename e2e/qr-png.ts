import QRCode from 'qrcode';

/** A PNG picture of `text` as a QR code, for the scan buttons' file inputs. */
export function qrPng(text: string): Promise<Buffer> {
  return QRCode.toBuffer(text, { type: 'png', margin: 4, scale: 6, errorCorrectionLevel: 'M' });
}
