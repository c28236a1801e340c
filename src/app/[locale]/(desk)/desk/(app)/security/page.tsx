import { deskFormat } from '@/components/desk/desk-format';
import { SecurityLog } from '@/components/desk/security-log';
import { getDb } from '@/server/database';
import { isLocale } from '@/site/locales.mjs';
import { getEnv } from '@/server/env';
import { requireDeskStaff } from '@/server/desk/page-session';
import { recentSecurityEvents } from '@/server/desk/security-log';
import { listStaff } from '@/server/desk/staff';
import { staffName } from '@/server/desk/staff-name';

type Props = { params: Promise<{ locale: string }> };

/** Admins only: the latest security events (decision 022). */
export default async function DeskSecurityPage({ params }: Props) {
  const { locale } = await params;
  if (!isLocale(locale)) return null;
  await requireDeskStaff(locale, { may: 'manageStaff' });
  const db = await getDb();
  const [members, events] = await Promise.all([listStaff(db), recentSecurityEvents(db, 100)]);
  const format = deskFormat(locale, getEnv().DESK_WORKING_HOURS.timeZone);
  return <SecurityLog locale={locale} events={events} emails={new Map(members.map((member) => [member.id, staffName(member)]))} format={format} />;
}
