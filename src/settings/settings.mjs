import { z } from 'zod';
import { CONTACT_SHAPE, SELLER_BANK_SHAPE, SELLER_SHAPE, sellerBankProblems, sellerProblems } from './company.mjs';

/*
 * The settings of the server, read from the environment once, before anything listens
 * (src/runtime/server.mjs) and again by the app process (src/server/env.ts): the one place that says
 * what each setting is, its range and its default. A bad value stops the start with its name.
 */

const optionalString = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

const optionalUrl = optionalString.pipe(z.url().optional());

/**
 * The build-time settings: the pages are pre-rendered with them and the browser's scripts carry
 * them, so changing one needs a new build (decision 003). The build is stamped with their values
 * (scripts/lib/build.mjs), and Next.js writes them into the bundles as this schema parses them
 * (next.config.ts, through buildTimeEnv), where src/lib/public-env.ts reads them.
 */
const BuildTimeSettingsSchema = z.object({
  LOCALE_PREFIX: z.enum(['always', 'as-needed']).default('always'),
  /**
   * The site's absolute address (https://epc.example) for the sitemap, robots.txt, canonical links,
   * hreflang and the consent text. Unset: pages carry no absolute address of the site (their links
   * are relative; the sitemap and robots.txt name the host each request came to), and the start warns.
   */
  NEXT_PUBLIC_SITE_URL: optionalUrl.transform((value) => value?.replace(/\/+$/, '')),
  NEXT_PUBLIC_SITE_NAME: z.string().trim().min(1).default('EpcSu'),
  /** The operator of personal data named by the consent text (`/about/consent`); unset: the brand. */
  NEXT_PUBLIC_OPERATOR_NAME: optionalString,
  /** Where a person writes to withdraw consent (the consent text names it); unset: the feedback form. */
  NEXT_PUBLIC_OPERATOR_EMAIL: optionalString.pipe(z.email().optional()),
  NEXT_PUBLIC_YM_ID: optionalString.pipe(z.string().regex(/^\d+$/, 'must be a number').optional()),
  ...CONTACT_SHAPE,
  ...SELLER_SHAPE,
});

