import 'server-only';
import { randomBytes, scrypt as scryptCallback } from 'node:crypto';
import { countHashRefused, reportHashesWaiting } from '../metrics';
import { sameSecret } from '@/site/same-secret.mjs';
import { hashCost, type ScryptCost } from './hash-cost';

type HashWatcher = (cost: ScryptCost) => void | Promise<void>;
let watcher: HashWatcher | undefined;

/**
 * Tests: `watch` hears of every scrypt computation (a hash or a check) with its cost as it starts,
 * and holds it back until the promise it returns settles, so that a test asserts the work done
 * («costs the same») rather than the time it took; no argument stops watching.
 */
export function watchHashesForTests(watch?: HashWatcher): void {
  watcher = watch;
}

const KEY_LENGTH = 32;
const MAX_MEM = 256 * 1024 * 1024;

/**
 * Hashing runs on libuv's thread pool, which file reads, DNS and zlib share: at most
 * HASHING_AT_ONCE hashes run together (the server sizes the pool at 8), at most HASHING_QUEUE wait,
 * and beyond that a request is refused at once (503 with Retry-After) instead of queueing for
 * seconds behind a flood.
 */
export const HASHING_AT_ONCE = 2;
export const HASHING_QUEUE = 32;
let hashing = 0;
const queued: Array<() => void> = [];
reportHashesWaiting(() => queued.length);

/** Too many hashes waiting: answered 503 with Retry-After (see http/safely.ts). */
export class HashingBusyError extends Error {
  constructor() {
    super('password hashing queue full');
  }
}

async function inHashingSlot<T>(work: () => Promise<T>): Promise<T> {
  if (hashing < HASHING_AT_ONCE) hashing += 1;
  else if (queued.length >= HASHING_QUEUE) {
    countHashRefused();
    throw new HashingBusyError();
  }
  else await new Promise<void>((resolve) => queued.push(resolve));
  try {
    return await work();
  } finally {
    // The slot goes straight to the next in line, or is freed.
    const next = queued.shift();
    if (next) next();
    else hashing -= 1;
  }
}

function scrypt(password: string, salt: Buffer, { logN, r, p }: ScryptCost): Promise<Buffer> {
  return inHashingSlot(async () => {
    if (watcher) await watcher({ logN, r, p });
    return new Promise<Buffer>((resolve, reject) => {
      scryptCallback(password.normalize('NFKC'), salt, KEY_LENGTH, { N: 2 ** logN, r, p, maxmem: MAX_MEM }, (error, key) => (error ? reject(error) : resolve(key)));
    });
  });
}

/** `scrypt$<logN>$<r>$<p>$<salt b64>$<hash b64>` */
export async function hashPassword(password: string, params: ScryptCost = hashCost()): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, params);
  return ['scrypt', params.logN, params.r, params.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, logN, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await scrypt(password, Buffer.from(salt, 'base64'), { logN: Number(logN), r: Number(r), p: Number(p) });
  return sameSecret(key, expected);
}

/** A hash of nothing in particular: verified against when the account does not exist, so both cases take as long. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash;
}

/** A new random password for `remind`: 12 characters without look-alikes. */
export function randomPassword(length = 12): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(length * 2);
  let out = '';
  for (const byte of bytes) {
    if (byte < 256 - (256 % alphabet.length)) out += alphabet[byte % alphabet.length];
    if (out.length === length) break;
  }
  return out.length === length ? out : randomPassword(length);
}
