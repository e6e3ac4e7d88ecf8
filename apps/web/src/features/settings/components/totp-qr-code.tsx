import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

/**
 * The setup link as a QR code for an authenticator app to scan. Drawn in the browser from the
 * otpauth URI: the secret never goes to a third-party QR service.
 */
export function TotpQrCode({ uri }: { uri: string }) {
  const [dataUrl, setDataUrl] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(uri, { margin: 1, width: 192, errorCorrectionLevel: 'M' })
      .then((url) => live && setDataUrl(url))
      .catch(() => live && setDataUrl(null));
    return () => {
      live = false;
    };
  }, [uri]);
  if (!dataUrl) return null;
  return (
    <img
      src={dataUrl}
      width={192}
      height={192}
      alt="QR code to scan with your authenticator app"
      className="rounded-md border bg-white"
      data-testid="two-factor-qr"
    />
  );
}
