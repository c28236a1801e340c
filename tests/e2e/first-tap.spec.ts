import type { Locator, Page } from '@playwright/test';
import { ADDRESS, expect, test } from './fixtures';
import { giveConsent, goals, mockApi, stubMetrica } from './dialogs-support';

/**
 * The first tap works before React (docs/decisions/051): the page's scripts are held back here,
 * so everything up to their release is the page's own HTML, CSS and inline enhancer. Timing is
 * measured by `npm run bench`, not here.
 */
function holdScripts(page: Page) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let held = 0;
  void page.route(/\/_next\/static\/chunks\/.+\.js$/, async (route) => {
    held += 1;
    await gate;
    await route.continue();
  });
  return { release, held: () => held };
}

/**
 * After the release the page's chunks load, React hydrates and sends what was held. On a 2-core
 * machine running three production servers and two browsers (then traced) that has taken up to
 * 7 s; what is asserted is that it is sent once and correctly, not how fast (the bench's job).
 */
const HYDRATED = { timeout: 20_000 };

/** Open as a modal: in the top layer, the page behind it inert. */
const isModal = (dialog: Locator) => dialog.evaluate((element) => element.matches(':modal'));
const booted = (page: Page) => page.evaluate(() => window.__epcBooted ?? false);
const focusedName = (page: Page) => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name ?? '');

test('a lead typed and sent before React arrives is sent once, with the phone formatted', async ({ page }) => {
  // A visitor in Russia: the national number is read in the visitor's country (docs/decisions/019).
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': ADDRESS.russia });
  await stubMetrica(page);
  const api = await mockApi(page, 'api/telega/send-mail', { status: 200, json: { result: { success: true } } });
  const scripts = holdScripts(page);
  await page.goto('/ru');
  await page.getByRole('main').getByRole('link', { name: 'Купить', exact: true }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Купить' });
  await expect(dialog).toBeVisible();
  await expect.poll(() => isModal(dialog)).toBe(true);
  expect(await focusedName(page)).toBe('name');
  expect(await goals(page)).toEqual(['btn_buy']);

  await page.keyboard.type('ООО Ромашка');
  await dialog.getByRole('textbox', { name: 'Телефон', exact: true }).pressSequentially('9161234567');
  await dialog.getByRole('textbox', { name: 'E-mail', exact: true }).fill('buyer@example.com');
  // The client type's rules hold without React: a spare-part buyer gets the notice and no button.
  await dialog.getByRole('radio', { name: 'Купить запчасть' }).check();
  await expect(dialog.getByText('Извините, мы не продаём запчасти.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Отправить заявку' })).toHaveCount(0);
  await dialog.getByRole('radio', { name: 'Купить или посмотреть каталог' }).check();
  // The consent box is plain HTML: ticked before React, it is sent with the rest.
  await giveConsent(dialog, 'ru');
  await dialog.getByRole('button', { name: 'Отправить заявку' }).click();
  // Held: the button shows the sending state, a second press does nothing, nothing has left.
  const sending = dialog.getByRole('button', { name: 'Отправка…' });
  await expect(sending).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'E-mail', exact: true }).press('Enter');
  expect(scripts.held()).toBeGreaterThan(0);
  expect(await booted(page)).toBe(false);
  expect(api.requests).toHaveLength(0);

  scripts.release();
  await expect(dialog.getByText('с Вами свяжутся в течение 10 минут')).toBeVisible(HYDRATED);
  expect(api.requests).toHaveLength(1);
  expect(api.bodies()[0]).toMatchObject({ t: 'btn_buy', lang: 'ru', name: 'ООО Ромашка', phone: '+79161234567', email: 'buyer@example.com', t_client: '1', consent: 'on', url: '/ru' });
  expect(await goals(page)).toEqual(['btn_buy', 'form_buy']);
});

