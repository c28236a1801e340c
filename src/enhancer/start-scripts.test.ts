import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAYLOAD } from './page-rest.mjs';
import { scriptStarter } from './start-scripts.mjs';

/** A script element of the boot template, as the starter reads it. */
function original(attributes: Record<string, string>, text = '') {
  return {
    attributes: Object.entries(attributes).map(([name, value]) => ({ name, value })),
    text,
    hasAttribute: (name: string) => name in attributes,
    getAttribute: (name: string) => attributes[name] ?? null,
  };
}

type Inserted = { attributes: Record<string, string>; async: boolean; text: string };

/** A document that records what the starter does, in order. */
function fakeDocument(log: string[]) {
  const inserted: Inserted[] = [];
  const d = {
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    querySelector: () => null,
    createElement: () => {
      const script: Inserted & { setAttribute: (name: string, value: string) => void } = {
        attributes: {},
        async: false,
        text: '',
        setAttribute: (name, value) => (script.attributes[name] = value),
      };
      return script;
    },
    body: {
      appendChild: (script: Inserted) => {
        log.push(`script ${script.attributes.src ?? script.text}`);
        inserted.push(script);
      },
    },
  };
  return { d, inserted };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the start of a pre-rendered page’s scripts', () => {
  it('pushes the payload kept as data onto self.__next_f where its script stood, and inserts every other script as it was', async () => {
    const log: string[] = [];
    const payload: unknown[] = [];
    payload.push = (...values: unknown[]) => {
      for (const value of values) log.push(`push ${JSON.stringify(value)}`);
      return Array.prototype.push.apply(payload, values);
    };
    vi.stubGlobal('window', { __next_f: payload });
    vi.stubGlobal('fetch', vi.fn(async () => new Response('')));
    const { d, inserted } = fakeDocument(log);
    const scripts = [
      original({ src: '/_next/static/chunks/a.js', async: '' }),
      original({ id: '_R_' }, 'self.r=1'),
      original({ type: 'application/json', [PAYLOAD]: '' }, '[0]'),
      original({ type: 'application/json', [PAYLOAD]: '' }, '[1,"1:\\"$Sreact.fragment\\"\\n"]'),
      original({ src: '/_next/static/chunks/b.js', async: '' }),
    ];
    const template = { content: { querySelectorAll: () => scripts } };
    const run = scriptStarter(d as unknown as Document, () => undefined);

    run(template as unknown as HTMLTemplateElement, true);
    await vi.waitFor(() => expect(inserted).toHaveLength(3));

    expect(log).toEqual(['script /_next/static/chunks/a.js', 'script self.r=1', 'push [0]', 'push [1,"1:\\"$Sreact.fragment\\"\\n"]', 'script /_next/static/chunks/b.js']);
    expect([...payload]).toEqual([[0], [1, '1:"$Sreact.fragment"\n']]);
    expect(inserted.map((script) => script.async)).toEqual([true, false, true]);
    expect(inserted[1]?.attributes).toEqual({ id: '_R_' });
  });

  it('creates self.__next_f when no script has', async () => {
    const window: { __next_f?: unknown[] } = {};
    vi.stubGlobal('window', window);
    vi.stubGlobal('fetch', vi.fn(async () => new Response('')));
    const { d } = fakeDocument([]);
    const template = { content: { querySelectorAll: () => [original({ type: 'application/json', [PAYLOAD]: '' }, '[0]')] } };
    scriptStarter(d as unknown as Document, () => undefined)(template as unknown as HTMLTemplateElement, true);
    await vi.waitFor(() => expect(window.__next_f).toEqual([[0]]));
  });
});
