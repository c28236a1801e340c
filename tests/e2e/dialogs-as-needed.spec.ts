import { expect, test } from './fixtures';
import { hostReady, mockApi } from './dialogs-support';

test.use({ visitor: 'russia' });

test('as-needed: a 401 sends a ru visitor to the unprefixed sign-in page', async ({ page }) => {
  await mockApi(page, 'api/auth/auth', { status: 401, json: {} });
  await page.goto('/about');
  await hostReady(page);
  await page.getByRole('banner').getByRole('link', { name: 'Войти' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'E-mail', exact: true }).fill('user@example.com');
  await dialog.getByLabel('Пароль', { exact: true }).filter({ visible: true }).fill('secret-pw');
  await dialog.getByRole('button', { name: 'Войти', exact: true }).click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/auth\/sign\?message=session$/);
  await expect(page.getByText('Срок действия сессии истёк. Войдите снова.')).toBeVisible();
});

test('as-needed: the order form returns to the unprefixed page', async ({ page }) => {
  await page.goto('/epc');
  await expect(page.locator('#order form input[name=url]')).toHaveValue('/epc');
  await page.goto('/epc?order=sent');
  await expect(page.locator('#order').getByText('Спасибо! Заявка отправлена')).toBeVisible();
});
