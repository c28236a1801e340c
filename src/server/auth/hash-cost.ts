import 'server-only';

/** An scrypt cost: N = 2^logN, block size r, parallelism p. */
export type ScryptCost = { logN: number; r: number; p: number };

/** scrypt at the OWASP-recommended cost: N=2^17, r=8, p=1 (about 128 MiB, ~0.3 s). */
export const SCRYPT_PARAMS: ScryptCost = { logN: 17, r: 8, p: 1 };
let cost: ScryptCost = SCRYPT_PARAMS;

/**
 * Tests: hash new passwords at this cost instead (Vitest's setup makes it cheap, so the suite does
 * not spend seconds per account); no argument goes back to the production cost. Stored hashes
 * carry their own cost, so verification is unaffected. A module of its own, with no imports: the
 * setup runs before every test file, and importing the hashing (and through it the metrics) there
 * cost each file about 2 s.
 */
export function setHashCostForTests(params?: ScryptCost): void {
  cost = params ?? SCRYPT_PARAMS;
}

/** The cost new hashes are made at. */
export const hashCost = (): ScryptCost => cost;
