'use client';

import { useTranslations } from 'next-intl';
import { AuthViews } from '@/components/auth/auth-views';
import { DialogShell } from './dialog-shell';

/** 'Для перехода к оплате, пройдите авторизацию': login, remind, registration. */
export function AuthDialog({ onClose }: { onClose: () => void }) {
  const t = useTranslations('AuthDialog');
  return (
    <DialogShell title={t('title')} onClose={onClose}>
      <AuthViews />
    </DialogShell>
  );
}