test('a held send keeps its sending state as React takes it over, and leaves once, with the visitor\'s Metrica id', async ({ page }) => {
  // Metrica answers the id late (within the 500 ms it is given): the send waits for it showing that it is sending, not with its
  // button given back (a second press then would be a second lead).
  await stubMetrica(page, '1700000000987654321', 400);
  const api = await mockApi(page, 'api/telega/send', { status: 200, json: { result: { success: true } } });
  const scripts = holdScripts(page);
  await page.goto('/en');
  await page.locator('footer [data-dialog="feedback"]').click();
  const dialog = page.getByRole('dialog', { name: 'Feedback' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Country', exact: true }).selectOption('Germany');
  await dialog.getByRole('radio').first().check();
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).pressSequentially('Hans Muller');
  await dialog.getByRole('textbox', { name: 'Phone', exact: true }).pressSequentially('+4915123456789');
  await dialog.getByRole('textbox', { name: 'E-mail', exact: true }).fill('buyer@example.com');
  await dialog.getByRole('textbox', { name: /Message/ }).fill('Please call me back.');
  await giveConsent(dialog, 'en');
  await dialog.locator('button[type="submit"]').click();
  await expect(dialog.locator('button[type="submit"]')).toBeDisabled();
  // Every frame from here to the confirmation: a form on screen has its button busy.
  await page.evaluate(() => {
    const w = window as unknown as { __freed: number };
    w.__freed = 0;
    const look = () => {
      const button = document.querySelector<HTMLButtonElement>('dialog[open] form button[type="submit"]');
      if (button && !button.disabled) w.__freed += 1;
      if (button) requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
  scripts.release();
  await expect(dialog.getByText('Your request has been sent successfully')).toBeVisible(HYDRATED);
  expect(await page.evaluate(() => (window as unknown as { __freed: number }).__freed)).toBe(0);
  expect(api.requests).toHaveLength(1);
  expect(api.bodies()[0]).toMatchObject({ t: 'feedback', country_name: 'Germany', yandex_metrica_client_id: '1700000000987654321' });
});

test('the page\'s scripts run at a pause in the visitor\'s typing, not in the middle of it', async ({ page }) => {
  // docs/decisions/051: the framework's first script is one task of about 190 ms on a phone; a key
  // pressed in it waits for all of it. They are fetched on the first tap and run once the keys stop.
  await page.addInitScript(() => {
    const w = window as unknown as { __ran: number; __keys: number[] };
    w.__keys = [];
    for (const type of ['input', 'pointerdown']) document.addEventListener(type, () => w.__keys.push(performance.now()), true);
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes) if (!w.__ran && node instanceof HTMLScriptElement && node.src.includes('/_next/static/chunks/')) w.__ran = performance.now();
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto('/ru');
  await page.getByRole('main').locator('[data-dialog="buy"]').first().click();
  const dialog = page.getByRole('dialog', { name: 'Купить' });
  await expect(dialog).toBeVisible();
  const text = 'Ivan Petrov, service with three bays';
  await dialog.getByRole('textbox', { name: 'Имя', exact: true }).pressSequentially(text, { delay: 60 });
  await expect(page.locator('dialog[data-dialog-name="buy"][data-hydrated]')).toHaveCount(1, HYDRATED);
  const { ran, keys } = await page.evaluate(() => {
    const w = window as unknown as { __ran: number; __keys: number[] };
    return { ran: w.__ran, keys: w.__keys };
  });
  // The tap and each character; the scripts came after a pause, not between two of them.
  expect(keys).toHaveLength(text.length + 1);
  const before = keys.filter((at) => at < ran).at(-1)!;
  expect(ran - before).toBeGreaterThan(450);
  await expect(dialog.getByRole('textbox', { name: 'Имя', exact: true })).toHaveValue(text);
});

test('a national number typed before React is read in the visitor\'s country, even when React arrives before the country does', async ({ page }) => {
  // The scripts wait for a pause in the typing (decision 051), so React often finds the number
  // typed; the visitor's country (GET /api/geo) may come after it, and `8 903…` is not `+8 903…`.
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': ADDRESS.russia });
  let answerGeo!: () => void;
  const geoGate = new Promise<void>((resolve) => (answerGeo = resolve));
  await page.route('**/api/geo', async (route) => {
    await geoGate;
    await route.continue();
  });
  const scripts = holdScripts(page);
  await page.goto('/en');
  await page.getByRole('main').locator('[data-dialog="buy"]').first().click();
  const dialog = page.getByRole('dialog', { name: 'Buy' });
  await expect(dialog).toBeVisible();
  const phone = dialog.getByRole('textbox', { name: 'Phone', exact: true });
  await phone.pressSequentially('8 903 123-45-67');
  scripts.release();
  await expect(dialog.locator('form[data-ready]')).toHaveCount(1, HYDRATED);
  answerGeo();
  await expect.poll(() => page.evaluate(() => performance.getEntriesByType('resource').some((entry) => entry.name.endsWith('/api/geo')))).toBe(true);
  await expect(phone).toHaveValue('8 903 123-45-67');
});

test('closed dialogs come with the page’s remainder, enter the page while it is idle, and are whole when React hydrates them', async ({ page }) => {
  // docs/decisions/051, 053: the document neither carries nor parses the form controls of closed dialogs.
  const served = await (await page.request.get('/ru')).text();
  expect(served.match(/<dialog\b[^>]*><template data-dialog-content="\d"><\/template><\/dialog>/g) ?? []).toHaveLength(4);
  expect(served).not.toMatch(/<(?:input|select|textarea)\b[^>]*name="(?:phone|email)"/);
  const problems: string[] = [];
  page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
  page.on('pageerror', (error) => problems.push(error.message));
  const scripts = holdScripts(page);
  await page.goto('/ru');
  // Before any interaction, with the page's scripts not started: put back while the page is idle.
  await expect(page.locator('template[data-dialog-content]')).toHaveCount(0);
  for (const name of ['buy', 'demo', 'feedback', 'auth']) {
    expect(await page.locator(`dialog[data-dialog-name="${name}"]`).locator('input, select, textarea').count()).toBeGreaterThan(2);
  }
  expect(await booted(page)).toBe(false);

  await page.getByRole('main').locator('[data-dialog="buy"]').first().click();
  const dialog = page.getByRole('dialog', { name: 'Купить' });
  await expect(dialog.getByRole('textbox', { name: 'Имя', exact: true })).toBeFocused();
  await page.keyboard.type('Иван');
  scripts.release();
  await expect.poll(() => booted(page)).toBe(true);
  await expect(page.locator('dialog[data-dialog-name][data-hydrated]')).toHaveCount(4);
  await expect(dialog.getByRole('textbox', { name: 'Имя', exact: true })).toHaveValue('Иван');
  // A dialog React hydrated differently from the page would be rendered again, with an error logged.
  expect(problems).toEqual([]);
});

test('React takes over a dialog where the visitor is: fields, choice, focus and phone format kept', async ({ page }) => {
  const scripts = holdScripts(page);
  await page.goto('/en/epc');
  await page.getByRole('main').locator('[data-dialog="order-demo"]').first().click();
  const dialog = page.getByRole('dialog', { name: 'Order a demo' });
  await expect(dialog).toBeVisible();
  await page.keyboard.type('Jane Smith');
  await dialog.getByRole('textbox', { name: 'Phone', exact: true }).pressSequentially('+4915112345678');
  await dialog.getByRole('radio', { name: 'Private person' }).check();
  // The comment box follows the client type without React too.
  const comment = dialog.getByRole('textbox', { name: /Comment/ });
  await expect(comment).toBeVisible();
  await comment.fill('Looking for a VW Golf catalogue');
  expect(await booted(page)).toBe(false);

  scripts.release();
  await expect.poll(() => booted(page)).toBe(true);
  await expect(dialog.locator('form[data-ready]')).toHaveCount(1);
  await expect(dialog.getByRole('textbox', { name: 'Phone', exact: true })).toHaveValue('+49 1511 2345678');
  await expect(dialog.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Jane Smith');
  await expect(dialog.getByRole('radio', { name: 'Private person' })).toBeChecked();
  await expect(comment).toHaveValue('Looking for a VW Golf catalogue');
  expect(await focusedName(page)).toBe('t_client_txt');
  expect(await isModal(dialog)).toBe(true);
});

test('input in a dialog reaches React only once React has hydrated that dialog', async ({ page }) => {
  // React listens on the document; a listener added there after the enhancer's stands in for it:
  // an event React saw before hydrating would make it hydrate the whole page inside that event.
  const scripts = holdScripts(page);
  await page.goto('/ru');
  await page.getByRole('main').locator('[data-dialog="buy"]').first().click();
  const dialog = page.getByRole('dialog', { name: 'Купить' });
  await expect(dialog).toBeVisible();
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __seen: string[] }).__seen = seen;
    for (const type of ['keydown', 'input', 'click', 'focusin']) document.addEventListener(type, (event) => seen.push(event.type), true);
  });
  const seen = () => page.evaluate(() => (window as unknown as { __seen: string[] }).__seen.splice(0));
  const name = dialog.getByRole('textbox', { name: 'Имя', exact: true });
  await name.pressSequentially('Иван');
  await dialog.getByRole('radio', { name: 'Купить или посмотреть каталог' }).click();
  expect(await seen()).toEqual([]);
  // Outside a dialog, the page's events go on as before.
  await page.keyboard.press('Escape');
  await page.getByRole('main').locator('h1').click();
  expect(await seen()).toContain('click');

  scripts.release();
  await expect(page.locator('dialog[data-dialog-name="buy"][data-hydrated]')).toHaveCount(1);
  await page.getByRole('main').locator('[data-dialog="buy"]').first().click();
  await name.pressSequentially(' Петров');
  expect(await seen()).toEqual(expect.arrayContaining(['keydown', 'input']));
});

test('the auth dialog moves between its views before React, and a login sent then arrives once', async ({ page }) => {
  await stubMetrica(page);
  const api = await mockApi(page, 'api/auth/auth', { status: 400, json: { errors: ['Wrong e-mail or password'], errorsFld: { pw: 'Wrong e-mail or password' } } });
  const scripts = holdScripts(page);
  await page.goto('/ru/about');
  await page.getByRole('banner').getByRole('link', { name: 'Войти' }).click();
  const dialog = page.getByRole('dialog', { name: 'Для перехода к оплате, пройдите авторизацию' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Забыл пароль' }).click();
  await expect(dialog.getByRole('heading', { name: 'Вспомнить пароль' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Вход', exact: true }).click();
  await dialog.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await expect(dialog.getByRole('heading', { name: 'Регистрация' })).toBeVisible();
  expect(await goals(page)).toEqual(['auth_registration']);
  await dialog.getByRole('button', { name: 'Вход', exact: true }).click();
  await dialog.getByRole('textbox', { name: 'E-mail', exact: true }).fill('user@example.com');
  await dialog.getByLabel('Пароль', { exact: true }).filter({ visible: true }).fill('wrong-password');
  await dialog.getByRole('button', { name: 'Войти' }).click();
  expect(await booted(page)).toBe(false);
  expect(api.requests).toHaveLength(0);

  scripts.release();
  await expect(dialog.getByLabel('Пароль', { exact: true }).filter({ visible: true })).toHaveAccessibleDescription('Wrong e-mail or password', HYDRATED);
  expect(api.requests).toHaveLength(1);
  expect(api.bodies()[0]).toMatchObject({ email: 'user@example.com', pw: 'wrong-password' });
});

test('the backdrop and the close icon close a dialog before React', async ({ page }) => {
  holdScripts(page);
  await page.goto('/en');
  const trigger = page.getByRole('main').getByRole('link', { name: 'Buy', exact: true }).first();
  await trigger.click();
  const dialog = page.getByRole('dialog', { name: 'Buy' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();
  await trigger.click();
  await expect(dialog).toBeVisible();
  await page.mouse.click(5, 5);
  await expect(dialog).toBeHidden();
  expect(await booted(page)).toBe(false);
});

/** The page's remainder has come and every closed dialog holds its content (docs/decisions/053). */
const dialogsWhole = (page: Page) => expect(page.locator('template[data-dialog-content]')).toHaveCount(0);

/**
 * Opens the buy dialog as a trigger does and keeps it where the opening leaves it until its next
 * frame: shown on top, not yet modal (docs/decisions/051). The opening's "after the paint" work is
 * held by taking the timers it asks for during the click.
 */
const openOnTopOnly = async (page: Page) => {
  await dialogsWhole(page);
  return page.evaluate(() => {
    const [frame, timer] = [window.requestAnimationFrame, window.setTimeout];
    window.requestAnimationFrame = () => 0;
    window.setTimeout = (() => 0) as unknown as typeof window.setTimeout;
    try {
      document.querySelector<HTMLElement>('main [data-dialog="buy"]')!.click();
    } finally {
      [window.requestAnimationFrame, window.setTimeout] = [frame, timer];
    }
    const dialog = document.querySelector<HTMLDialogElement>('dialog[data-dialog-name="buy"]')!;
    const w = window as unknown as { __closes: number };
    w.__closes = 0;
    dialog.addEventListener('close', () => (w.__closes += 1));
    return `${dialog.matches(':popover-open')} ${dialog.matches(':modal')}`;
  });
};

test('Escape and Tab pressed before a dialog shown on top is modal act as on a modal dialog', async ({ page }) => {
  holdScripts(page);
  await page.goto('/en');
  const dialog = page.getByRole('dialog', { name: 'Buy' });
  const trigger = page.getByRole('main').locator('[data-dialog="buy"]').first();
  expect(await openOnTopOnly(page)).toBe('true false');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // A dialog's close event comes in a task queued when it closes (HTML: "close the dialog"), so it
  // may follow the hiding by a task: wait for it, then for exactly one.
  const closes = () => page.evaluate(() => (window as unknown as { __closes: number }).__closes);
  await expect.poll(closes).toBeGreaterThan(0);
  expect(await closes()).toBe(1);
  await expect(trigger).toBeFocused();

  expect(await openOnTopOnly(page)).toBe('true false');
  expect(await focusedName(page)).toBe('name');
  await page.keyboard.press('Tab');
  expect(await isModal(dialog)).toBe(true);
  expect(await page.evaluate(() => document.querySelector('dialog[data-dialog-name="buy"]')!.contains(document.activeElement))).toBe(true);
  expect(await booted(page)).toBe(false);
});

test('a press outside a dialog shown on top before it is modal closes it, and does not reach the page behind', async ({ page }) => {
  holdScripts(page);
  await page.goto('/en');
  const dialog = page.getByRole('dialog', { name: 'Buy' });
  expect(await openOnTopOnly(page)).toBe('true false');
  // The clicks that reach the page behind the dialog from now on.
  await page.evaluate(() => {
    const w = window as unknown as { __behind: number };
    w.__behind = 0;
    document.body.addEventListener('click', (event) => {
      if (!(event.target instanceof Element && event.target.closest('dialog'))) w.__behind += 1;
    });
  });
  await page.mouse.click(5, 300);
  await expect(dialog).toBeHidden();
  const closes = () => page.evaluate(() => (window as unknown as { __closes: number }).__closes);
  await expect.poll(closes).toBeGreaterThan(0);
  expect(await closes()).toBe(1);
  expect(await page.evaluate(() => (window as unknown as { __behind: number }).__behind)).toBe(0);
  expect(await booted(page)).toBe(false);
});

test('the page behind an open dialog does not scroll, and scrolls again once it is closed', async ({ page }) => {
  holdScripts(page);
  await page.goto('/en');
  const rootOverflow = () => page.evaluate(() => getComputedStyle(document.documentElement).overflowY);
  expect(await rootOverflow()).not.toBe('hidden');
  const trigger = page.getByRole('main').getByRole('link', { name: 'Buy', exact: true }).first();
  await trigger.click();
  const dialog = page.getByRole('dialog', { name: 'Buy' });
  await expect(dialog).toBeVisible();
  await expect.poll(rootOverflow).toBe('hidden');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect.poll(rootOverflow).not.toBe('hidden');
});

test.describe('on a touch screen', () => {
  test.use({ viewport: { width: 412, height: 823 }, hasTouch: true, isMobile: true });

  /** Counts the clicks the page sees, before any of its own listeners. */
  const countClicks = (page: Page) =>
    page.addInitScript(() => {
      const w = window as unknown as { __clicks: number };
      w.__clicks = 0;
      addEventListener('click', () => (w.__clicks += 1), true);
    });
  const clicks = (page: Page) => page.evaluate(() => (window as unknown as { __clicks: number }).__clicks);

  test('a tap opens its dialog as the finger lifts, with no click after it; closing gives the trigger the focus', async ({ page }) => {
    await stubMetrica(page);
    await countClicks(page);
    holdScripts(page);
    await page.goto('/ru');
    // The enhancer's late part has run: it opens a dialog as the finger lifts. A tap before it
    // comes is a click, kept and done again when it comes (page-rest.spec.ts: the dialog opens
    // then), so two clicks are counted; on a busy machine the tap came first now and then.
    await dialogsWhole(page);
    const trigger = page.getByRole('main').getByRole('link', { name: 'Купить', exact: true }).first();
    await trigger.tap();
    const dialog = page.getByRole('dialog', { name: 'Купить' });
    await expect(dialog).toBeVisible();
    await expect.poll(() => isModal(dialog)).toBe(true);
    expect(await focusedName(page)).toBe('name');
    // Opened on the release: the click that would follow is cancelled, so nothing reacts twice.
    expect(await clicks(page)).toBe(0);
    expect(await goals(page)).toEqual(['btn_buy']);
    expect(await page.evaluate(() => location.hash)).toBe('');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();
  });

  test('the tap\'s frame shows the dialog on top, the next makes it modal, the focus staying in its field', async ({ page }) => {
    // docs/decisions/051: showModal() restyles the whole page for its inertness; the tap's own
    // frame shows the dialog in the top layer without it, and it becomes modal once painted.
    holdScripts(page);
    await page.goto('/ru');
    // The enhancer's late part has run (it stamps the dialogs), so that its listeners come first.
    await dialogsWhole(page);
    await page.evaluate(() => {
      const w = window as unknown as { __seen: string[] };
      w.__seen = [];
      const state = (when: string) => {
        const dialog = document.querySelector('dialog[data-dialog-name="buy"]')!;
        const active = document.activeElement as HTMLInputElement | null;
        w.__seen.push(`${when}: ${dialog.matches(':popover-open') ? 'on top' : dialog.matches(':modal') ? 'modal' : 'closed'}, focus ${active?.name ?? ''}`);
      };
      // After the enhancer's own listener (added before this one): the state the tap's task leaves.
      document.addEventListener('touchend', () => {
        state('tap');
        requestAnimationFrame(() => state('its frame'));
      }, true);
      // On the window: the enhancer keeps a dialog's events from the document's later listeners (018).
      for (const type of ['focus', 'blur']) window.addEventListener(type, (event) => w.__seen.push(`${type} ${(event.target as HTMLInputElement).name ?? ''}`), true);
    });
    await page.getByRole('main').locator('[data-dialog="buy"]').first().tap();
    const dialog = page.getByRole('dialog', { name: 'Купить' });
    await expect.poll(() => isModal(dialog)).toBe(true);
    const seen = await page.evaluate(() => (window as unknown as { __seen: string[] }).__seen);
    // Focused once, in the tap; made modal without a blur or a second focus.
    expect(seen.filter((line) => line.includes('name'))).toEqual(['focus name', 'tap: on top, focus name', 'its frame: on top, focus name']);
    expect(await dialog.getAttribute('popover')).toBeNull();
    expect(await focusedName(page)).toBe('name');
    // Modal now: the page behind takes no focus, and Escape closes the dialog.
    await page.evaluate(() => document.querySelector<HTMLElement>('header a')?.focus());
    expect(await focusedName(page)).toBe('name');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('a close in the opening\'s own task closes the dialog as any close does', async ({ page }) => {
    holdScripts(page);
    await page.goto('/en');
    await dialogsWhole(page);
    const result = await page.evaluate(() => {
      const trigger = document.querySelector<HTMLElement>('main [data-dialog="buy"]')!;
      const dialog = document.querySelector<HTMLDialogElement>('dialog[data-dialog-name="buy"]')!;
      let closes = 0;
      dialog.addEventListener('close', () => (closes += 1));
      trigger.click();
      const onTop = dialog.matches(':popover-open');
      dialog.querySelector<HTMLElement>('[data-dialog-close]')!.click();
      return new Promise<string>((resolve) => setTimeout(() => resolve(`${onTop} ${dialog.open} ${dialog.matches(':popover-open')} ${dialog.getAttribute('popover')} ${closes}`), 200));
    });
    expect(result).toBe('true false false null 1');
    await expect(page.getByRole('main').locator('[data-dialog="buy"]').first()).toBeFocused();
  });

  test('a dialog opened while another is modal opens modal at once, its first field focused', async ({ page }) => {
    // Behind a modal dialog the page is inert, a dialog shown on top of it included.
    holdScripts(page);
    await page.goto('/ru');
    await page.getByRole('main').locator('[data-dialog="buy"]').first().tap();
    await expect.poll(() => isModal(page.getByRole('dialog', { name: 'Купить' }))).toBe(true);
    const opened = await page.evaluate(() => {
      document.querySelector<HTMLElement>('main [data-dialog="demo"]')!.click();
      const demo = document.querySelector('dialog[data-dialog-name="demo"]')!;
      return `${demo.matches(':modal')} ${(document.activeElement as HTMLInputElement).name} ${demo.contains(document.activeElement)}`;
    });
    expect(opened).toBe('true name true');
  });

  test('a browser without popovers opens the dialog modal at once', async ({ page }) => {
    await page.addInitScript(() => delete (HTMLElement.prototype as Partial<HTMLElement>).showPopover);
    holdScripts(page);
    await page.goto('/ru');
    await dialogsWhole(page);
    await page.evaluate(() => {
      document.addEventListener('touchend', () => ((window as unknown as { __modal: boolean }).__modal = !!document.querySelector('dialog:modal')), true);
    });
    await page.getByRole('main').locator('[data-dialog="buy"]').first().tap();
    await expect(page.getByRole('dialog', { name: 'Купить' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __modal: boolean }).__modal)).toBe(true);
    expect(await focusedName(page)).toBe('name');
  });

  test('a touch that slides off a trigger opens nothing', async ({ page, context }) => {
    await stubMetrica(page);
    holdScripts(page);
    await page.goto('/en');
    // The late part's touch handling is what is tried: before it, a touch makes at most a click.
    await dialogsWhole(page);
    const trigger = page.getByRole('main').getByRole('link', { name: 'Buy', exact: true }).first();
    const box = (await trigger.boundingBox())!;
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    const cdp = await context.newCDPSession(page);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x + 60, y }] });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    // Each touch event is answered once the page has handled it: an opening would be there now.
    expect(await page.locator('dialog[open]').count()).toBe(0);
    expect(await goals(page)).toEqual([]);
    // The trigger still answers a tap.
    await trigger.tap();
    await expect(page.getByRole('dialog', { name: 'Buy' })).toBeVisible();
    expect(await goals(page)).toEqual(['btn_buy']);
  });
});
