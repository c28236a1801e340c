import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { TEST_BUILD } from './support/test-build';

/** Starts the real server with `env` and returns how it ended; a bad setting must end it at once. */
function start(env: Record<string, string>) {
  const childEnv: Record<string, string | undefined> = { ...process.env, ...TEST_BUILD, PORT: '39999', HOST: '127.0.0.1', DATA_DIR: `.e2e-data/settings-${process.pid}`, ...env };
  delete childEnv.NODE_ENV;
  return spawnSync(process.execPath, ['src/runtime/server.mjs'], { env: childEnv as NodeJS.ProcessEnv, encoding: 'utf8', timeout: 120_000 });
}

describe('a bad setting stops the start, naming the setting', () => {
  it.each([
    ['OUTBOX_POLL_MS', 'soon'],
    ['PORT', 'eighty'],
    ['TRUST_PROXY', '99'],
    ['LOCALE_PREFIX', 'sometimes'],
    ['DATABASE_URL', 'not a url'],
    ['HEALTH_TOKEN', 'short'],
    ['PARTNER_LOGIN_URL', 'http://partner.example/login'],
    ['GEO_HEADER', 'cf ipcountry'],
    ['HOST', ' '],
    // The seller's numbers by their control digits, the contacts by their form (src/settings/company.mjs).
    ['SELLER_INN', '7707083894'],
    ['SELLER_OGRN', '1027700132196'],
    ['CONTACT_PHONE', '+7 495 12'],
    ['CONTACT_MESSENGER_URL', 'http://t.me/epcsu'],
    // Checked by the app process (the desk's own rules), which ends the start as well.
    ['DESK_ADMIN_PASSWORD', 'password123'],
  ])('%s=%s', (name, value) => {
    const result = start(name === 'DESK_ADMIN_PASSWORD' ? { DESK_ADMIN_EMAIL: 'boss@example.com', [name]: value } : { [name]: value });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Invalid settings');
    expect(result.stderr).toContain(`${name}:`);
  });
});
