/**
 * The element an event happened in, or its closest ancestor, that matches `selector`.
 * @param {Event} event
 * @param {string} selector
 */
export const closest = (event, selector) => (event.target instanceof Element ? event.target.closest(selector) : null);
