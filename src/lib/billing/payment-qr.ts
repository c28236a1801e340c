/*
 * The payment QR code of GOST R 56042-2014 that Russian banks' apps read: the service block
 * `ST0001` + the encoding (`2`: UTF-8), then `key=value` fields apart by `|`. The five required
 * fields (the payee's name, account, bank, BIC, correspondent account) come first, then the
 * additional ones this invoice fills: the payee's INN and KPP, the sum in kopecks and the purpose.
 */
import type { InvoiceDocument } from './invoice';
import { dateDotted, vatClause } from './invoice-text';

/** The standard's service block: format `ST`, version `0001`, encoding `2` (UTF-8). */
const SERVICE_BLOCK = 'ST00012';
const SEPARATOR = '|';

/** The longest value of each field the standard allows, in characters. */
const LIMITS = { Name: 160, PersonalAcc: 20, BankName: 45, BIC: 9, CorrespAcc: 20, PayeeINN: 12, KPP: 9, Sum: 18, Purpose: 210 } as const;
type Field = keyof typeof LIMITS;

/**
 * A value as a field may hold it: on one line, without the separator (which would end the field
 * early: it becomes `/`), within the standard's length.
 */
function fieldValue(field: Field, value: string): string {
  const clean = value.replaceAll(SEPARATOR, '/').replace(/[\p{Cc}\s]+/gu, ' ').trim();
  return [...clean].slice(0, LIMITS[field]).join('').trim();
}

/** The purpose a bank's app shows and the transfer carries: the invoice's number and date, what it is for, the VAT. */
export function paymentPurpose(invoice: Pick<InvoiceDocument, 'number' | 'date' | 'vatRate' | 'vatKopecks'>): string {
  return `Оплата по счёту № ${invoice.number} от ${dateDotted(invoice.date)} за доступ к каталогам, ${vatClause(invoice.vatRate, invoice.vatKopecks)}`;
}

/** The text of the invoice's payment QR code: `ST00012|Name=…|…|Sum=<kopecks>|Purpose=…`. */
export function paymentQrText(invoice: InvoiceDocument): string {
  const { seller } = invoice;
  const fields: [Field, string | undefined][] = [
    ['Name', seller.name],
    ['PersonalAcc', seller.account],
    ['BankName', seller.bankName],
    ['BIC', seller.bic],
    ['CorrespAcc', seller.corrAccount],
    ['PayeeINN', seller.inn],
    ['KPP', seller.kpp],
    ['Sum', String(invoice.totalKopecks)],
    ['Purpose', paymentPurpose(invoice)],
  ];
  const written = fields.filter((entry): entry is [Field, string] => Boolean(entry[1])).map(([field, value]) => `${field}=${fieldValue(field, value)}`);
  return [SERVICE_BLOCK, ...written].join(SEPARATOR);
}
