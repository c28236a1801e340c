import { NextResponse, type NextRequest } from 'next/server';
import { chooseLocale } from '@/lib/locale-choice';
import { isLocale, LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE, localePrefix, type Locale } from '@/lib/locales';
import { orderResultSegment } from '@/lib/order-result';
import { isGeoVariant, isServicePage } from '@/lib/site-pages';
import { isRequestFromRussia } from '@/server/geo';

/**
 * Locale and visitor routing (DESIGN.md §3–4). Prefixed pages of the default layout never reach
 * this function (see `config.matcher`), so they are served straight from the static build.
 * - an unprefixed URL: redirect (307) to the chosen locale, or with `as-needed` serve ru in place;
 * - a service page: rewrite to its pre-rendered variant for a visitor in Russia or elsewhere;
 * - a variant's internal path asked for directly: 404.
 */
export function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  const [first, ...rest] = pathname.split('/').slice(1);

  if (isLocale(first)) {
    if (isGeoVariant(rest[0])) return rewriteTo(request, `/${first}/not-found`);
    if (isServicePage(rest[0])) return rewriteTo(request, servicePath(request, first, rest));
    return NextResponse.next();
  }

  const isRu = isRequestFromRussia(request.headers);
  const locale = chooseLocale({
    cookie: request.cookies.get(LOCALE_COOKIE)?.value,
    isRu,
    acceptLanguage: request.headers.get('accept-language'),
  });
  const segments = pathname === '/' ? [] : pathname.split('/').slice(1);

  if (localePrefix === 'as-needed' && locale === 'ru') {
    const target = isServicePage(segments[0]) ? servicePath(request, 'ru', segments, isRu) : `/ru${pathname}`;
    return rewriteTo(request, target);
  }

  const url = request.nextUrl.clone();
  url.pathname = `/${locale}${pathname === '/' ? '' : pathname}`;
  const response = NextResponse.redirect(url, 307);
  response.cookies.set(LOCALE_COOKIE, locale, { maxAge: LOCALE_COOKIE_MAX_AGE, path: '/', sameSite: 'lax' });
  return response;
}

function servicePath(request: NextRequest, locale: Locale, segments: string[], isRu?: boolean): string {
  const fromRussia = isRu ?? isRequestFromRussia(request.headers);
  // The order form's outcome (?order=sent|invalid) has its own pre-rendered variant.
  const result = segments.length === 1 ? orderResultSegment(request.nextUrl.searchParams.get('order')) : undefined;
  return `/${locale}/${fromRussia ? 'geo-ru' : 'geo-world'}/${[...segments, ...(result ? [result] : [])].join('/')}`;
}

function rewriteTo(request: NextRequest, pathname: string) {
  const url = request.nextUrl.clone();
  url.pathname = pathname;
  const response = NextResponse.rewrite(url);
  // The answer depends on the visitor's address: shared caches must not store it.
  response.headers.set('Cache-Control', 'private, no-cache');
  return response;
}

export const config = {
  matcher: [
    // Unprefixed paths, except the API, Next's assets and files with an extension.
    '/((?!api/|api$|_next/|ru/|ru$|en/|en$|.*\\.[a-z0-9]+$).*)',
    // Service pages and the internal variant paths.
    '/:locale(ru|en)/:page(epc|vag|tis|spec|moto|supplier|apk|to|vehicle|geo-ru|geo-world)/:rest*',
  ],
};
