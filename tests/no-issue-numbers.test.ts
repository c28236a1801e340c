import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * The issue tracker is not in the clone, so nothing in it may send the reader to one of its
 * numbers: a comment, a doc, a test's title or a message says what it means (the behaviour, the
 * target, the capability) instead. Decision records are files of the repository and are cited by
 * number freely (docs-references.test.ts checks those). Every file git tracks is read but the lock
 * file, whose package names and hashes are not ours. The product specification is not in the
 * clone; were it added, it would join the lock file here, its numbering being its own.
 */

const root = fileURLToPath(new URL('..', import.meta.url));

/** Tracked files whose text is not the project's prose. */
const NOT_PROSE = new Set(['package-lock.json']);

/** A citation of the tracker by number: the word, singular or plural, then the number, `#` or not. */
const CITATION = /\bissues? #?\d+/i;

/** The files git tracks, read from the work tree (one deleted but not yet committed reads as empty). */
function trackedFiles(): string[] {
  return execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 })
    .split('\0')
    .filter((file) => file && !NOT_PROSE.has(file));
}

/** `file:line: text` for each line of a file that cites the tracker by number; none for a binary file. */
function citations(file: string, text: string): string[] {
  if (text.includes('\0')) return [];
  return text.split('\n').flatMap((line, index) => (CITATION.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : []));
}

function readIfThere(file: string): string {
  try {
    return readFileSync(join(root, file), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return '';
    throw error;
  }
}

describe('no citation of the issue tracker by number', () => {
  it('no tracked file but the lock file names an issue by its number', () => {
    const cited = trackedFiles().flatMap((file) => citations(file, readIfThere(file)));
    expect(cited).toEqual([]);
  });

  it('finds what it checks', () => {
    const files = trackedFiles();
    expect(files.length).toBeGreaterThan(500);
    expect(files).toEqual(expect.arrayContaining(['README.md', 'docs/benchmarks.md', 'docs/design.md', 'tests/docs-references.test.ts', 'src/runtime/server.mjs']));
    expect(files).not.toContain('package-lock.json');
    // Written apart so that this file does not cite what it looks for.
    const word = 'issue';
    for (const line of [`(${word} 15)`, `${word}s 23 and 27`, `${word[0]!.toUpperCase()}${word.slice(1)} 45: the report`, `${word} #12`, `test('… (${word} 5)', …)`]) {
      expect(citations('x.ts', line), line).toHaveLength(1);
    }
    for (const line of ['issued 200 invoices', "useTranslations('VinIssues')", 'decision 036', 'docs/decisions/045-lead-owners.md', 'the issues of a VIN', 'fill="#000"']) {
      expect(citations('x.ts', line), line).toEqual([]);
    }
  });
});
