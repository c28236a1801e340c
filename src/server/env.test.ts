import { describe, expect, it } from 'vitest';
import { parseEnv } from './env';

describe('settings', () => {
  it('need nothing to run', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ PORT: 3000, DATA_DIR: './data', OUTBOX_POLL_MS: 3000, TELEGRAM_TIMEOUT_MS: 10_000, OUTBOX_LEASE_SECONDS: 30 });
    // Pacing follows the chat when it is not set (src/server/outbox/config.ts).
    expect(env.TELEGRAM_MIN_INTERVAL_MS).toBeUndefined();
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('refuse to start with a message naming every bad setting', () => {
    expect(() => parseEnv({ OUTBOX_POLL_MS: 'soon', SALES_EMAIL: 'nobody', LOG_LEVEL: 'loud' })).toThrow(
      /OUTBOX_POLL_MS[\s\S]*SALES_EMAIL[\s\S]*LOG_LEVEL|LOG_LEVEL[\s\S]*OUTBOX_POLL_MS/,
    );
    try {
      parseEnv({ OUTBOX_POLL_MS: 'soon', SALES_EMAIL: 'nobody', LOG_LEVEL: 'loud' });
    } catch (error) {
      const message = (error as Error).message;
      for (const name of ['OUTBOX_POLL_MS', 'SALES_EMAIL', 'LOG_LEVEL']) expect(message).toContain(name);
    }
  });

  it('hand a token over only to an https partner address (http in development)', () => {
    for (const url of ['javascript:alert(1)', 'data:text/html,x', 'http://partner.example/login', 'ftp://partner.example/']) {
      expect(() => parseEnv({ PARTNER_LOGIN_URL: url }), url).toThrow(/PARTNER_LOGIN_URL/);
    }
    expect(parseEnv({ PARTNER_LOGIN_URL: 'https://partner.example/login' }).PARTNER_LOGIN_URL).toBe('https://partner.example/login');
    expect(parseEnv({ PARTNER_LOGIN_URL: 'http://localhost:4000/login', NODE_ENV: 'development' }).PARTNER_LOGIN_URL).toBe('http://localhost:4000/login');
  });

  it('send the bot token and the mail login over TLS in production (clear text only to a loopback address)', () => {
    const production = { NODE_ENV: 'production' };
    const refusal = (settings: Record<string, string | undefined>) => {
      try {
        parseEnv({ ...production, ...settings });
        return '';
      } catch (error) {
        return (error as Error).message;
      }
    };
    expect(refusal({ TELEGRAM_API_BASE: 'http://bot-relay.example' })).toMatch(/TELEGRAM_API_BASE: must be an https: address/);
    const mail = refusal({ SMTP_URL: 'smtp://sales:mailsecret@mail.example:587' });
    expect(mail).toMatch(/SMTP_URL: must use TLS/);
    // Named without the value: the password is in it.
    expect(mail).not.toContain('mailsecret');
    expect(refusal({ SMTP_URL: 'smtp://sales:pw@mail.example:587?requireTLS=false' })).toMatch(/SMTP_URL: must use TLS/);
    for (const accepted of [
      { TELEGRAM_API_BASE: 'https://api.telegram.org' },
      { TELEGRAM_API_BASE: 'http://127.0.0.1:8081' },
      { TELEGRAM_API_BASE: 'http://localhost:8081' },
      { SMTP_URL: 'smtps://sales:pw@mail.example:465' },
      { SMTP_URL: 'smtp://sales:pw@mail.example:587?requireTLS=true' },
      { SMTP_URL: 'smtp://127.0.0.1:2525' },
      { SMTP_URL: 'smtp://localhost:25' },
    ]) {
      expect(refusal(accepted), JSON.stringify(accepted)).toBe('');
    }
    // Outside production (a developer's stand-ins on another machine) both are taken as they are.
    expect(() => parseEnv({ NODE_ENV: 'development', TELEGRAM_API_BASE: 'http://bot-relay.example', SMTP_URL: 'smtp://mail.example:25' })).not.toThrow();
  });

  it('want a health token long enough not to be guessed', () => {
    expect(() => parseEnv({ HEALTH_TOKEN: 'short' })).toThrow(/HEALTH_TOKEN/);
    expect(parseEnv({ HEALTH_TOKEN: 'a-long-enough-health-token' }).HEALTH_TOKEN).toBe('a-long-enough-health-token');
  });
});
