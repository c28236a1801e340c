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
    const asked: { callback: () => void; timeout?: number }[] = [];
    vi.stubGlobal('window', {
      requestIdleCallback: (callback: () => void, options?: { timeout?: number }) => {
        asked.push({ callback, timeout: options?.timeout });
        if (options?.timeout !== undefined) setTimeout(callback, options.timeout);
        return asked.length;
      },
    });
    const ran = vi.fn();
    whenIdle(ran);
    expect(asked).toHaveLength(1);
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
