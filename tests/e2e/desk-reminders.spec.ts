import { expect, test } from './fixtures';
import { ownAddress, postLead, signIn } from './desk-support';
import { telegramMessages, waitForTelegram } from './telegram';

/**
 * The reminders before the 10-minute promise is broken, on a server of their own (playwright.config.ts,
 * project `reminders`): working hours around the clock and DESK_ESCALATE_MINUTES=0.05, so a lead left
 * new passes «minute 7» in three seconds. Names are unique per run: the chat stand-in keeps every
 * message since it started, and counts here are of this test's lead only.
 */
const run = Date.now().toString(36);

const TEXT = {
  ru: { callback: 'Перезвонить', when: 'Дата и время (UTC)', save: 'Сохранить время звонка', saved: 'Время звонка сохранено: заявка напомнит о себе в это время.', due: 'Пора перезвонить' },
  en: { callback: 'Call back at', when: 'Date and time (UTC)', save: 'Save call back time', saved: 'Call back set: the lead will remind you at that time.', due: 'Call back now' },
} as const;

test.describe.configure({ timeout: 90_000 });
test.beforeEach(async ({ context }) => ownAddress(context));

test('a lead left new passes minute 7 and the chat gets the reminder once', async ({ page }) => {
  const name = `Reminder ${run}`;
  await page.goto('/ru');
  await postLead(page, 'ru', name);
  const reminder = await waitForTelegram(new RegExp(`всё ещё новая[\\s\\S]*${name}`), 20_000);
  expect(reminder.text).toMatch(/Заявка №\d+ \(Демо\) всё ещё новая: до обещанных 10 минут осталось 10 мин\./);
  expect(reminder.text).toContain('Ответственного нет');
  // A dozen more scans (one a second) and the outbox's polls: still one.
  await page.waitForTimeout(8_000);
  const reminders = (await telegramMessages()).filter((message) => message.text.includes(name) && message.text.includes('всё ещё новая'));
  expect(reminders).toHaveLength(1);
  // The lead itself went to the chat too, once, as its own message.
  expect((await telegramMessages()).filter((message) => message.text.includes(name))).toHaveLength(2);
});

for (const locale of ['ru', 'en'] as const) {
  test(`a call back set on the lead's page (${locale}) marks it due in the list and reminds the chat once`, async ({ page }) => {
    const x = TEXT[locale];
    const name = `Callback ${locale} ${run}`;
    await page.goto(`/${locale}`);
    await postLead(page, locale, name);
    await signIn(page, locale);
    await page.getByRole('link', { name, exact: true }).click();
    const form = page.getByRole('form', { name: x.callback });
    // The desk's zone is UTC on this server: this minute, so the call back is due at once.
    const now = new Date().toISOString().slice(0, 16);
    await form.getByLabel(x.when).fill(now);
    await form.getByRole('button', { name: x.save }).click();
    await expect(page.getByText(x.saved)).toBeVisible();
    await expect(page.getByRole('form', { name: x.callback }).getByLabel(x.when)).toHaveValue(now);

    const reminder = await waitForTelegram(new RegExp(`пора перезвонить[\\s\\S]*${name}`), 20_000);
    expect(reminder.text).toMatch(/📞 Заявка №\d+/);
    await page.goto(`/${locale}/desk`);
    // The table's row on a wide screen (the cards are for a phone).
    const card = page.locator('tr[data-lead-id]').filter({ has: page.getByRole('link', { name, exact: true }) });
    await expect(card.getByText(x.due, { exact: true })).toBeVisible();
    await page.waitForTimeout(4_000);
    expect((await telegramMessages()).filter((message) => message.text.includes(name) && message.text.includes('пора перезвонить'))).toHaveLength(1);
  });
}
