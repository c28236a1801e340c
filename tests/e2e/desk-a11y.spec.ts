import type { Page } from '@playwright/test';
import { animationsDone } from './dialogs-support';
import { DESK_TEXT, ownAddress, postLead, signIn } from './desk-support';
import { expect, test } from './fixtures';
import { axeViolations } from './axe';

// Each test signs in and runs axe on seven pages: about 20 s in the whole suite on a 2-core machine
// (36–46 s when axe ran each check twice), more beside other work (it went past the default 30 s at
// a load average of 10). The time its work needs:
test.describe.configure({ timeout: 120_000 });

const phone = { width: 360, height: 740 };
const desktop = { width: 1280, height: 800 };

async function expectNoViolations(page: Page, where: string) {
  await animationsDone(page);
  expect(await axeViolations(page), where).toEqual([]);
  // Usable at 360 px: nothing makes the page scroll sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${where}: no sideways scroll`).toBe(true);
}

for (const locale of ['ru', 'en'] as const) {
  for (const [size, viewport] of [['phone', phone], ['desktop', desktop]] as const) {
    test(`axe finds nothing on the desk's pages (${locale}, ${size})`, async ({ page, context }) => {
      await ownAddress(context);
      await page.setViewportSize(viewport);
      await page.goto(`/${locale}/desk/login`);
      await expectNoViolations(page, 'sign-in');
      await postLead(page, locale, `Axe ${locale} ${size} ${Date.now().toString(36)}`);
      await signIn(page, locale);
      await expect(page.getByRole('heading', { name: DESK_TEXT[locale].leads, level: 1 })).toBeVisible();
      await expectNoViolations(page, 'leads');
      // The table on a wide screen, the cards on a phone: the link of whichever is shown.
      await page.locator('main a[href*="/desk/leads/"]:visible').first().click();
      await expect(page).toHaveURL(/\/desk\/leads\//);
      await expectNoViolations(page, 'lead');
      for (const section of ['summary', 'invoices', 'staff', 'account']) {
        await page.goto(`/${locale}/desk/${section}`);
        await expectNoViolations(page, section);
      }
    });
  }
}
