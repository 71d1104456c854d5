import fs from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

// pdfkit's built-in Helvetica is WinAnsi only: ğ, ı, İ and ş came out broken, and many of our sellers
// write their address in Turkish. Noto Sans covers every language we bill in; read once, embedded subset.
const require = createRequire(import.meta.url);
let noto: Buffer | undefined;
const notoSans = () =>
  (noto ??= fs.readFileSync(
    require.resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf'),
  ));

export interface InvoiceForPdf {
  number: string;
  status: string;
  description: string;
  amountDue: number;
  amountPaid: number;
  createdAt: Date;
  paidAt: Date | null;
  periodStart: Date | null;
  periodEnd: Date | null;
}

const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const day = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : '-');

/** A one-page invoice in PDF (pdfkit, Noto Sans embedded), rendered on request from the stored invoice. */
export function renderInvoicePdf(invoice: InvoiceForPdf, billedTo: readonly string[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: 56,
      info: { Title: `Invoice ${invoice.number}`, Author: 'Crossmarket' },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.registerFont('body', notoSans());
    doc.font('body');

    doc.fontSize(22).text('Crossmarket', { continued: false });
    doc.moveDown(0.2).fontSize(10).fillColor('#595959').text('Cross-marketplace product analysis');
    doc.moveDown(1.5).fillColor('#000000').fontSize(16).text(`Invoice ${invoice.number}`);
    doc.moveDown(0.5).fontSize(10);
    doc.text(`Date: ${day(invoice.createdAt)}`);
    doc.text(`Billed to: ${billedTo[0] ?? ''}`);
    for (const line of billedTo.slice(1)) doc.text(line, { indent: 52 });
    doc.text(
      `Status: ${invoice.status.toUpperCase()}${invoice.paidAt ? ` (paid ${day(invoice.paidAt)})` : ''}`,
    );
    if (invoice.periodStart || invoice.periodEnd)
      doc.text(`Service period: ${day(invoice.periodStart)} to ${day(invoice.periodEnd)}`);
    doc.moveDown(1.5).fontSize(11);
    const top = doc.y;
    doc.text('Description', 56, top).text('Amount', 440, top, { width: 100, align: 'right' });
    doc
      .moveTo(56, doc.y + 4)
      .lineTo(540, doc.y + 4)
      .stroke();
    doc.moveDown(0.8);
    const row = doc.y;
    doc
      .text(invoice.description, 56, row, { width: 360 })
      .text(usd(invoice.amountDue), 440, row, { width: 100, align: 'right' });
    doc.moveDown(1.5);
    doc.fontSize(12).text(`Total due: ${usd(invoice.amountDue)}`, 56, doc.y, { align: 'right', width: 484 });
    doc.text(`Amount paid: ${usd(invoice.amountPaid)}`, { align: 'right', width: 484 });
    doc
      .moveDown(3)
      .fontSize(9)
      .fillColor('#8c8c8c')
      .text('All amounts in US dollars. Thank you for using Crossmarket.');
    doc.end();
  });
}
