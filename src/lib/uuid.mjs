/*
 * Row ids (leads, invoices, staff, payments) are UUIDs. One from an address, a body or a notice is
 * checked before it reaches a query, where PostgreSQL would refuse it with an error.
 */

/**
 * Whether a value is a UUID as PostgreSQL writes it (any version, either case).
 * @param {unknown} value
 * @returns {value is string}
 */
export function isUuid(value) {
  return typeof value === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}
