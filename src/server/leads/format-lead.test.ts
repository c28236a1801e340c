import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeTelegramHtml } from '../notify/telegram';
import { leadEmail, leadTelegramText } from './format-lead';

describe('lead messages', () => {
  it('escape every value for Telegram HTML: no tag survives but ours', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (name, text) => {
        const message = leadTelegramText({ kind: 'feedback', name, phone: '+79123456789', text, lang: 'ru' });
        const tags = message.match(/<[^>]*>/g) ?? [];
        for (const tag of tags) expect(['<b>', '</b>', '<code>', '</code>']).toContain(tag);
        expect(message.length).toBeLessThanOrEqual(4096);
      }),
    );
    expect(escapeTelegramHtml('a < b && c > d')).toBe('a &lt; b &amp;&amp; c &gt; d');
  });

  it('show kind, contacts, text, language, page, utm and Metrica id', () => {
    const lead = {
      kind: 'btn_buy' as const,
      name: 'Anna',
      phone: '+79123456789',
      email: 'anna@example.com',
      clientType: 'хочет купить / посмотреть каталог',
      text: 'Line 1\nLine 2',
      lang: 'en',
      page: '/en/tis',
      utm: { utm_source: 'ya', utm_medium: undefined },
      metricaId: '123',
    };
    const message = leadTelegramText(lead);
    for (const part of ['купить', 'Anna', '+79123456789', 'anna@example.com', 'Line 1\nLine 2', 'en', '/en/tis', 'source=ya', '123']) {
      expect(message).toContain(part);
    }
    expect(message).not.toContain('medium');
    const mail = leadEmail({ ...lead, name: '<Anna>' }, 'sales@example.com');
    expect(mail.to).toBe('sales@example.com');
    expect(mail.html).toContain('&lt;Anna&gt;');
    expect(mail.html).not.toContain('<Anna>');
    expect(mail.text).toContain('<Anna>');
  });

  it('strip bidirectional controls, so a name cannot reorder the message', () => {
    const lead = { kind: 'feedback' as const, name: 'Ivan\u202Egnp.exe', phone: '+79123456789', text: 'a\u2067b\u200Fc', lang: 'ru' };
    const message = leadTelegramText(lead);
    expect(message).toContain('Ivangnp.exe');
    expect(message).toContain('abc');
    expect(message).not.toMatch(/[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/);
    const mail = leadEmail(lead, 'sales@example.com');
    expect(`${mail.subject}${mail.text}${mail.html}`).not.toMatch(/[\u202A-\u202E\u2066-\u2069\u200F]/);
  });

  it('show the page as a path of the site in code, never as a link to another host', () => {
    for (const page of ['https://evil.example/phish', '//evil.example/x', '/en/tis?utm_source=ya']) {
      const message = leadTelegramText({ kind: 'order', name: 'A', phone: '+79123456789', lang: 'en', page });
      const shown = /<b>Страница:<\/b> <code>([^<]*)<\/code>/.exec(message)?.[1];
      expect(shown?.startsWith('/')).toBe(true);
      expect(shown?.startsWith('//')).toBe(false);
    }
    expect(leadTelegramText({ kind: 'order', name: 'A', phone: '+1', lang: 'en', page: 'https://evil.example/phish' })).toContain('<code>/phish</code>');
  });
});

describe('the link to the desk', () => {
  it('is in the chat message and the e-mail when the lead has one, escaped', () => {
    const lead = { kind: 'btn_demo' as const, name: 'A', phone: '+79123456789', lang: 'ru', deskUrl: 'https://epc.example/ru/desk/leads/1?a=1&b=2' };
    expect(leadTelegramText(lead)).toContain('<a href="https://epc.example/ru/desk/leads/1?a=1&amp;b=2">Открыть в отделе продаж</a>');
    const mail = leadEmail(lead, 'sales@example.com');
    expect(mail.text).toContain('Открыть в отделе продаж: https://epc.example/ru/desk/leads/1?a=1&b=2');
    expect(mail.html).toContain('href="https://epc.example/ru/desk/leads/1?a=1&amp;b=2"');
    expect(leadTelegramText({ ...lead, deskUrl: undefined })).not.toContain('<a ');
  });
});
