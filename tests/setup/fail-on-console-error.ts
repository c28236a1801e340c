import { afterEach, beforeEach, vi } from 'vitest';

// An unexpected console.error is a failure; a test that expects one mocks console.error itself.
let spy: ReturnType<typeof vi.spyOn> | undefined;
beforeEach(() => {
  spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error was called: ${args.map(String).join(' ')}`);
  });
});
afterEach(() => {
  spy?.mockRestore();
});
