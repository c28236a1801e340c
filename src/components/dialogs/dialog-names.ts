/**
 * Names of the site's dialogs: a trigger `[data-dialog=NAME]` opens `dialog[data-dialog-name=NAME]`
 * (src/enhancer/dialogs.mjs).
 */
export type DialogName = 'feedback' | 'auth' | 'buy' | 'demo' | 'order-buy' | 'order-demo';
