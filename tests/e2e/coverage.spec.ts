import { catalogueCoverage } from '../../src/content/coverage';
import { expect, test } from './fixtures';

/**
 * Each catalogue page names the makes it covers, from src/content/coverage.ts:
 * a plain list without scripts, and with them a search that finds a make typed in either alphabet.
 */
const texts = {
  ru: { heading: 'Марки в каталоге', search: 'Найти марку в каталоге' },
  en: { heading: 'Makes in this catalogue', search: 'Find a make in this catalogue' },
} as const;

/** A query typed key by key on each catalogue page and the one make it must leave. */
const QUERIES = [
  ['epc', 'тойота', 'Toyota'],
  ['vag', 'шкода', 'Škoda'],
  ['spec', 'комацу', 'Komatsu'],
  ['moto', 'ямаха', 'Yamaha'],
  ['apk', 'rostselmash', { ru: 'Ростсельмаш', en: 'Rostselmash' }],
] as const;

for (const locale of ['ru', 'en'] as const) {
  const x = texts[locale];

  for (const [page, query, make] of QUERIES) {
    const wanted = typeof make === 'string' ? make : make[locale];

    test(`${locale}/${page}: lists its ${catalogueCoverage[page].length} makes, and «${query}» typed key by key at 360 px leaves ${wanted}`, async ({ page: tab }) => {
      await tab.setViewportSize({ width: 360, height: 740 });
      await tab.goto(`/${locale}/${page}`);
      const section = tab.getByRole('region', { name: x.heading });
      const makes = section.getByRole('listitem');
      await expect(makes).toHaveCount(catalogueCoverage[page].length);
      const search = section.getByRole('searchbox', { name: x.search });
      await search.pressSequentially(query);
      await expect(makes.filter({ visible: true })).toHaveText([wanted]);
      await search.fill('');
      await expect(makes.filter({ visible: true })).toHaveCount(catalogueCoverage[page].length);
      expect(await tab.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    });
  }

  test.describe(`without JavaScript (${locale})`, () => {
    test.use({ javaScriptEnabled: false });

    test('each catalogue page shows its whole list and no search box it could not run', async ({ page: tab }) => {
      for (const page of Object.keys(catalogueCoverage) as (keyof typeof catalogueCoverage)[]) {
        await tab.goto(`/${locale}/${page}`);
        const section = tab.getByRole('region', { name: x.heading });
        await expect(section.getByRole('listitem').filter({ visible: true }), page).toHaveCount(catalogueCoverage[page].length);
        await expect(section.getByRole('searchbox')).toBeHidden();
      }
    });
  });
}
