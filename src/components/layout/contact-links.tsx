import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/site/locales.mjs';
import { contacts } from '@/server/company';

/** Outline icons of the links, drawn in the text's colour. */
const ICONS = {
  phone: 'M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2',
  email: 'M3 6h18v12H3zM3 6l9 7 9-7',
  messenger: 'M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12z',
} as const;

function Icon({ name }: { name: keyof typeof ICONS }) {
  return (
    <svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" className="shrink-0">
      <path d={ICONS[name]} />
    </svg>
  );
}

interface Props {
  locale: Locale;
  className: string;
  linkClassName: string;
  /** The e-mail's and the messenger's visible text (the header keeps them to icons on a phone; their names stay). */
  textClassName?: string;
}

/**
 * The ways to reach sales that the settings give (CONTACT_PHONE, CONTACT_EMAIL,
 * CONTACT_MESSENGER_URL), as a list of links: `tel:` with the E.164 number, `mailto:`, the chat.
 * Nothing when none is set.
 */
export async function ContactLinks({ locale, className, linkClassName, textClassName = '' }: Props) {
  const { phone, email, messenger } = contacts;
  if (!phone && !email && !messenger) return null;
  const t = await getTranslations({ locale, namespace: 'Company' });
  return (
    <ul aria-label={t('contactsLabel')} className={className}>
      {phone ? (
        <li className="shrink-0">
          <a href={phone.href} className={linkClassName}>
            <Icon name="phone" />
            <span className="sr-only">{t('phone')}: </span>
            <span className="whitespace-nowrap">{phone.text}</span>
          </a>
        </li>
      ) : null}
      {email ? (
        <li className="min-w-0">
          <a href={email.href} className={linkClassName}>
            <Icon name="email" />
            <span className="sr-only">{t('email')}: </span>
            <span className={`truncate ${textClassName}`}>{email.text}</span>
          </a>
        </li>
      ) : null}
      {messenger ? (
        <li className="shrink-0">
          <a href={messenger.href} className={linkClassName} rel="noopener">
            <Icon name="messenger" />
            <span className={`whitespace-nowrap ${textClassName}`}>{t('messenger', { app: messenger.app })}</span>
          </a>
        </li>
      ) : null}
    </ul>
  );
}
