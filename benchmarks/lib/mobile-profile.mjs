// Lighthouse's mobile profile for Playwright pages: the Moto G Power screen, a slow 4G link and a
// CPU four times slower, so that figures taken here compare with the Lighthouse table.
import { chromium } from '@playwright/test';

/**
 * Lighthouse's mobile settings (screenEmulationMetrics.mobile; throttling.mobileSlow4G as its
 * simulation takes them: 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up, CPU × 4).
 */
const PROFILE = {
  context: { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true },
  network: { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 },
  cpuRate: 4,
};

/** Chromium as the other benchmarks start it (no sandbox: the benchmarks may run as root). */
export function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

/**
 * A page in a fresh context (cold cache, no cookies) with the profile applied through the DevTools
 * protocol before anything is loaded. `initScripts` (functions, { path } or { content }) run in every document
 * before the page's own scripts; `headers` go with every request (e.g. X-Forwarded-For); `cookies`
 * are set before the first request (a returning visitor).
 * @param {import('@playwright/test').Browser} browser
 * @param {{ initScripts?: Array<(() => void) | { path: string } | { content: string }>, headers?: Record<string, string>, cookies?: Parameters<import('@playwright/test').BrowserContext['addCookies']>[0] }} [options]
 */
export async function mobilePage(browser, { initScripts = [], headers, cookies } = {}) {
  const context = await browser.newContext(PROFILE.context);
  if (headers) await context.setExtraHTTPHeaders(headers);
  if (cookies) await context.addCookies(cookies);
  for (const script of initScripts) await context.addInitScript(script);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', PROFILE.network);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PROFILE.cpuRate });
  return { context, page };
}

/** @param {number} ms @returns {Promise<void>} */
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** The median and the worst of a list of numbers. @param {number[]} values */
export function medianWorst(values) {
  const sorted = [...values].sort((a, b) => a - b);
  // (NaN for no values, as the tables and targets read an undefined one.)
  return { median: sorted[Math.floor(sorted.length / 2)] ?? Number.NaN, worst: sorted.at(-1) ?? Number.NaN };
}
