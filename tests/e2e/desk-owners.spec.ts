import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { DESK_TEXT, ownAddress, signIn } from './desk-support';

/**
 * Leads given out in turn to the staff on duty, and a returning customer's earlier lead
 * on the new lead's page. The e2e database outlives a run and other specs post leads at the same
 * time: names, phones and e-mails are unique per run, the two accounts take the support queue only
 * (other desk specs post sales leads), only this run's leads are counted, and both go off duty at
 * the end whatever happens.
 */
const run = Date.now().toString(36);
const seven = (offset: number) => String((Date.now() + offset) % 10_000_000).padStart(7, '0');
const PASSWORD = 'owners-Desk-pass-2026';

const TEXT = {
  en: { owner: (email: string) => `Owner: ${email}`, dutyOn: 'Go on duty', dutyOff: 'Go off duty', onDuty: 'On duty', offDuty: 'Off duty', earlier: 'Earlier leads of this customer', returning: 'Returning customer', duty: 'Duty', queue: 'Queue', save: 'Save duty', take: 'Take', taken: 'The lead is yours now.' },
  ru: { owner: (email: string) => `Ответственный: ${email}`, dutyOn: 'Выйти на смену', dutyOff: 'Уйти со смены', onDuty: 'На смене', offDuty: 'Не на смене', earlier: 'Прежние заявки этого клиента', returning: 'Повторное обращение', duty: 'Смена', queue: 'Очередь', save: 'Сохранить смену', take: 'Взять', taken: 'Заявка теперь ваша.' },
} as const;

test.describe.configure({ timeout: 150_000 });

/** A feedback lead to support through the public API, as the dialog sends it. */
async function postSupportLead(page: Page, name: string, phone: string, email: string) {
  const response = await page.request.post('/api/telega/send', {
    headers: { 'Accept-Language': 'en' },
    data: { t: 'feedback', name, phone, email, note: 'Need the catalogue', department: 'support', country_name: 'Russia', website: '', consent: 'on', url: '/en' },
  });
  expect(response.status()).toBe(200);
}

/** A buy/demo lead through the public API. */
async function postDemoLead(page: Page, locale: 'ru' | 'en', name: string, phone: string, email: string) {
  const response = await page.request.post('/api/telega/send-mail', {
    headers: { 'Accept-Language': locale },
    data: { flag_check_not_business: false, t: 'btn_demo', lang: locale, name, phone, email, t_client: 1, t_client_txt: 'demo', website: '', consent: 'on', url: `/${locale}` },
  });
  expect(response.status()).toBe(200);
}

test.beforeEach(async ({ context }) => ownAddress(context));

