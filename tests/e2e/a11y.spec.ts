import AxeBuilder from '@axe-core/playwright';
import { allPages, expect, locales, pageUrl, test } from './fixtures';

const phone = { width: 360, height: 740 };

for (const locale of locales) {
  for (const page of [...allPages, 'auth/sign', 'missing-page']) {
    test(`axe finds nothing on ${pageUrl(locale, page)}`, async ({ page: tab }) => {
      await tab.setViewportSize(page.length % 2 ? phone : { width: 1280, height: 800 });
      await tab.goto(pageUrl(locale, page));
      const results = await new AxeBuilder({ page: tab }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
      const summary = results.violations.map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      expect(summary).toEqual([]);
    });
  }
}
