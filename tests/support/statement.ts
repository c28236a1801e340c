/**
 * Bank statements written by hand in the 1CClientBankExchange format, as a bank exports them, and
 * their bytes in the encodings banks use (Node encodes only UTF-8: the single-byte ones are made
 * from their decoders' tables).
 */
import { SELLER_SETTINGS } from './seller.mjs';

export interface StatementDocument {
  number: string;
  /** dd.mm.yyyy */
  date: string;
  /** Roubles as the bank writes them: `42900.00`. */
  sum: string;
  payerInn: string;
  payer: string;
  purpose: string;
  payerAccount?: string;
  payeeAccount?: string;
  kind?: string;
  credited?: string;
}

/** A statement of the seller's account holding the documents (CRLF lines, as Windows banks write). */
export function statementText(documents: StatementDocument[], options: { encoding?: string; end?: boolean } = {}): string {
  const account = SELLER_SETTINGS.SELLER_ACCOUNT;
  const lines = [
    '1CClientBankExchange',
    'ВерсияФормата=1.03',
    `Кодировка=${options.encoding ?? 'Windows'}`,
    'Отправитель=Сбербанк Бизнес Онлайн',
    'Получатель=Бухгалтерия предприятия',
    'ДатаСоздания=20.05.2026',
    'ВремяСоздания=09:15:00',
    'ДатаНачала=14.05.2026',
    'ДатаКонца=19.05.2026',
    `РасчСчет=${account}`,
    'Документ=Платежное поручение',
    'СекцияРасчСчет',
    'ДатаНачала=14.05.2026',
    'ДатаКонца=19.05.2026',
    `РасчСчет=${account}`,
    'НачальныйОстаток=1000.00',
    'ВсегоПоступило=0.00',
    'ВсегоСписано=0.00',
    'КонечныйОстаток=1000.00',
    'КонецРасчСчет',
  ];
  for (const doc of documents) {
    const payerAccount = doc.payerAccount ?? '40702810400000000001';
    const payeeAccount = doc.payeeAccount ?? account;
    lines.push(
      `СекцияДокумент=${doc.kind ?? 'Платежное поручение'}`,
      `Номер=${doc.number}`,
      `Дата=${doc.date}`,
      `Сумма=${doc.sum}`,
      `ПлательщикСчет=${payerAccount}`,
      ...(doc.credited ? [`ДатаПоступило=${doc.credited}`] : []),
      `Плательщик=ИНН ${doc.payerInn} ${doc.payer}`,
      `ПлательщикИНН=${doc.payerInn}`,
      `Плательщик1=${doc.payer}`,
      `ПлательщикРасчСчет=${payerAccount}`,
      'ПлательщикБанк1=ПАО Сбербанк',
      'ПлательщикБИК=044525225',
      `ПолучательСчет=${payeeAccount}`,
      `Получатель=ИНН ${SELLER_SETTINGS.SELLER_INN} ${SELLER_SETTINGS.SELLER_NAME}`,
      `ПолучательИНН=${SELLER_SETTINGS.SELLER_INN}`,
      `Получатель1=${SELLER_SETTINGS.SELLER_NAME}`,
      `ПолучательРасчСчет=${payeeAccount}`,
      'ВидОплаты=01',
      'Очередность=5',
      `НазначениеПлатежа=${doc.purpose}`,
      'КонецДокумента',
    );
  }
  if (options.end !== false) lines.push('КонецФайла');
  return lines.join('\r\n') + '\r\n';
}

/** Text in a single-byte encoding (`windows-1251`, `ibm866`), by inverting that encoding's decoder. */
export function singleByte(text: string, encoding: string): Uint8Array {
  const decoder = new TextDecoder(encoding);
  const table = new Map<string, number>();
  for (let byte = 0; byte < 256; byte += 1) table.set(decoder.decode(new Uint8Array([byte])), byte);
  return Uint8Array.from([...text].map((char) => {
    const byte = table.get(char);
    if (byte === undefined) throw new Error(`${encoding} has no ${char}`);
    return byte;
  }));
}
