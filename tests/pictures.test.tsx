import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { NextIntlClientProvider } from 'next-intl';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { VinAnswer } from '@/components/vin/vin-answer';
import { compiledMessages } from '@/i18n/compiled-messages';
import { decodeVin } from '@/lib/vin/decode';
import { drawnFiles, PICTURE_NAMES, PICTURE_SIZE } from '@/pictures/draw.mjs';
import { pictureLabels } from '@/pictures/picture-labels';
import { LOCALES } from '@/site/locales.mjs';

const root = join(import.meta.dirname, '..');
const messages = Object.fromEntries(LOCALES.map((locale) => [locale, JSON.parse(readFileSync(join(root, 'messages', `${locale}.json`), 'utf8'))]));
const labels = Object.fromEntries(LOCALES.map((locale) => [locale, pictureLabels(locale, messages[locale])]));
const files = drawnFiles(labels);

describe('the product pictures (src/pictures)', () => {
  it('are written as drawn: run `npm run pictures` after changing a drawing or its labels', () => {
    expect(files.size).toBe(PICTURE_NAMES.length * LOCALES.length);
    for (const [file, text] of files) expect(readFileSync(join(root, 'src/pictures', file), 'utf8'), file).toBe(text);
  });

  it('carry every label of their language, sized as the pages reserve, each under 2 KB compressed', () => {
    for (const locale of LOCALES) {
      for (const name of PICTURE_NAMES) {
        const text = files.get(`${name}.${locale}.svg`)!;
        const shown = Object.entries(labels[locale]![name] as Record<string, unknown>)
          .filter(([key]) => key !== 'alt' && key !== 'caption')
          .flatMap(([, value]) => [value].flat(2)) as string[];
        expect(shown.length).toBeGreaterThan(5);
        for (const value of shown) expect(text, `${name}.${locale}: ${value}`).toContain(value.replace(/&/g, '&amp;').replace(/</g, '&lt;'));
        expect(text).toContain(`viewBox="0 0 ${PICTURE_SIZE.width} ${PICTURE_SIZE.height}"`);
        expect(gzipSync(text).length, `${name}.${locale}`).toBeLessThan(2048);
      }
    }
  });

  it('ask for nothing a static image cannot do: no label invites a tap or a click', () => {
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

  // The picture used to promise «Завод: Вольфсбург, контрольный знак верный» for a VIN
  // whose check answers «Завод: W» and «Z: это не контрольная цифра».
  it('the VIN picture says what the VIN check answers for its VIN: the verdict and each row, in both languages', () => {
    for (const locale of LOCALES) {
      const vin = labels[locale]!.vin as { vin: string; found: string; facts: [string, string][] };
      const html = renderToStaticMarkup(
        <NextIntlClientProvider locale={locale} messages={compiledMessages(locale)} timeZone="UTC">
          <VinAnswer decoded={decodeVin(vin.vin)} raw={vin.vin} final />
        </NextIntlClientProvider>,
      );
      const tool = new ToolAnswer(html);
      expect(tool.headline, locale).toBe(vin.found);
      expect(vin.facts.length).toBeGreaterThanOrEqual(5);
      expect(tool.rows.size, locale).toBeGreaterThan(vin.facts.length);
      for (const [name, value] of vin.facts) expect(tool.rows.get(name), `${locale}: ${name}`).toMatch(new RegExp(`^${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
      const svg = files.get(`vin.${locale}.svg`)!;
      for (const wrong of ['Вольфсбург', 'Wolfsburg', 'верный', 'correct']) expect(svg, locale).not.toContain(wrong);
    }
  });
});

/** The tool's answer as text: its headline and its rows (`<dt>` → `<dd>`), read from its HTML. */
class ToolAnswer {
  headline: string;
  rows = new Map<string, string>();
  constructor(html: string) {
    const text = (part: string) => part.replace(/<[^>]+>/g, '').replace(/&amp;/g, '&').trim();
    this.headline = text(/<h3[^>]*>(.*?)<\/h3>/s.exec(html)?.[1] ?? '').replace(/^[✓✗i…]\s*/, '');
    for (const [, name = '', value = ''] of html.matchAll(/<dt[^>]*>(.*?)<\/dt><dd[^>]*>(.*?)<\/dd>/gs)) this.rows.set(text(name), text(value));
  }
}
