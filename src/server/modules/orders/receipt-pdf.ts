/**
 * An order's receipt as a PDF (decision 0069), drawn with PDFKit from the same `Receipt` the
 * printable page shows. Letter size, PDFKit's built-in Helvetica (no font file to ship), text a
 * screen reader and a parser can read.
 */
import PDFDocument from 'pdfkit';
import { formatPrice } from '../../../domain/money.js';
import {
  NO_GST_HST_NUMBER,
  receiptDate,
  type CreditNote,
  type Receipt,
  type ReceiptLine,
} from '../../../domain/receipt.js';

const MARGIN = 54;
const PAGE_WIDTH = 612;
const RIGHT = PAGE_WIDTH - MARGIN;
const BOTTOM = 792 - MARGIN;
const INK = '#2b1d16';
const MUTED = '#6b5a50';

/** Columns of the lines' table: description, tax, quantity, unit price, amount (right edges). */
const COLUMNS = { description: MARGIN, tax: 318, quantity: 400, unit: 476, amount: RIGHT } as const;

/** A document with the business's heading, its title, and who it is for. */
function startDocument(
  title: string,
  subtitle: string,
  issuedAt: string,
  business: Receipt['business'],
  customer: Receipt['customer'],
  customerLabel: string,
) {
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    info: { Title: `${title}, ${subtitle}`, Author: business.legalName, Subject: `${title} ${subtitle}` },
  });
  doc.info.CreationDate = new Date(issuedAt);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.fillColor(INK).font('Helvetica-Bold').fontSize(16).text(business.legalName);
  doc.font('Helvetica').fontSize(9.5).fillColor(MUTED).text(business.address);
  doc.text(`GST/HST registration no. ${business.gstHstNumber ?? NO_GST_HST_NUMBER}`);
  doc.moveDown(1.2);

  doc.fillColor(INK).font('Helvetica-Bold').fontSize(20).text(title);
  doc.font('Helvetica').fontSize(10).text(subtitle);
  doc.moveDown(0.8);

  doc.font('Helvetica-Bold').fontSize(9.5).text(customerLabel);
  doc.font('Helvetica').text(customer.name);
  for (const line of customer.address) doc.text(line);
  doc.text(customer.email);
  doc.moveDown(1);
  return { doc, done };
}

/** A refund's credit note (decision 0070): what it gives back of the goods, shipping and each tax. */
export function creditNotePdf(note: CreditNote): Promise<Buffer> {
  const { doc, done } = startDocument(
    'Credit note',
    `${note.number} · ${receiptDate(note.issuedAt)}`,
    note.issuedAt,
    note.business,
    note.customer,
    'Issued to',
  );
  doc.text(`Against the receipt of ${note.receipt.title}, ${receiptDate(note.receipt.issuedAt)}.`);
  doc.text(`Reason: ${note.reason}`);
  doc.moveDown(1);
  let y: number;
  if (note.lines.length > 0) {
    y = linesTable(doc, note.lines);
    if (y > BOTTOM - 140) {
      doc.addPage();
      y = MARGIN;
    }
  } else {
    y = doc.y;
    rule(doc, y);
    y += 8;
  }
  const rows: [string, number, boolean?][] = [
    ['Goods', note.goodsCents],
    ['Shipping', note.shippingCents],
    ...note.taxes.map((tax): [string, number] => [tax.label, tax.amountCents]),
    ['Total refunded', note.totalCents, true],
  ];
  for (const [label, cents, bold] of rows) {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(bold ? 11 : 9.5);
    right(doc, label, COLUMNS.unit, y);
    right(doc, formatPrice(cents), COLUMNS.amount, y);
    y = doc.y + 3;
  }
  doc
    .font('Helvetica')
    .fontSize(8.5)
    .fillColor(MUTED)
    .text(
      'Refunded to the card the order was paid with. The taxes refunded reduce the tax charged on the receipt above.',
      MARGIN,
      y + 18,
      { width: RIGHT - MARGIN },
    );
  doc.end();
  return done;
}

