import type { BrowserContext, Page } from '@playwright/test';
import { expect } from './fixtures';
import { DESK_ADMIN } from './desk-admin';


export const DESK_TEXT = {
  ru: { title: 'Вход для отдела продаж', email: 'E-mail', password: 'Пароль', signIn: 'Войти', leads: 'Заявки', search: 'Поиск', apply: 'Применить', export: 'Выгрузить CSV', newStatus: 'Новый статус', saveStatus: 'Сохранить статус', inProgress: 'В работе', statusSaved: 'Статус сохранён.', statusNote: 'Комментарий к смене статуса', erase: 'Удалить персональные данные', confirm: 'Понимаю, что это необратимо', erased: 'Персональные данные удалены.', staff: 'Сотрудники', forbidden: 'Только для администраторов', signOut: 'Выйти', wrong: 'Неверный e-mail или пароль.', kind: 'Тип', status: 'Статус', demo: 'Демо', won: 'Успех', empty: 'Заявок не найдено.' },
  en: { title: 'Sales desk sign-in', email: 'E-mail', password: 'Password', signIn: 'Sign in', leads: 'Leads', search: 'Search', apply: 'Apply', export: 'Export CSV', newStatus: 'New status', saveStatus: 'Save status', inProgress: 'In progress', statusSaved: 'Status saved.', statusNote: 'Comment on this change', erase: 'Erase personal data', confirm: 'I understand that this cannot be undone', erased: 'Personal data erased.', staff: 'Staff', forbidden: 'Admins only', signOut: 'Sign out', wrong: 'Wrong e-mail or password.', kind: 'Kind', status: 'Status', demo: 'Demo', won: 'Won', empty: 'No leads match.' },
} as const;
export type DeskLocale = keyof typeof DESK_TEXT;

let addressCounter = 0;
/** An address of its own per test, so the per-address limits of one test never reach another. */
export async function ownAddress(context: BrowserContext) {
  addressCounter += 1;
  await context.setExtraHTTPHeaders({ 'X-Forwarded-For': `198.51.100.${(process.pid % 100) + addressCounter}` });
}

export async function signIn(page: Page, locale: DeskLocale, email = DESK_ADMIN.email, password = DESK_ADMIN.password) {
  const x = DESK_TEXT[locale];
  await page.goto(`/${locale}/desk/login`);
  await expect(page.getByRole('heading', { name: x.title })).toBeVisible();
  await page.getByRole('textbox', { name: x.email }).fill(email);
  await page.getByLabel(x.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: x.signIn }).click();
}

/** A lead stored through the public API, as the dialog sends it (the consent box ticked). */
export async function postLead(page: Page, locale: DeskLocale, name: string, phone = '+79161234567') {
  const response = await page.request.post('/api/telega/send-mail', {
    headers: { 'Accept-Language': locale },
    data: { flag_check_not_business: false, t: 'btn_demo', lang: locale, name, phone, email: 'lead@example.com', t_client: 1, t_client_txt: '=1+1 формула', website: '', consent: 'on', url: `/${locale}` },
  });
  expect(response.status()).toBe(200);
}
