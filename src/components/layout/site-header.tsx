import { getTranslations } from 'next-intl/server';
import { DialogTrigger } from '@/components/dialogs/dialog-trigger';
import type { Locale } from '@/site/locales.mjs';
import { localizedPath } from '@/lib/paths';
import { BrandLogo } from './brand-logo';
import { HeaderContacts, headerStickyClass } from './header-contacts';
import { LocaleSwitcher } from './locale-switcher';
import { ProductsMenu } from './products-menu';

interface Props {
  locale: Locale;
  /** The language switch and the login button (hidden on service pages for visitors abroad). */
  showAccountControls: boolean;
}

/** The top bar: home, the products, index sections, contacts, language and login. */
export async function SiteHeader({ locale, showAccountControls }: Props) {
  const t = await getTranslations({ locale, namespace: 'Nav' });
  const home = localizedPath(locale, '');
  const other: Locale = locale === 'ru' ? 'en' : 'ru';
  const sections = [
    { href: `${home}#tarif`, label: t('tariffs') },
    { href: `${home}#advantages`, label: t('advantages') },
    { href: `${home}#partners`, label: t('partners') },
  ];
  const linkClass = 'rounded-md px-3 py-2 font-medium text-white hover:bg-white/10';
  const contacts = (
    <DialogTrigger dialog="feedback" href="#contacts" className={linkClass}>
      {t('contacts')}
    </DialogTrigger>
  );

  // The same links in the wide bar and in the phone's menu.
  const links = (
    <>
      <ProductsMenu locale={locale} className={linkClass} />
      {sections.map((item) => (
        <a key={item.href} href={item.href} className={linkClass}>
          {item.label}
        </a>
      ))}
      {contacts}
    </>
  );

  return (
    <header className={`sticky ${headerStickyClass} z-40 bg-brand-900 text-white shadow-md`}>
      <HeaderContacts locale={locale} />
      <div className="container-page flex h-16 items-center gap-1.5 sm:gap-2">
        <a href={home} className="mr-auto rounded-md py-1">
          <BrandLogo tagline={t('tagline')} linkLabel={t('homeLabel')} />
        </a>
        <nav aria-label={t('mainNav')} className="hidden items-center lg:flex">
          {links}
        </nav>
        {showAccountControls ? (
          <>
            <LocaleSwitcher
              target={other}
              label={other.toUpperCase()}
              ariaLabel={t('switchLanguage')}
              className="rounded-md px-2.5 py-2 text-sm font-semibold text-white ring-1 ring-white/40 hover:bg-white/10 sm:px-3"
            />
            <DialogTrigger
              dialog="auth"
              href={localizedPath(locale, 'auth/sign')}
              className="btn min-h-10 bg-white px-3 text-brand-900 hover:bg-brand-100 sm:px-4"
            >
              {t('login')}
            </DialogTrigger>
          </>
        ) : null}
        <details className="group relative lg:hidden">
          <summary className="flex min-h-11 min-w-11 cursor-pointer list-none items-center justify-center rounded-md hover:bg-white/10 [&::-webkit-details-marker]:hidden">
            <span className="sr-only">{t('menu')}</span>
            <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
              <path d="M4 6h16M4 12h16M4 18h16" />
            </svg>
          </summary>
          <nav aria-label={t('mainNav')} className="absolute right-0 mt-2 flex max-h-[calc(100dvh-6rem)] w-56 flex-col overflow-y-auto overscroll-contain rounded-lg bg-brand-800 p-2 shadow-xl">
            {links}
          </nav>
        </details>
      </div>
    </header>
  );
}
