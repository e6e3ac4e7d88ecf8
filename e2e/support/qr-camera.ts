import { writeFileSync } from 'node:fs';
import QRCode from 'qrcode';

/**
 * A video file for Chromium's fake camera (`--use-file-for-fake-video-capture`): a Y4M stream
 * (YUV 4:2:0) whose frames show `text` as a QR code, black on white with a quiet zone, as a
 * member would hold their phone to the kiosk. Chromium reads the file when a page opens the
 * camera, so a spec can write the member's code here after the browser has started.
 */
export function writeQrCamera(file: string, text: string, width = 640, height = 480): void {
  // No text: a blank picture (nobody in front of the kiosk).
  const qr = text ? QRCode.create(text, { errorCorrectionLevel: 'M' }) : null;
  const size = qr?.modules.size ?? 0;
  const quiet = 4;
  const scale = Math.max(1, Math.floor(Math.min(width, height) / (size + quiet * 2)));
  const side = scale * (size + quiet * 2);
  const left = Math.floor((width - side) / 2);
  const top = Math.floor((height - side) / 2);
  const luma = Buffer.alloc(width * height, 235);
  for (let y = 0; y < side; y++) {
    const row = Math.floor(y / scale) - quiet;
    for (let x = 0; x < side; x++) {
      const col = Math.floor(x / scale) - quiet;
      const dark =
        qr !== null &&
        row >= 0 &&
        col >= 0 &&
        row < size &&
        col < size &&
        qr.modules.get(row, col) === 1;
      if (dark) luma[(top + y) * width + left + x] = 16;
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  // A few identical frames: Chromium loops the file.
  writeFileSync(file, Buffer.concat([header, frame, frame, frame]));
}
