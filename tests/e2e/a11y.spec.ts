import AxeBuilder from '@axe-core/playwright';
import { allPages, AXE_TAGS, expect, locales, pageUrl, test } from './fixtures';

const phone = { width: 360, height: 740 };

for (const locale of locales) {
  for (const page of [...allPages, 'auth/sign', 'missing-page']) {
    test(`axe finds nothing on ${pageUrl(locale, page)}`, async ({ page: tab }) => {
      await tab.setViewportSize(page.length % 2 ? phone : { width: 1280, height: 800 });
      await tab.goto(pageUrl(locale, page));
      const results = await new AxeBuilder({ page: tab }).withTags(AXE_TAGS).analyze();
      const summary = results.violations.map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      expect(summary).toEqual([]);
    });
  }
}

for (const locale of locales) {
  for (const page of [...allPages, 'auth/sign', 'missing-page']) {
    test(`${pageUrl(locale, page)} does not scroll sideways at 320 and 360 px`, async ({ page: tab }) => {
      for (const width of [320, 360]) {
        await tab.setViewportSize({ width, height: 740 });
        await tab.goto(pageUrl(locale, page));
        const overflow = await tab.evaluate(() => {
          // What sticks out, for the message: elements past the right edge that no scrolling box holds.
          const inScroller = (element: Element) => {
            for (let box = element.parentElement; box && box !== document.body; box = box.parentElement) if (/(auto|scroll|hidden)/.test(getComputedStyle(box).overflowX)) return true;
            return false;
          };
          const sticking = [...document.querySelectorAll('body *')]
            .filter((element) => element.getBoundingClientRect().right > document.documentElement.clientWidth + 1 && !inScroller(element))
            .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].slice(0, 3).join('.')}`);
          return { scrollWidth: document.documentElement.scrollWidth, sticking: document.documentElement.scrollWidth > innerWidth ? sticking.slice(0, 4) : [] };
        });
        expect(overflow, `at ${width} px`).toEqual({ scrollWidth: width, sticking: [] });
      }
    });
  }
}
