import { createHash } from 'node:crypto';
import sanitizeHtml from 'sanitize-html';
import sharp from 'sharp';
import { AppError } from '../../lib/errors.ts';

/**
 * A studio logo upload (docs/product/settings-and-help.md#logo): the type is decided by the
 * content, never by the name or the Content-Type; raster images are re-encoded and SVG is
 * sanitised and then rasterised, so what is served back is always a PNG or WebP that FitBase made.
 */

export const LOGO_BOX_PX = 512;

export type LogoKind = 'png' | 'jpeg' | 'webp' | 'svg';

const UNSUPPORTED =
  'This file is not a PNG, JPEG, WebP or SVG image. Choose an image file for the logo.';
const unsupported = (message = UNSUPPORTED) => new AppError('unsupported_media_type', message);

const startsWith = (bytes: Buffer, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);

// An SVG document: optional BOM, XML declaration and comments, then the <svg> root element.
// A DOCTYPE is refused outright (entity expansion has no place in a logo).
const SVG_ROOT = /^\uFEFF?\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/;

/** What the bytes are, by their magic numbers (raster) or by parsing their start (SVG). */
export function sniffLogo(bytes: Buffer): LogoKind | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8))
    return 'webp';
  const head = bytes.subarray(0, 4096).toString('utf8');
  if (SVG_ROOT.test(head)) return 'svg';
  return null;
}

const SVG_TAGS = [
  'svg',
  'g',
  'defs',
  'title',
  'desc',
  'symbol',
  'use',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'linearGradient',
  'radialGradient',
  'stop',
  'clipPath',
  'mask',
  'pattern',
];

const PRESENTATION = [
  'id',
  'class',
  'd',
  'x',
  'y',
  'x1',
  'x2',
  'y1',
  'y2',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'fx',
  'fy',
  'width',
  'height',
  'points',
  'viewBox',
  'preserveAspectRatio',
  'transform',
  'fill',
  'fill-opacity',
  'fill-rule',
  'clip-rule',
  'stroke',
  'stroke-width',
  'stroke-opacity',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-miterlimit',
  'stroke-dasharray',
  'stroke-dashoffset',
  'opacity',
  'offset',
  'stop-color',
  'stop-opacity',
  'gradientUnits',
  'gradientTransform',
  'patternUnits',
  'patternTransform',
  'clipPathUnits',
  'maskUnits',
  'clip-path',
  'mask',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'text-anchor',
  'dominant-baseline',
  'letter-spacing',
  'xmlns',
  'version',
  'href',
  'xlink:href',
];

/**
 * Only drawing elements and presentation attributes survive: no script, no event handler, no
 * foreignObject, no style (CSS can fetch), no image, and a reference (`href`, `url(...)`) may only
 * point inside the document.
 */
export function sanitiseSvg(svg: string): string {
  const clean = sanitizeHtml(svg, {
    allowedTags: SVG_TAGS,
    allowedAttributes: { '*': PRESENTATION },
    parser: { xmlMode: true, lowerCaseTags: false, lowerCaseAttributeNames: false },
    disallowedTagsMode: 'discard',
    nonTextTags: ['script', 'style', 'foreignObject', 'foreignobject', 'textarea', 'iframe'],
    // Every element is written with its closing tag: valid XML whatever the input used.
    selfClosing: [],
    transformTags: {
      '*': (tagName, attribs) => {
        const kept: Record<string, string> = {};
        for (const [name, value] of Object.entries(attribs)) {
          if ((name === 'href' || name === 'xlink:href') && !value.trim().startsWith('#')) continue;
          if (/url\(\s*['"]?(?!#)/i.test(value)) continue;
          kept[name] = value;
        }
        return { tagName, attribs: kept };
      },
    },
  });
  if (!/^\s*<svg[\s>]/.test(clean)) throw unsupported('This SVG file has no drawing we can use.');
  return clean;
}

export interface ProcessedLogo {
  contentType: 'image/png' | 'image/webp';
  data: Buffer;
  contentHash: string;
}

/**
 * Resized to fit 512×512 (aspect kept, never enlarged). Photos (JPEG, WebP) become WebP; PNG
 * and rasterised SVG stay PNG, keeping sharp edges and transparency.
 */
export async function processLogo(bytes: Buffer): Promise<ProcessedLogo> {
  const kind = sniffLogo(bytes);
  if (!kind) throw unsupported();
  const input = kind === 'svg' ? Buffer.from(sanitiseSvg(bytes.toString('utf8'))) : bytes;
  let data: Buffer;
  const asWebp = kind === 'jpeg' || kind === 'webp';
  try {
    const image = sharp(input, { limitInputPixels: 40_000_000, density: kind === 'svg' ? 144 : 72 })
      .rotate()
      .resize(LOGO_BOX_PX, LOGO_BOX_PX, {
        fit: 'inside',
        withoutEnlargement: kind !== 'svg',
      });
    data = await (asWebp ? image.webp({ quality: 90 }) : image.png()).toBuffer();
  } catch {
    throw unsupported('This image could not be read. It may be damaged: try saving it again.');
  }
  return {
    contentType: asWebp ? 'image/webp' : 'image/png',
    data,
    contentHash: createHash('sha256').update(data).digest('hex'),
  };
}
