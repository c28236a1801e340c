import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { InvoiceLine } from '@/lib/billing/invoice';
import { allFieldLabels, LEAD_KINDS } from '@/lib/leads/definitions';
import { invoiceLeadOf } from '@/lib/leads/invoice';
import { parseLeadFilter } from '../desk/lead-filter';
import { leadDigestLine, leadTelegramText } from './format-lead';
import { leadHeadline, shownFields } from './shown-fields';

const line = (product: string, name: InvoiceLine['name'], amountKopecks: number, extra: Partial<InvoiceLine> = {}): InvoiceLine => ({ product, months: 3, seats: 1, name, quantity: 3, priceKopecks: amountKopecks / 3, amountKopecks, ...extra });
const lead = invoiceLeadOf(
  { name: 'Anna Smirnova', phone: '+79123456789', email: 'anna@example.com' },
  {
    id: '6f9e4c1e-3c53-4a57-9d6f-0f8d7b0a1c2e',
    number: '2026-000042',
    buyer: { inn: '7707083893', kpp: '773601001', name: 'ПАО Сбербанк', address: 'Москва' },
    totalKopecks: 4_290_000,
    lines: [
      line('epc', { ru: 'Подписка «EPC FULL», 2 рабочих места', en: '“EPC FULL” subscription, 2 workstations' }, 2_340_000, { seats: 2 }),
      line('tis', { ru: 'Сервисная информация TIS: Volvo', en: 'TIS service information: Volvo' }, 1_950_000, { brand: 'volvo' }),
    ],
  },
);
const nbsp = (text: string) => text.replace(/RUB /g, 'RUB\u00a0');

describe('the invoice lead (src/lib/leads/invoice.ts)', () => {
  it('shows, in the desk’s language, the number, total, products, company, INN, KPP, contacts and each line', () => {
    expect(shownFields('invoice', lead, 'en').map((field) => [field.label, field.text])).toEqual([
      ['Invoice', '2026-000042'],
      ['Total', nbsp('RUB 42,900.00')],
      ['Product', 'EPC FULL, TIS'],
      ['Firm', 'ПАО Сбербанк'],
      ['INN', '7707083893'],
      ['KPP', '773601001'],
      ['Name', 'Anna Smirnova'],
      ['Phone', '+7 912 345 67 89'],
      ['E-mail', 'anna@example.com'],
      ['Invoice lines', nbsp('“EPC FULL” subscription, 2 workstations — 3 months — RUB 23,400.00\nTIS service information: Volvo — 3 months — RUB 19,500.00')],
    ]);
    expect(leadHeadline('invoice', lead, 'en')).toBe(nbsp('Invoice 2026-000042: ПАО Сбербанк, RUB 42,900.00'));
    expect(leadHeadline('feedback', { name: 'A' }, 'en')).toBeUndefined();
  });

  it('is a kind of the desk’s filter and its fields are columns of the export', () => {
    expect(LEAD_KINDS).toContain('invoice');
    expect(parseLeadFilter(new URLSearchParams({ kind: 'invoice' })).kind).toBe('invoice');
    expect(allFieldLabels()).toEqual(expect.arrayContaining(['invoice', 'total', 'inn', 'kpp', 'items']));
  });

  it('keeps the chat’s messages to our own tags whatever a company is called, and names the invoice in a digest line', () => {
    fc.assert(
      fc.property(fc.string(), (firm) => {
        const text = leadTelegramText({ kind: 'invoice', number: 7, lang: 'ru', data: { ...lead, firm_name: firm } });
        for (const tag of text.match(/<[^>]*>/g) ?? []) expect(['<b>', '</b>', '<code>', '</code>']).toContain(tag);
      }),
    );
    expect(leadDigestLine({ kind: 'invoice', number: 7, lang: 'ru', data: lead })).toBe(
      '🧾 Счёт · заявка №7 · EPC FULL, TIS · <b>Anna Smirnova</b> · +7 912 345 67 89 · anna@example.com · ПАО Сбербанк · 2026-000042 · 42 900,00 ₽',
    );
  });
});
