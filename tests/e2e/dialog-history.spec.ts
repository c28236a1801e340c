import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { hostReady } from './dialogs-support';

/**
 * The phone's menu and the dialogs opened from it, at 360 px with a finger: the menu closes when a
 * dialog opens from it and on Escape; an open dialog is a history entry, so the back button
 * (Android's back gesture) closes it (as any close does) and the page stays; a dialog closed any
 * other way takes its entry back, so the next back leaves the page as usual.
 */
test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true, visitor: 'russia' });

const T = {
  ru: { menu: 'Меню', contacts: 'Контакты', feedback: 'Обратная связь', name: 'Имя', close: 'Закрыть', about: 'about' },
  en: { menu: 'Menu', contacts: 'Contact', feedback: 'Feedback', name: 'Name', close: 'Close', about: 'about' },
} as const;

/** The phone's menu: the header's <details> that is not one of its drop-down menus (`data-menu`, the products). */
const menu = (page: Page) => page.getByRole('banner').locator('details:not([data-menu])');
const menuButton = (page: Page, locale: 'ru' | 'en') => menu(page).locator('summary').filter({ hasText: T[locale].menu });

async function openFeedbackFromMenu(page: Page, locale: 'ru' | 'en') {
  await menuButton(page, locale).tap();
  await expect(menu(page)).toHaveAttribute('open', '');
  await menu(page).getByRole('link', { name: T[locale].contacts }).tap();
  const dialog = page.getByRole('dialog', { name: T[locale].feedback });
  await expect(dialog).toBeVisible();
  return dialog;
}

for (const locale of ['ru', 'en'] as const) {
  const x = T[locale];
  test(`${locale}: back closes a dialog opened from the phone menu, which closed; the page stays`, async ({ page }) => {
    await page.goto(`/${locale}/${x.about}`);
    await page.goto(`/${locale}`);
    await hostReady(page);
    await page.evaluate(() => ((window as unknown as { kept: boolean }).kept = true));

    const dialog = await openFeedbackFromMenu(page, locale);
    await expect(menu(page)).not.toHaveAttribute('open');
    await dialog.getByRole('textbox', { name: x.name, exact: true }).pressSequentially('Мария');
    // The entry is the dialog's once the page's scripts have started (at the first pause in typing).
    await page.waitForFunction(() => window.__epcBooted === true);
    await page.waitForTimeout(100);

    await page.goBack();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/${locale}$`));
    expect(await page.evaluate(() => (window as unknown as { kept?: boolean }).kept)).toBe(true);
    await expect(menu(page)).not.toHaveAttribute('open');

    // Opened again and closed by its button: the menu stays closed, the focus is on the menu's
    // button, and back now leaves the page as it would have without the dialog.
    await openFeedbackFromMenu(page, locale);
    await page.waitForTimeout(100);
    await dialog.getByRole('button', { name: x.close }).first().tap();
    await expect(dialog).toBeHidden();
    await expect(menu(page)).not.toHaveAttribute('open');
    await expect(menuButton(page, locale)).toBeFocused();
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/${locale}/${x.about}$`));
  });

  test(`${locale}: Escape closes the phone menu`, async ({ page }) => {
    await page.goto(`/${locale}`);
    await hostReady(page);
    await menuButton(page, locale).tap();
    await expect(menu(page)).toHaveAttribute('open', '');
    await page.keyboard.press('Escape');
    await expect(menu(page)).not.toHaveAttribute('open');
    await expect(menuButton(page, locale)).toBeFocused();
  });
}
