import 'server-only';
import PDFDocument from 'pdfkit';
import type { InvoiceDocument } from '@/lib/billing/invoice';
import { dateDotted } from '@/lib/billing/invoice-text';
import { paymentQrText } from '@/lib/billing/payment-qr';
import { localizedPath } from '@/lib/paths';
import { publicEnv } from '@/lib/public-env';
import { moscowDay } from './calendar';
import { bankBlock, partiesBlock, titleBlock } from './invoice-pdf-head';
import { linesTable, sumInWordsBlock, totalsBlock, type Page } from './invoice-pdf-body';
import { registerInvoiceFonts } from './pdf-fonts';
import { signatureLine, textWidth, writeText } from './pdf-layout';
import { drawQrCode } from './pdf-qr';

/*
 * The invoice as a PDF a Russian accountant accepts: the usual «Счёт на оплату» on A4, in DejaVu
 * Sans embedded (Cyrillic in any viewer), with the payment QR code. Made from the stored invoice
 * only, with the creation date fixed to the invoice's date, so the same invoice gives the same
 * bytes whenever it is made (docs/decisions/038).
 */

const MARGIN = 40;
const A4 = { width: 595.28, height: 841.89 };
const WIDTH = A4.width - 2 * MARGIN;
const QR_SIZE = 132;
/** The totals, the sum in words and the closing block with the QR code: what must fit below the table. */
const CLOSING_HEIGHT = 6 + 3 * 15 + 4 + 2 * 13 + 8 + 12 + QR_SIZE + 20;

/** The offer's version as the invoice writes it: the date it took effect, `27.11.2026`. */
const offerEdition = (version: string) => (/^\d{4}-\d{2}-\d{2}$/.test(version) ? dateDotted(version) : version);

/** Where the offer is: the site's address when it is set, else the path on this site. */
const offerAddress = () => `${publicEnv.siteUrl}${localizedPath('ru', '/about/oferta')}`;

/** The due date, the offer that paying accepts, the signatures; the payment QR code beside them. */
function closingBlock(doc: PDFKit.PDFDocument, invoice: InvoiceDocument, y: number): number {
  const columnWidth = WIDTH - QR_SIZE - 16;
  // A cancelled invoice says so where the due date was, and offers no QR code to pay it with.
  const cancelled = invoice.status === 'cancelled';
  const due = cancelled
    ? `Счёт отменён${invoice.cancelledAt ? ` ${dateDotted(moscowDay(new Date(invoice.cancelledAt)))}` : ''}: оплата по нему не принимается`
    : `Оплатить не позднее ${dateDotted(invoice.dueDate)}`;
  let top = y + writeText(doc, due, MARGIN, y, columnWidth, { face: 'bold', size: 10 });
  const terms =
    `Оплата настоящего счёта означает акцепт оферты (редакция от ${offerEdition(invoice.offerVersion)}), размещённой по адресу ${offerAddress()}. ` +
    `Доступ открывается после поступления оплаты. В назначении платежа укажите номер счёта.`;
  top += writeText(doc, terms, MARGIN, top + 4, columnWidth, { size: 8 }) + 26;
  const signers = invoice.seller.inn.length === 12 ? ['Предприниматель'] : ['Руководитель', 'Бухгалтер'];
  // One label column for all, so that the lines start under each other.
  const labelWidth = Math.max(...signers.map((signer) => textWidth(doc, signer, { face: 'bold' }))) + 10;
  for (const [index, signer] of signers.entries()) {
    signatureLine(doc, signer, index === 0 ? (invoice.seller.director ?? '') : '', MARGIN, top, columnWidth, labelWidth);
    top += 34;
  }
  if (cancelled) return top;
  const qrX = MARGIN + WIDTH - QR_SIZE;
  drawQrCode(doc, paymentQrText(invoice), qrX, y, QR_SIZE);
  const captionHeight = writeText(doc, 'QR-код для оплаты\nв приложении банка', qrX, y + QR_SIZE, QR_SIZE, { size: 7, align: 'center' });
  return Math.max(top, y + QR_SIZE + captionHeight);
}

/** The PDF of an invoice. */
export function invoicePdf(invoice: InvoiceDocument): Promise<Buffer> {
  // Moscow midnight of the invoice's day: the file's dates and ID follow from the invoice alone.
  const issued = new Date(`${invoice.date}T00:00:00+03:00`);
  const doc = new PDFDocument({
    size: 'A4',
    // The bottom margin is the page's edge: pages are broken here (Page), never by pdfkit.
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: 0 },
    lang: 'ru-RU',
    displayTitle: true,
    info: {
      Title: `Счёт на оплату № ${invoice.number} от ${dateDotted(invoice.date)}`,
      Author: invoice.seller.name,
      Subject: `Счёт на оплату для ${invoice.buyer.name}`,
      Creator: invoice.seller.name,
      CreationDate: issued,
      ModDate: issued,
    },
  });
  registerInvoiceFonts(doc);
  doc.font('regular');
  const chunks: Buffer[] = [];
  const made = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const page: Page = {
    top: MARGIN + 18,
    bottom: A4.height - MARGIN,
    next: () => {
      doc.addPage();
      writeText(doc, `Счёт на оплату № ${invoice.number} от ${dateDotted(invoice.date)}, продолжение`, MARGIN, MARGIN, WIDTH, { size: 8 });
    },
  };

  let y = bankBlock(doc, invoice.seller, MARGIN, MARGIN, WIDTH);
  y = titleBlock(doc, invoice, MARGIN, y + 20, WIDTH);
  y = partiesBlock(doc, invoice, MARGIN, y + 10, WIDTH);
  y = linesTable(doc, invoice, MARGIN, y + 4, WIDTH, page);
  // What follows the table stays together: on a new page when it would not fit below it.
  if (y + CLOSING_HEIGHT > page.bottom) {
    page.next();
    y = page.top;
  }
  y = totalsBlock(doc, invoice, MARGIN, y + 6, WIDTH);
  y = sumInWordsBlock(doc, invoice, MARGIN, y + 4, WIDTH);
  closingBlock(doc, invoice, y + 12);
  doc.end();
  return made;
}