test('two sales staff on duty get four new leads two each (en)', async ({ page, browser }) => {
  const x = DESK_TEXT.en;
  const t = TEXT.en;
  const emails = [`owner-a-${run}@example.com`, `owner-b-${run}@example.com`];
  /** Staff have names: the desk shows them for owners and in the history. */
  const people = [`Anna Owner ${run}`, `Boris Owner ${run}`];
  await signIn(page, 'en');
  await page.goto('/en/desk/staff');
  const add = page.locator('form[aria-labelledby="staff-add"]');
  for (const [index, email] of emails.entries()) {
    await add.getByRole('textbox', { name: 'Name' }).fill(people[index]!);
    await add.getByRole('textbox', { name: x.email }).fill(email);
    await add.getByLabel(x.password, { exact: false }).fill(PASSWORD);
    await add.getByRole('button').click();
    await expect(page.getByText(email, { exact: true })).toBeVisible();
  }
  const contexts = await Promise.all(emails.map((_, index) => browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': `203.0.113.${60 + index}` } })));
  const pages = await Promise.all(contexts.map((context) => context.newPage()));
  try {
    // The admin gives both the support queue; each goes on duty with the switch in the header.
    for (const email of emails) {
      const duty = page.getByRole('form', { name: `Duty of ${email}` });
      await duty.locator('select[name="queue"]').selectOption('support');
      await duty.getByRole('button', { name: `${t.save}: ${email}` }).click();
      await expect(page.getByRole('status')).not.toBeEmpty();
    }
    for (const [index, member] of pages.entries()) {
      await signIn(member, 'en', emails[index], PASSWORD);
      await expect(member.getByRole('heading', { name: x.leads, level: 1 })).toBeVisible();
      await member.getByRole('button', { name: t.dutyOn }).click();
      await expect(member.getByText(t.onDuty, { exact: true })).toBeVisible();
    }

    const names = [1, 2, 3, 4].map((index) => `Owners${run} Client${index}`);
    for (const [index, name] of names.entries()) await postSupportLead(page, name, `+7918${seven(index * 1_000_003)}`, `owners-${run}-${index}@example.com`);

    await page.goto(`/en/desk?q=Owners${run}`);
    const cards = page.locator('li[data-lead-id]');
    await expect(cards).toHaveCount(4);
    for (const person of people) await expect(cards.filter({ hasText: t.owner(person) })).toHaveCount(2);

    // Each sees their own two under «mine».
    for (const member of pages) {
      await member.goto(`/en/desk?owner=mine&q=Owners${run}`);
      await expect(member.locator('li[data-lead-id]')).toHaveCount(2);
    }

    // A takes one of B's leads with one press; the history says so.
    const ofB = cards.filter({ hasText: t.owner(people[1]!) }).first();
    const leadId = await ofB.getAttribute('data-lead-id');
    await pages[0]!.goto(`/en/desk/leads/${leadId}`);
    await pages[0]!.getByRole('button', { name: t.take }).click();
    await expect(pages[0]!.getByText(t.taken)).toBeVisible();
    await expect(pages[0]!.locator('section[aria-labelledby="lead-history"]')).toContainText(`${people[0]} took it from ${people[1]}`);
  } finally {
    for (const member of pages) {
      await member.goto('/en/desk');
      const off = member.getByRole('button', { name: t.dutyOff });
      if (await off.count()) await off.click();
    }
    await Promise.all(contexts.map((context) => context.close()));
  }
});

for (const locale of ['ru', 'en'] as const) {
  test(`a lead from a known phone shows the earlier lead on its page (${locale})`, async ({ page }) => {
    const t = TEXT[locale];
    const phone = `+7919${seven(locale === 'ru' ? 17 : 5_000_017)}`;
    const first = `Known${run}${locale} First`;
    const second = `Known${run}${locale} Second`;
    await postDemoLead(page, locale, first, phone, `known-${run}-${locale}-1@example.com`);
    await postDemoLead(page, locale, second, phone, `known-${run}-${locale}-2@example.com`);
    await signIn(page, locale);
    await page.goto(`/${locale}/desk?q=Known${run}${locale}`);
    // The table on a wide screen (the cards are there for a phone, hidden).
    const cards = page.locator('tr[data-lead-id]');
    await expect(cards).toHaveCount(2);
    const firstCard = cards.filter({ hasText: first });
    const secondCard = cards.filter({ hasText: second });
    await expect(secondCard.getByText(t.returning)).toBeVisible();
    await expect(firstCard.getByText(t.returning)).toHaveCount(0);
    const firstId = await firstCard.getAttribute('data-lead-id');
    await secondCard.getByRole('link', { name: second }).click();
    const earlier = page.locator('section[aria-labelledby="lead-earlier"]');
    await expect(earlier.getByRole('heading', { name: t.earlier })).toBeVisible();
    const link = earlier.getByRole('link');
    await expect(link).toHaveCount(1);
    await expect(link).toHaveAttribute('href', new RegExp(`/desk/leads/${firstId}$`));
    await link.click();
    await expect(page.getByRole('heading', { name: first, level: 1 })).toBeVisible();
  });
}
