import 'server-only';
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { appSecrets } from '@/db/schema';
import { getDb } from '@/server/database';
import { getEnv } from './env';
import { getLogger } from './logger';

const GENERATED = 'server_secret_key';
const globalForKey = globalThis as typeof globalThis & { __serverSecret?: Promise<Buffer> };

/**
 * The server's secret: DESK_SECRET_KEY, or (unset) 32 random bytes generated once and kept in the
 * database, so every instance and every restart shares them; that case is logged as a warning,
 * since a copy of the database then holds the key beside what it protects.
 */
async function rootKey(): Promise<Buffer> {
  const configured = getEnv().DESK_SECRET_KEY;
  if (configured) return Buffer.from(configured, 'utf8');
  const db = await getDb();
  await db.insert(appSecrets).values({ name: GENERATED, value: randomBytes(32).toString('base64') }).onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, GENERATED));
  getLogger().warn('DESK_SECRET_KEY is not set: using a key generated and kept in the database; set DESK_SECRET_KEY in production');
  return Buffer.from(row!.value, 'base64');
}

/** Under the tests: the secret read again (from the settings or the database of this test file). */
export function forgetServerSecretForTests(): void {
  globalForKey.__serverSecret = undefined;
}

/** A 32-byte key for one purpose (HKDF-SHA256 of the server's secret): one secret, separate keys. */
export async function purposeKey(purpose: 'totp-secret' | 'device-cookie' | 'enrolment-link' | 'invoice-pdf-link' | 'pending-change' | 'recovery-codes'): Promise<Buffer> {
  globalForKey.__serverSecret ??= rootKey().catch((error: unknown) => {
    globalForKey.__serverSecret = undefined;
    throw error;
  });
  const root = await globalForKey.__serverSecret;
  return Buffer.from(hkdfSync('sha256', root, Buffer.alloc(0), `epcsu:${purpose}`, 32));
}

const SEALED = 'enc:v1:';

type SealPurpose = 'totp-secret' | 'enrolment-link' | 'pending-change' | 'recovery-codes';

/** AES-256-GCM with a random 96-bit nonce: `enc:v1:<nonce>:<tag>:<ciphertext>` (base64url). */
export async function seal(purpose: SealPurpose, plain: string): Promise<string> {
  const key = await purposeKey(purpose);
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `${SEALED}${nonce.toString('base64url')}:${cipher.getAuthTag().toString('base64url')}:${body.toString('base64url')}`;
}

export const isSealed = (value: string) => value.startsWith(SEALED);

/** The plain text of a sealed value; a value stored before sealing existed comes back as it is. Throws on a forged or foreign one. */
export async function unseal(purpose: SealPurpose, value: string): Promise<string> {
  if (!isSealed(value)) return value;
  const [nonce, tag, body] = value.slice(SEALED.length).split(':');
  const decipher = createDecipheriv('aes-256-gcm', await purposeKey(purpose), Buffer.from(nonce ?? '', 'base64url'));
  decipher.setAuthTag(Buffer.from(tag ?? '', 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body ?? '', 'base64url')), decipher.final()]).toString('utf8');
}
