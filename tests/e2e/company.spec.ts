import type { Page } from '@playwright/test';
import en from '../../messages/en.json' with { type: 'json' };
import ru from '../../messages/ru.json' with { type: 'json' };
import { COMPANY, PHONE } from '../support/company.mjs';
import { allPages, expect, locales, pageUrl, test } from './fixtures';

/*
 * The company's contacts and the seller, as the default server is built with them
 * (tests/support/company.mjs), and a build without NEXT_PUBLIC_SITE_URL naming no made-up host.
 */

const messages = { ru, en } as const;
const WIDTHS = [360, 1280] as const;

/** No sideways scroll: the page is no wider than the window. */
const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

for (const locale of locales) {
  for (const width of WIDTHS) {
    for (const path of ['', 'epc']) {
      test(`${locale} at ${width} px: the header of ${pageUrl(locale, path)} dials the phone and writes to sales`, async ({ page }) => {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(pageUrl(locale, path));
        const header = page.getByRole('banner');
        const phone = header.getByRole('link', { name: PHONE.text });
        await expect(phone).toBeVisible();
        await expect(phone).toHaveAttribute('href', PHONE.href);
        const email = header.getByRole('link', { name: COMPANY.CONTACT_EMAIL });
        await expect(email).toBeVisible();
        await expect(email).toHaveAttribute('href', `mailto:${COMPANY.CONTACT_EMAIL}`);
        await expect(header.getByRole('link', { name: 'Telegram' })).toHaveAttribute('href', COMPANY.CONTACT_MESSENGER_URL);
        expect(await noSidewaysScroll(page)).toBe(true);
        // The contacts line scrolls away; the bar with the menu stays at the top.
        await page.mouse.wheel(0, 1500);
        await expect(phone).not.toBeInViewport();
        await expect(header.getByRole('link', { name: messages[locale].Nav.homeLabel })).toBeInViewport();
      });
    }
  }

  test(`${locale}: the footer has the contacts and the seller's requisites`, async ({ page }) => {
    await page.goto(pageUrl(locale, 'about'));
    const footer = page.getByRole('contentinfo');
    const contacts = footer.getByRole('region', { name: messages[locale].Footer.contactsHeading });
    await expect(contacts.getByRole('link', { name: PHONE.text })).toHaveAttribute('href', PHONE.href);
    await expect(contacts.getByRole('link', { name: COMPANY.CONTACT_EMAIL })).toHaveAttribute('href', `mailto:${COMPANY.CONTACT_EMAIL}`);
    const [inn, ogrn] = locale === 'ru' ? ['ИНН', 'ОГРН'] : ['INN', 'OGRN'];
    await expect(footer).toContainText(`${COMPANY.SELLER_NAME}, ${inn} ${COMPANY.SELLER_INN}, ${ogrn} ${COMPANY.SELLER_OGRN}, ${COMPANY.SELLER_ADDRESS}`);
  });

  test(`${locale}: the consent text names the seller as the operator, with its INN, OGRN and address`, async ({ page }) => {
    await page.goto(pageUrl(locale, 'about/consent'));
    const operator = page.getByRole('region', { name: messages[locale].Pages.consent.sections[0]!.heading });
    const expected =
      locale === 'ru'
        ? `Оператор персональных данных — ${COMPANY.SELLER_NAME} (ИНН ${COMPANY.SELLER_INN}, ОГРН ${COMPANY.SELLER_OGRN}), адрес: ${COMPANY.SELLER_ADDRESS}.`
        : `The operator of the personal data is ${COMPANY.SELLER_NAME} (INN ${COMPANY.SELLER_INN}, OGRN ${COMPANY.SELLER_OGRN}), address: ${COMPANY.SELLER_ADDRESS}.`;
    await expect(operator.getByRole('paragraph')).toHaveText(expected);
    // Withdrawal by e-mail goes to the sales address when no operator address is set.
    await expect(page.getByRole('main')).toContainText(COMPANY.CONTACT_EMAIL);
    // Without NEXT_PUBLIC_SITE_URL the text names the site by its brand, never by a made-up host.
    await expect(page.getByRole('main')).not.toContainText('localhost');
  });

  for (const legal of ['about/oferta', 'about/privacy', 'about/docs'] as const) {
    test(`${locale}: ${legal} ends with the seller's requisites`, async ({ page }) => {
      await page.goto(pageUrl(locale, legal));
      const key = legal.split('/')[1] as 'oferta' | 'privacy' | 'docs';
      const block = page.getByRole('region', { name: messages[locale].Company.legalHeading[key] });
      for (const value of [COMPANY.SELLER_NAME, COMPANY.SELLER_INN, COMPANY.SELLER_OGRN, COMPANY.SELLER_ADDRESS]) await expect(block).toContainText(value);
      await expect(block.getByRole('link', { name: PHONE.text })).toHaveAttribute('href', PHONE.href);
      // What the pages said before: the requisites only "in the contract and the invoice".
      for (const old of locale === 'ru' ? ['Полные реквизиты компании', 'указаны в договоре и в счёте'] : ['Our full company details', 'given in the contract and the invoice']) {
        await expect(page.getByRole('main')).not.toContainText(old);
      }
    });
  }
}

test.describe('a build without NEXT_PUBLIC_SITE_URL', () => {
  test('names the host the request came to in sitemap.xml and robots.txt, never localhost:3000', async ({ request, baseURL }) => {
    const sitemap = await (await request.get('/sitemap.xml')).text();
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
    expect(locs.length).toBeGreaterThan(0);
    for (const loc of locs) expect(loc.startsWith(`${baseURL}/`), loc).toBe(true);
    expect(sitemap).not.toContain('localhost:3000');
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
    expect(robots).not.toContain('localhost:3000');
  });

  test('ships no localhost:3000 in any page, in either language', async ({ request }) => {
    for (const locale of locales) {
      for (const page of [...allPages, 'auth/sign']) {
        const html = await (await request.get(pageUrl(locale, page))).text();
        expect(html, pageUrl(locale, page)).not.toContain('localhost:3000');
        // Canonical and hreflang links stay relative to the host the page is read from.
        expect(html, pageUrl(locale, page)).not.toMatch(/<link rel="(canonical|alternate)"[^>]+href="https?:/);
      }
    }
  });
});
