import { describe, expect, it } from 'vitest';
import { parseBankStatement } from '@/server/billing/bank-statement';
import { invoiceNumbersIn } from '@/server/billing/statement-match';
import { SELLER_SETTINGS } from '../support/seller.mjs';
import { singleByte, statementText, type StatementDocument } from '../support/statement';

const ACCOUNT = SELLER_SETTINGS.SELLER_ACCOUNT;

const INCOMING: StatementDocument = { number: '105', date: '15.05.2026', credited: '18.05.2026', sum: '42900.00', payerInn: '7707083893', payer: 'ПАО Сбербанк', purpose: 'Оплата по счёту № 2026-000001 от 14.05.2026, в т.ч. НДС 22% 7736.07 руб.' };
const SECOND: StatementDocument = { number: '77', date: '16.05.2026', sum: '1500', payerInn: '500100732259', payer: 'ИП Иванов Иван Иванович', purpose: 'Оплата счета 2026-2, без НДС' };
const OUTGOING: StatementDocument = { number: '12', date: '16.05.2026', sum: '3000.00', payerInn: SELLER_SETTINGS.SELLER_INN, payer: 'ООО ЕПК Су', payerAccount: ACCOUNT, payeeAccount: '40702810900000000002', purpose: 'Аренда офиса за май' };
const OTHER_ACCOUNT: StatementDocument = { ...INCOMING, number: '106', payeeAccount: '40702810500000000003' };

describe('bank statement (1CClientBankExchange)', () => {
  it('reads a windows-1251 file: incoming payments to the seller’s account only, amounts in kopecks, dates as days', () => {
    const bytes = singleByte(statementText([INCOMING, OUTGOING, OTHER_ACCOUNT, SECOND]), 'windows-1251');
    const parsed = parseBankStatement(bytes, ACCOUNT);
    expect(parsed).toMatchObject({ ok: true, encoding: 'windows-1251', skipped: 2 });
    if (!parsed.ok) return;
    expect(parsed.payments).toHaveLength(2);
    expect(parsed.payments[0]).toEqual({
      line: 21,
      kind: 'Платежное поручение',
      number: '105',
      date: '2026-05-15',
      creditedOn: '2026-05-18',
      amountKopecks: 4_290_000,
      payerInn: '7707083893',
      payerName: 'ПАО Сбербанк',
      payerAccount: '40702810400000000001',
      payeeAccount: ACCOUNT,
      payeeInn: SELLER_SETTINGS.SELLER_INN,
      purpose: INCOMING.purpose,
    });
    // A sum without kopecks is whole roubles.
    expect(parsed.payments[1]).toMatchObject({ number: '77', date: '2026-05-16', amountKopecks: 150_000, payerName: 'ИП Иванов Иван Иванович' });
    expect(parsed.payments[1]!.creditedOn).toBeUndefined();
  });

  it('reads UTF-8 by its bytes, whatever the header says, with or without a BOM, and a cp866 file by its header', () => {
    const text = statementText([INCOMING, OUTGOING]);
    const utf8 = new TextEncoder().encode(text);
    const withBom = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8]);
    for (const bytes of [utf8, withBom]) {
      const parsed = parseBankStatement(bytes, ACCOUNT);
      expect(parsed).toMatchObject({ ok: true, encoding: 'utf-8', skipped: 1, payments: [{ number: '105', payerName: 'ПАО Сбербанк', purpose: INCOMING.purpose }] });
    }
    const dos = singleByte(statementText([INCOMING], { encoding: 'DOS' }).replace(/[«»№]/g, '"'), 'ibm866');
    expect(parseBankStatement(dos, ACCOUNT)).toMatchObject({ ok: true, encoding: 'ibm866', payments: [{ payerName: 'ПАО Сбербанк' }] });
    // Pasted as text (the JSON form of the upload).
    expect(parseBankStatement(text, ACCOUNT)).toMatchObject({ ok: true, payments: [{ amountKopecks: 4_290_000 }] });
  });

  it('refuses a malformed file with what is wrong and the line, never taking part of it', () => {
    const good = statementText([INCOMING]);
    expect(parseBankStatement('Выписка по счёту\r\nКонецФайла', ACCOUNT)).toEqual({ ok: false, problem: 'notStatement', line: 1 });
    expect(parseBankStatement('', ACCOUNT)).toEqual({ ok: false, problem: 'notStatement', line: undefined });
    // Cut off by a failed download: the documents after the cut would be lost silently.
    expect(parseBankStatement(statementText([INCOMING], { end: false }), ACCOUNT)).toMatchObject({ ok: false, problem: 'truncated' });
    expect(parseBankStatement(good.replace('КонецДокумента', ''), ACCOUNT)).toEqual({ ok: false, problem: 'unclosedDocument', line: 21 });
    expect(parseBankStatement(good.replace('КонецРасчСчет', 'КонецРасчСчет\r\nКонецДокумента'), ACCOUNT)).toEqual({ ok: false, problem: 'strayEnd', line: 21 });
    expect(parseBankStatement(statementText([{ ...INCOMING, sum: '42 900,00' }]), ACCOUNT)).toEqual({ ok: false, problem: 'badAmount', line: 21 });
    expect(parseBankStatement(statementText([{ ...INCOMING, sum: '0.00' }]), ACCOUNT)).toMatchObject({ ok: false, problem: 'badAmount' });
    expect(parseBankStatement(statementText([{ ...INCOMING, date: '31.02.2026' }]), ACCOUNT)).toMatchObject({ ok: false, problem: 'badDate' });
    expect(parseBankStatement(statementText([{ ...INCOMING, number: '' }]), ACCOUNT)).toMatchObject({ ok: false, problem: 'noNumber' });
    // Only the payments the desk takes must be whole: an odd outgoing one does not block the import.
    expect(parseBankStatement(statementText([{ ...OUTGOING, sum: 'n/a' }, INCOMING]), ACCOUNT)).toMatchObject({ ok: true, skipped: 1 });
  });

  it('finds invoice numbers in a purpose as people write them, and not in sums or dates', () => {
    expect(invoiceNumbersIn('Оплата по счету №2026-000123 от 14.05.2026')).toEqual(['2026-000123']);
    expect(invoiceNumbersIn('Оплата по счёту N 2026-123, 2026/000124 и 2026 – 125')).toEqual(['2026-000123', '2026-000124', '2026-000125']);
    expect(invoiceNumbersIn('Сумма 12354-00, в т.ч. НДС 2227-83; договор 15.05.2026-1')).toEqual([]);
    expect(invoiceNumbersIn('счёт 2026-0 и 2026-000123 ещё раз 2026-123')).toEqual(['2026-000123']);
    expect(invoiceNumbersIn('счёт 202612345')).toEqual([]);
  });
});
