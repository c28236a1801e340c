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
        for (const tag of tags) expect(['<b>', '</b>']).toContain(tag);
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
});
