import { BrandLogo } from '@/components/layout/brand-logo';
import type { Staff } from '@/db/schema';
import type { Locale } from '@/site/locales.mjs';
import { localizedPath } from '@/lib/paths';
import { may } from '@/server/desk/permissions';
import { staffName } from '@/server/desk/staff-name';
import { deskTranslator } from './desk-translator';
import { DutySwitch } from './duty-switch';
import { SignOutForm } from './sign-out-form';

const deskHref = (locale: Locale, page = '') => localizedPath(locale, page ? `desk/${page}` : 'desk');

/** The desk's top bar: brand, sections (staff for admins), who is signed in, sign-out, the other language. */
export async function DeskHeader({ locale, staff }: { locale: Locale; staff: Staff }) {
  const t = await deskTranslator(locale);
  const other: Locale = locale === 'ru' ? 'en' : 'ru';
  const links = [
    { href: deskHref(locale), label: t('nav.leads') },
    { href: deskHref(locale, 'summary'), label: t('nav.summary') },
    { href: deskHref(locale, 'report'), label: t('nav.report') },
    { href: deskHref(locale, 'invoices'), label: t('nav.invoices') },
    ...(may(staff.role, 'manageStaff') ? [{ href: deskHref(locale, 'staff'), label: t('nav.staff') }] : []),
    { href: deskHref(locale, 'account'), label: t('nav.account') },
  ];
  return (
    <header className="bg-brand-900 text-white">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-brand-900">
        {t('skip')}
      </a>
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-1 px-4 py-2">
        <span className="flex items-center gap-2">
          <BrandLogo />
          <span className="text-sm text-brand-100">{t('brand')}</span>
        </span>
        <nav aria-label={t('nav.label')} className="order-last -mx-3 flex w-full flex-wrap gap-1 md:order-none md:mx-0 md:w-auto">
          {links.map((link) => (
            <a key={link.href} href={link.href} className="rounded-md px-3 py-2 text-sm font-semibold hover:bg-white/10">
              {link.label}
            </a>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-3 text-sm">
          <DutySwitch locale={locale} staff={staff} />
          <span className="hidden text-brand-100 md:inline">{t('signedInAs', { email: staffName(staff), role: t.pick('roles', staff.role) })}</span>
          <a href={deskHref(other)} lang={other} hrefLang={other} className="rounded-md px-2 py-2 font-semibold uppercase hover:bg-white/10">
            {other}
          </a>
          <SignOutForm locale={locale} label={t('nav.signOut')} buttonClassName="btn-ghost min-h-9 border border-white/40 text-sm" />
        </div>
      </div>
    </header>
  );
}
