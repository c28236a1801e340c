import 'server-only';
import type { Locale } from '@/site/locales.mjs';
import { translate } from '../i18n';

const escape = (text: string) => text.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * What a form posted without JavaScript gets when its lead cannot be kept (the database is down):
 * a 503 page in the visitor's language saying so, with the way back to the form, instead of a
 * redirect that would blame the visitor's input. Nothing in it needs a script or a stylesheet.
 */
export function unavailablePage(locale: Locale, backPath: string): Response {
  const message = escape(translate(locale, 'ApiErrors', 'unavailable'));
  const back = escape(translate(locale, 'ApiErrors', 'backToForm'));
  const html = `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${message}</title></head><body><main><h1>${message}</h1><p><a href="${escape(backPath)}">${back}</a></p></main></body></html>`;
  return new Response(html, { status: 503, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', 'Retry-After': '30' } });
}
