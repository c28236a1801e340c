import { describe, expect, it, vi } from 'vitest';
import { markHydrated, markReady, releaseSend } from '../enhancer/dialog-protocol.mjs';
import { inlineScriptHashes } from '../runtime/security-headers.mjs';
import { deferScripts, inertDialogs, inlineEnhancer, keepOptionsBack, lateEnhancer, payloadAsData } from './lazy-boot.mjs';

/**
 * A stand-in page for the inline enhancer: elements with attributes, a tree and the selectors the
 * enhancer uses (tag, `[name]`, `[name="value"]`, `:not(…)`, lists), and a document that keeps its
 * listeners and dispatches an event to them, the capturing ones first.
 */
class FakeElement {
  readonly attributes = new Map<string, string>();
  readonly children: FakeElement[] = [];
  parent: FakeElement | undefined;
  disabled = false;
  value = '';
  focused = 0;
  constructor(
    readonly tag: string,
    attributes: Record<string, string> = {},
    children: FakeElement[] = [],
  ) {
    for (const [name, value] of Object.entries(attributes)) this.attributes.set(name, value);
    for (const child of children) this.appendChild(child);
  }
  get name() {
    return this.getAttribute('name') ?? '';
  }
  get dataset(): Record<string, string | undefined> {
    const entries = [...this.attributes].filter(([name]) => name.startsWith('data-'));
    return Object.fromEntries(entries.map(([name, value]) => [name.slice(5).replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase()), value]));
  }
  getAttribute(name: string) {
    return this.attributes.get(name) ?? null;
  }
  setAttribute(name: string, value: string) {
    this.attributes.set(name, String(value));
  }
  hasAttribute(name: string) {
    return this.attributes.has(name);
  }
  removeAttribute(name: string) {
    this.attributes.delete(name);
  }
  appendChild(child: FakeElement) {
    child.parent = this;
    this.children.push(child);
    return child;
  }
  contains(node: unknown): boolean {
    return node === this || this.children.some((child) => child.contains(node));
  }
  matches(selector: string): boolean {
    return selector.split(/,\s*/).some((one) => matchesCompound(this, one));
  }
  closest(selector: string): FakeElement | null {
    return this.matches(selector) ? this : (this.parent?.closest(selector) ?? null);
  }
  querySelectorAll(selector: string): FakeElement[] {
    return this.children.flatMap((child) => [...(child.matches(selector) ? [child] : []), ...child.querySelectorAll(selector)]);
  }
  querySelector(selector: string) {
    return this.querySelectorAll(selector)[0] ?? null;
  }
  getClientRects() {
    return [{}];
  }
  focus() {
    this.focused += 1;
  }
}

class FakeDialog extends FakeElement {
  open = false;
  showModal = vi.fn(() => (this.open = true));
  close = vi.fn(() => (this.open = false));
}

class FakeForm extends FakeElement {}

