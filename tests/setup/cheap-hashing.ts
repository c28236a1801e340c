import { setHashCostForTests } from '@/server/auth/hash-cost';

// Passwords hashed in tests cost N=2^10 instead of 2^17: the production cost is tested once, in
// src/server/auth/passwords.test.ts; servers started as processes by the tests keep it.
setHashCostForTests({ logN: 10, r: 8, p: 1 });
