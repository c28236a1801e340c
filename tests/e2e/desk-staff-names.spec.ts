import { createHmac } from 'node:crypto';
import { expect, test } from './fixtures';
import { DESK_TEXT, ownAddress, signIn, type DeskLocale } from './desk-support';

/**
 * Staff are people: an admin adds a member with a name; the desk asks for the password
 * again (this server's DESK_STEP_UP_MINUTES is 0: every staff change asks) and keeps the filled
 * form through it, finishing the change after the password; the new member's profile shows no
 * TOTP key until they press the button, and the recovery codes once, after the first code.
 */
const STEP_UP_SERVER = `http://127.0.0.1:${Number(process.env.E2E_PORT || 3100) + 2}`;
test.use({ baseURL: STEP_UP_SERVER });

const run = Date.now().toString(36);
const TEXT = {
  ru: { name: 'Имя', role: 'Роль', add: 'Добавить', confirmTitle: 'Подтвердите, что это вы', secret: 'Пароль или код', confirm: 'Подтвердить', added: 'Сотрудник добавлен.', start: 'Включить второй фактор', code: 'Код', enable: 'Включить', recovery: 'Коды восстановления' },
  en: { name: 'Name', role: 'Role', add: 'Add', confirmTitle: 'Confirm it is you', secret: 'Password or code', confirm: 'Confirm', added: 'Account added.', start: 'Turn on the second factor', code: 'Code', enable: 'Turn on', recovery: 'Recovery codes' },
} as const;

/** RFC 6238 with the app's defaults (SHA-1, 6 digits, 30 s), as an authenticator app computes it. */
function totp(secret: string, at = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of secret.replace(/\s|=/g, '').toUpperCase()) bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g)!.map((byte) => parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

for (const locale of ['ru', 'en'] as DeskLocale[]) {
  test(`an admin adds a named member through the step-up; the member turns the factor on when they choose (${locale})`, async ({ page, browser, context }) => {
    test.setTimeout(90_000);
    const x = DESK_TEXT[locale];
    const y = TEXT[locale];
    const name = locale === 'ru' ? `Мария Иванова ${run}` : `Mary Jones ${run}`;
    const email = `named-${locale}-${run}@example.com`;
    const password = `named-Desk-pass-${run}`;
    await ownAddress(context);
    await signIn(page, locale);
    await expect(page.getByRole('heading', { name: x.leads, level: 1 })).toBeVisible();

    await page.goto(`/${locale}/desk/staff`);
    const add = page.locator('form[aria-labelledby="staff-add"]');
    await add.getByRole('textbox', { name: y.name }).pressSequentially(name);
    await add.getByRole('textbox', { name: x.email }).pressSequentially(email);
    await add.getByRole('combobox', { name: y.role }).selectOption('sales');
    await add.getByLabel(x.password, { exact: false }).pressSequentially(password);
    await add.getByRole('button', { name: y.add }).click();

    // The password again; the form's content waits on the server, not in the address.
    await expect(page.getByRole('heading', { name: y.confirmTitle })).toBeVisible();
    expect(page.url()).not.toContain(encodeURIComponent(email));
    await expect(page.locator('[data-pending-change]')).toBeVisible();
    await page.getByLabel(y.secret).pressSequentially('not the password');
    await page.getByRole('button', { name: y.confirm }).click();
    await expect(page.getByRole('status')).not.toBeEmpty();
    await expect(page.locator('[data-pending-change]')).toBeVisible();
    await page.getByLabel(y.secret).pressSequentially(process.env.DESK_ADMIN_PASSWORD ?? 'e2e-desk-Admin-2026!');
    await page.getByRole('button', { name: y.confirm }).click();

    // Finished with one confirmation: the member is there, by name.
    await expect(page).toHaveURL(new RegExp(`/${locale}/desk/staff\\?done=staffAdded$`));
    await expect(page.getByRole('status')).toHaveText(y.added);
    await expect(page.locator('[data-staff-name]', { hasText: name })).toHaveCount(1);

    // The member signs in: their name in the header; no key on the profile until they ask.
    const member = await browser.newContext({ baseURL: STEP_UP_SERVER, extraHTTPHeaders: { 'X-Forwarded-For': `203.0.113.${locale === 'ru' ? 61 : 62}` } });
    const memberPage = await member.newPage();
    await signIn(memberPage, locale, email, password);
    await expect(memberPage.getByRole('heading', { name: x.leads, level: 1 })).toBeVisible();
    await expect(memberPage.getByRole('banner')).toContainText(name);
    await memberPage.goto(`/${locale}/desk/account`);
    await expect(memberPage.getByRole('textbox', { name: y.name })).toHaveValue(name);
    await expect(memberPage.locator('[data-totp-secret]')).toHaveCount(0);
    await expect(memberPage.locator('[data-totp-qr]')).toHaveCount(0);
    await expect(memberPage.getByText('otpauth://')).toHaveCount(0);
    await memberPage.reload();
    await expect(memberPage.locator('[data-totp-secret]')).toHaveCount(0);

    await memberPage.getByRole('button', { name: y.start }).click();
    const key = memberPage.locator('[data-totp-secret]');
    await expect(key).toBeVisible();
    await expect(memberPage.locator('[data-totp-qr]')).toBeVisible();
    await expect(memberPage.locator('[data-recovery-codes]')).toHaveCount(0);
    const secret = (await key.getAttribute('data-totp-secret'))!;
    await memberPage.getByRole('textbox', { name: y.code }).pressSequentially(totp(secret));
    await memberPage.getByRole('button', { name: y.enable, exact: true }).click();

    // The recovery codes, once.
    const codes = memberPage.locator('[data-recovery-codes] li');
    await expect(codes).toHaveCount(10);
    await memberPage.reload();
    await expect(memberPage.locator('[data-recovery-codes]')).toHaveCount(0);
    await expect(memberPage.locator('[data-totp-secret]')).toHaveCount(0);
    await member.close();
  });
}
