import { leads, outboxMessages } from '@/db/schema';
import type { Db } from '@/db/client';
import { createStaff, type StaffRole } from '@/server/desk/staff';
import { POST as deskLogin } from '@/app/api/desk/login/route';
import { formRequest, getRequest } from '../support/requests';

export const STRONG = 'lantern-copper-orbit-42';

/** A staff account and a signed-in cookie for it. */
export async function signedInStaff(db: Db, email: string, role: StaffRole): Promise<{ cookie: string; id: string }> {
  const created = await createStaff(db, email, role, STRONG);
  if (!created.ok) throw new Error('staff exists');
  const response = await deskLogin(formRequest('/api/desk/login', { email, pw: STRONG, locale: 'en' }));
  const setCookie = response.headers.get('set-cookie') ?? '';
  return { cookie: setCookie.split(';')[0]!, id: created.id };
}

/** A desk form post from the desk itself (same origin) with the session cookie. */
export const deskForm = (path: string, fields: Record<string, string>, cookie?: string, headers: Record<string, string> = {}) =>
  formRequest(path, { locale: 'en', ...fields }, { headers: { ...(cookie ? { cookie } : {}), origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin', ...headers } });

export const deskGet = (path: string, cookie?: string) => getRequest(path, { lang: 'en', headers: cookie ? { cookie } : {} });

/** Stores a lead directly, as the lead path would (the desk only reads them). */
export async function storeLead(db: Db, fields: Partial<typeof leads.$inferInsert> = {}) {
  const [row] = await db
    .insert(leads)
    .values({ kind: 'btn_buy', name: 'Иван Петров', phone: '+7 (916) 123-45-67', email: 'ivan@example.com', lang: 'ru', payload: { t_client: '1', url: '/ru/tis' }, ...fields })
    .returning();
  return row!;
}

export async function failedDelivery(db: Db, leadId: string) {
  await db.insert(outboxMessages).values({ channel: 'telegram', leadId, payload: { text: 'x' }, attempts: 3, lastError: 'Bot API 500', nextAttemptAt: new Date(Date.now() + 600_000) });
}
