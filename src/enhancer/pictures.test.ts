import { afterEach, describe, expect, it, vi } from 'vitest';
import { AHEAD_PX, deferPictures } from './pictures.mjs';

afterEach(() => vi.unstubAllGlobals());

/** Figures as the page has them, each recording its attributes. */
function figures(count: number) {
  return Array.from({ length: count }, () => {
    const attributes = new Set<string>();
    return { attributes, setAttribute: (name: string) => attributes.add(name) };
  });
}

/** A page holding `list`, with the listeners it is given kept. */
function stubPage(list: ReturnType<typeof figures>, observer?: unknown) {
  const listeners = new Map<string, () => void>();
  vi.stubGlobal('document', { querySelectorAll: (selector: string) => (selector.startsWith('figure[data-defer]') ? list : []) });
  vi.stubGlobal('addEventListener', (type: string, listener: () => void) => listeners.set(type, listener));
  vi.stubGlobal('window', observer ? { IntersectionObserver: observer } : {});
  return listeners;
}

describe('deferPictures', () => {
  it('shows a picture once it comes within 1,250 px of the screen, and stops watching it', () => {
    const list = figures(2);
    let callback: (entries: { isIntersecting: boolean; target: unknown }[]) => void = () => undefined;
    const watched = new Set<unknown>();
    const options: IntersectionObserverInit[] = [];
    class Observer {
      constructor(given: typeof callback, init: IntersectionObserverInit) {
        callback = given;
        options.push(init);
      }
      observe = (target: unknown) => watched.add(target);
      unobserve = (target: unknown) => watched.delete(target);
    }
    stubPage(list, Observer);
    deferPictures();
    expect(options).toEqual([{ rootMargin: `${AHEAD_PX}px 0px` }]);
    expect(AHEAD_PX).toBe(1250);
    expect(watched.size).toBe(2);
    callback([{ isIntersecting: false, target: list[0] }, { isIntersecting: true, target: list[1] }]);
    expect(list.map((figure) => figure.attributes.has('data-near'))).toEqual([false, true]);
    expect([...watched]).toEqual([list[0]]);
  });

  it('shows every picture before the page is printed', () => {
    const list = figures(3);
    class Observer {
      observe = () => undefined;
      unobserve = () => undefined;
    }
    const listeners = stubPage(list, Observer);
    deferPictures();
    expect(list.some((figure) => figure.attributes.size)).toBe(false);
    listeners.get('beforeprint')?.();
    expect(list.every((figure) => figure.attributes.has('data-near'))).toBe(true);
  });

  it('shows every picture at once where the browser cannot watch them', () => {
    const list = figures(2);
    stubPage(list);
    deferPictures();
    expect(list.every((figure) => figure.attributes.has('data-near'))).toBe(true);
  });
});
