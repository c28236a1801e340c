import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BUILD_TIME_SETTINGS, SETTING_NAMES } from '../src/settings/settings.mjs';

/*
 * The settings are written down in three places: the schema (src/settings/settings.mjs), which the
 * server and the build read, `.env.example` and the README's table. These tests keep the two
 * documents to the schema: every setting in both, nothing else in either.
 */

const read = (file: string) => readFileSync(new URL(`../${file}`, import.meta.url), 'utf8');

/** `NAME=…` or `# NAME=…` at the start of a line of `.env.example`. */
function envExampleNames(text: string): string[] {
  return [...text.matchAll(/^#?[ \t]*([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]!);
}

/** The README's settings table: each row's names (its first cell) and the rest of the row. */
function readmeRows(text: string): { names: string[]; text: string }[] {
  const section = text.split(/^## /m).find((part) => part.startsWith('Settings\n'));
  if (!section) throw new Error('README.md has no "## Settings" section');
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => {
      const [, first = '', ...rest] = line.split('|');
      return { names: [...first.matchAll(/`([^`]+)`/g)].map((match) => match[1]!), text: rest.join('|') };
    });
}

/** What a document lacks of the schema, and what it has that the schema does not. */
function compare(documented: string[]) {
  const schema = new Set<string>(SETTING_NAMES);
  const seen = new Set(documented);
  return {
    missing: [...schema].filter((name) => !seen.has(name)),
    unknown: [...seen].filter((name) => !schema.has(name)),
    twice: documented.filter((name, index) => documented.indexOf(name) !== index),
  };
}

const none = { missing: [], unknown: [], twice: [] };

describe('the settings as documented', () => {
  it('.env.example has every setting of the schema, once, and no other', () => {
    expect(compare(envExampleNames(read('.env.example')))).toEqual(none);
  });

  it("the README's settings table has every setting of the schema, once, and no other", () => {
    expect(compare(readmeRows(read('README.md')).flatMap((row) => row.names))).toEqual(none);
  });

  it("the README's table says build-time of exactly the build-time settings", () => {
    const buildTime = new Set<string>(BUILD_TIME_SETTINGS);
    const wrong = readmeRows(read('README.md'))
      .flatMap((row) => row.names.map((name) => ({ name, says: /build-time/.test(row.text) })))
      .filter(({ name, says }) => says !== buildTime.has(name))
      .map(({ name, says }) => (says ? `${name} is not build-time` : `${name} is build-time`));
    expect(wrong).toEqual([]);
  });

  it('the image and compose pass every build-time setting to the build, and the image sets each for the start', () => {
    const dockerfile = read('Dockerfile');
    const compose = read('compose.yaml');
    const stages = dockerfile.split(/^FROM /m).slice(1);
    const missing = BUILD_TIME_SETTINGS.flatMap((name) => [
      ...stages.filter((stage) => !new RegExp(`^ARG ${name}=`, 'm').test(stage)).map((stage) => `Dockerfile stage ${stage.split(/\s/)[2]}: ARG ${name}`),
      ...(new RegExp(`\\b${name}=\\$${name}\\b`).test(dockerfile) ? [] : [`Dockerfile: ENV ${name}=$${name}`]),
      ...(new RegExp(`^\\s+${name}: \\$\\{${name}:-`, 'm').test(compose) ? [] : [`compose.yaml build args: ${name}`]),
    ]);
    expect(missing).toEqual([]);
  });
});
