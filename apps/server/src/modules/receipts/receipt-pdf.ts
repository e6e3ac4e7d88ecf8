import {
  documentNumber,
  RECEIPT_KIND_TITLES,
  type ReceiptDocumentKind,
} from '@fitbase/domain/receipts';
import { formatDateTime, formatMoney, type StudioFormat } from '@fitbase/domain/studio-format';
import PDFDocument from 'pdfkit';
import { pdfFonts } from '../../lib/pdf-fonts.ts';
import type { ReceiptSnapshot } from './receipts.queries.ts';

/**
 * A receipt or credit note as a PDF (docs/product/money-and-store.md#receipts): the studio's
 * business details, the number, the date in the studio's locale and zone, the member, the lines
 * with net, tax and gross, how it was paid and the total, all from the frozen snapshot.
 */
export interface ReceiptPdfInput {
  kind: ReceiptDocumentKind;
  number: number;
  issuedAt: Date;
  /** The currency the document was issued in, with the studio's locale and zone. */
  format: StudioFormat;
  snapshot: ReceiptSnapshot;
  /** pdfkit deflates page content; tests read the text uncompressed. */
  compress?: boolean;
}

function paidWith(kind: ReceiptDocumentKind, payment: ReceiptSnapshot['payment']): string {
  const card = payment.cardLastFour
    ? `${payment.cardBrand ? payment.cardBrand.charAt(0).toUpperCase() + payment.cardBrand.slice(1) : 'Card'} ending ${payment.cardLastFour}`
    : null;
  if (kind === 'invoice') return 'Paid in full: the payments above were received.';
  if (kind === 'credit_note') {
    if (payment.method === 'gift_card') return 'Refunded to the gift card';
    if (card) return `Refunded to ${card}`;
    return payment.method === 'cash' ? 'Refunded in cash' : 'Refunded';
  }
  if (payment.method === 'gift_card') return 'Paid by gift card';
  if (card) return `Paid by ${card}`;
  if (payment.method === 'card') return 'Paid by card';
  return payment.method === 'cash' ? 'Paid in cash' : 'Paid';
}

export function receiptPdf(input: ReceiptPdfInput): Promise<Buffer> {
  const { snapshot: s, format } = input;
  const number = documentNumber(input.kind, input.number);
  const title = `${RECEIPT_KIND_TITLES[input.kind]} ${number}`;
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    compress: input.compress ?? true,
    // Fixed metadata dates keep the file the same for the same document.
    info: {
      Title: title,
      Author: s.studio.legalName ?? s.studio.name,
      CreationDate: input.issuedAt,
      ModDate: input.issuedAt,
    },
  });
  const issued = formatDateTime(input.issuedAt, format);
  // Every string the document writes comes from the snapshot, the date or an amount's format.
  const fonts = pdfFonts(doc, [JSON.stringify(s), issued, formatMoney('1234567.891', format)]);
  const pdfText = fonts.text;
  const money = (amount: string) => pdfText(formatMoney(amount, format));
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc
    .font(fonts.bold)
    .fontSize(12)
    .fillColor('#000')
    .text(s.studio.legalName ?? s.studio.name);
  doc.font(fonts.regular).fontSize(10).fillColor('#444');
  if (s.studio.legalName && s.studio.legalName !== s.studio.name) doc.text(s.studio.name);
  if (s.studio.address) doc.text(s.studio.address);
  if (s.studio.taxId) doc.text(`Tax ID: ${s.studio.taxId}`);
  doc.moveDown(1.5);
  doc.font(fonts.bold).fontSize(18).fillColor('#000').text(title);
  doc.font(fonts.regular).fontSize(10).fillColor('#444');
  doc.text(`Date: ${pdfText(issued)}`);
  if (s.billTo) {
    doc.text(`Bill to: ${s.billTo.name}`);
    if (s.billTo.address) doc.text(s.billTo.address);
    if (s.billTo.taxId) doc.text(`Tax ID: ${s.billTo.taxId}`);
    doc.text(`For: ${s.description}${s.member ? `, ${s.member.name}` : ''}`);
  } else if (s.member) doc.text(`Member: ${s.member.name}`);
  if (input.kind === 'credit_note') {
    doc.text(
      s.refersTo
        ? `Credits receipt ${documentNumber('receipt', s.refersTo.number)}`
        : 'Credits a payment recorded before receipts were numbered',
    );
    if (s.reason) doc.text(`Reason: ${s.reason}`);
  }
  doc.moveDown(1.5);

  const columns = [
    { label: 'Description', x: 56, width: 220, align: 'left' as const },
    { label: 'Qty', x: 276, width: 40, align: 'right' as const },
    { label: 'Net', x: 316, width: 75, align: 'right' as const },
    { label: 'Tax', x: 391, width: 60, align: 'right' as const },
    { label: 'Total', x: 451, width: 88, align: 'right' as const },
  ];
  const row = (cells: string[], bold = false) => {
    const y = doc.y;
    doc
      .font(bold ? fonts.bold : fonts.regular)
      .fontSize(10)
      .fillColor('#000');
    let bottom = y;
    cells.forEach((cell, i) => {
      const col = columns[i]!;
      doc.text(cell, col.x, y, { width: col.width, align: col.align });
      bottom = Math.max(bottom, doc.y);
    });
    doc.x = 56;
    doc.y = bottom + 4;
  };
  row(
    columns.map((c) => c.label),
    true,
  );
  for (const line of s.lines) {
    row([
      line.description,
      String(line.quantity),
      money(line.net),
      money(line.tax),
      money(line.gross),
    ]);
  }
  doc.moveDown(0.5);
  row(['Net', '', '', '', money(s.totals.net)]);
  row(['Tax', '', '', '', money(s.totals.tax)]);
  // Each rate's share, as tax offices ask a receipt to show it: "VAT 20% (included) on 40.83".
  for (const t of s.taxes ?? []) {
    const percent = `${Number(t.rate).toLocaleString(format.locale, { maximumFractionDigits: 4 })}%`;
    row([
      `${t.name} ${percent} ${t.inclusive ? 'included' : 'added'} on ${money(t.net)}`,
      '',
      '',
      '',
      money(t.tax),
    ]);
  }
  row(
    [
      input.kind === 'credit_note' ? 'Total credited' : 'Total paid',
      '',
      '',
      '',
      money(s.totals.gross),
    ],
    true,
  );
  doc.moveDown();
  doc.font(fonts.regular).fontSize(10).fillColor('#000').text(paidWith(input.kind, s.payment), 56);
  doc.moveDown();
  doc
    .fontSize(8)
    .fillColor('#666')
    .text(
      `Amounts in ${format.currency}. ${number} was issued by ${s.studio.legalName ?? s.studio.name}.`,
    );
  doc.end();
  return done;
}
