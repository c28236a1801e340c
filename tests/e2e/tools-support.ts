import type { Page, Request } from '@playwright/test';
import { giveConsent } from './dialogs-support';

/**
 * A client address of its own for a test that sends a real lead, so that runs of the suite stay
 * inside the per-address lead limit (the address is outside Russia, so pages are the world variant).
 */
export async function ownAddress(page: Page) {
  const address = `198.51.100.${1 + Math.floor(Math.random() * 250)}`;
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': address });
  return address;
}

/** Fills the buy/demo dialog's contacts as a business that wants the catalogue, and ticks the consent. */
export async function fillLeadContacts(page: Page, locale: 'ru' | 'en') {
  const dialog = page.locator('dialog[open]');
  await dialog.locator('input[name="name"]').fill('ООО Ромашка');
  await dialog.locator('input[type="tel"]').pressSequentially(locale === 'ru' ? '9123456789' : '+79123456789');
  await dialog.locator('input[type="email"]').fill('buyer@example.com');
  await dialog.locator('input[name="t_client"][value="1"]').check();
  await giveConsent(dialog, locale);
}

/** Sends the open dialog to the real server and gives back what was posted and the answer's status. */
export async function sendLead(page: Page): Promise<{ body: Record<string, unknown>; status: number }> {
  const posted = page.waitForRequest((request: Request) => request.url().endsWith('/api/telega/send-mail') && request.method() === 'POST');
  const answered = page.waitForResponse((response) => response.url().endsWith('/api/telega/send-mail'));
  await page.locator('dialog[open] button[type="submit"]').click();
  const [request, response] = await Promise.all([posted, answered]);
  return { body: request.postDataJSON() as Record<string, unknown>, status: response.status() };
}