function matchesCompound(element: FakeElement, selector: string): boolean {
  const [, tag = '', rest = ''] = /^([a-z]*)(.*)$/.exec(selector.trim()) ?? [];
  if (tag && element.tag !== tag) return false;
  for (const [, negated = '', name = '', value] of rest.matchAll(/(:not\()?\[([\w-]+)(?:="([^"]*)")?\]\)?/g)) {
    const matched = element.hasAttribute(name) && (value === undefined || element.getAttribute(name) === value);
    if (matched !== !negated) return false;
  }
  return true;
}

type Listener = (event: FakeEvent) => void;
interface FakeEvent {
  type: string;
  target: FakeElement;
  button: number;
  defaultPrevented: boolean;
  stopped: boolean;
  preventDefault: () => void;
  stopImmediatePropagation: () => void;
}

/** Runs `code` (the inline enhancer) against a stand-in page whose body holds `body`; `withYm`: a Metrica queue is there already. */
function runInPage(code: string, body: FakeElement[], { withYm = true } = {}) {
  const listeners: { type: string; listener: Listener; capture: boolean }[] = [];
  const html = new FakeElement('html');
  const head = html.appendChild(new FakeElement('head'));
  const bodyElement = html.appendChild(new FakeElement('body', {}, body));
  const ym = vi.fn();
  const window: Record<string, unknown> = withYm ? { ym } : {};
  const document = {
    referrer: '',
    cookie: '',
    documentElement: Object.assign(html, { classList: { add: vi.fn(), remove: vi.fn() } }),
    head,
    body: bodyElement,
    activeElement: bodyElement,
    createElement: (tag: string) => new FakeElement(tag),
    getElementById: (id: string) => html.querySelector(`[id="${id}"]`),
    querySelector: (selector: string) => html.querySelector(selector),
    querySelectorAll: (selector: string) => html.querySelectorAll(selector),
    addEventListener: (type: string, listener: Listener, options?: boolean | { capture?: boolean }) =>
      listeners.push({ type, listener, capture: options === true || (typeof options === 'object' && !!options.capture) }),
    removeEventListener: (type: string, listener: Listener) => {
      const index = listeners.findIndex((entry) => entry.type === type && entry.listener === listener);
      if (index >= 0) listeners.splice(index, 1);
    },
  };
  const globals = {
    window,
    document,
    location: new URL('https://example.test/ru'),
    history: { state: null, replaceState: vi.fn() },
    sessionStorage: { getItem: () => null, setItem: vi.fn() },
    addEventListener: vi.fn(),
    requestAnimationFrame: vi.fn(),
    setTimeout: vi.fn(),
    clearTimeout: vi.fn(),
    Element: FakeElement,
    HTMLDialogElement: FakeDialog,
    HTMLFormElement: FakeForm,
  };
  new Function(...Object.keys(globals), code)(...Object.values(globals));

  /** Dispatches an event of `type` at `target`, as the browser would to listeners on the document. */
  const dispatch = (type: string, target: FakeElement) => {
    const event: FakeEvent = {
      type,
      target,
      button: 0,
      defaultPrevented: false,
      stopped: false,
      preventDefault: () => (event.defaultPrevented = true),
      stopImmediatePropagation: () => (event.stopped = true),
    };
    const ordered = [...listeners.filter((entry) => entry.capture), ...listeners.filter((entry) => !entry.capture)];
    for (const entry of ordered) {
      if (entry.type !== type) continue;
      entry.listener(event);
      if (event.stopped) break;
    }
    return event;
  };
  return { dispatch, document, ym };
}

/** A buy dialog with a form (a fillable field, a send button) and its trigger. */
function buyPage() {
  const name = new FakeElement('input', { name: 'name' });
  const vin = new FakeElement('input', { name: 'vin', 'data-fillable': '' });
  const send = new FakeElement('button', { type: 'submit' });
  const form = new FakeForm('form', {}, [name, vin, send]);
  const dialog = new FakeDialog('dialog', { 'data-dialog-name': 'buy', 'data-open-goal': 'btn_buy' }, [form]);
  const trigger = new FakeElement('a', { href: '#buy', 'data-dialog': 'buy', 'data-fill': 'vin=WVWZZZ1JZXW000001' });
  return { name, vin, send, form, dialog, trigger, body: [trigger, dialog] };
}

/** The inline enhancer with its late part run at once after it, as when it has been loaded. */
const loaded = (metricaId: number) => `${inlineEnhancer(metricaId)}\n${lateEnhancer().code}`;

describe('the inline enhancer', () => {
  it('is one minified script that parses, without the source’s JSDoc, and runs the early part, loading the late part', () => {
    for (const metricaId of [0, 12345678]) {
      const code = inlineEnhancer(metricaId);
      expect(() => new Function(code)).not.toThrow();
      expect(code).toMatch(/^\(\(\)=>\{[\s\S]*\}\)\(\);$/);
      expect(code).not.toMatch(/\/\*|@param|@type|\n\s*\/\//);
      expect(code).not.toMatch(/<\/script/i);
      expect(code).toContain(`{metricaId:${metricaId}}`);
      expect(code).toContain(JSON.stringify(lateEnhancer().href));
    }
  });

  it('leaves the dialogs and the start of the page’s scripts to the late part, a file named by its content', () => {
    const { href, code } = lateEnhancer();
    expect(href).toMatch(/^\/_next\/static\/rest\/enhancer-[\w-]{16}\.js$/);
    expect(() => new Function(code)).not.toThrow();
    expect(code).not.toMatch(/\/\*|@param|@type|\n\s*\/\//);
    for (const mark of ['data-dialog-content', 'aria-busy', 'data-hydrated', 'showModal']) {
      expect(code).toContain(mark);
      expect(inlineEnhancer(0)).not.toContain(mark);
    }
  });

  it('carries the consent part only with a counter', () => {
    expect(inlineEnhancer(0)).not.toContain('analytics_consent');
    expect(inlineEnhancer(0)).not.toContain('data-consent-choice');
    expect(inlineEnhancer(12345678)).toContain('analytics_consent');
    expect(inlineEnhancer(12345678)).toContain('data-consent-choice');
  });

  it('goes at the end of the body, after the boot template naming the page’s remainder, which holds its scripts', () => {
    const { page, rest } = deferScripts('<html><head></head><body><p>x</p><script src="/a.js"></script><script>self.x=1</script></body></html>', { metricaId: 0 });
    expect(rest.href).toMatch(/^\/_next\/static\/rest\/[\w-]{16}\.json$/);
    expect(page).toBe(`<html><head></head><body><p>x</p><template id="__boot" data-rest="${rest.href}"></template><script>${inlineEnhancer(0)}</script></body></html>`);
    expect(rest.boot).toBe('<script src="/a.js"></script><script>self.x=1</script>');
    expect(JSON.parse(rest.json)).toEqual({ dialogs: [], boot: rest.boot });
  });

  it('keeps Next.js’s payload scripts in the remainder as data, not as scripts the page’s policy must name', () => {
    const first = '<script>(self.__next_f=self.__next_f||[]).push([0])</script>';
    const chunk = '<script>self.__next_f.push([1,"1:\\"$Sreact.fragment\\"\\n\\u003c/p\\u003e"])</script>';
    const { rest } = deferScripts(`<body><script src="/a.js" async=""></script>${first}${chunk}<script>self.x=1</script></body>`, { metricaId: 0 });
    expect(rest.boot).toBe(
      '<script src="/a.js" async=""></script><script type="application/json" data-next-f>[0]</script><script type="application/json" data-next-f>[1,"1:\\"$Sreact.fragment\\"\\n\\u003c/p\\u003e"]</script><script>self.x=1</script>',
    );
    expect(inlineScriptHashes(rest.boot)).toHaveLength(1);
  });

  it('leaves a script of another shape a script: one that does more than push, or pushes what is not JSON', () => {
    for (const tag of [
      '<script>self.__next_f.push([1,"a"]);alert(1)</script>',
      '<script>self.__next_f.push([1,window.x])</script>',
      '<script>self.__next_f.push([1,"a"]),self.__next_f.push([1,"b"])</script>',
      '<script nonce="n">self.__next_f.push([0])</script>',
      '<script>(globalThis["TURBOPACK"] || (globalThis["TURBOPACK"] = [])).push({"otherChunks":[]});</script>',
    ]) {
      expect(payloadAsData(tag)).toBe(tag);
    }
  });

  it('names the remainder by its content: another page’s scripts, another address', () => {
    const one = deferScripts('<body><script src="/a.js"></script></body>', { metricaId: 0 }).rest.href;
    expect(deferScripts('<body><script src="/a.js"></script></body>', { metricaId: 0 }).rest.href).toBe(one);
    expect(deferScripts('<body><script src="/b.js"></script></body>', { metricaId: 0 }).rest.href).not.toBe(one);
  });

  it('moves each closed dialog’s content to the remainder, leaving a template with its index, and leaves an open or empty dialog as it is', () => {
    const page = '<body><dialog data-dialog-name="buy" aria-labelledby="h"><h2 id="h">Buy</h2><form><input name="name"></form></dialog><dialog open data-x><p>open</p></dialog><dialog data-dialog-name="empty"></dialog><dialog data-dialog-name="demo"><p>demo</p></dialog></body>';
    const dialogs: string[] = [];
    expect(inertDialogs(page, dialogs)).toBe(
      '<body><dialog data-dialog-name="buy" aria-labelledby="h"><template data-dialog-content="0"></template></dialog><dialog open data-x><p>open</p></dialog><dialog data-dialog-name="empty"></dialog><dialog data-dialog-name="demo"><template data-dialog-content="1"></template></dialog></body>',
    );
    expect(dialogs).toEqual(['<h2 id="h">Buy</h2><form><input name="name"></form>', '<p>demo</p>']);
    expect(JSON.parse(deferScripts(page, { metricaId: 0 }).rest.json).dialogs).toEqual(dialogs);
  });

  it('keeps a closed dialog’s long choice’s options after the first in a template inside it, and no other select’s', () => {
    const choice = '<select id="c" data-late-options="" name="country_name" required=""><option value="" disabled="">Country</option><option value="Bosnia &amp; Herzegovina">Bosnia &amp; Herzegovina</option><option value="Chile">Chile</option></select>';
    const other = '<select name="kind"><option value="a">A</option><option value="b">B</option></select>';
    expect(keepOptionsBack(`<form>${choice}${other}</form>`)).toBe(
      '<form><select id="c" data-late-options="" name="country_name" required=""><option value="" disabled="">Country</option><template data-late-options><option value="Bosnia &amp; Herzegovina">Bosnia &amp; Herzegovina</option><option value="Chile">Chile</option></template></select>' + other + '</form>',
    );
    // Inside a closed dialog only: a page's own form (the sign-in page's registration) keeps them.
    const page = `<body><dialog data-dialog-name="feedback"><form>${choice}</form></dialog><main><form>${choice}</form></main></body>`;
    const dialogs: string[] = [];
    const served = inertDialogs(page, dialogs);
    expect(dialogs.join('').match(/<template data-late-options>/g)).toHaveLength(1);
    expect(served).not.toContain('<template data-late-options>');
    expect(served).toContain(`<main><form>${choice}</form></main>`);
  });

  it('opens a dialog on a click of its trigger, filling in and focusing its fields and reaching its goal', () => {
    const { name, vin, dialog, trigger, body } = buyPage();
    const { dispatch, ym } = runInPage(loaded(0), body);
    const click = dispatch('click', trigger);
    expect(dialog.showModal).toHaveBeenCalledOnce();
    expect(click.defaultPrevented).toBe(true);
    expect(vin.value).toBe('WVWZZZ1JZXW000001');
    expect(name.focused).toBe(1);
    expect(ym).toHaveBeenCalledWith(0, 'reachGoal', 'btn_buy');
  });

  it('holds a send until React has taken the form over, and keeps the dialog’s input from React until React has hydrated it', () => {
    const { name, send, form, dialog, body } = buyPage();
    const { dispatch } = runInPage(loaded(0), body);

    const held = dispatch('submit', form);
    expect(held.defaultPrevented).toBe(true);
    expect(form.hasAttribute('data-pending')).toBe(true);
    expect([send.disabled, send.getAttribute('aria-busy')]).toEqual([true, 'true']);
    expect(dispatch('keydown', name).stopped).toBe(true);

    // React: the dialog hydrated, the form taken over, the held send given back to be sent.
    markHydrated(dialog as unknown as HTMLDialogElement);
    markReady(form as unknown as HTMLFormElement);
    expect(releaseSend(form as unknown as HTMLFormElement)).toBe(true);
    expect([form.hasAttribute('data-pending'), send.disabled, send.hasAttribute('aria-busy')]).toEqual([false, false, false]);
    expect(dispatch('keydown', name).stopped).toBe(false);
    expect(dispatch('submit', form).defaultPrevented).toBe(false);
  });

  it('with a counter, stores the visitor’s consent and starts Metrica only then', () => {
    const allow = new FakeElement('button', { 'data-consent-choice': 'granted' });
    const { dispatch, document } = runInPage(inlineEnhancer(12345678), [allow], { withYm: false });
    expect(document.head.children).toHaveLength(0);
    dispatch('click', allow);
    expect(document.cookie).toContain('analytics_consent=granted');
    expect(document.head.children.map((script) => script.getAttribute('src') ?? (script as unknown as { src: string }).src)).toEqual(['https://mc.yandex.ru/metrika/tag.js']);
  });
});
