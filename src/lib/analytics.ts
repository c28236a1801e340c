import { consentOf } from '@/site/consent.mjs';
import { publicEnv } from './public-env';

/** The Metrica goals the site reaches, by the names the product gives them. */
export type Goal =
  | 'btn_demo'
  | 'btn_buy'
  | 'form_demo'
  | 'form_buy'
  | 'form_error'
  | 'auth_registration'
  | 'auth_registration_send'
  | 'auth_registration_send_error';

type Ym = YandexMetrica;

/** The Metrica counter (0 when none is configured: a stand-in `window.ym` still records goals). */
export const metricaCounterId = (): number => Number(publicEnv.ymId) || 0;

/**
 * Metrica, when the page has it and may use it: with a counter, only while the visitor allows
 * analytics cookies (docs/decisions/020); without one, whatever stand-in the page has.
 */
function ym(): Ym | undefined {
  if (typeof window === 'undefined' || typeof window.ym !== 'function') return undefined;
  return metricaCounterId() === 0 || consentOf(document.cookie) === 'granted' ? window.ym : undefined;
}

/** Records a goal; a no-op when there is no Metrica on the page or no consent (dropped, not queued). Never throws. */
export function reachGoal(goal: Goal): void {
  try {
    ym()?.(metricaCounterId(), 'reachGoal', goal);
  } catch {
    // Analytics must never break a form.
  }
}

let clientId: Promise<string> | undefined;

/** The visitor's Metrica client id, read once per page ('' without Metrica or consent, or after 500 ms). */
export function getMetricaClientId(): Promise<string> {
  // Asked each time: consent may have been withdrawn since the id was read.
  if (!ym()) return Promise.resolve('');
  clientId ??= new Promise<string>((resolve) => {
    const counter = ym();
    if (!counter) return resolve('');
    const timer = window.setTimeout(() => resolve(''), 500);
    try {
      counter(metricaCounterId(), 'getClientID', (id: unknown) => {
        window.clearTimeout(timer);
        resolve(typeof id === 'string' || typeof id === 'number' ? String(id) : '');
      });
    } catch {
      window.clearTimeout(timer);
      resolve('');
    }
  }).then((id) => {
    // Without an answer, ask again next time (Metrica may still be loading).
    if (!id) clientId = undefined;
    return id;
  });
  return clientId;
}
