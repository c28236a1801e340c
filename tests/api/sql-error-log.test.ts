import { format } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { POST as register } from '@/app/api/auth/registration/route';
import { POST as sendLead } from '@/app/api/telega/send-mail/route';
import { installSqlSafeConsole } from '@/server/console-redaction';
import { describeError } from '@/server/logger';
import { jsonRequest } from '../support/requests';
import { testDatabases, useTestDb } from '../support/test-db';
import { captureLog } from '../support/log-capture';

/**
 * A statement that fails writes the visitor's data nowhere in the log: drizzle's error message
 * carries the statement's parameters, and the server's error may quote the whole row. The log
 * names the statement's kind and table and the driver's code and constraint instead.
 */
const person = {
  email: 'sql-error-person@example.com',
  phone: '+79161234567',
  name_f: 'Зайцева',
  name_i: 'Аглая',
  firm_name: 'Кривоколенный и партнёры',
  city_name: 'Кострома',
};
/** What must not be in any line: each personal value (the phone also as its digits). */
const PERSONAL = [person.email, person.phone, '9161234567', person.name_f, person.name_i, person.firm_name, person.city_name];

describe.each(testDatabases())('a failed statement in the log, on %s', (kind) => {
  const database = useTestDb(kind);
  let log: ReturnType<typeof captureLog>;
  beforeEach(() => {
    log = captureLog();
  });
  afterEach(async () => {
    log.restore();
    for (const table of ['users', 'leads']) await database.handle.db.execute(sql.raw(`ALTER TABLE ${table} DROP CONSTRAINT IF EXISTS ${table}_refused_for_test`));
  });

  /** Every insert into `table` fails (a check constraint no row passes; the server's detail then quotes the whole row). */
  const refuseInserts = (table: string) => database.handle.db.execute(sql.raw(`ALTER TABLE ${table} ADD CONSTRAINT ${table}_refused_for_test CHECK (false) NOT VALID`));

  it('a registration whose insert fails: 503, and the log has the code and the constraint, no personal value', async () => {
    await refuseInserts('users');
    const response = await register(
      jsonRequest('/api/auth/registration', { ...person, pw: 'a rather unusual passphrase', pw2: 'a rather unusual passphrase', country_name: 'Россия', consent: true }, { lang: 'en' }),
    );
    expect(response.status).toBe(503);
    const text = log.text();
    expect(text).toContain('query failed: insert users: SQLSTATE 23514 (constraint users_refused_for_test');
    expect(PERSONAL.filter((value) => text.includes(value))).toEqual([]);
    expect(text).not.toContain('params');
  });

  it('a lead whose insert fails: 503, and the log has the code and the constraint, no personal value', async () => {
    await refuseInserts('leads');
    const response = await sendLead(
      jsonRequest('/api/telega/send-mail', { t: 'btn_demo', lang: 'en', name: `${person.name_i} ${person.name_f}`, phone: person.phone, email: person.email, t_client: 2, firm_name: person.firm_name, consent: true }, { lang: 'en' }),
    );
    expect(response.status).toBe(503);
    const text = log.text();
    expect(text).toContain('query failed: insert leads: SQLSTATE 23514 (constraint leads_refused_for_test');
    expect(PERSONAL.filter((value) => text.includes(value))).toEqual([]);
  });

  it('an error Next.js prints itself (a page or route that throws it) reaches the console without the values', async () => {
    // The server's own message quotes the value it could not read, and drizzle's adds the parameters.
    const failure = await database.handle.db.execute(sql`select ${person.phone}::int as phone, ${person.name_f}::int as surname`).catch((error: unknown) => error);
    expect(format(failure)).toContain(person.name_f);
    const printed: string[] = [];
    const target = { error: (...args: unknown[]) => printed.push(format(...args)), warn: () => {}, log: () => {}, info: () => {} };
    installSqlSafeConsole(target);
    target.error(failure);
    target.error(` ⨯ ${String(failure)}`);
    target.error('Error:', { digest: '1', cause: failure });
    const text = printed.join('\n');
    expect(text).toContain('query failed: select');
    expect(text).toMatch(/SQLSTATE 22[0-9A-Z]{3}/);
    for (const value of PERSONAL) expect(text).not.toContain(value);
  });

  it('a statement on a table that is gone: its kind and table and the code', async () => {
    await database.handle.db.execute(sql.raw('CREATE TABLE gone_for_test (name text)'));
    await database.handle.db.execute(sql.raw('DROP TABLE gone_for_test'));
    const error = await database.handle.db.execute(sql`insert into gone_for_test (name) values (${person.name_f})`).then(
      () => undefined,
      (failure: unknown) => failure,
    );
    expect(String((error as Error).message)).toContain(person.name_f);
    expect(describeError(error)).toBe('query failed: insert gone_for_test: SQLSTATE 42P01');
  });
});

describe('describeError of what is not a statement', () => {
  it('keeps the text of other errors, without e-mail addresses', () => {
    expect(describeError(new Error('550 mailbox unavailable: someone@example.com'))).toBe('Error: 550 mailbox unavailable: [address]');
  });

  it('tells a statement that never reached the server by the connection failure', () => {
    const dropped = Object.assign(new Error(`Failed query: update "leads" set "name" = $1\nparams: ${person.name_i}`), {
      query: 'update "leads" set "name" = $1',
      params: [person.name_i],
      cause: new Error('Connection terminated unexpectedly'),
    });
    expect(describeError(dropped)).toBe('query failed: update leads: Error: Connection terminated unexpectedly');
  });
});
