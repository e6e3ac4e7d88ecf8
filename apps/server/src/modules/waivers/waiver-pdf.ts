import PDFDocument from 'pdfkit';
import { pdfFonts } from '../../lib/pdf-fonts.ts';
import type { SignatureRow } from './waivers.queries.ts';

/**
 * The signed copy of a waiver as a PDF (docs/product/waivers.md): what was signed, by whom,
 * when in the studio's time zone, from where, and the SHA-256 of the text.
 */
export interface WaiverPdfInput {
  studioName: string;
  timeZone: string;
  /** The studio's locale (ADR 0038): the signing time is written as the studio writes dates. */
  locale: string;
  memberName: string;
  signature: SignatureRow;
}

/** What the PDF's standard font (Helvetica, WinAnsi) can draw: Latin-1 and a few more. */
const DRAWABLE = /^[\u0020-\u007e\u00a0-\u00ff\u2013\u2014\u2018-\u201d\u2026\u20ac]*$/;

/**
 * The signing time in the studio's locale and zone, with the zone named: "November 24, 2026 at
 * 9:00:00 PM GMT+1 (Europe/Berlin)", "24. November 2026 um 21:00:00 MEZ (Europe/Berlin)". A
 * locale whose dates the PDF's standard font cannot draw (ja-JP's 年, ar's digits) falls back to
 * ISO 8601 ("2026-11-24 21:00:00 GMT+9"), still in the studio's zone, rather than a garbled line;
 * a document with an embedded font (a waiver in Japanese, lib/pdf-fonts.ts) writes it as is.
 */
export function signingTime(
  at: Date,
  timeZone: string,
  locale: string,
  embeddedFont = false,
): string {
  const inLocale = (tag: string) =>
    new Intl.DateTimeFormat(tag, { timeZone, dateStyle: 'long', timeStyle: 'long' })
      .format(at)
      // Narrow no-break spaces (before AM/PM) and U+2212 minus ("GMT−5") are not in WinAnsi.
      .replace(/\u202f/g, '\u00a0')
      .replace(/\u2212/g, '-');
  let text = inLocale(locale);
  if (!embeddedFont && !DRAWABLE.test(text)) {
    text = new Intl.DateTimeFormat('sv-SE', { timeZone, dateStyle: 'short', timeStyle: 'long' })
      .format(at)
      .replace(/\u2212/g, '-');
  }
  return `${text} (${timeZone})`;
}

export function waiverPdf(input: WaiverPdfInput): Promise<Buffer> {
  const { signature: s } = input;
  // Fixed metadata dates keep the file the same for the same signature.
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: {
      Title: `${s.title} (version ${s.version})`,
      Author: input.studioName,
      CreationDate: s.signedAt,
      ModDate: s.signedAt,
    },
  });
  const fonts = pdfFonts(doc, [
    input.studioName,
    input.memberName,
    s.title,
    s.body,
    s.signedName,
    s.guardianName ?? '',
    s.userAgent ?? '',
  ]);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font(fonts.regular).fontSize(10).fillColor('#444').text(input.studioName);
  doc.moveDown(0.5);
  doc.font(fonts.bold).fontSize(18).fillColor('#000').text(s.title);
  doc.font(fonts.regular).fontSize(10).fillColor('#444').text(`Version ${s.version}`);
  doc.moveDown();
  doc.fontSize(11).fillColor('#000').text(s.body, { align: 'left' });
  doc.moveDown(1.5);
  doc.font(fonts.bold).fontSize(12).text('Signature');
  doc.moveDown(0.3);
  const lines: Array<[string, string]> = [
    ['Member', input.memberName],
    ['Signed name', s.signedName],
    ...(s.guardianName
      ? ([['Parent or guardian', s.guardianName]] as Array<[string, string]>)
      : []),
    ['Agreement', 'I have read and agree'],
    [
      'Signed at',
      fonts.text(signingTime(s.signedAt, input.timeZone, input.locale, fonts.embedded)),
    ],
    ['IP address', s.ipAddress ?? 'Not recorded'],
    ['User agent', s.userAgent ?? 'Not recorded'],
    ['SHA-256 of the text signed', s.sha256],
  ];
  for (const [label, value] of lines) {
    doc.font(fonts.bold).fontSize(10).text(`${label}: `, { continued: true });
    doc.font(fonts.regular).text(value);
  }
  doc.moveDown();
  doc
    .fontSize(8)
    .fillColor('#666')
    .text(
      'The SHA-256 is computed over the title, a blank line and the text above, exactly as shown when signing.',
    );
  doc.end();
  return done;
}
