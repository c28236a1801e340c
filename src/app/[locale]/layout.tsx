import type { Metadata, Viewport } from 'next';
import { hasLocale, NextIntlClientProvider } from 'next-intl';
import { setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import type { ReactNode } from 'react';
import { asksConsent, ConsentCheck } from '@/components/analytics/consent-notice';
import { EnhanceClient } from '@/components/layout/enhance-client';
import { SnackbarHost } from '@/components/snackbar/snackbar-host';
import { getClientMessages } from '@/i18n/client-messages';
import { routing } from '@/i18n/routing';
import { publicEnv } from '@/lib/public-env';

export const dynamicParams = false;

export function generateStaticParams() {
  return routing.locales.map((locale) => ({ locale }));
}

export const metadata: Metadata = {
  // Without the site's address, canonical, hreflang and Open Graph links stay relative (no made-up host).
  metadataBase: publicEnv.siteUrl ? new URL(publicEnv.siteUrl) : null,
  applicationName: publicEnv.siteName,
  formatDetection: { telephone: false },
};

export const viewport: Viewport = { themeColor: '#0f2b55', width: 'device-width', initialScale: 1 };

export default async function LocaleLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  return (
    // The consent notice's inline check may mark <html> `data-consent` before React hydrates it.
    <html lang={locale} suppressHydrationWarning>
      {asksConsent() ? (
        <head>
          <ConsentCheck />
        </head>
      ) : null}
      <body>
        <NextIntlClientProvider messages={await getClientMessages(locale)}>
          {children}
          <SnackbarHost />
          <EnhanceClient />
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
