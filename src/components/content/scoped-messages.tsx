import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import type { ReactNode } from 'react';
import type { Namespace } from '@/i18n/message-keys';
import type { Locale } from '@/site/locales.mjs';

/**
 * Messages for the client components of one part of one page (a tool), beside those every page
 * sends (src/i18n/client-messages.ts): only that page's HTML carries them. Copied into plain
 * objects: a compiled plural is an object without a prototype, which React does not pass to the
 * browser.
 */
export async function ScopedMessages({ locale, namespaces, children }: { locale: Locale; namespaces: readonly Namespace[]; children: ReactNode }) {
  const messages = await getMessages({ locale });
  const scoped = structuredClone(Object.fromEntries(namespaces.map((namespace) => [namespace, messages[namespace]])));
  return <NextIntlClientProvider messages={scoped}>{children}</NextIntlClientProvider>;
}
