// INP of a few flows a visitor goes through, measured in the page by web-vitals' attribution build,
// on Lighthouse's mobile profile. Each step is a touch or typing, and waits for the page's answer.
/** @import { Browser, Locator, Page } from '@playwright/test' */
/** @import { INPMetricWithAttribution } from 'web-vitals/attribution' */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { barText, meets } from '../targets.mjs';
import { dialogFieldFocused } from './dialog-probe.mjs';
import { mobilePage, sleep } from './mobile-profile.mjs';

/** The attribution build as a classic script (not among the package's exports: found beside its main file). */
const WEB_VITALS = join(dirname(fileURLToPath(import.meta.resolve('web-vitals'))), 'web-vitals.attribution.iife.js');
/** A quick thumb: keys far enough apart that each is its own interaction, as on a phone. */
const KEY_DELAY_MS = 120;
const STEP_TIMEOUT_MS = 15_000;
/** The phone's menu in the header (the products menus, in the bar and inside it, are `data-menu`). */
export const MOBILE_MENU = 'header details:not([data-menu])';
/** Text fields a visitor fills (not the honeypot, which is out of the tab order). */
const TEXT_FIELD = 'input:not([type]):not([tabindex="-1"]), input[type="text"]:not([tabindex="-1"])';

/**
 * Keeps the largest INP web-vitals reports, with its attribution, on `window.__inp` and in
 * sessionStorage, which outlives a navigation: an interaction that leaves the page is reported as
 * the page is hidden, and read from the next page. Sent to the page as source text.
 * @param {typeof import('web-vitals/attribution')} webVitals the attribution build's global
 */
function installInpProbe(webVitals) {
  /** @param {INPMetricWithAttribution} metric */
  const keep = (metric) => {
    const a = metric.attribution;
    /** @type {BenchInpEntry} */
    const entry = { value: metric.value, target: a.interactionTarget, type: a.interactionType, inputDelay: a.inputDelay, processing: a.processingDuration, presentation: a.presentationDelay };
    try {
      const best = JSON.parse(sessionStorage.getItem('__inp') || 'null');
      if (best && best.value >= entry.value) return;
      sessionStorage.setItem('__inp', JSON.stringify(entry));
    } catch {
      // no storage for this document (about:blank): window only
    }
    window.__inp = entry;
  };
  if (location.protocol.startsWith('http')) webVitals.onINP(keep, { reportAllChanges: true, durationThreshold: 0 });
}

/**
 * web-vitals' attribution build (its IIFE, which declares the global `webVitals`) and the probe as
 * one init script: Playwright runs each init script in a function of its own, so a `var` of one
 * script is not seen by the next.
 */
function inpProbeScript() {
  if (!existsSync(WEB_VITALS)) throw new Error(`${WEB_VITALS} is missing: run npm install.`);
  return { content: `${readFileSync(WEB_VITALS, 'utf8')}\n;(${installInpProbe})(webVitals);` };
}

/**
 * Waits until `fn(arg)` is truthy in the page; polls by timer, not by frame, to add no frame work.
 * `fn` runs in the page, on `arg` as the page sees it (an element handle there is its element).
 * @template R
 * @param {Page} page @param {(arg: any) => R} fn @param {unknown} [arg]
 */
const until = (page, fn, arg) => page.waitForFunction(fn, arg, { polling: 50, timeout: STEP_TIMEOUT_MS });

/**
 * Taps `trigger` and waits until its dialog is modal with a field focused: the task after the
 * dialog's first frame makes it modal (docs/decisions/051), and a visitor reads the dialog before
 * touching it; a touch within that task's 40-85 ms would wait for it (measured: 304 ms for the
 * feedback form's country tapped at once).
 * @param {Page} page @param {Locator} trigger
 */
async function openDialog(page, trigger) {
  await trigger.tap();
  await until(page, dialogFieldFocused);
  await until(page, () => document.querySelector('dialog:modal') !== null);
  return page.getByRole('dialog');
}

/**
 * Taps a field, types `text` key by key, and waits until the field holds it (digits only for a phone).
 * @param {Locator} field @param {string} text
 */
async function typeInto(field, text) {
  await field.tap();
  await field.page().keyboard.type(text, { delay: KEY_DELAY_MS });
  const digits = /^[+\d\s]+$/.test(text);
  await until(field.page(), /** @param {[HTMLInputElement | HTMLTextAreaElement, string, boolean]} args */ ([el, want, digitsOnly]) => (digitsOnly ? el.value.replace(/\D/g, '').endsWith(want) : el.value === want), [await field.elementHandle(), digits ? text.replace(/\D/g, '') : text, digits]);
}

/** @param {Locator} radio */
async function tapToCheck(radio) {
  await radio.tap();
  await until(radio.page(), /** @param {HTMLInputElement} el */ (el) => el.checked, await radio.elementHandle());
}

/** Answers the lead posts with success, so nothing is stored or sent on. @param {Page} page */
const fakeSuccess = (page) =>
  page.route('**/api/telega/**', (route) =>
    route.request().method() === 'POST' ? route.fulfill({ status: 200, contentType: 'application/json', body: '{"result":{"success":true}}' }) : route.continue(),
  );

/**
 * Taps the dialog's submit button and waits for the answer: 'sent' (the form is gone) or the error shown.
 * @param {Page} page @param {Locator} dialog
 */
async function send(page, dialog) {
  await dialog.locator('button[type="submit"]').tap();
  const answer = await until(page, () => {
    const box = document.querySelector('dialog[open], [role="dialog"]');
    if (!box || box.querySelector('button[type="submit"][aria-busy="true"], button[type="submit"]:disabled')) return null;
    if (!box.querySelector('form')) return 'sent';
    // (An element's textContent is never null: `?.` is for the type checker.)
    const shown = [...box.querySelectorAll('[role="status"], [role="alert"], [aria-invalid="true"]')].find((el) => el.matches('[aria-invalid="true"]') || el.textContent?.trim());
    return shown ? `error: ${shown.textContent?.trim() || 'invalid field'}` : null;
  });
  return answer.jsonValue();
}

