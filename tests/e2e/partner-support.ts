import type { Page } from '@playwright/test';
import en from '../../messages/en.json' with { type: 'json' };
import ru from '../../messages/ru.json' with { type: 'json' };
import { giveConsent } from './dialogs-support';
import { expect } from './fixtures';

const messages = { ru, en } as const;

/** Text as the page shows it, spaces as Intl writes them (no-break and narrow no-break) made plain. */
export const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ').replace(/\s+/g, ' ').trim();

/** Registers through the sign-in page's form (where the partner area sends a visitor), typing as a person does. */
export async function registerOnSignPage(page: Page, locale: keyof typeof messages, email: string, password: string) {
  const a = messages[locale].AuthDialog;
  const field = (label: string) => form.getByLabel(label, { exact: true }).filter({ visible: true });
  await page.getByRole('button', { name: a.openRegistration }).filter({ visible: true }).click();
  const form = page.locator('[data-auth-panel="registration"]');
  await expect(form.getByRole('heading', { name: a.registrationHeading })).toBeVisible();
  await field(a.email).pressSequentially(email);
  await field(a.phone).pressSequentially('+79123456789');
  await field(a.firstName).pressSequentially('Анна');
  await field(a.firm).pressSequentially('ПАО Сбербанк');
  await form.getByRole('combobox', { name: a.country, exact: true }).selectOption(locale === 'ru' ? 'Россия' : 'Russia');
  await field(a.city).pressSequentially('Москва');
  await field(a.password).pressSequentially(password);
  await field(a.password2).pressSequentially(password);
  await giveConsent(form, locale);
  await form.getByRole('button', { name: a.register, exact: true }).click();
}
