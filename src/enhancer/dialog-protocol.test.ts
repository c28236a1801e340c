import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REACT_DISCRETE_EVENTS } from './dialog-protocol.mjs';

/**
 * The event types React (the installed react-dom) gives discrete priority: one of them landing on a
 * part it has not hydrated makes it hydrate at once (docs/decisions/051). Read from its client's
 * `getEventPriority`.
 */
function reactDiscreteEvents() {
  const file = join(dirname(createRequire(import.meta.url).resolve('react-dom/package.json')), 'cjs', 'react-dom-client.development.js');
  const source = readFileSync(file, 'utf8');
  const body = /function getEventPriority\(domEventName\) \{\s*switch \(domEventName\) \{([\s\S]*?)return DiscreteEventPriority;/.exec(source)?.[1];
  if (!body) throw new Error(`getEventPriority's discrete events are no longer where this test reads them (${file})`);
  return [...body.matchAll(/case "([^"]+)":/g)].map(([, type]) => type ?? '');
}

/** React's discrete events that the enhancer leaves to React, and why. */
const LEFT_TO_REACT = [
  // A dialog's own events as it opens or closes (they do not bubble; the enhancer opens and closes it).
  'beforetoggle', 'toggle', 'cancel', 'close',
  // Media elements: none in the dialogs.
  'pause', 'play', 'ratechange', 'seeked', 'volumechange',
  // Drag and drop: nothing in the dialogs is dragged; text dropped into a field (rare, and only
  // with a mouse) is left to React.
  'dragend', 'dragstart', 'drop',
  // The document's and the window's own, never inside a dialog; React's internal ones.
  'selectionchange', 'fullscreenchange', 'fullscreenerror', 'hashchange', 'popstate', 'beforeblur', 'afterblur',
];

describe('the events kept from React until it has hydrated a dialog', () => {
  it('are discrete events for the installed React, and those left to React are known: a React upgrade that adds one fails here', () => {
    const discrete = reactDiscreteEvents();
    expect(REACT_DISCRETE_EVENTS.filter((type) => !discrete.includes(type))).toEqual([]);
    expect(discrete.filter((type) => !(REACT_DISCRETE_EVENTS as readonly string[]).includes(type) && !LEFT_TO_REACT.includes(type))).toEqual([]);
  });
});
