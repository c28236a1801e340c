import { expect, type Locator, type Page, type Request, type Route } from '@playwright/test';

/** A stand-in Metrica: records goals in `window.__goals` and answers the client id, after `answerAfterMs` if given. */
export async function stubMetrica(page: Page, clientId = '1700000000123456789', answerAfterMs = 0) {
  await page.addInitScript(
    ([id, after]) => {
      const w = window as unknown as { __goals: string[]; ym: (...args: unknown[]) => void };
      w.__goals = [];
      w.ym = (_counter: unknown, method: unknown, ...args: unknown[]) => {
        if (method === 'reachGoal') w.__goals.push(String(args[0]));
        const answer = args[0];
        if (method === 'getClientID' && typeof answer === 'function') {
          if (after) setTimeout(() => answer(id), after);
          else answer(id);
        }
      };
    },
    [clientId, answerAfterMs] as const,
  );
}

export const goals = (page: Page) => page.evaluate(() => (window as unknown as { __goals: string[] }).__goals);

type Reply =
  /** `until`: the answer waits for it (a test holds a send in flight for as long as it needs). */
  | { status: number; json?: unknown; delayMs?: number; until?: Promise<unknown> }
  | 'abort';

/** A promise the test resolves when it wants: `{ promise, release }`. */
export function gate() {
  let release!: () => void;
  const promise = new Promise<void>((resolve) => (release = resolve));
  return { promise, release };
}

/**
 * Answers POSTs to `path` with the given replies in turn (the last one repeats) and records what
 * was sent.
 */
export async function mockApi(page: Page, path: string, ...replies: Reply[]) {
  const requests: Request[] = [];
  await page.route(`**/${path.replace(/^\//, '')}`, async (route: Route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    requests.push(route.request());
    const reply = replies[Math.min(requests.length - 1, replies.length - 1)] ?? { status: 200, json: { result: { success: true } } };
    if (reply === 'abort') return route.abort('internetdisconnected');
    if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
    if (reply.until) await reply.until;
    await route.fulfill({ status: reply.status, contentType: 'application/json', body: JSON.stringify(reply.json ?? {}) });
  });
  return {
    requests,
    bodies: () => requests.map((request) => request.postDataJSON() as Record<string, unknown>),
  };
}

/** Texts per locale used by several specs. */
export const T = {
  ru: {
    contacts: 'Контакты',
    close: 'Закрыть',
    error500: 'Ошибка сервера 500',
    error404: 'Ошибка сервера 404 (не найдено)',
    network: 'Нет связи с сервером',
  },
  en: {
    contacts: 'Contact',
    close: 'Close',
    error500: 'Server 500 error',
    error404: 'Server 404 (not found)',
    network: 'No connection to the server',
  },
} as const;

/**
 * Waits until a click on a dialog trigger opens the dialog instead of following the link: on a
 * pre-rendered page the enhancer holds that click and starts the page's scripts
 * (docs/decisions/051), elsewhere the dialog host listens. Either way this is what a visitor gets.
 */
export async function hostReady(page: Page) {
  await page.waitForFunction(
    () => document.documentElement.dataset.dialogHost === 'ready' || window.__epcEnhanced === true,
  );
}

type PageClockWindow = Window & { __clickAt?: number; __seen?: Record<string, { shownAt?: number; goneAt?: number }> };

/**
 * Times, in the page's own clock (`performance.now()`), the last click and when an element
 * matching `selector` was first in the page and when it left it afterwards. A timer fires late on
 * a loaded machine, never early: a lower bound measured this way holds however slow the machine.
 */
export async function timeInPage(page: Page, selector: string) {
  await page.addInitScript((watched) => {
    const w = window as PageClockWindow;
    const seen = ((w.__seen ??= {})[watched] = {} as { shownAt?: number; goneAt?: number });
    document.addEventListener('click', () => (w.__clickAt = performance.now()), true);
    new MutationObserver(() => {
      const present = document.querySelector(watched) !== null;
      if (present) seen.shownAt ??= performance.now();
      else if (seen.shownAt !== undefined) seen.goneAt ??= performance.now();
    }).observe(document, { childList: true, subtree: true });
  }, selector);
  return () => page.evaluate((watched) => ({ clickAt: (window as PageClockWindow).__clickAt, ...(window as PageClockWindow).__seen?.[watched] }), selector);
}

/** Resolves once every finite animation of the page has ended (a dialog's opening, a fade): then axe sees the final colours. */
export async function animationsDone(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity));
}

/**
 * The consent to the processing of personal data that every form collecting it carries
 * (src/components/dialogs/consent-field.tsx; texts `Dialogs.consent*` and
 * `Validation.consentRequired` in messages/*.json).
 */
export const CONSENT = {
  ru: {
    label: 'Я даю согласие на обработку персональных данных',
    link: 'Текст согласия',
    newTab: '(откроется в новой вкладке)',
    required: 'Поставьте отметку о согласии на обработку персональных данных — без него мы не можем принять заявку',
  },
  en: {
    label: 'I consent to the processing of my personal data',
    link: 'Read the consent',
    newTab: '(opens in a new tab)',
    required: 'Please tick the consent to the processing of your personal data: we cannot take the request without it',
  },
} as const;

/** The consent checkbox of a form (or of the one form in `scope`). */
export const consentBox = (scope: Page | Locator, locale: 'ru' | 'en') => scope.getByRole('checkbox', { name: CONSENT[locale].label, exact: true });

/** Ticks the consent as a person does: a click on its label, which then shows the box ticked. */
export async function giveConsent(scope: Page | Locator, locale: 'ru' | 'en') {
  await scope.locator('label').filter({ hasText: CONSENT[locale].label }).filter({ visible: true }).click();
  await expect(consentBox(scope, locale).filter({ visible: true })).toBeChecked();
}

/** Opens the sign-in dialog from an inner page's header button, as a visitor does, and returns it. */
export async function openAuthDialog(page: Page, locale: 'ru' | 'en', names: { loginButton: string; title: string }) {
  await page.goto(`/${locale}/about`);
  await hostReady(page);
  await page.getByRole('banner').getByRole('link', { name: names.loginButton }).click();
  const dialog = page.getByRole('dialog', { name: names.title });
  await expect(dialog).toBeVisible();
  return dialog;
}
