import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * What the docs and the code's comments point at must be there for someone who has only the
 * clone: every decision they cite is a record in docs/decisions/, every path written in backticks
 * in a doc is a file or folder of the repository, and nothing cites a document outside it (the
 * first design notes and the product's specification, by section). A decision record is history:
 * a path it names that has since moved is listed on its "**Files now:**" line as
 * `old` → `new`, and only the new one has to exist.
 *
 * A replaced record is in docs/decisions/archive/ (decision-status.test.ts). A path to a record
 * names the folder it is in. The records and the benchmarks' log are history and cite any record
 * by its number; the README, docs/design.md, the code and the tests send the reader to what holds
 * now, so they cite a replaced record only by its path in the archive, where its history is what
 * they mean, and otherwise the record that replaced it.
 */

const root = fileURLToPath(new URL('..', import.meta.url));

/** Folders that are not the project's sources: installed, built, or made by tests and benchmarks. */
const notSources = (name: string) => name === 'node_modules' || name === '.git' || name.startsWith('.next') || /^(data|test-results|playwright-report|blob-report|\.e2e-data|\.bench-data)$/.test(name);

function walk(dir: string): string[] {
  const full = join(root, dir);
  if (!existsSync(full)) return [];
  return readdirSync(full, { withFileTypes: true }).flatMap((entry) => {
    if (notSources(entry.name)) return [];
    const path = dir ? `${dir}/${entry.name}` : entry.name;
    return entry.isDirectory() ? walk(path) : [path];
  });
}

const allFiles = walk('');
const docs = allFiles.filter((file) => file === 'README.md' || (file.startsWith('docs/') && file.endsWith('.md')));
const sources = allFiles.filter(
  (file) =>
    (/^(src|scripts|benchmarks|tests|deploy|\.ci)\//.test(file) && /\.(ts|tsx|mjs|js|css|conf)$|^\.ci\//.test(file)) ||
    /^(next\.config\.ts|vitest\.config\.ts|playwright\.config\.ts|eslint\.config\.mjs|postcss\.config\.mjs|drizzle\.config\.ts|Dockerfile|compose\.yaml|\.env\.example)$/.test(file),
);
const read = (file: string) => readFileSync(join(root, file), 'utf8');

/** Where replaced records go, below docs/decisions. */
const ARCHIVE = 'archive';

/**
 * The decision records by number, each as its path below docs/decisions:
 * `013` → `013-edge-and-app-in-two-processes.md`, or `archive/013-…` once replaced.
 */
const records = new Map(
  ['', ARCHIVE].flatMap((sub) =>
    existsSync(join(root, 'docs/decisions', sub))
      ? readdirSync(join(root, 'docs/decisions', sub))
          .filter((name) => /^\d{3}-.+\.md$/.test(name))
          .map((name) => [name.slice(0, 3), sub ? `${sub}/${name}` : name] as const)
      : [],
  ),
);
const archived = (number: string) => records.get(number)?.startsWith(`${ARCHIVE}/`) === true;

/** Files that are history and may cite a replaced record by its number alone. */
const isHistory = (file: string) => file.startsWith('docs/decisions/') || file === 'docs/benchmarks.md';

/** `folder`: the folder a path names (`''` or `archive/`); undefined when cited by number alone. */
type Reference = { file: string; line: number; text: string; numbers: string[]; slug?: string; folder?: string };

const NUMBER_LIST = String.raw`\d{3}(?:(?:\s*,\s*|\s+and\s+)\d{3})*`;
/** `docs/decisions/014`, `decisions/012-vin-data.md`, `docs/decisions/021, 052`, and a replaced one's `docs/decisions/archive/NNN-….md`. */
const PATH_FORM = new RegExp(String.raw`decisions/((?:${ARCHIVE}/)?)(\d{3})(-[a-z0-9-]+(?:\.md)?)?((?:(?:\s*,\s*|\s+and\s+)\d{3})*)`, 'g');
/** `decision 019`, `decisions 011 and 016`, `Decision 021`, `ADR 015`. */
const WORD_FORM = new RegExp(String.raw`\b(?:decisions?|ADRs?)\s+(${NUMBER_LIST})`, 'gi');
/** In the docs, a record is also cited by its number alone: `(011)`, `Changes 007`, `Replaces 005`. */
const BARE_FORM = /(?<![\d.,:/\w-])(?<!\d )0\d\d(?![\d\w]|\.\d|,\d)/g;

function references(file: string, content = read(file)): Reference[] {
  const found: Reference[] = [];
  content
    .split('\n')
    .forEach((text, index) => {
      const line = index + 1;
      const taken: [number, number][] = [];
      for (const match of text.matchAll(PATH_FORM)) {
        const numbers = [match[2]!, ...(match[4]?.match(/\d{3}/g) ?? [])];
        found.push({ file, line, text: match[0], numbers, slug: match[3] ? `${match[2]}${match[3]}` : undefined, folder: match[1] });
        taken.push([match.index, match.index + match[0].length]);
      }
      for (const match of text.matchAll(WORD_FORM)) {
        found.push({ file, line, text: match[0], numbers: match[1]!.match(/\d{3}/g) ?? [] });
        taken.push([match.index, match.index + match[0].length]);
      }
      if (!file.endsWith('.md') || file === 'README.md') return;
      for (const match of text.matchAll(BARE_FORM)) {
        if (taken.some(([start, end]) => match.index >= start && match.index < end)) continue;
        found.push({ file, line, text: match[0], numbers: [match[0]] });
      }
    });
  return found;
}

/** What is wrong with how `file` cites the decision records. */
function citationProblems(file: string, content = read(file)): string[] {
  return references(file, content).flatMap((reference) => {
    const where = `${reference.file}:${reference.line}: ${reference.text}`;
    const missing = reference.numbers.filter((number) => !records.has(number));
    if (missing.length) return [`${where} — no record ${missing.join(', ')}`];
    const record = records.get(reference.numbers[0]!)!;
    if (reference.slug && !`${reference.slug}${reference.slug.endsWith('.md') ? '' : '.md'}`.startsWith(basename(record).replace(/\.md$/, ''))) {
      return [`${where} — the record is docs/decisions/${record}`];
    }
    if (reference.folder !== undefined) {
      const elsewhere = reference.numbers.filter((number) => archived(number) !== (reference.folder === `${ARCHIVE}/`));
      return elsewhere.map((number) => `${where} — the record is docs/decisions/${records.get(number)}`);
    }
    if (isHistory(reference.file)) return [];
    return reference.numbers
      .filter(archived)
      .map((number) => `${where} — ${number} is replaced: cite the record that replaced it, or docs/decisions/${records.get(number)} where its history is meant`);
  });
}

/** The links of a Markdown doc (`[text](target)`) to a file of the repository that is not there. */
function brokenLinks(file: string, content = read(file)): string[] {
  return content.split('\n').flatMap((line, index) =>
    [...line.matchAll(/\]\(([^()\s]+)\)/g)]
      .map((match) => match[1]!)
      .filter((target) => !/^[a-z][a-z0-9+.-]*:|^#|^\//i.test(target))
      .filter((target) => !existsSync(join(root, dirname(file), target.split('#')[0]!)))
      .map((target) => `${file}:${index + 1}: (${target})`),
  );
}

/** The `old` → `new` pairs of a record's "**Files now:**" paragraph. */
function filesNow(text: string): Map<string, string> {
  const paragraph = text.split(/\n\s*\n/).find((part) => part.startsWith('**Files now:**')) ?? '';
  return new Map([...paragraph.matchAll(/`([^`]+)`\s*→\s*`([^`]+)`/g)].map((match) => [match[1]!, match[2]!]));
}

const topLevel = new Set(readdirSync(root).filter((name) => !notSources(name)));
const basenames = new Set(allFiles.map((file) => basename(file)));

/** `a/{b,c}/d` → `a/b/d`, `a/c/d`. */
function expandBraces(path: string): string[] {
  const match = /\{([^{}]*)\}/.exec(path);
  if (!match) return [path];
  return match[1]!.split(',').flatMap((choice) => expandBraces(`${path.slice(0, match.index)}${choice}${path.slice(match.index + match[0].length)}`));
}

/**
 * What a backticked text in a doc says about the repository: `undefined` when it is not a path of
 * it (a URL path, a header, a package), else whether it exists. A path begins with a top-level
 * entry of the repository (`src/…`, `tests/…`, `compose.yaml`); a bare file name (`digest.ts`)
 * must be the name of some file. A placeholder (`<kind>`) or glob ends what is checked.
 */
function pathExists(token: string): boolean | undefined {
  const path = token.replace(/:\d+(-\d+)?$/, '');
  if (/\s/.test(path) || path.startsWith('/')) return undefined;
  const first = path.split('/')[0]!;
  if (!path.includes('/')) {
    if (topLevel.has(first)) return true;
    return /^[\w.-]+\.(ts|tsx|mjs|js|json|md|css|yaml|conf)$/.test(path) ? basenames.has(path) : undefined;
  }
  if (!topLevel.has(first)) return undefined;
  return expandBraces(path).every((one) => {
    const cut = one.search(/[<*…]/);
    const checked = (cut === -1 ? one : one.slice(0, one.lastIndexOf('/', cut))).replace(/\/$/, '');
    return existsSync(join(root, checked)) && (!one.endsWith('/') || statSync(join(root, checked)).isDirectory());
  });
}

describe('what the docs and comments point at', () => {
  it('every decision cited is a record in docs/decisions/, under its own name and folder', () => {
    expect([...docs, ...sources].flatMap((file) => citationProblems(file))).toEqual([]);
  });

  it('every link in a doc leads to a file or folder of the repository', () => {
    expect(docs.flatMap((file) => brokenLinks(file))).toEqual([]);
  });

  it('every path a doc names in backticks is in the repository', () => {
    const broken = docs.flatMap((file) => {
      const text = read(file);
      const moved = file.startsWith('docs/decisions/') ? filesNow(text) : new Map<string, string>();
      return text.split('\n').flatMap((line, index) =>
        [...line.matchAll(/`([^`\n]+)`/g)]
          .map((match) => match[1]!)
          .filter((token) => !moved.has(token) && pathExists(token) === false)
          .map((token) => `${file}:${index + 1}: \`${token}\``),
      );
    });
    expect(broken).toEqual([]);
  });

  it('nothing cites the first design notes or the specification by section', () => {
    const cited = [...docs, ...sources].flatMap((file) =>
      read(file)
        .split('\n')
        .flatMap((line, index) => (/DESIGN(\.md)?\s*§|specification\s*§|\(§\s*\d/i.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
    );
    expect(cited).toEqual([]);
  });

  it('finds what it checks', () => {
    expect(records.size).toBeGreaterThan(20);
    expect(docs).toContain('docs/design.md');
    expect(sources).toContain('src/runtime/server.mjs');
    expect(references('src/runtime/server.mjs').flatMap((reference) => reference.numbers)).toEqual(expect.arrayContaining(['021', '052']));
    expect(references('docs/decisions/010-telegram-digests-for-a-backlog.md').flatMap((reference) => reference.numbers)).toContain('007');
    expect(filesNow(read('docs/decisions/archive/001-node-server-in-front-of-next.md')).get('scripts/server.mjs')).toBe('src/runtime/server.mjs');
    expect(records.get('001')).toBe('archive/001-node-server-in-front-of-next.md');
    expect(records.get('052')).toBe('052-the-edge.md');
    expect(pathExists('src/{site,runtime}/')).toBe(true);
    expect(pathExists('src/edge/router.mjs')).toBe(false);
    expect(pathExists('/api/auth/auth')).toBeUndefined();
    // A path names the folder its record is in; a number that is no record is found. (The
    // citations are written apart, so that this file does not make them.)
    const cite = (...parts: string[]) => parts.join('');
    // A link is read from the doc's own folder.
    expect(brokenLinks('docs/decisions/050-xlsx-export.md', 'see [012](012-vin-data.md), [049](../049-step-up-keeps-the-form.md), [the log](../benchmarks.md#2026-11-27)')).toEqual([
      'docs/decisions/050-xlsx-export.md:1: (../049-step-up-keeps-the-form.md)',
    ]);
    expect(citationProblems('README.md', cite('see docs/decisions/', ARCHIVE, '/012-vin-data.md'))).toEqual([
      cite('README.md:1: decisions/', ARCHIVE, '/012-vin-data.md — the record is docs/decisions/012-vin-data.md'),
    ]);
    expect(citationProblems('src/x.mjs', cite('decision 012, decisions 014 and 0', '99'))).toEqual([cite('src/x.mjs:1: decisions 014 and 0', '99 — no record 0', '99')]);
    // A replaced record: by its archive path anywhere, by its number alone only in the history.
    const replaced = 'docs/decisions/archive/030-scripts-run-at-a-pause-in-input.md';
    expect(citationProblems('src/x.mjs', cite('docs/decisions/', '030'))).toEqual([cite('src/x.mjs:1: decisions/', '030 — the record is ', replaced)]);
    expect(citationProblems('src/x.mjs', cite('docs/decisions/', ARCHIVE, '/030'))).toEqual([]);
    expect(citationProblems('README.md', cite('(decision ', '030)'))).toEqual([
      cite('README.md:1: decision ', '030 — ', '030 is replaced: cite the record that replaced it, or ', replaced, ' where its history is meant'),
    ]);
    expect(citationProblems('docs/benchmarks.md', cite('(decision ', '030)'))).toEqual([]);
    expect(citationProblems('docs/decisions/050-xlsx-export.md', cite('as ', '030 said'))).toEqual([]);
  });
});