export function receiptPdf(receipt: Receipt): Promise<Buffer> {
  const { doc, done } = startDocument(
    'Receipt',
    `${receipt.title} · ${receiptDate(receipt.issuedAt)}`,
    receipt.issuedAt,
    receipt.business,
    receipt.customer,
    'Sold to',
  );

  // The lines.
  let y = linesTable(doc, receipt.lines);
  // The totals and payments stay together.
  if (y > BOTTOM - 220) {
    doc.addPage();
    y = MARGIN;
  }

  // The totals, right-aligned under the amounts.
  const totals: [string, number, boolean?][] = [
    ['Subtotal', receipt.subtotalCents],
    ['Shipping', receipt.shippingCents],
    ...receipt.taxes.map((tax): [string, number] => [tax.label, tax.amountCents]),
    ['Total', receipt.totalCents, true],
  ];
  for (const [label, cents, bold] of totals) {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(bold ? 11 : 9.5);
    right(doc, label, COLUMNS.unit, y);
    right(doc, formatPrice(cents), COLUMNS.amount, y);
    y = doc.y + 3;
  }
  y += 12;

  doc.font('Helvetica-Bold').fontSize(9.5).text('Payments and refunds', MARGIN, y);
  doc.font('Helvetica');
  y = doc.y + 3;
  for (const movement of [
    ...receipt.payments,
    ...receipt.refunds.map((r) => ({ ...r, amountCents: -r.amountCents })),
  ]) {
    doc.text(`${receiptDate(movement.at)}  ${movement.label}`, MARGIN, y, {
      width: COLUMNS.unit - MARGIN - 90,
    });
    const bottom = doc.y;
    right(doc, formatPrice(movement.amountCents).replace('$-', '-$'), COLUMNS.amount, y);
    y = Math.max(bottom, doc.y) + 3;
  }
  doc.font('Helvetica-Bold');
  right(doc, 'Net paid', COLUMNS.unit, y);
  right(doc, formatPrice(receipt.netPaidCents), COLUMNS.amount, y);
  y = doc.y + 18;

  doc
    .font('Helvetica')
    .fontSize(8.5)
    .fillColor(MUTED)
    .text(
      'Taxes are shown by code on each line: GST or HST as charged; a zero-rated line (basic groceries) pays none. Prices in Canadian dollars.',
      MARGIN,
      y,
      { width: RIGHT - MARGIN },
    );
  doc.end();
  return done;
}

/** The lines' table from where the document is, over pages if need be; answers where it ends. */
function linesTable(doc: PDFKit.PDFDocument, lines: readonly ReceiptLine[]): number {
  let y = doc.y;
  doc.font('Helvetica-Bold').fontSize(9);
  header(doc, y);
  y = doc.y + 4;
  rule(doc, y);
  doc.font('Helvetica').fontSize(9.5);
  for (const line of lines) {
    // A long order goes on over the page, its columns named again.
    if (y > BOTTOM - 40) {
      doc.addPage();
      doc.font('Helvetica-Bold').fontSize(9);
      header(doc, MARGIN);
      y = doc.y + 4;
      rule(doc, y);
      doc.font('Helvetica').fontSize(9.5);
    }
    y += 6;
    doc.text(line.name, COLUMNS.description, y, { width: COLUMNS.tax - COLUMNS.description - 12 });
    const bottom = doc.y;
    doc.text(line.taxCodes, COLUMNS.tax, y, { width: 70 });
    right(doc, String(line.quantity), COLUMNS.quantity, y);
    right(doc, formatPrice(line.unitCents), COLUMNS.unit, y);
    right(doc, formatPrice(line.amountCents), COLUMNS.amount, y);
    y = Math.max(bottom, doc.y);
  }
  y += 6;
  rule(doc, y);
  return y + 8;
}

function header(doc: PDFKit.PDFDocument, y: number): void {
  doc.text('Description', COLUMNS.description, y);
  doc.text('Tax', COLUMNS.tax, y);
  right(doc, 'Qty', COLUMNS.quantity, y);
  right(doc, 'Unit price', COLUMNS.unit, y);
  right(doc, 'Amount', COLUMNS.amount, y);
}

/** Text ending at `edge`. */
function right(doc: PDFKit.PDFDocument, text: string, edge: number, y: number): void {
  const width = 110;
  doc.text(text, edge - width, y, { width, align: 'right' });
}

function rule(doc: PDFKit.PDFDocument, y: number): void {
  doc.moveTo(MARGIN, y).lineTo(RIGHT, y).lineWidth(0.6).strokeColor('#d8cbbd').stroke();
}
