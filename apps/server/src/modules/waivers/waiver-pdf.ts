import PDFDocument from 'pdfkit';
import type { SignatureRow } from './waivers.queries.ts';

/**
 * The signed copy of a waiver as a PDF (docs/product/waivers.md): what was signed, by whom,
 * when in the studio's time zone, from where, and the SHA-256 of the text.
 */
export interface WaiverPdfInput {
  studioName: string;
  timeZone: string;
  memberName: string;
  signature: SignatureRow;
}

function describeInstant(at: Date, timeZone: string): string {
  const text = new Intl.DateTimeFormat('en-US', {
    timeZone,
    dateStyle: 'long',
    timeStyle: 'long',
  }).format(at);
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
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font('Helvetica').fontSize(10).fillColor('#444').text(input.studioName);
  doc.moveDown(0.5);
  doc.font('Helvetica-Bold').fontSize(18).fillColor('#000').text(s.title);
  doc.font('Helvetica').fontSize(10).fillColor('#444').text(`Version ${s.version}`);
  doc.moveDown();
  doc.fontSize(11).fillColor('#000').text(s.body, { align: 'left' });
  doc.moveDown(1.5);
  doc.font('Helvetica-Bold').fontSize(12).text('Signature');
  doc.moveDown(0.3);
  const lines: Array<[string, string]> = [
    ['Member', input.memberName],
    ['Signed name', s.signedName],
    ...(s.guardianName
      ? ([['Parent or guardian', s.guardianName]] as Array<[string, string]>)
      : []),
    ['Agreement', 'I have read and agree'],
    ['Signed at', describeInstant(s.signedAt, input.timeZone)],
    ['IP address', s.ipAddress ?? 'Not recorded'],
    ['User agent', s.userAgent ?? 'Not recorded'],
    ['SHA-256 of the text signed', s.sha256],
  ];
  for (const [label, value] of lines) {
    doc.font('Helvetica-Bold').fontSize(10).text(`${label}: `, { continued: true });
    doc.font('Helvetica').text(value);
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
