import 'server-only';
import QRCode from 'qrcode';

/**
 * The `otpauth:` link as a QR code, drawn on the server as SVG by the `qrcode` package (no script,
 * no image request): an authenticator app on the phone scans it from the screen. Error correction
 * M and a quiet zone of two modules, as the apps' own examples print them.
 */
export async function enrolmentQrSvg(uri: string): Promise<string> {
  return QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2, color: { dark: '#000000', light: '#ffffff' } });
}
