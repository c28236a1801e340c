import 'server-only';
import { getMessages } from 'next-intl/server';
import type { Locale } from '@/site/locales.mjs';

/** Namespaces that client components translate; only these are sent to the browser. */
const clientNamespaces = [
  'Errors',
  'Dialogs',
  'Feedback',
  'AuthDialog',
  'LeadDialog',
  'OrderForm',
  'ApiClient',
  'Validation',
  'Countries',
] as const;

export async function getClientMessages(locale: Locale) {
  const messages = await getMessages({ locale });
  return Object.fromEntries(clientNamespaces.map((ns) => [ns, messages[ns]]));
}
