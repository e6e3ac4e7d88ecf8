import { useEffect, useState } from 'react';

/**
 * The member's check-in code as a QR code, drawn in the browser (the code never goes to a QR
 * service). `qrcode` is imported when the Profile page draws it, so it is not in the portal's
 * first load. An SVG: no canvas needed.
 */
export function CheckInQr({ code }: { code: string }) {
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    import('qrcode')
      .then((QRCode) =>
        QRCode.toString(code, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }),
      )
      .then((svg) => {
        if (!live) return;
        setFailed(false);
        setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [code]);
  if (failed) return <p className="text-sm text-destructive">The QR code could not be drawn.</p>;
  if (!src) return <div className="size-48 rounded-md border bg-muted" aria-hidden />;
  return (
    <img
      src={src}
      width={192}
      height={192}
      alt="My check-in code"
      className="size-48 rounded-md border bg-white"
    />
  );
}
