import { expect, test } from './fixtures';

/**
 * The default build has no Metrica counter: no consent notice, no cookie settings in the footer,
 * no inline check (docs/decisions/020); the notice is tested against its own build (metrica.spec.ts).
 */
for (const path of ['/ru', '/en/epc', '/ru/vehicle?vin=WVWZZZ1JZ3W386752', '/en/auth/sign']) {
  test(`${path} asks no consent without a counter`, async ({ page, request }) => {
    const html = await (await request.get(path)).text();
    for (const trace of ['consent-notice', 'data-consent', 'analytics_consent']) expect(html).not.toContain(trace);
    await page.goto(path);
    expect(await page.locator('#consent-notice, [data-consent-open], [data-consent-choice]').count()).toBe(0);
  });
}