/** Every setting of the server, with its default. */
const SettingsSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(1).max(65_535).default(3000),
  /** The address the server listens on: 0.0.0.0 (every interface) unless set. */
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  DATABASE_URL: optionalUrl,
  /** Connections each instance keeps to the PostgreSQL server (its pool); ignored with the embedded database. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  REDIS_URL: optionalUrl,
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  /** A request header in which a CDN or proxy names the visitor's country (cf-ipcountry, …); unset → GeoIP. */
  GEO_HEADER: optionalString.pipe(z.string().regex(/^[a-z0-9-]+$/i, 'must be a header name').optional()).transform((value) => value?.toLowerCase()),
  /** How long a CDN may keep a pre-rendered page (s-maxage, seconds); 0: no shared caching. */
  CDN_MAX_AGE: z.coerce.number().int().min(0).max(86_400).default(60),
  TELEGRAM_BOT_TOKEN: optionalString,
  TELEGRAM_CHAT_ID: optionalString,
  TELEGRAM_API_BASE: z.url().default('https://api.telegram.org'),
  SMTP_URL: optionalUrl,
  MAIL_FROM: optionalString,
  SALES_EMAIL: optionalString.pipe(z.email().optional()),
  /** Where a sign-in hands over its token (`?token=`): https only (http in development). */
  PARTNER_LOGIN_URL: optionalUrl,
  /** Days a sign-in token may go unused before it stops working (besides its 30-day lifetime). */
  SESSION_IDLE_DAYS: z.coerce.number().int().min(1).max(30).default(7),
  /** Bearer token that opens /api/health's details (database, outbox backlog); unset: up/down only. */
  HEALTH_TOKEN: optionalString.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  /** Bearer token that opens /metrics (Prometheus text, both processes); unset: /metrics is 404. */
  METRICS_TOKEN: optionalString.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  /**
   * On SIGTERM: seconds during which /readyz answers 503 while everything else is still served
   * (a load balancer takes the instance out), before the listener closes.
   */
  DRAIN_SECONDS: z.coerce.number().min(0).max(300).default(5),
  /** After the listener closed: how long requests in flight may take to finish before they are cut. */
  STOP_TIMEOUT_SECONDS: z.coerce.number().min(0).max(300).default(10),
  /** pino level: fatal, error, warn, info, debug, trace, silent. Default info (silent under tests). */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  /** How often the outbox worker looks for due messages (it is also woken when a lead commits). */
  OUTBOX_POLL_MS: z.coerce.number().int().min(100).max(600_000).default(3000),
  /**
   * Least time between two Telegram messages to the same chat. Unset: 3000 for a group or channel
   * (a chat id starting with "-": Telegram allows 20 a minute there), 1000 for a person (about 1/s).
   */
  TELEGRAM_MIN_INTERVAL_MS: optionalString.pipe(/** @type {z.ZodType<number | undefined, string | undefined>} */ (z.coerce.number().int().min(0).max(60_000).optional())),
  /**
   * `omit`: the sales chat gets a lead's kind, number, product and desk link only, no name, phone,
   * e-mail or comment (personal data kept on the company's own servers); e-mail keeps the whole lead.
   */
  TELEGRAM_PERSONAL_DATA: z.enum(['full', 'omit']).default('full'),
  /** How long to wait for the Bot API before counting a send as failed (it is tried again later). */
  TELEGRAM_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** How long to wait for each step of an SMTP conversation (the connection, the greeting, every answer) before a send counts as failed. */
  SMTP_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /**
   * How long a worker holds the outbox rows it claimed (renewed while it sends); a killed worker's
   * rows come back after it. At least twice the longest request a send may wait on (leaseProblems).
   */
  OUTBOX_LEASE_SECONDS: z.coerce.number().int().min(2).max(3600).default(30),
  /**
   * More Telegram messages due than this and the sales chat gets them as digests (several leads a
   * message) instead of one message each at the chat's pace; 0: always one lead a message.
   */
  OUTBOX_DIGEST_THRESHOLD: z.coerce.number().int().min(0).max(10_000).default(10),
  /**
   * A Bitrix24 inbound webhook with the `crm` scope (`https://<portal>/rest/<user>/<key>/`): each lead
   * becomes a Bitrix24 lead. The key in it is a secret: never logged, never shown.
   */
  BITRIX24_WEBHOOK_URL: optionalUrl.transform((value) => (value && !value.endsWith('/') ? `${value}/` : value)),
  /** `link`: a new Bitrix24 lead is attached to the contact that has its phone or e-mail (crm.duplicate.findbycomm); `off`: never. */
  BITRIX24_DUPLICATES: z.enum(['off', 'link']).default('off'),
  /** amoCRM / Kommo account address (`https://<subdomain>.amocrm.ru`) and a private integration's long-lived token. */
  AMOCRM_BASE_URL: optionalUrl.transform((value) => value?.replace(/\/+$/, '')),
  AMOCRM_TOKEN: optionalString,
  /** Leads go straight into this amoCRM pipeline (leads/complex); unset: to the incoming leads (unsorted/forms). */
  AMOCRM_PIPELINE_ID: optionalString.pipe(/** @type {z.ZodType<number | undefined, string | undefined>} */ (z.coerce.number().int().min(1).optional())),
  /** Each lead is posted here as signed JSON (Standard Webhooks); with WEBHOOK_SECRET (`whsec_<base64>`). */
  WEBHOOK_URL: optionalUrl,
  WEBHOOK_SECRET: optionalString.pipe(
    z
      .string()
      .regex(/^whsec_[A-Za-z0-9+/]+={0,2}$/, 'must be whsec_ followed by base64')
      .refine((value) => Buffer.from(value.slice(6), 'base64').length >= 24, 'must hold at least 24 bytes (base64 after whsec_)')
      .optional(),
  ),
  /** How long to wait for a CRM or the webhook before a send counts as failed (it is tried again later). */
  CRM_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** The first desk admin, created at start when no admin exists (the password must be strong). */
  DESK_ADMIN_EMAIL: optionalString.pipe(z.email().optional()),
  DESK_ADMIN_PASSWORD: optionalString,
  /** 1: every staff account must sign in with a second factor (TOTP); 0: each account chooses. */
  DESK_REQUIRE_2FA: z.enum(['0', '1', 'true', 'false']).default('0').transform((value) => value === '1' || value === 'true'),
  /**
   * The server's secret (32+ characters): seals the desk's TOTP secrets (AES-256-GCM) and signs the
   * sign-in device cookies (desk and customers). Unset: a key generated once and kept in the
   * database (the start-up log warns; set it in production, the same on every instance).
   */
  DESK_SECRET_KEY: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  /** Days a desk session lasts at most from its sign-in, however often it is used (it also ends after 12 h unused). */
  DESK_SESSION_MAX_DAYS: z.coerce.number().int().min(1).max(90).default(7),
  /** Minutes a password or code given in a desk session opens the sensitive actions (staff changes, erasure, a full export); 0: each asks again. */
  DESK_STEP_UP_MINUTES: z.coerce.number().int().min(0).max(60).default(5),
  /** When the sales team works (`Mon-Fri 09:00-18:00 Europe/Moscow`): time to first contact counts inside it. */
  DESK_WORKING_HOURS: z.string().trim().min(1).default('Mon-Fri 09:00-18:00 Europe/Moscow'),
  /** Working minutes a lead may stay new before the sales chat and its owner are reminded (a second reminder to the admins at 10); fractions allowed; 0: none of these (call backs still remind). */
  DESK_ESCALATE_MINUTES: z.coerce.number().min(0).max(10).default(7),
  /** Leads older than this many days have their personal data erased; unset: kept. */
  LEADS_RETENTION_DAYS: optionalString.pipe(/** @type {z.ZodType<number | undefined, string | undefined>} */ (z.coerce.number().int().min(1).max(36_500).optional())),
  ...SELLER_BANK_SHAPE,
  /** The VAT rate the invoices state as included in their prices (per cent), or `none` («Без НДС», a seller on the simplified system). */
  VAT_RATE: z.enum(['22', '20', '10', '7', '5', '0', 'none']).default('22'),
  /** Days an invoice is to be paid within (its due date). */
  INVOICE_DUE_DAYS: z.coerce.number().int().min(1).max(90).default(5),
  /** Days before a subscription ends that its customer is e-mailed a renewal link. */
  SUBSCRIPTION_RENEWAL_DAYS: z.coerce.number().int().min(1).max(90).default(14),
  /** DaData's API key: a company's details are filled in from its INN (findById/party); unset: typed by hand. */
  DADATA_API_KEY: optionalString,
  DADATA_API_BASE: optionalUrl.transform((value) => (value ?? 'https://suggestions.dadata.ru').replace(/\/+$/, '')),
  /** YooKassa's shop id and secret key: invoices may be paid by card (payments API v3); unset: by transfer only. */
  YOOKASSA_SHOP_ID: optionalString,
  YOOKASSA_SECRET_KEY: optionalString,
  YOOKASSA_API_BASE: optionalUrl.transform((value) => (value ?? 'https://api.yookassa.ru').replace(/\/+$/, '')),
  ...BuildTimeSettingsSchema.shape,
});

