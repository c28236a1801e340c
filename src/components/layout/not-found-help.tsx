import { getTranslations } from 'next-intl/server';
import { DialogTrigger } from '@/components/dialogs/dialog-trigger';
import { PageDialogs } from '@/components/dialogs/page-dialogs';
import { ContactLinks } from './contact-links';
import type { Locale } from '@/site/locales.mjs';
import { localizedPath } from '@/lib/paths';
import { productsIn } from '@/site/products.mjs';
import { VIN_ANSWER_ID } from '@/components/vin/vin-ids';
import { VIN_INPUT } from '@/components/vin/vin-input';

const LINK = 'text-brand-700 underline hover:text-brand-900';

/** A heading of one of the page's offers (named by its section through `id`). */
function Heading({ id, children }: { id: string; children: React.ReactNode }) {
  return (
    <h2 id={id} className="mb-2 font-semibold text-brand-900">
      {children}
    </h2>
  );
}

/**
 * What the 404 page offers besides the way home: the VIN check (a GET form to the VIN
 * page, which answers without scripts), the product pages (the header's products menu) and the
 * sales team (the phone, e-mail and messenger the settings give, and the feedback dialog; without scripts,
 * the home page's contacts).
 */
export async function NotFoundHelp({ locale }: { locale: Locale }) {
  const [vin, nav, footer] = await Promise.all([
    getTranslations({ locale, namespace: 'VinSummary' }),
    getTranslations({ locale, namespace: 'Nav' }),
    getTranslations({ locale, namespace: 'Footer' }),
  ]);
  const home = localizedPath(locale, '');
  return (
    <div className="grid w-full max-w-3xl gap-6 text-left sm:grid-cols-2">
      <form method="get" action={`${localizedPath(locale, 'vehicle')}#${VIN_ANSWER_ID}`} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-brand-100 sm:col-span-2">
        <label htmlFor="not-found-vin" className="block font-semibold text-brand-900">
          {vin('heroLabel')}
        </label>
        <div className="mt-2 flex flex-col gap-2 sm:flex-row">
          <input
            id="not-found-vin"
            {...VIN_INPUT}
            required
            placeholder={vin('heroPlaceholder')}
          />
          <button type="submit" className="btn-secondary shrink-0">
            {vin('submit')}
          </button>
        </div>
      </form>
      <nav aria-labelledby="not-found-products">
        <Heading id="not-found-products">{footer('productsHeading')}</Heading>
        <ul className="space-y-1">
          {productsIn('header', locale).map((id) => (
            <li key={id}>
              <a href={localizedPath(locale, id)} className={LINK}>
                {footer(`links.${id}`)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <section aria-labelledby="not-found-contacts">
        <Heading id="not-found-contacts">{footer('contactsHeading')}</Heading>
        <ContactLinks locale={locale} className="mb-3 flex flex-col items-start gap-2 text-sm" linkClassName={`flex max-w-full items-center gap-2 ${LINK}`} />
        <p className="mb-3 text-sm text-muted">{footer('contactsText')}</p>
        <DialogTrigger dialog="feedback" href={`${home}#contacts`} className="btn-secondary">
          {nav('contactSales')}
        </DialogTrigger>
      </section>
      <PageDialogs locale={locale} names={['feedback']} />
    </div>
  );
}