/**
 * The flows; `run` returns 'sent' or another outcome, and throws when a step gets no answer.
 * @typedef {{ name: string; page: string; run: (page: Page) => Promise<string | null> }} Flow
 * @type {Flow[]}
 */
export const FLOWS = [
  {
    name: 'buy form',
    page: '/ru',
    async run(page) {
      await fakeSuccess(page);
      const dialog = await openDialog(page, page.locator('main [data-dialog="buy"]').first());
      await typeInto(dialog.locator(TEXT_FIELD).first(), 'Иван Петров');
      await tapToCheck(dialog.getByRole('radio', { name: 'Купить или посмотреть каталог', exact: true }));
      await typeInto(dialog.locator('input[type="tel"]'), '9123456789');
      await typeInto(dialog.locator('input[type="email"]'), 'buyer@example.com');
      await tapToCheck(dialog.getByRole('checkbox', { name: /согласие на обработку/ }));
      return send(page, dialog);
    },
  },
  {
    name: 'login views',
    page: '/ru',
    async run(page) {
      const dialog = await openDialog(page, page.locator('header [data-dialog="auth"]'));
      await dialog.getByRole('button', { name: 'Забыл пароль' }).tap();
      await dialog.getByRole('heading', { name: 'Вспомнить пароль' }).waitFor({ state: 'visible', timeout: STEP_TIMEOUT_MS });
      await dialog.getByRole('button', { name: 'Вход', exact: true }).tap();
      await dialog.getByRole('heading', { name: 'Вход', exact: true }).waitFor({ state: 'visible', timeout: STEP_TIMEOUT_MS });
      return 'ok';
    },
  },
  {
    name: 'feedback form',
    page: '/en',
    async run(page) {
      await fakeSuccess(page);
      const dialog = await openDialog(page, page.locator('footer [data-dialog="feedback"]'));
      // A native select: tapped, then chosen by typing, as the picker cannot be driven otherwise.
      const country = dialog.locator('select').first();
      await country.tap();
      await page.keyboard.type('Germany', { delay: KEY_DELAY_MS });
      await page.keyboard.press('Enter');
      await until(page, /** @param {HTMLSelectElement} el */ (el) => el.value === 'Germany', await country.elementHandle());
      await tapToCheck(dialog.getByRole('radio').first());
      await typeInto(dialog.locator(TEXT_FIELD).first(), 'Hans Muller');
      await typeInto(dialog.locator('input[type="tel"]'), '+4915123456789');
      await typeInto(dialog.locator('input[type="email"]'), 'buyer@example.com');
      await typeInto(dialog.locator('textarea').first(), 'Please call me back.');
      await tapToCheck(dialog.getByRole('checkbox', { name: /consent to the processing/ }));
      return send(page, dialog);
    },
  },
  {
    name: 'language switch',
    page: '/ru/about',
    async run(page) {
      await page.locator('a[data-locale-switch]').filter({ visible: true }).first().tap();
      await page.waitForURL('**/en/about', { waitUntil: 'load', timeout: STEP_TIMEOUT_MS });
      return 'ok';
    },
  },
  {
    name: 'mobile menu',
    page: '/ru',
    async run(page) {
      const summary = page.locator(`${MOBILE_MENU} > summary`);
      await summary.tap();
      await until(page, (menu) => document.querySelector(menu)?.hasAttribute('open'), MOBILE_MENU);
      await summary.tap();
      await until(page, (menu) => !document.querySelector(menu)?.hasAttribute('open'), MOBILE_MENU);
      return 'ok';
    },
  },
];

/**
 * One flow in a fresh context, from 1.5 s after load: the largest INP of its documents and that
 * interaction's attribution, with the flow's outcome, or the error that stopped it.
 * @typedef {{ flow: string; outcome?: string | null; error?: string } & Partial<BenchInpEntry>} InpRow
 * @param {Browser} browser @param {string} base @param {Flow} flow
 * @returns {Promise<InpRow>}
 */
export async function measureFlow(browser, base, flow) {
  const { context, page } = await mobilePage(browser, { initScripts: [inpProbeScript()] });
  try {
    await page.goto(`${base}${flow.page}`, { waitUntil: 'load' });
    await sleep(1500);
    const outcome = await flow.run(page);
    // The last interaction is reported after its next paint, when the page is idle.
    await sleep(1500);
    const inp = await page.evaluate(() => JSON.parse(sessionStorage.getItem('__inp') || 'null'));
    return { flow: flow.name, outcome, ...(inp ?? { error: 'web-vitals reported no INP' }) };
  } catch (error) {
    return { flow: flow.name, error: String(error instanceof Error ? error.message : error).split('\n')[0] };
  } finally {
    await context.close();
  }
}

/** The targets a flow's row misses; a flow that did not reach its end counts as a miss too. @param {InpRow} row */
export function inpFailures(row) {
  if (row.error) return [`INP ${row.flow}: ${row.error}`];
  const failures = [];
  // (Written so that a value web-vitals did not give, undefined, misses as NaN does.)
  const value = row.value ?? Number.NaN;
  if (!meets('inp', value)) failures.push(`INP ${row.flow}: ${Math.round(value)} ms, target ${barText('inp')} (${row.target}, ${row.type})`);
  if (row.outcome !== 'sent' && row.outcome !== 'ok') failures.push(`INP ${row.flow}: ended with ${row.outcome}`);
  return failures;
}
