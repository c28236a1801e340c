import { AsyncLocalStorage } from 'node:async_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, expect, it } from 'vitest';
import { consume, setLimitersForTests } from '@/server/http/rate-limit';
import { captureRootContext } from '@/server/lifecycle/root-context';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
afterAll(() => setLimitersForTests());

// Next keeps the request and its response in async-local stores. The in-memory limiter arms a
// timer per key for the whole window (10 minutes for leads); armed inside the request, that timer
// kept the request's stores, and so the request, alive: about 40 KB per client address under a flood.
it('a request that took a rate-limit point is not kept alive by the limiter', async () => {
  captureRootContext(); // what the server does at start, outside any request
  setLimitersForTests();
  const requestStore = new AsyncLocalStorage<{ response: Uint8Array }>();
  const collected: WeakRef<object>[] = [];
  for (let i = 0; i < 5; i++) {
    await requestStore.run({ response: new Uint8Array(1024 * 1024) }, async () => {
      collected.push(new WeakRef(requestStore.getStore()!));
      expect((await consume('leadIp', `198.51.100.${i}`)).ok).toBe(true);
    });
  }
  await new Promise((resolve) => setImmediate(resolve));
  gc();
  expect(collected.filter((ref) => ref.deref() !== undefined)).toHaveLength(0);
});
