import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { drawnFiles, PICTURE_NAMES, PICTURE_SIZE } from '@/pictures/draw.mjs';
import { LOCALES } from '@/site/locales.mjs';

const root = join(import.meta.dirname, '..');
const messages = Object.fromEntries(LOCALES.map((locale) => [locale, JSON.parse(readFileSync(join(root, 'messages', `${locale}.json`), 'utf8'))]));
const files = drawnFiles(messages);

describe('the product pictures (src/pictures)', () => {
  it('are written as drawn: run `npm run pictures` after changing a drawing or its labels', () => {
    expect(files.size).toBe(PICTURE_NAMES.length * LOCALES.length);
    for (const [file, text] of files) expect(readFileSync(join(root, 'src/pictures', file), 'utf8'), file).toBe(text);
  });

  it('carry every label of their language, sized as the pages reserve, each under 2 KB compressed', () => {
    for (const locale of LOCALES) {
      for (const name of PICTURE_NAMES) {
        const text = files.get(`${name}.${locale}.svg`)!;
        const labels = messages[locale].Pictures[name];
        const shown = Object.entries(labels as Record<string, unknown>)
          .filter(([key]) => key !== 'alt' && key !== 'caption')
          .flatMap(([, value]) => [value].flat(2)) as string[];
        expect(shown.length).toBeGreaterThan(5);
        for (const value of shown) expect(text, `${name}.${locale}: ${value}`).toContain(value.replace(/&/g, '&amp;').replace(/</g, '&lt;'));
        expect(text).toContain(`viewBox="0 0 ${PICTURE_SIZE.width} ${PICTURE_SIZE.height}"`);
        expect(gzipSync(text).length, `${name}.${locale}`).toBeLessThan(2048);
      }
    }
  });

  it('ask for nothing a static image cannot do: no label invites a tap or a click (issue 42, item 16)', () => {
    for (const [file, text] of files) expect(text, file).not.toMatch(/нажмите|кликните|щёлкните|\btap\b|\bclick\b/i);
  });

  it('have alternative text and a caption in both languages, the Russian one in Russian', () => {
    for (const name of PICTURE_NAMES) {
      for (const locale of LOCALES) {
        const { alt, caption } = messages[locale].Pictures[name];
        expect(alt.length, `${name}.${locale}`).toBeGreaterThan(80);
        expect(caption.length).toBeGreaterThan(20);
      }
      expect(messages.ru.Pictures[name].alt).toMatch(/[а-яё]{4}/);
      expect(messages.en.Pictures[name].alt).not.toMatch(/[а-яё]/i);
    }
  });
});
