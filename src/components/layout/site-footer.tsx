import { getTranslations } from 'next-intl/server';
import { asksConsent } from '@/components/analytics/consent-notice';
import { DialogTrigger } from '@/components/dialogs/dialog-trigger';
import type { MessageKey } from '@/i18n/message-keys';
import type { Locale } from '@/site/locales.mjs';
import { localizedPath } from '@/lib/paths';
import { publicEnv } from '@/lib/public-env';
import { productsIn } from '@/site/products.mjs';
import { BrandLogo } from './brand-logo';
import { ContactLinks } from './contact-links';
import { SellerLine } from './seller-line';

const linkClass = 'rounded-sm text-brand-100 hover:text-white hover:underline';

/**
 * A footer page's name in `Footer.links`: its path with `_` for `/` (`about/docs` → `about_docs`).
 * The path comes from data (the products, the company's pages), so its key is not checked by type:
 * src/site/products.test.ts checks the products' names, and next-intl reports a missing one as an
 * error when the footer renders.
 */
const linkKey = (page: string) => `links.${page.replace('/', '_')}` as MessageKey<'Footer'>;

/** Footer: products, company, actions, contacts and the copyright line. */
export async function SiteFooter({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'Footer' });
  const home = localizedPath(locale, '');
  const products = productsIn('footer', locale);
  const company = ['about', 'pay', 'about/docs', 'about/oferta', 'about/privacy', 'about/consent'];

  return (
    <footer className="mt-16 bg-brand-900 text-brand-100">
      <div className="container-page grid gap-10 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <a href={home} className="inline-block rounded-md text-white">
            <BrandLogo />
          </a>
          <p className="mt-3 text-sm leading-relaxed">{t('about')}</p>
        </div>
        <FooterLinks heading={t('productsHeading')} pages={products} locale={locale} label={(page) => t(linkKey(page))} />
        <FooterLinks heading={t('companyHeading')} pages={company} locale={locale} label={(page) => t(linkKey(page))} />
        <section id="contacts" aria-labelledby="footer-contacts">
          <h2 id="footer-contacts" className="mb-3 font-semibold text-white">
            {t('contactsHeading')}
          </h2>
          <ContactLinks locale={locale} className="mb-3 flex flex-col items-start gap-2 text-sm" linkClassName={`flex max-w-full items-center gap-2 ${linkClass}`} />
          <p className="mb-4 text-sm leading-relaxed">{t('contactsText')}</p>
          <div className="flex flex-col items-start gap-3">
            <a href={`${home}?ref=tarif`} className="btn-primary min-h-10 py-2 text-sm">
              {t('buyCatalog')}
            </a>
            <DialogTrigger dialog="demo" href={`${home}#tarif`} className="btn min-h-10 border-2 border-white/60 py-2 text-sm text-white hover:bg-white/10">
              {t('requestDemo')}
            </DialogTrigger>
            <DialogTrigger dialog="feedback" href="#contacts" className="btn min-h-10 border-2 border-white/60 py-2 text-sm text-white hover:bg-white/10">
              {t('feedback')}
            </DialogTrigger>
          </div>
        </section>
      </div>
      <div className="border-t border-white/10">
        <SellerLine locale={locale} />
        <p className="container-page py-5 text-sm">
          {t('copyright', { year: new Date().getFullYear(), brand: publicEnv.siteName })}
          {/* Shows the consent notice again (src/enhancer/metrica-consent.mjs): only where there is one to show. */}
          {asksConsent() ? (
            <>
              {' '}
              <button type="button" data-consent-open="" className={`${linkClass} underline`}>
                {t('cookieSettings')}
              </button>
            </>
          ) : null}
        </p>
        {/* The GeoLite2 licence asks for this line wherever the data is used (the visitor's country: src/site/visitor.mjs). */}
        <p className="container-page pb-5 text-xs">
          {t.rich('geoAttribution', {
            link: (chunks) => (
              <a href="https://www.maxmind.com" className={`${linkClass} underline`} rel="noopener">
                {chunks}
              </a>
            ),
          })}
        </p>
      </div>
    </footer>
  );
}

/** One titled list of links in the footer. */
function FooterLinks({ heading, pages, locale, label }: { heading: string; pages: readonly string[]; locale: Locale; label: (page: string) => string }) {
  return (
    <nav aria-label={heading}>
      <h2 className="mb-3 font-semibold text-white">{heading}</h2>
      <ul className="space-y-2 text-sm">
        {pages.map((page) => (
          <li key={page}>
            <a href={localizedPath(locale, page)} className={linkClass}>
              {label(page)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
