// `npm run desk -- add-user <email> --name "<name>" --role admin|sales|finance`: adds a sales-desk account from the command
// line, the password read from standard input (one line), checked as the desk checks it. Runs
// against the database the settings name: PostgreSQL any time; the embedded PGlite only while the
// server is stopped (one process may hold its directory).
import { closeDb, getDb } from '@/server/database';
import { recordSecurityEvent } from '@/server/desk/security-log';
import { createStaff, isStaffRole } from '@/server/desk/staff';
import { normaliseStaffName, staffNameProblem, STAFF_NAME_MAX } from '@/server/desk/staff-name';
import { staffPasswordProblem, STAFF_PASSWORD_RULE } from '@/server/desk/staff-password';
import { getEnv } from '@/server/env';

const USAGE = 'usage: npm run desk -- add-user <email> --name "<name>" --role admin|sales|finance   (password on standard input)';

async function readPassword(): Promise<string> {
  if (process.stdin.isTTY) process.stderr.write('Password (input is shown; pipe it in to keep it off the screen): ');
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) {
    chunks.push(chunk as Buffer);
    if (process.stdin.isTTY && Buffer.concat(chunks).includes(10)) break;
  }
  return Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? '';
}

async function main(args: string[]): Promise<number> {
  const [command, email] = args;
  const roleAt = args.indexOf('--role');
  const role = roleAt >= 0 ? args[roleAt + 1] : undefined;
  const nameAt = args.indexOf('--name');
  const name = normaliseStaffName(nameAt >= 0 ? (args[nameAt + 1] ?? '') : '');
  if (command !== 'add-user' || !email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || !isStaffRole(role)) {
    console.error(USAGE);
    return 2;
  }
  const badName = staffNameProblem(name);
  if (badName) {
    console.error(badName === 'nameRequired' ? `The person's name is needed (--name).\n${USAGE}` : badName === 'nameTooLong' ? `The name may be up to ${STAFF_NAME_MAX} characters.` : 'The name may not hold control or invisible characters.');
    return 2;
  }
  getEnv();
  const password = await readPassword();
  if (staffPasswordProblem(password)) {
    console.error(`The password is too weak: ${STAFF_PASSWORD_RULE}.`);
    return 1;
  }
  try {
    const created = await createStaff(await getDb(), email, role, password, name);
    if (!created.ok) {
      console.error(`An account with the e-mail ${email} already exists.`);
      return 1;
    }
    await recordSecurityEvent('staff.created', { subjectId: created.id, detail: { role, via: 'command line' } });
    console.log(`Added ${role} ${name} <${email}>.`);
    return 0;
  } finally {
    await closeDb();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
