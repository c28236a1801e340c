import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeTelegramHtml } from '../notify/telegram';
import { leadDigestLine, leadEmail, leadTelegramText, type LeadMessageInput } from './format-lead';
import { clip } from './plain-text';

const feedback = (data: Record<string, unknown>): LeadMessageInput => ({ kind: 'feedback', lang: 'ru', data: { name: 'A', phone: '+79123456789', ...data } });
const OUR_TAGS = ['<b>', '</b>', '<code>', '</code>'];

describe('lead messages', () => {
  it('escape every value for Telegram HTML: no tag survives but ours', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (name, note) => {
        const message = leadTelegramText(feedback({ name, note }));
        for (const tag of message.match(/<[^>]*>/g) ?? []) expect(OUR_TAGS).toContain(tag);
        expect(message.length).toBeLessThanOrEqual(4096);
      }),
    );
    expect(escapeTelegramHtml('a < b && c > d')).toBe('a &lt; b &amp;&amp; c &gt; d');
  });

  it('show kind and number, contacts internationally formatted, choices named, text, language, page, campaign and the Metrica id', () => {
    const lead: LeadMessageInput = {
      kind: 'btn_buy',
      number: 42,
      lang: 'en',
      data: {
        name: 'Anna',
        phone: '+79123456789',
        email: 'anna@example.com',
        t_client: '1',
        t_client_txt: 'Line 1\nLine 2',
        url: '/en/tis',
        utm_source: 'ya',
        utm_campaign: 'spring',
        referrer: 'https://news.example',
        yandex_metrica_client_id: '123',
      },
    };
    const message = leadTelegramText(lead);
    for (const part of ['купить №42', 'Anna', '+7 912 345 67 89', 'anna@example.com', 'Хочет купить / посмотреть каталог', 'Line 1\nLine 2', 'en', '/en/tis', 'UTM source:</b> <code>ya', 'UTM campaign:</b> <code>spring', 'https://news.example']) {
      expect(message).toContain(part);
    }
    expect(message).not.toContain('UTM medium');
    expect(message).toContain('<b>Metrica ID:</b> <code>123</code>');
    const mail = leadEmail({ ...lead, data: { ...lead.data, name: '<Anna>' } }, 'sales@example.com');
    expect(mail.to).toBe('sales@example.com');
    expect(mail.subject).toBe('Заявка: купить №42: <Anna>');
    expect(mail.html).toContain('&lt;Anna&gt;');
    expect(mail.html).not.toContain('<Anna>');
    expect(mail.html).toContain('<a href="tel:+79123456789">+7 912 345 67 89</a>');
    expect(mail.text).toContain('<Anna>');
    expect(mail.text).toContain('Metrica ID: 123');
  });

  it('put what a visitor wrote in <code>, so that a name or a comment carries no link', () => {
    const message = leadTelegramText(feedback({ name: 'https://evil.example', note: 'see www.evil.example', country_name: 'Россия' }));
    expect(message).toContain('<b>Имя:</b> <code>https://evil.example</code>');
    expect(message).toContain('<code>see www.evil.example</code>');
  });

  it('strip bidirectional controls, so a name cannot reorder the message', () => {
    const lead = feedback({ name: 'Ivan\u202Egnp.exe', note: 'a\u2067b\u200Fc' });
    const message = leadTelegramText(lead);
    expect(message).toContain('Ivangnp.exe');
    expect(message).toContain('abc');
    expect(message).not.toMatch(/[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/);
    const mail = leadEmail(lead, 'sales@example.com');
    expect(`${mail.subject}${mail.text}${mail.html}`).not.toMatch(/[\u202A-\u202E\u2066-\u2069\u200F]/);
  });

  it('show the page as a path of the site in code, never as a link to another host', () => {
    for (const url of ['https://evil.example/phish', '//evil.example/x', '/en/tis?utm_source=ya']) {
      const message = leadTelegramText({ kind: 'order', lang: 'en', data: { name: 'A', phone: '+79123456789', url } });
      const shown = /<b>Страница:<\/b> <code>([^<]*)<\/code>/.exec(message)?.[1];
      expect(shown?.startsWith('/')).toBe(true);
      expect(shown?.startsWith('//')).toBe(false);
    }
  });

  it('leave out the personal data under TELEGRAM_PERSONAL_DATA=omit: kind, number, product and the desk link only', () => {
    const lead: LeadMessageInput = {
      kind: 'btn_demo',
      number: 7,
      lang: 'ru',
      data: { name: 'Пётр Сидоров', phone: '+79161234567', email: 'petr@example.com', t_client_txt: 'Перезвоните', url: '/ru/epc?utm_source=ya' },
      deskUrl: 'https://epc.example/ru/desk/leads/1',
      omitPersonal: true,
    };
    const message = leadTelegramText(lead);
    expect(message).toBe('<b>🧪 Заявка: демо-доступ №7</b>\n\n<b>Продукт:</b> EPC FULL\n\n<a href="https://epc.example/ru/desk/leads/1">Открыть в отделе продаж</a>');
    expect(leadDigestLine(lead)).toBe('🧪 Демо №7 · EPC FULL');
    const mail = leadEmail({ ...lead, omitPersonal: false }, 'sales@example.com');
    for (const part of ['Пётр Сидоров', '+7 916 123 45 67', 'petr@example.com', 'Перезвоните']) expect(mail.text).toContain(part);
  });
});

