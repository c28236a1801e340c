import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/site/locales.mjs';
import { contacts, seller } from '@/server/company';

/** Which legal page shows the block: its heading says whose requisites they are. */
export type RequisitesPage = 'docs' | 'oferta' | 'privacy';

/**
 * The seller's requisites at the end of a legal page (SELLER_*, and the contacts that are set).
 * Without a seller, the page says they are given on request through the feedback form: no empty
 * fields, no placeholders.
 */
export async function SellerRequisites({ locale, page }: { locale: Locale; page: RequisitesPage }) {
  const t = await getTranslations({ locale, namespace: 'Company' });
  const heading = t(`legalHeading.${page}`);
  const rows = seller
    ? [
        [t('name'), seller.name],
        [t('inn'), seller.inn],
        [t(seller.ogrnKind), seller.ogrn],
        [t('address'), seller.address],
        ...(contacts.phone ? [[t('phone'), <a key="phone" href={contacts.phone.href}>{contacts.phone.text}</a>]] : []),
        ...(contacts.email ? [[t('email'), <a key="email" href={contacts.email.href}>{contacts.email.text}</a>]] : []),
      ]
    : [];
  return (
    <section aria-label={heading} className="prose-page max-w-3xl">
      <h2>{heading}</h2>
      {seller ? (
        <dl className="grid gap-x-6 gap-y-2 text-muted sm:grid-cols-[max-content_1fr]">
          {rows.map(([label, value]) => (
            <div key={String(label)} className="contents">
              <dt className="font-semibold text-brand-900">{label}</dt>
              <dd className="mb-2 break-words sm:mb-0 [&_a]:text-brand-700 [&_a]:underline">{value}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p>{t('unset')}</p>
      )}
    </section>
  );
}
