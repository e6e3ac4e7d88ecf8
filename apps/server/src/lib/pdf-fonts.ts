import { readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import path from 'node:path';
import { REPO_ROOT } from '../env.ts';

/**
 * Which fonts a PDF of FitBase writes with (receipts, invoices, signed waivers).
 *
 * The 14 standard PDF fonts (Helvetica) need no embedding and keep a Latin receipt a few KB,
 * but they draw only WinAnsi (Windows-1252). A studio or member named in Japanese, a waiver
 * written in Japanese, or a date with 年 would come out garbled, so a document whose text leaves
 * WinAnsi embeds Noto Sans JP (SIL Open Font License, apps/server/assets/fonts/OFL.txt): its
 * Japanese set also has Latin, so one font writes the whole document. pdfkit embeds only the
 * glyphs used. Chinese characters outside the Japanese set and Hangul are not covered yet.
 */
export interface PdfFonts {
  regular: string;
  bold: string;
  /** True when the document embeds Noto Sans JP (it writes any Japanese text as is). */
  embedded: boolean;
  /** The text as the chosen fonts can write it. */
  text: (value: string) => string;
}

/** WinAnsi's characters above Latin-1 (Windows-1252's 0x80-0x9F). */
const WIN_ANSI_EXTRA = new Set([...'€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ']);

// Standard fonts: a narrow no-break space (fr-FR groups, en-US "9:30 PM") becomes a no-break
// space, ja-JP's fullwidth yen sign the yen sign, U+2212 minus a hyphen.
const standardText = (value: string) =>
  value
    .replace(/\u202f/g, '\u00a0')
    .replace(/\uffe5/g, '\u00a5')
    .replace(/\u2212/g, '-');

function fitsWinAnsi(value: string): boolean {
  for (const ch of value) {
    const c = ch.codePointAt(0)!;
    if (c === 0x0a || c === 0x0d || c === 0x09) continue;
    if ((c >= 0x20 && c <= 0x7e) || (c >= 0xa0 && c <= 0xff) || WIN_ANSI_EXTRA.has(ch)) continue;
    return false;
  }
  return true;
}

const FONT_DIR = path.join(REPO_ROOT, 'apps/server/assets/fonts');
let embedded: { regular: Buffer; bold: Buffer } | null = null;

/**
 * A WOFF file as the plain TrueType font it wraps. The repository keeps the fonts as WOFF (1.4 MB
 * rather than 5), but fontkit inflates a WOFF's glyph table again for every glyph it reads, so a
 * Japanese receipt took 30 s to lay out; inflated once here, it takes well under a second.
 */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') return woff;
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, i) => {
    const at = 44 + i * 20;
    const offset = woff.readUInt32BE(at + 4);
    const compLength = woff.readUInt32BE(at + 8);
    const origLength = woff.readUInt32BE(at + 12);
    const stored = woff.subarray(offset, offset + compLength);
    return {
      tag: woff.subarray(at, at + 4),
      checksum: woff.readUInt32BE(at + 16),
      data: compLength < origLength ? inflateSync(stored) : stored,
    };
  });
  const entrySelector = Math.floor(Math.log2(numTables));
  const header = Buffer.alloc(12 + numTables * 16);
  header.writeUInt32BE(woff.readUInt32BE(4), 0); // the wrapped font's sfnt version
  header.writeUInt16BE(numTables, 4);
  header.writeUInt16BE(2 ** entrySelector * 16, 6);
  header.writeUInt16BE(entrySelector, 8);
  header.writeUInt16BE(numTables * 16 - 2 ** entrySelector * 16, 10);
  const parts: Buffer[] = [header];
  let offset = header.length;
  tables.forEach((table, i) => {
    const record = 12 + i * 16;
    table.tag.copy(header, record);
    header.writeUInt32BE(table.checksum, record + 4);
    header.writeUInt32BE(offset, record + 8);
    header.writeUInt32BE(table.data.length, record + 12);
    const padded = Buffer.alloc((table.data.length + 3) & ~3);
    table.data.copy(padded);
    parts.push(padded);
    offset += padded.length;
  });
  return Buffer.concat(parts);
}

/** Read once per process, and only by a process that writes such a document. */
function embeddedFonts() {
  embedded ??= {
    regular: woffToSfnt(readFileSync(path.join(FONT_DIR, 'noto-sans-jp-400.woff'))),
    bold: woffToSfnt(readFileSync(path.join(FONT_DIR, 'noto-sans-jp-700.woff'))),
  };
  return embedded;
}

/** Chooses the fonts for a document that will write `texts`, registering them on `doc`. */
export function pdfFonts(doc: PDFKit.PDFDocument, texts: ReadonlyArray<string>): PdfFonts {
  if (texts.every((t) => fitsWinAnsi(standardText(t))))
    return { regular: 'Helvetica', bold: 'Helvetica-Bold', embedded: false, text: standardText };
  const fonts = embeddedFonts();
  doc.registerFont('Body', fonts.regular);
  doc.registerFont('Body-Bold', fonts.bold);
  return { regular: 'Body', bold: 'Body-Bold', embedded: true, text: (value) => value };
}
