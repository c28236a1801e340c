import en from '../../messages/en.json' with { type: 'json' };
import ru from '../../messages/ru.json' with { type: 'json' };
import { expect, test } from './fixtures';

// A visitor in Russia: the unprefixed pages are the Russian ones (a visitor abroad is sent to English).
test.use({ visitor: 'russia' });

/*
 * The as-needed server is built with no contacts and no seller (playwright.config.ts): the site
 * shows no empty contact blocks and its legal pages say the requisites are given on request.
 */

for (const [locale, home, messages] of [['ru', '/', ru], ['en', '/en', en]] as const) {
  const prefix = locale === 'ru' ? '' : '/en';

  test(`${locale}: no contact links in the header or the footer when none is set`, async ({ page }) => {
    await page.goto(home);
    await expect(page.locator('a[href^="tel:"], a[href^="mailto:"]')).toHaveCount(0);
    await expect(page.getByRole('list', { name: messages.Company.contactsLabel })).toHaveCount(0);
    // The header is the bar alone, stuck at the top.
    expect(await page.getByRole('banner').evaluate((header) => getComputedStyle(header).top)).toBe('0px');
  });

  test(`${locale}: the legal pages and the consent text say the requisites are given on request`, async ({ page }) => {
    await page.goto(`${prefix}/about/oferta`);
    await expect(page.getByRole('region', { name: messages.Company.legalHeading.oferta })).toHaveText(`${messages.Company.legalHeading.oferta}${messages.Company.unset}`);
    await page.goto(`${prefix}/about/consent`);
    const operator = page.getByRole('region', { name: messages.Pages.consent.sections[0]!.heading }).getByRole('paragraph');
    await expect(operator).toHaveText(messages.Pages.consent.sections[0]!.paragraphs![0]!.replace('%operator%', messages.Pages.consent.operator.brand.replace('%name%', 'EpcSu')));
  });
}
