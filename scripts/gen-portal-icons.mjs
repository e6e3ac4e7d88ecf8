// Draws the members' portal's app icons (apps/web/public/icons): run by hand when the mark
// changes (`node scripts/gen-portal-icons.mjs`); the PNGs are committed. A dumbbell in white on
// FitBase blue: `any` icons on a rounded square, the maskable one full-bleed with the mark inside
// the central 80 % safe zone (launchers crop it to their own shape).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(root, 'apps/server/package.json'));
const sharp = require('sharp');
const outDir = path.join(root, 'apps/web/public/icons');
const BLUE = '#1447e6';

/** The dumbbell on a 512 grid, scaled by `s` around the centre. */
function mark(s) {
  const t = (x) => 256 + (x - 256) * s;
  const rect = (x, y, w, h, r) =>
    `<rect x="${t(x)}" y="${t(y)}" width="${w * s}" height="${h * s}" rx="${r * s}" fill="#fff"/>`;
  return [
    rect(96, 236, 320, 40, 12),
    rect(120, 168, 44, 176, 14),
    rect(348, 168, 44, 176, 14),
    rect(76, 200, 40, 112, 12),
    rect(396, 200, 40, 112, 12),
  ].join('');
}

const icons = [
  ['fitbase-192.png', 192, `<rect width="512" height="512" rx="112" fill="${BLUE}"/>${mark(1)}`],
  ['fitbase-512.png', 512, `<rect width="512" height="512" rx="112" fill="${BLUE}"/>${mark(1)}`],
  ['fitbase-maskable-512.png', 512, `<rect width="512" height="512" fill="${BLUE}"/>${mark(0.72)}`],
];

mkdirSync(outDir, { recursive: true });
for (const [name, size, body] of icons) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">${body}</svg>`;
  await sharp(Buffer.from(svg))
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(outDir, name));
  console.log(`wrote ${name}`);
}
