import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

/**
 * The pairing address as a QR code for the kiosk's camera. Drawn in the browser: the one-time
 * code never goes to a QR service.
 */
export function KioskPairingQr({ url }: { url: string }) {
  const [dataUrl, setDataUrl] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(url, { margin: 1, width: 192, errorCorrectionLevel: 'M' })
      .then((drawn) => live && setDataUrl(drawn))
      .catch(() => live && setDataUrl(null));
    return () => {
      live = false;
    };
  }, [url]);
  if (!dataUrl) return <div className="size-48 rounded-md border bg-muted" aria-hidden />;
  return (
    <img
      src={dataUrl}
      width={192}
      height={192}
      alt="QR code to scan with the kiosk"
      className="size-48 rounded-md border bg-white"
      data-testid="kiosk-pairing-qr"
    />
  );
}
