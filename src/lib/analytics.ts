import { publicEnv } from './public-env';

/** The goals the specification names (§9). */
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

function ym(): Ym | undefined {
  return typeof window !== 'undefined' && typeof window.ym === 'function' ? window.ym : undefined;
}

/** Records a goal; a no-op when there is no Metrica on the page. Never throws. */
export function reachGoal(goal: Goal): void {
  try {
    ym()?.(metricaCounterId(), 'reachGoal', goal);
  } catch {
    // Analytics must never break a form.
  }
}

let clientId: Promise<string> | undefined;

/** The visitor's Metrica client id, read once per page ('' without Metrica or after 500 ms). */
export function getMetricaClientId(): Promise<string> {
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
