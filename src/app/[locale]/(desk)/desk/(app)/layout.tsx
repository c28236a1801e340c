import type { ReactNode } from 'react';
import { DeskHeader } from '@/components/desk/desk-header';
import { isLocale } from '@/site/locales.mjs';
import { requireDeskStaff } from '@/server/desk/page-session';

/** Every desk page behind the sign-in: the session is checked here and again by each page (same lookup). */
export default async function DeskAppLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  if (!isLocale(locale)) return null;
  const { staff } = await requireDeskStaff(locale, { allowMustChange: true });
  return (
    <>
      <DeskHeader locale={locale} staff={staff} />
      <main id="main" className="mx-auto max-w-7xl px-4 py-6">
        {children}
      </main>
    </>
  );
}
