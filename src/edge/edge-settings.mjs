// @ts-check
/**
 * The settings the HTTP edge needs before Next.js starts, checked as src/server/env.ts checks
 * them for the app (same names, ranges and defaults): a bad value stops the start with its name.
 * @param {Record<string, string | undefined>} env
 */
export function edgeSettings(env) {
  /** @type {string[]} */
  const problems = [];
  /** @param {string} name @param {number} fallback @param {number} min @param {number} max */
  const integer = (name, fallback, min, max) => {
    const raw = env[name]?.trim();
    if (!raw) return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) problems.push(`${name}: must be a whole number from ${min} to ${max}`);
    return value;
  };
  const localePrefix = env.LOCALE_PREFIX?.trim() || 'always';
  if (localePrefix !== 'always' && localePrefix !== 'as-needed') problems.push('LOCALE_PREFIX: must be always or as-needed');
  const geoHeader = env.GEO_HEADER?.trim().toLowerCase() || undefined;
  if (geoHeader && !/^[a-z0-9-]+$/.test(geoHeader)) problems.push('GEO_HEADER: must be a header name');
  const settings = {
    port: integer('PORT', 3000, 1, 65_535),
    hostname: env.HOST?.trim() || '0.0.0.0',
    trustProxy: integer('TRUST_PROXY', 0, 0, 10),
    localePrefix: /** @type {'always' | 'as-needed'} */ (localePrefix),
    analytics: Boolean(env.NEXT_PUBLIC_YM_ID?.trim()),
    geoHeader,
    cdnMaxAge: integer('CDN_MAX_AGE', 60, 0, 86_400),
  };
  if (problems.length) {
    console.error(`Invalid settings:\n  ${problems.join('\n  ')}`);
    process.exit(1);
  }
  return settings;
}