/** The name of every setting. */
export const SETTING_NAMES = /** @type {readonly (keyof Settings)[]} */ (Object.keys(SettingsSchema.shape));

/** @typedef {keyof z.infer<typeof BuildTimeSettingsSchema>} BuildTimeSetting */

/** The names of the build-time settings. */
export const BUILD_TIME_SETTINGS = /** @type {readonly BuildTimeSetting[]} */ (Object.keys(BuildTimeSettingsSchema.shape));

/**
 * The build-time settings as Next.js writes them into the bundles (next.config.ts `env`): each as
 * the schema parsed it, defaults included, and '' for one unset.
 * @param {Readonly<Settings>} settings
 * @returns {Record<BuildTimeSetting, string>}
 */
export function buildTimeEnv(settings) {
  return /** @type {Record<BuildTimeSetting, string>} */ (Object.fromEntries(BUILD_TIME_SETTINGS.map((name) => [name, settings[name] ?? ''])));
}

/**
 * The build-time settings of `env` as a build made with it writes them (`buildTimeEnv`), for the
 * build's stamp (scripts/lib/build.mjs): a default given as a value is the same build as the
 * setting left unset. Where the schema refuses a value, each is taken as given (that build stops
 * on it anyway).
 * @param {Readonly<Record<string, string | undefined>>} env
 * @returns {Record<BuildTimeSetting, string>}
 */
