import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { isLocale } from '@/site/locales.mjs';
import { publicEnv } from '@/lib/public-env';

/** The sales desk is an app for staff: rendered per request, never indexed. */
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const { locale } = await params;
  if (!isLocale(locale)) return {};
  const t = await getTranslations({ locale, namespace: 'Desk' });
  return { title: { absolute: `${t('metaTitle')} — ${publicEnv.siteName}` }, robots: { index: false, follow: false } };
}

/** The desk's own frame: no marketing header, footer or dialogs. */
export default function DeskLayout({ children }: { children: ReactNode }) {
  return <div className="min-h-screen bg-slate-50">{children}</div>;
}
