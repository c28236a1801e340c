import { describe, expect, it } from 'vitest';
import { SAMPLE_INVOICE } from '../../../tests/support/invoice-document';
import { paymentPurpose, paymentQrText } from './payment-qr';

const fieldsOf = (text: string) => Object.fromEntries(text.split('|').slice(1).map((field) => [field.slice(0, field.indexOf('=')), field.slice(field.indexOf('=') + 1)]));

describe('paymentQrText', () => {
  it('writes the GOST R 56042-2014 string: UTF-8 service block, required fields first, the sum in kopecks', () => {
    expect(paymentQrText(SAMPLE_INVOICE)).toBe(
      'ST00012|Name=ООО «ЕПК Су»|PersonalAcc=40702810938000012345|BankName=ПАО Сбербанк|BIC=044525225|CorrespAcc=30101810400000000225' +
        '|PayeeINN=7701234560|KPP=770101001|Sum=4290000' +
        '|Purpose=Оплата по счёту № 2026-000123 от 27.11.2026 за доступ к каталогам, в т.ч. НДС 22% 7736,07 руб.',
    );
  });

  it('leaves the KPP out for a seller without one (a sole proprietor)', () => {
    const seller = { ...SAMPLE_INVOICE.seller, inn: '500100732259' };
    delete seller.kpp;
    const fields = fieldsOf(paymentQrText({ ...SAMPLE_INVOICE, seller }));
    expect(fields).not.toHaveProperty('KPP');
    expect(fields.PayeeINN).toBe('500100732259');
  });

  it('says the invoice bears no VAT with VAT_RATE none, and 0% with a zero rate', () => {
    expect(paymentPurpose({ ...SAMPLE_INVOICE, vatRate: 'none', vatKopecks: 0 })).toBe('Оплата по счёту № 2026-000123 от 27.11.2026 за доступ к каталогам, НДС не облагается');
    expect(paymentPurpose({ ...SAMPLE_INVOICE, vatRate: '0', vatKopecks: 0 })).toMatch(/в т\.ч\. НДС 0% 0,00 руб\.$/);
    expect(paymentPurpose({ ...SAMPLE_INVOICE, vatRate: '10', vatKopecks: 123456789 })).toMatch(/в т\.ч\. НДС 10% 1234567,89 руб\.$/);
  });

  it('keeps every value within the standard’s length, on one line and without the separator', () => {
    const seller = { ...SAMPLE_INVOICE.seller, name: `ООО «Очень | длинное\nназвание» ${'я'.repeat(300)}`, bankName: `Банк|${'б'.repeat(100)}` };
    const text = paymentQrText({ ...SAMPLE_INVOICE, seller, number: `${'9'.repeat(250)}` });
    expect(text.split('|')).toHaveLength(10);
    const fields = fieldsOf(text);
    expect(fields.Name).toMatch(/^ООО «Очень \/ длинное название» я+$/);
    expect([...fields.Name!]).toHaveLength(160);
    expect([...fields.BankName!]).toHaveLength(45);
    expect(fields.BankName).toMatch(/^Банк\/б+$/);
    expect([...fields.Purpose!]).toHaveLength(210);
    expect(text).not.toMatch(/[\r\n]/);
  });
});