export function builtValues(env) {
  const parsed = BuildTimeSettingsSchema.safeParse(env);
  const values = parsed.success ? parsed.data : env;
  return /** @type {Record<BuildTimeSetting, string>} */ (Object.fromEntries(BUILD_TIME_SETTINGS.map((name) => [name, values[name] ?? ''])));
}

/** A loopback host (a stand-in, a local relay): the one place where a secret may travel over http:. */
const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/**
 * The token leaves in the partner URL's query: never to a script URL, nor in clear text outside
 * development. Leads and their keys leave for the CRMs, the webhook and Telegram (the bot token is
 * in the path): https: in production (http: to a loopback address only); for the mail server, TLS
 * from the start (`smtps:`) or required before the login (`smtp:` with `?requireTLS=true`, which
 * nodemailer reads), unless it is on a loopback address.
 */
const SafeSettingsSchema = SettingsSchema.superRefine((env, ctx) => {
  for (const [name, message] of [...sellerProblems(env), ...sellerBankProblems(env), ...leaseProblems(env)]) ctx.addIssue({ code: 'custom', path: [name], message });
  if (Boolean(env.YOOKASSA_SHOP_ID) !== Boolean(env.YOOKASSA_SECRET_KEY)) {
    ctx.addIssue({ code: 'custom', path: ['YOOKASSA_SECRET_KEY'], message: 'YOOKASSA_SHOP_ID and YOOKASSA_SECRET_KEY go together' });
  }
  if (Boolean(env.DESK_ADMIN_EMAIL) !== Boolean(env.DESK_ADMIN_PASSWORD)) {
    ctx.addIssue({ code: 'custom', path: ['DESK_ADMIN_PASSWORD'], message: 'DESK_ADMIN_EMAIL and DESK_ADMIN_PASSWORD go together' });
  }
  if (Boolean(env.AMOCRM_BASE_URL) !== Boolean(env.AMOCRM_TOKEN)) {
    ctx.addIssue({ code: 'custom', path: ['AMOCRM_TOKEN'], message: 'AMOCRM_BASE_URL and AMOCRM_TOKEN go together' });
  }
  if (Boolean(env.WEBHOOK_URL) !== Boolean(env.WEBHOOK_SECRET)) {
    ctx.addIssue({ code: 'custom', path: ['WEBHOOK_SECRET'], message: 'WEBHOOK_URL and WEBHOOK_SECRET go together' });
  }
  if (env.BITRIX24_WEBHOOK_URL && !/\/rest\/\d+\/[^/]+\/$/.test(new URL(env.BITRIX24_WEBHOOK_URL).pathname)) {
    // Named without the value: the key is in it.
    ctx.addIssue({ code: 'custom', path: ['BITRIX24_WEBHOOK_URL'], message: 'must be an inbound webhook address, …/rest/<user id>/<key>/' });
  }
  for (const name of /** @type {const} */ (['BITRIX24_WEBHOOK_URL', 'AMOCRM_BASE_URL', 'WEBHOOK_URL', 'DADATA_API_BASE', 'YOOKASSA_API_BASE', 'TELEGRAM_API_BASE'])) {
    const value = env[name];
    if (!value || env.NODE_ENV !== 'production') continue;
    const url = new URL(value);
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK.test(url.hostname))) {
      ctx.addIssue({ code: 'custom', path: [name], message: 'must be an https: address (http: only to a loopback address)' });
    }
  }
  if (env.SMTP_URL && env.NODE_ENV === 'production' && !smtpKeepsSecrets(new URL(env.SMTP_URL))) {
    // Named without the value: the password is in it.
    ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'must use TLS: smtps:, or smtp: with ?requireTLS=true (plain smtp: only to a loopback address)' });
  }
  const partner = env.PARTNER_LOGIN_URL;
  if (!partner) return;
  const protocol = new URL(partner).protocol;
  if (protocol !== 'https:' && !(protocol === 'http:' && env.NODE_ENV === 'development')) {
    ctx.addIssue({ code: 'custom', path: ['PARTNER_LOGIN_URL'], message: 'must be an https: address (http: only in development)' });
  }
});

