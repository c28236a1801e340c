import AxeBuilder from '@axe-core/playwright';
import { AXE_TAGS, expect, test } from './fixtures';
import { hostReady } from './dialogs-support';

const cases = [
  { name: 'feedback', path: '/ru', scope: 'contentinfo', link: 'Обратная связь' },
  { name: 'auth', path: '/en/about', scope: 'banner', link: 'Sign in' },
  { name: 'buy', path: '/en', scope: 'main', link: 'Buy' },
  { name: 'order', path: '/ru/epc', scope: 'main', link: 'Заказать демо' },
] as const;

for (const item of cases) {
  test(`axe finds nothing in the open ${item.name} dialog`, async ({ page }) => {
    await page.goto(item.path);
    await hostReady(page);
    await page.getByRole(item.scope).getByRole('link', { name: item.link, exact: true }).first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.waitForTimeout(300);
    const results = await new AxeBuilder({ page })
      .include('dialog[open]')
      .withTags(AXE_TAGS)
      .analyze();
    expect(results.violations.map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
}