describe('a digest line', () => {
  it('shows the fields the kind’s definition lists for it, in that order, each as it reads', () => {
    const order: LeadMessageInput = { kind: 'order', number: 4, lang: 'ru', data: { name: 'Пётр', phone: '+79161234567', t_client: '3', city: 'Тула', vin: 'XTA21099043612345', url: '/ru/epc' } };
    expect(leadDigestLine(order)).toBe('🛒 Заказ №4 · <b>Пётр</b> · +7 916 123 45 67 · VIN <code>XTA21099043612345</code> · <code>/ru/epc</code>');
    const registration: LeadMessageInput = { kind: 'registration', number: 5, lang: 'en', data: { name: 'Anna', phone: '+79123456789', email: 'anna@example.com', firm_name: 'Garage', country_name: 'Россия', city_name: 'Тула' } };
    expect(leadDigestLine(registration)).toBe('👤 Регистрация №5 · <b>Anna</b> · +7 912 345 67 89 · anna@example.com · Garage');
  });
});

describe('the product a lead carries', () => {
  const demo = (data: Record<string, unknown>): LeadMessageInput => ({ kind: 'btn_demo', number: 9, lang: 'en', data: { name: 'Anna', phone: '+79123456789', email: 'anna@example.com', t_client: '1', url: '/en', ...data } });

  it('is named first in Telegram, the e-mail and a digest line, as the footer names it', () => {
    const lead = demo({ product: 'spec' });
    const message = leadTelegramText(lead);
    expect(message.split('\n')[2]).toBe('<b>Продукт:</b> Спецтехника');
    const mail = leadEmail(lead, 'sales@example.com');
    expect(mail.text.split('\n')[0]).toBe('Продукт: Спецтехника');
    expect(mail.html).toContain('<tr><th align="left">Продукт</th><td>Спецтехника</td></tr>');
    expect(leadDigestLine(lead)).toBe('🧪 Демо №9 · Спецтехника · <b>Anna</b> · +7 912 345 67 89 · anna@example.com · <code>/en</code>');
  });

  it('of an order lead too, and under TELEGRAM_PERSONAL_DATA=omit the field wins over the page it was sent from', () => {
    const order: LeadMessageInput = { kind: 'order', number: 3, lang: 'ru', data: { name: 'Пётр', phone: '+79161234567', t_client: '1', product: 'tis', url: '/ru/tis?brands=vag' } };
    expect(leadTelegramText(order)).toContain('<b>Продукт:</b> TIS');
    expect(leadTelegramText({ ...demo({ product: 'vag', url: '/en/epc' }), omitPersonal: true })).toBe('<b>🧪 Заявка: демо-доступ №9</b>\n\n<b>Продукт:</b> VAG');
  });

  it('is left out when the lead has none', () => {
    expect(leadTelegramText(demo({}))).not.toContain('Продукт');
  });
});

describe('no text can lose a lead', () => {
  it('clips by code points: an emoji at the edge is kept whole or left out, never split', () => {
    const name = `${'я'.repeat(299)}😀tail`;
    expect(clip(name, 300)).toBe(`${'я'.repeat(299)}😀…`);
    expect(clip('😀😀', 1)).toBe('😀…');
    const message = leadTelegramText(feedback({ name: `${'a'.repeat(99)}😀` }));
    expect(message.isWellFormed()).toBe(true);
    expect(leadEmail(feedback({ name: `${'b'.repeat(195)}😀😀😀😀😀😀` }), 'x@example.com').subject.isWellFormed()).toBe(true);
  });

  it('every message of every kind is well-formed for any text in any field: surrogates, emoji, combining marks, RTL', () => {
    const anyText = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 400 }),
      fc.string({ unit: fc.constantFrom('😀', '\uD83D', '\uDE00', 'e\u0301', '\u05D0', '\u0627', '\u202E', '\u2067', 'я', '<', '&', ' '), maxLength: 400 }),
    );
    const fields = ['name', 'phone', 'email', 'note', 't_client_txt', 'country_name', 'firm_name', 'city_name', 'url', 'utm_source', 'utm_campaign', 'referrer', 'vin', 't_client', 'department', 'btn_type', 'yandex_metrica_client_id'];
    fc.assert(
      fc.property(fc.constantFrom('feedback', 'btn_buy', 'btn_demo', 'order', 'registration'), fc.array(anyText, { minLength: fields.length, maxLength: fields.length }), (kind, texts) => {
        const lead: LeadMessageInput = { kind, number: 1, lang: 'ru', data: Object.fromEntries(fields.map((field, index) => [field, texts[index]])) };
        const telegram = leadTelegramText(lead);
        const line = leadDigestLine(lead);
        const mail = leadEmail(lead, 'sales@example.com');
        for (const text of [telegram, line, mail.subject, mail.text, mail.html]) expect(text.isWellFormed()).toBe(true);
        expect(telegram.length).toBeLessThanOrEqual(4096);
      }),
      { numRuns: 300 },
    );
  });
});

describe('the link to the desk', () => {
  it('is in the chat message and the e-mail when the lead has one, escaped', () => {
    const lead: LeadMessageInput = { kind: 'btn_demo', lang: 'ru', data: { name: 'A', phone: '+79123456789' }, deskUrl: 'https://epc.example/ru/desk/leads/1?a=1&b=2' };
    expect(leadTelegramText(lead)).toContain('<a href="https://epc.example/ru/desk/leads/1?a=1&amp;b=2">Открыть в отделе продаж</a>');
    const mail = leadEmail(lead, 'sales@example.com');
    expect(mail.text).toContain('Открыть в отделе продаж: https://epc.example/ru/desk/leads/1?a=1&b=2');
    expect(mail.html).toContain('href="https://epc.example/ru/desk/leads/1?a=1&amp;b=2"');
    expect(leadTelegramText({ ...lead, deskUrl: undefined })).not.toContain('<a ');
  });
});
