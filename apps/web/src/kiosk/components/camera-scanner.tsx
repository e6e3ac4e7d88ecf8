import { useEffect, useRef, useState } from 'react';

/** The same code seen again within this time is the same member still holding it up. */
const SAME_CODE_MS = 8_000;

/**
 * The camera view that reads members' QR codes (@zxing/browser, loaded with this view so the
 * kiosk's first load does not carry it). No camera, or permission refused: the view goes and
 * the kiosk's other ways (a scanner, typing, the keypad) stay.
 */
export function CameraScanner({
  onCode,
  onUnavailable,
}: {
  onCode: (code: string) => void;
  /** No camera, or no permission: the screen words its instructions without it. */
  onUnavailable: () => void;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const [available, setAvailable] = useState(
    () => typeof navigator !== 'undefined' && !!navigator.mediaDevices?.getUserMedia,
  );
  const latest = useRef(onCode);
  latest.current = onCode;
  const unavailable = useRef(onUnavailable);
  unavailable.current = onUnavailable;

  useEffect(() => {
    if (!available) unavailable.current();
  }, [available]);

  useEffect(() => {
    if (!available || !video.current) return;
    const element = video.current;
    let stopped = false;
    let stop: (() => void) | null = null;
    let last = { code: '', at: 0 };
    import('@zxing/browser')
      .then(({ BrowserQRCodeReader }) =>
        new BrowserQRCodeReader(undefined, { delayBetweenScanAttempts: 100 }).decodeFromConstraints(
          // The camera facing the member, on a tablet; any camera elsewhere.
          { video: { facingMode: 'user' }, audio: false },
          element,
          (result) => {
            if (!result || stopped) return;
            const code = result.getText().trim();
            const now = Date.now();
            if (!code || (code === last.code && now - last.at < SAME_CODE_MS)) return;
            last = { code, at: now };
            latest.current(code);
          },
        ),
      )
      .then((controls) => {
        if (stopped) controls.stop();
        else stop = () => controls.stop();
      })
      .catch(() => {
        if (!stopped) setAvailable(false);
      });
    return () => {
      stopped = true;
      stop?.();
    };
  }, [available]);

  if (!available) return null;
  return (
    <figure className="flex flex-col items-center gap-3">
      <video
        ref={video}
        muted
        playsInline
        aria-label="Camera: hold your QR code up to it"
        className="aspect-[4/3] w-full max-w-2xl rounded-2xl bg-slate-900 object-cover"
        style={{ transform: 'scaleX(-1)' }}
      />
      <figcaption className="text-2xl font-medium text-slate-800">
        Hold your QR code up to the camera
      </figcaption>
    </figure>
  );
}