/**
 * Whether a mail server address keeps the login and the leads off the wire in clear text.
 * @param {URL} url
 */
function smtpKeepsSecrets(url) {
  if (url.protocol === 'smtps:' || LOOPBACK.test(url.hostname)) return true;
  return url.protocol === 'smtp:' && (url.searchParams.get('requireTLS') === 'true' || url.searchParams.get('secure') === 'true');
}

/**
 * The outbox lease against the longest request a send may wait on (the timeouts of the channels
 * that are on). While a send runs its lease is renewed every quarter lease; should the renewals
 * stop (the database away from this process), a request in flight must still end before the lease
 * does, or another worker would claim the row and send it too: the lease is at least twice the
 * longest timeout.
 * @param {z.infer<typeof SettingsSchema>} env
 * @returns {Array<[string, string]>}
 */
function leaseProblems(env) {
  /** @type {Array<[string, number]>} */
  const timeouts = [];
  if (env.TELEGRAM_BOT_TOKEN && env.TELEGRAM_CHAT_ID) timeouts.push(['TELEGRAM_TIMEOUT_MS', env.TELEGRAM_TIMEOUT_MS]);
  if (env.SMTP_URL) timeouts.push(['SMTP_TIMEOUT_MS', env.SMTP_TIMEOUT_MS]);
  if (env.BITRIX24_WEBHOOK_URL || env.AMOCRM_BASE_URL || env.WEBHOOK_URL) timeouts.push(['CRM_TIMEOUT_MS', env.CRM_TIMEOUT_MS]);
  const longest = timeouts.reduce((worst, entry) => (entry[1] > worst[1] ? entry : worst), /** @type {[string, number]} */ (['', 0]));
  if (env.OUTBOX_LEASE_SECONDS * 1000 >= 2 * longest[1]) return [];
  const needed = Math.ceil((2 * longest[1]) / 1000);
  return [['OUTBOX_LEASE_SECONDS', `${env.OUTBOX_LEASE_SECONDS} s is shorter than twice ${longest[0]} (${longest[1]} ms): a send could outlast its claim and go out twice; set it to ${needed} or more, or shorten ${longest[0]}`]];
}

/** @typedef {z.infer<typeof SettingsSchema>} Settings */

/**
 * What a start with these settings should warn about: they work, but a public site needs them.
 * @param {Readonly<Settings>} settings
 * @returns {string[]}
 */
export function settingsWarnings(settings) {
  const warnings = [];
  if (!settings.NEXT_PUBLIC_SITE_URL) {
    warnings.push('NEXT_PUBLIC_SITE_URL is not set: the pages carry no absolute address (relative canonical and hreflang links, no address in the consent text), the sitemap and robots.txt name the host each request came to; set it (build-time) for a public site');
  }
  if (!settings.SELLER_NAME) {
    warnings.push('SELLER_NAME, SELLER_INN, SELLER_OGRN and SELLER_ADDRESS are not set: the legal pages and the consent text name the brand, not the operator\'s legal name and address that 152-FZ asks for; set them (build-time) for a public site');
  }
  return warnings;
}

/**
 * Parses the environment; throws one error naming every bad setting.
 * @param {Record<string, string | undefined>} source
 * @returns {Readonly<Settings>}
 */
export function parseSettings(source) {
  const result = SafeSettingsSchema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid settings:\n  ${problems.join('\n  ')}`);
  }
  return Object.freeze(result.data);
}

/**
 * The settings, or the process ends (exit code 1) with a message naming each bad one: the start of
 * the server, before anything listens.
 * @param {Record<string, string | undefined>} source
 */
export function settingsOrExit(source) {
  try {
    return parseSettings(source);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
