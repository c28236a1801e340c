import type { Page } from '@playwright/test';
import { animationsDone, hostReady } from './dialogs-support';
import { allPages, expect, locales, pageUrl, test } from './fixtures';
import { axeViolations } from './axe';
import { sideways } from './sideways';

const phone = { width: 360, height: 740 };

// The check every page gets, shown to catch what it is there to catch: a page of its own with an
// unnamed image and button and grey text on grey, checked whole and in part.
test('axe as these tests run it finds an unnamed image and button and text of too little contrast', async ({ page }) => {
  await page.setContent('<!doctype html><html lang="en"><title>Faults</title><main><h1>Faults</h1><img src="data:,"><button></button><p style="color:#777;background:#888">Grey on grey</p></main></html>');
  const rules = (lines: string[]) => lines.map((line) => line.split(':')[0]!.split(' ')[1]).sort();
  expect(rules(await axeViolations(page))).toEqual(['button-name', 'color-contrast', 'image-alt']);
  expect(rules(await axeViolations(page, 'p'))).toEqual(['color-contrast']);
});

// One load per page: it must not scroll sideways at 320 and 360 px (the window resized, as a
// phone turned or a split screen does), and axe finds nothing on it at a phone's width or a
// desktop's (every other page), the layout of the size axe reads having been laid out afresh.
for (const locale of locales) {
  for (const page of [...allPages, 'auth/sign', 'missing-page']) {
    test(`${pageUrl(locale, page)}: no sideways scroll at 320 and 360 px, and axe finds nothing`, async ({ page: tab }) => {
      await tab.setViewportSize({ width: 320, height: 740 });
      await tab.goto(pageUrl(locale, page));
      for (const width of [320, 360]) {
        await tab.setViewportSize({ width, height: 740 });
        expect(await sideways(tab), `at ${width} px`).toEqual({ scrollWidth: width, sticking: [] });
      }
      await tab.setViewportSize(page.length % 2 ? phone : { width: 1280, height: 800 });
      expect(await axeViolations(tab)).toEqual([]);
    });
  }
}

/** The tools' states: answers the server renders, and what typing and choosing show. */
const toolStates: Array<{ name: string; path: string; act?: (page: Page) => Promise<void> }> = [
  { name: 'a valid VIN with its products', path: 'vehicle?vin=WVWZZZ1JZ3W386752' },
  { name: 'a wrong check digit', path: 'vehicle?vin=1M8GDM9A5KP042788' },
  { name: 'look-alike and forbidden letters', path: `vehicle?vin=${encodeURIComponent('XТA2121O')}` },
  { name: 'a frame number', path: 'vehicle?vin=GX100-1234567' },
  { name: 'a VIN being typed', path: 'vehicle', act: async (page) => page.locator('#vin-check-input').pressSequentially('XTA21214') },
  { name: 'a TIS set, with values ignored', path: 'tis?brands=vag,ford,nope&months=5&currency=EUR' },
  { name: 'a brand search that finds nothing', path: 'tis', act: async (page) => page.locator('#tis-brand-search').fill('tesla') },
  {
    name: 'the demo dialog with the VIN',
    path: 'vehicle?vin=XTA21214011580133',
    act: async (page) => {
      await hostReady(page);
      await page.locator('#vin-check [data-dialog="demo"]').first().click();
      await expect(page.locator('dialog[open] input[name="vin"]')).toBeVisible();
    },
  },
  {
    name: 'the buy dialog with the TIS set',
    path: 'tis?brands=lada&months=6&currency=RUB',
    act: async (page) => {
      await hostReady(page);
      await page.locator('#calculator [data-dialog="buy"]').click();
      await expect(page.locator('dialog[open] textarea')).not.toHaveValue('');
    },
  },
];

for (const locale of locales) {
  toolStates.forEach((state, index) => {
    test(`axe finds nothing on /${locale}/${state.path.split('?')[0]}: ${state.name}`, async ({ page: tab }) => {
      await tab.setViewportSize(index % 2 ? phone : { width: 1280, height: 800 });
      await tab.goto(`/${locale}/${state.path}`);
      await state.act?.(tab);
      await animationsDone(tab);
      expect(await axeViolations(tab)).toEqual([]);
    });
  });
}

for (const locale of locales) {
  test(`the tools' answers in ${locale} do not scroll sideways at 320 px`, async ({ page: tab }) => {
    await tab.setViewportSize({ width: 320, height: 740 });
    for (const path of ['vehicle?vin=WVWZZZ1JZ3W386752', `vehicle?vin=${'Ж'.repeat(40)}`, 'vehicle?vin=GX100-1234567', 'tis?brands=vag,bmw-mini,uaz&months=12&currency=RUB']) {
      await tab.goto(`/${locale}/${path}`);
      expect(await tab.evaluate(() => document.documentElement.scrollWidth), path).toBe(320);
    }
  });
}
