import 'server-only';
import { localizedPath } from '@/lib/paths';
import type { Locale } from '@/site/locales.mjs';
import type { MessageKey } from '@/i18n/message-keys';
import { translate } from '../i18n';

const escape = (text: string) => text.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`);

export type ConfirmPageView = { kind: 'ask'; token: string } | { kind: 'done' } | { kind: 'failed' };

/**
 * The page a confirmation link opens, in the link's language, with nothing that needs a script:
 * first a button that posts the token (a mail scanner that fetches the link confirms nothing),
 * then what came of it, with the way to the account.
 */
export function confirmPage(locale: Locale, view: ConfirmPageView, headers: Record<string, string> = {}): Response {
  const t = (key: MessageKey<'ConfirmPage'>) => escape(translate(locale, 'ConfirmPage', key));
  const title = view.kind === 'ask' ? t('title') : view.kind === 'done' ? t('doneTitle') : t('failedTitle');
  const body =
    view.kind === 'ask'
      ? `<p>${t('lead')}</p><form method="post" action="/api/auth/confirm"><input type="hidden" name="token" value="${escape(view.token)}"><input type="hidden" name="lang" value="${locale}"><button type="submit">${t('confirm')}</button></form>`
      : `<p${view.kind === 'done' ? ' role="status"' : ' role="alert"'}>${t(view.kind)}</p><p><a href="${escape(localizedPath(locale, 'auth/account'))}">${t('toAccount')}</a></p>`;
  const html = `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><meta name="referrer" content="no-referrer"><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;
  return new Response(html, {
    status: view.kind === 'failed' ? 400 : 200,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer', ...headers },
  });
}
