'use client';

import { useTranslations } from 'next-intl';
import { AuthViews } from '@/components/auth/auth-views';
import { DialogShell } from './dialog-shell';

/** 'Для перехода к оплате, пройдите авторизацию': login, remind, registration. */
export function AuthDialog() {
  const t = useTranslations('AuthDialog');
  return (
    <DialogShell name="auth" title={t('title')}>
      <AuthViews />
    </DialogShell>
  );
}
