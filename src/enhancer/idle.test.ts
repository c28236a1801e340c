import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from './idle.mjs';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('whenIdle', () => {
  it('runs at the next idle period, and within a second where the browser never grants one', () => {
    vi.useFakeTimers();
    // A browser whose idle callbacks wait for a period that never comes but for their timeout.
    const requestIdleCallback = vi.fn((callback: () => void, options?: { timeout?: number }) => {
      if (options?.timeout !== undefined) setTimeout(callback, options.timeout);
      return 1;
    });
    vi.stubGlobal('window', { requestIdleCallback });
    const ran = vi.fn();
    whenIdle(ran);
    expect(requestIdleCallback).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(999);
    expect(ran).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(ran).toHaveBeenCalledTimes(1);
  });

  it('falls back to a short timeout where there are no idle callbacks', () => {
    vi.useFakeTimers();
    vi.stubGlobal('window', {});
    const ran = vi.fn();
    whenIdle(ran);
    vi.advanceTimersByTime(49);
    expect(ran).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(ran).toHaveBeenCalledTimes(1);
  });
});
