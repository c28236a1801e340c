import 'server-only';
import parsePhoneNumber from 'libphonenumber-js/max';
import type { CompanySetting } from '@/settings/company.mjs';
import { publicEnv } from '@/lib/public-env';

/*
 * The company as the build-time settings give it (src/settings/company.mjs checked them): its
 * contacts and the seller's legal identity, for the server components that show them (the header,
 * the footer, the legal pages). Next.js writes each `process.env.NAME` below into the server's
 * bundles as the schema parsed it ('' when unset), as for src/lib/public-env.ts; the browser's
 * bundles never carry them.
 */
const built = {
  CONTACT_PHONE: process.env.CONTACT_PHONE,
  CONTACT_EMAIL: process.env.CONTACT_EMAIL,
  CONTACT_MESSENGER_URL: process.env.CONTACT_MESSENGER_URL,
  SELLER_NAME: process.env.SELLER_NAME,
  SELLER_INN: process.env.SELLER_INN,
  SELLER_OGRN: process.env.SELLER_OGRN,
  SELLER_ADDRESS: process.env.SELLER_ADDRESS,
} satisfies Record<CompanySetting, string | undefined>;

/** A link as a page shows it: where it goes, and its text. */
interface ContactLink {
  href: string;
  text: string;
}

/** The messenger a chat link opens, by its host (its name is shown, in the page's language). */
type Messenger = 'telegram' | 'whatsapp' | 'other';

interface Contacts {
  /** `tel:` with the E.164 number; the text grouped as dialled from abroad (+7 495 123-45-67). */
  phone?: ContactLink;
  email?: ContactLink;
  messenger?: { href: string; app: Messenger };
}

/** The seller's legal identity: all of it, or no seller at all. */
interface Seller {
  name: string;
  inn: string;
  /** OGRN (13 digits, an organisation) or OGRNIP (15, a sole proprietor). */
  ogrn: string;
  ogrnKind: 'ogrn' | 'ogrnip';
  address: string;
}

function messengerOf(href: string): Messenger {
  const host = new URL(href).hostname.replace(/^www\./, '');
  if (host === 't.me' || host === 'telegram.me') return 'telegram';
  if (host === 'wa.me' || host === 'api.whatsapp.com') return 'whatsapp';
  return 'other';
}

function contactsOf(): Contacts {
  const contacts: Contacts = {};
  if (built.CONTACT_PHONE) contacts.phone = { href: `tel:${built.CONTACT_PHONE}`, text: parsePhoneNumber(built.CONTACT_PHONE)?.formatInternational() ?? built.CONTACT_PHONE };
  if (built.CONTACT_EMAIL) contacts.email = { href: `mailto:${built.CONTACT_EMAIL}`, text: built.CONTACT_EMAIL };
  if (built.CONTACT_MESSENGER_URL) contacts.messenger = { href: built.CONTACT_MESSENGER_URL, app: messengerOf(built.CONTACT_MESSENGER_URL) };
  return contacts;
}

function sellerOf(): Seller | undefined {
  const { SELLER_NAME: name, SELLER_INN: inn, SELLER_OGRN: ogrn, SELLER_ADDRESS: address } = built;
  if (!name || !inn || !ogrn || !address) return undefined;
  return { name, inn, ogrn, ogrnKind: ogrn.length === 15 ? 'ogrnip' : 'ogrn', address };
}

export const contacts = contactsOf();
export const seller = sellerOf();
/** Whether any way to reach the company is set. */
export const hasContacts = Boolean(contacts.phone || contacts.email || contacts.messenger);
/**
 * The operator of personal data the consent text names: the seller (the same legal entity takes the
 * leads); without one, NEXT_PUBLIC_OPERATOR_NAME, else the brand.
 */
export const operatorName = seller?.name ?? publicEnv.operatorName;
