import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildSync } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { buildBrowserZod, usedZodNames } from '../scripts/lib/browser-zod.mjs';
import { FeedbackInputSchema } from '@/lib/leads/feedback';
import { LeadInputSchema } from '@/lib/leads/buy-demo';

const root = resolve(import.meta.dirname, '..');
const cutZod = resolve(root, buildBrowserZod(root));
const scratch = mkdtempSync(join(tmpdir(), 'browser-zod-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The shared schemas as the browser bundle gets them: zod/mini is the cut copy. */
async function browserSchemas() {
  const outfile = join(scratch, 'schemas.mjs');
  buildSync({
    stdin: {
      contents: "export { LeadInputSchema } from '@/lib/leads/buy-demo'; export { FeedbackInputSchema } from '@/lib/leads/feedback';",
      resolveDir: root,
      loader: 'ts',
    },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    conditions: ['browser'],
    alias: { 'zod/mini': cutZod, '@': join(root, 'src') },
    outfile,
  });
  return (await import(pathToFileURL(outfile).href)) as { LeadInputSchema: typeof LeadInputSchema; FeedbackInputSchema: typeof FeedbackInputSchema };
}

const lead = {
  flag_check_not_business: 'on',
  t: 'btn_buy',
  lang: 'ru',
  name: '  Иван ',
  phone: '+7 916 123-45-67',
  email: 'ivan@example.ru',
  t_client: 3,
  consent: 'on',
};
const badLead = { ...lead, name: '', email: 'ivan@', t_client: '9', vin: 'ÄÖÜ', comment: 'x'.repeat(3000) };

const issuesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((issue) => `${issue.path.join('.')}:${issue.message}`).sort();

describe('zod/mini for the browser (docs/decisions/016)', () => {
  it('lists the functions the shared code calls, and no type or server-only name', () => {
    const names = usedZodNames(join(root, 'src'));
    expect(names).toEqual(expect.arrayContaining(['object', 'string', 'email', 'refine', 'pipe', 'config']));
    expect(names).not.toContain('infer');
    expect(names).not.toContain('core');
  });

  it('is a fraction of the whole library', () => {
    expect(readFileSync(cutZod).length).toBeLessThan(30_000);
  });

  it('runs the shared schemas with the answers the server gives', async () => {
    const browser = await browserSchemas();
    for (const input of [lead, badLead]) {
      const server = LeadInputSchema.safeParse(input);
      const client = browser.LeadInputSchema.safeParse(input);
      expect(client.success).toBe(server.success);
      expect(client.data).toEqual(server.data);
      expect(issuesOf(client)).toEqual(issuesOf(server));
    }
    expect(issuesOf(browser.LeadInputSchema.safeParse(badLead))).toEqual(expect.arrayContaining(['email:invalidEmail', 'name:required', 't_client:invalidChoice']));
    const feedback = { lang: 'en', name: 'Ann', email: 'not-mail', phone: '+44 7400 123456', comment: '' };
    expect(issuesOf(browser.FeedbackInputSchema.safeParse(feedback))).toEqual(issuesOf(FeedbackInputSchema.safeParse(feedback)));
  });
});
