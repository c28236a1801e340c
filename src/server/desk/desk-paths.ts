import 'server-only';
import { isLocale, type Locale } from '@/site/locales.mjs';
import { localizedPath } from '@/lib/paths';

/** A page of the desk in a language: `deskPath('en', 'leads/…')` → `/en/desk/leads/…`. */
export const deskPath = (locale: Locale, page = '') => localizedPath(locale, page ? `desk/${page}` : 'desk');

const DESK_PATH = /^\/(?:(?:ru|en)\/)?desk(?:\/[A-Za-z0-9/_-]*)?(?:\?[A-Za-z0-9=&%._~+-]*)?$/;

/** Where a desk form returns: its `back` field when it is a desk page of this site, else the list. */
export function backPath(value: unknown, locale: Locale, page = ''): string {
  return typeof value === 'string' && value.length <= 1000 && DESK_PATH.test(value) ? value : deskPath(locale, page);
}

/** A path with one query parameter set (a notice or an error to show after the redirect). */
export function withParam(path: string, name: string, value: string): string {
  const url = new URL(path, 'http://desk.invalid');
  url.searchParams.set(name, value);
  return `${url.pathname}${url.search}`;
}

/** The language a desk form was sent from (its hidden `locale` field), else the given one. */
export const formLocale = (value: unknown, fallback: Locale): Locale => (isLocale(value) ? value : fallback);
