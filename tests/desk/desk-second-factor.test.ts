import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { POST as deskLogin } from '@/app/api/desk/login/route';
import { POST as secondFactor } from '@/app/api/desk/second-factor/route';
import { GET as exportCsv } from '@/app/api/desk/export/route';
import { staff, staffSessions } from '@/db/schema';
import { setEnvForTests } from '@/server/env';
import { beginEnrolment, takeRecoveryCodesToShow } from '@/server/desk/second-factor';
import { totpCode, timeStep } from '@/server/desk/totp';
import { testDatabases, useTestDb } from '../support/test-db';
import { deskForm, deskGet, signedInStaff, STRONG } from './desk-support';

async function signIn(email: string) {
  const response = await deskLogin(deskForm('/api/desk/login', { email, pw: STRONG }));
  return { location: response.headers.get('location'), cookie: (response.headers.get('set-cookie') ?? '').split(';')[0]! };
}

describe.each(testDatabases())('desk second factor on %s', (kind) => {
  const database = useTestDb(kind);
  beforeEach(async () => {
    setEnvForTests({ DESK_REQUIRE_2FA: '0' });
    await database.handle.db.delete(staffSessions);
    await database.handle.db.delete(staff);
  });

  it('enrols with a first code, then asks for a code at sign-in; a recovery code works once', async () => {
    const { db } = database.handle;
    const member = await signedInStaff(db, 'two@example.com', 'sales');
    const [row] = await db.select().from(staff).where(eq(staff.id, member.id));
    const { secret } = await beginEnrolment(db, row!);
    const wrong = await secondFactor(deskForm('/api/desk/second-factor', { action: 'enable', code: '000000' }, member.cookie));
    expect(wrong.headers.get('location')).toBe('/en/desk/account?error=badCode');
    // Kept: the same code is tried again below (a code made anew there could fall in the next
    // 30-second step, and be a fresh, valid one).
    const enablingCode = totpCode(secret, timeStep());
    const on = await secondFactor(deskForm('/api/desk/second-factor', { action: 'enable', code: enablingCode }, member.cookie));
    expect(on.headers.get('location')).toBe('/en/desk/account?done=twoFactorOn');
    const [enabled] = await db.select().from(staff).where(eq(staff.id, member.id));
    // The codes are made when the factor is turned on, and shown once.
    const recoveryCodes = (await takeRecoveryCodesToShow(db, enabled!))!;
    expect(recoveryCodes).toHaveLength(10);
    expect(await takeRecoveryCodesToShow(db, enabled!)).toBeUndefined();
    expect(enabled!.recoveryCodes).toHaveLength(10);
    expect(enabled!.recoveryCodes).not.toContain(recoveryCodes[0]);

    const pending = await signIn('two@example.com');
    expect(pending.location).toBe('/en/desk/second-factor');
    // The password alone opens nothing.
    expect((await exportCsv(deskGet('/api/desk/export', pending.cookie))).status).toBe(401);
    // The code just used to enable is spent.
    const reused = await secondFactor(deskForm('/api/desk/second-factor', { action: 'verify', code: enablingCode }, pending.cookie));
    expect(reused.headers.get('location')).toBe('/en/desk/second-factor?error=badCode');
    const recovered = await secondFactor(deskForm('/api/desk/second-factor', { action: 'verify', code: recoveryCodes[0]!.toUpperCase() }, pending.cookie));
    expect(recovered.headers.get('location')).toBe('/en/desk');
    // A new token opens the desk; the one that owed the factor is spent.
    const opened = recovered.headers.getSetCookie()[0]!.split(';')[0]!;
    expect(opened).not.toBe(pending.cookie);
    expect((await exportCsv(deskGet('/api/desk/export', opened))).status).toBe(200);
    expect((await exportCsv(deskGet('/api/desk/export', pending.cookie))).status).toBe(401);
    const again = await signIn('two@example.com');
    const spent = await secondFactor(deskForm('/api/desk/second-factor', { action: 'verify', code: recoveryCodes[0]! }, again.cookie));
    expect(spent.headers.get('location')).toContain('error=badCode');
  });

  it('sends every sign-in to the second factor when DESK_REQUIRE_2FA is on', async () => {
    await signedInStaff(database.handle.db, 'must@example.com', 'admin');
    setEnvForTests({ DESK_REQUIRE_2FA: '1' });
    const pending = await signIn('must@example.com');
    expect(pending.location).toBe('/en/desk/second-factor');
    expect((await exportCsv(deskGet('/api/desk/export', pending.cookie))).status).toBe(401);
  });
});
