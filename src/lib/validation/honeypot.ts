/**
 * The honeypot: every public form carries this field empty and hidden from people; a bot that
 * fills it is refused. (Client-side stand-in; the server branch owns the final version.)
 */
export const HONEYPOT_FIELD = 'website';
