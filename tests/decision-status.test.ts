import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * Every decision record says, on the line under its `# NNN — title` heading, whether it still
 * holds, in one of four forms:
 *   **Status:** current.
 *   **Status:** current, amended by [029](029-….md), [030](030-….md).
 *   **Status:** replaced by [034](034-….md).
 *   **Status:** replaced by [034](034-….md), amended by [031](031-….md).
 * A record that changes earlier ones says which on the lines after its status:
 * `**Amends:** [017](017-….md).` and `**Replaces:** [009](009-….md).` The two sides must agree:
 * "amended by X" in A if and only if X amends A, "replaced by X" in A if and only if X replaces A,
 * and only a later record changes an earlier one. So a record that still holds says so, and one
 * that does not names the record to read instead.
 */

const root = fileURLToPath(new URL('..', import.meta.url));
const folder = join(root, 'docs/decisions');

type Records = Map<string, { name: string; text: string }>;
type Claims = { replaced: boolean; amendedBy: string[]; replacedBy: string[]; amends: string[]; replaces: string[] };

/** The decision records by number, with their text. */
const records: Records = new Map(
  readdirSync(folder)
    .filter((name) => /^\d{3}-.+\.md$/.test(name))
    .map((name) => [name.slice(0, 3), { name, text: readFileSync(join(folder, name), 'utf8') }]),
);

const LINK = String.raw`\[\d{3}\]\([^()\s]+\)`;
const LIST = String.raw`${LINK}(?:, ${LINK})*`;
const STATUS = new RegExp(String.raw`^\*\*Status:\*\* (?:current(?:, amended by (${LIST}))?|replaced by (${LINK})(?:, amended by (${LIST}))?)\.$`);
const RELATION = new RegExp(String.raw`^\*\*(Amends|Replaces):\*\* (${LIST})\.$`);
const LABELLED = /^\*\*(Status|Amends|Replaces):\*\*/;

/** What each record says of itself and of the others, and what is wrong with how it says it. */
function readClaims(all: Records): { claims: Map<string, Claims>; problems: string[] } {
  const claims = new Map<string, Claims>();
  const problems: string[] = [];
  for (const [number, { name, text }] of all) {
    const say = (line: number, problem: string) => problems.push(`${name}:${line}: ${problem}`);
    const claim: Claims = { replaced: false, amendedBy: [], replacedBy: [], amends: [], replaces: [] };
    claims.set(number, claim);
    const lines = text.split('\n');
    if (!lines[0]?.startsWith(`# ${number} — `)) say(1, 'the record does not start with its "# NNN — title" heading');

    /** The numbers a list of links names, each checked against the record it must point at. */
    const numbersIn = (list: string | undefined, line: number): string[] => {
      const numbers = [...(list ?? '').matchAll(/\[(\d{3})\]\(([^()\s]+)\)/g)].map(([, linked, target]) => {
        const record = all.get(linked!);
        if (!record) say(line, `[${linked}](${target}) — there is no record ${linked}`);
        else if (target !== record.name) say(line, `[${linked}](${target}) — the record is ${record.name}`);
        if (linked === number) say(line, `[${linked}] — a record names itself`);
        return linked!;
      });
      if (numbers.some((one, index) => index > 0 && one <= numbers[index - 1]!)) say(line, 'the links are not in ascending order, or one is repeated');
      return numbers;
    };

    const head = new Set<number>();
    for (let index = 1; index < lines.length && (lines[index] === '' || LABELLED.test(lines[index]!)); index += 1) head.add(index);
    const labelled = lines.flatMap((text, index) => (LABELLED.test(text) ? [{ text, index, line: index + 1 }] : []));
    const statuses = labelled.filter(({ text }) => text.startsWith('**Status:**'));
    if (statuses.length !== 1) say(1, `${statuses.length} status lines, where there must be one`);
    if (labelled[0] && !labelled[0].text.startsWith('**Status:**')) say(labelled[0].line, 'the status must come first, under the heading');
    for (const label of ['Amends', 'Replaces']) {
      const count = labelled.filter(({ text }) => text.startsWith(`**${label}:**`)).length;
      if (count > 1) say(1, `${count} "${label}" lines, where there may be one`);
    }
    for (const { text, index, line } of labelled) {
      if (!head.has(index)) say(line, 'a status or relation line away from the heading');
      const status = STATUS.exec(text);
      const relation = RELATION.exec(text);
      if (text.startsWith('**Status:**')) {
        if (!status) {
          say(line, `not one of the status forms: ${text}`);
          continue;
        }
        claim.replaced = status[2] !== undefined;
        claim.replacedBy.push(...numbersIn(status[2], line));
        claim.amendedBy.push(...numbersIn(status[1] ?? status[3], line));
      } else if (!relation) say(line, `not of the form "**Amends:** [NNN](NNN-….md).": ${text}`);
      else (relation[1] === 'Amends' ? claim.amends : claim.replaces).push(...numbersIn(relation[2], line));
    }
  }
  return { claims, problems };
}

/** Where the two sides of an amendment or a replacement disagree. */
function disagreements(claims: Map<string, Claims>): string[] {
  const problems: string[] = [];
  for (const [number, claim] of claims) {
    for (const later of claim.amendedBy) {
      if (!claims.get(later)?.amends.includes(number)) problems.push(`${number} says it is amended by ${later}, which does not say "Amends: ${number}"`);
    }
    for (const later of claim.replacedBy) {
      if (!claims.get(later)?.replaces.includes(number)) problems.push(`${number} says it is replaced by ${later}, which does not say "Replaces: ${number}"`);
    }
    for (const earlier of claim.amends) {
      if (!claims.get(earlier)?.amendedBy.includes(number)) problems.push(`${number} amends ${earlier}, whose status does not say "amended by ${number}"`);
    }
    for (const earlier of claim.replaces) {
      if (!claims.get(earlier)?.replacedBy.includes(number)) problems.push(`${number} replaces ${earlier}, whose status is not "replaced by ${number}"`);
    }
    for (const earlier of [...claim.amends, ...claim.replaces]) {
      if (earlier >= number) problems.push(`${number} changes ${earlier}, which is not an earlier record`);
    }
    for (const both of claim.amends.filter((earlier) => claim.replaces.includes(earlier))) {
      problems.push(`${number} both amends and replaces ${both}`);
    }
    if (claim.replaced && claim.replacedBy.length !== 1) problems.push(`${number} is replaced, but not by one record`);
  }
  return problems;
}

function check(all: Records): string[] {
  const { claims, problems } = readClaims(all);
  return [...problems, ...disagreements(claims)];
}

/** The records with one of them changed, for the checks that the checks fail. */
function edited(number: string, change: (text: string) => string): Records {
  const copy: Records = new Map(records);
  const record = records.get(number)!;
  const text = change(record.text);
  expect(text, `the edit of ${number} changed nothing`).not.toBe(record.text);
  copy.set(number, { ...record, text });
  return copy;
}

const link = (number: string) => `[${number}](${records.get(number)!.name})`;

describe('the status of every decision record', () => {
  it('opens each record, in an allowed form, linking records that exist', () => {
    expect(readClaims(records).problems).toEqual([]);
  });

  it('agrees both ways with the records that amend or replace it', () => {
    expect(disagreements(readClaims(records).claims)).toEqual([]);
  });

  it('finds what it checks', () => {
    const { claims } = readClaims(records);
    expect(claims.size).toBe(records.size);
    expect(records.size).toBeGreaterThan(40);
    expect(claims.get('008')!.amendedBy).toEqual(expect.arrayContaining(['017', '018', '029', '030']));
    expect(claims.get('029')!.amends).toEqual(['008', '017']);
    expect(claims.get('050')).toEqual({ replaced: false, amendedBy: [], replacedBy: [], amends: [], replaces: [] });
  });

  it('fails when a record breaks the rule', () => {
    // One side of an amendment taken away, from either end.
    expect(check(edited('030', (text) => text.replace(/^\*\*Amends:\*\* .*\n\n/m, '')))).toEqual(
      expect.arrayContaining([expect.stringContaining('amended by 030, which does not say "Amends: ')]),
    );
    expect(check(edited('029', (text) => text.replace(/^\*\*Status:\*\* .*$/m, `**Status:** current, amended by ${link('031')}.`)))).toEqual(
      expect.arrayContaining([expect.stringContaining('029 says it is amended by 031')]),
    );
    expect(check(edited('008', (text) => text.replace(`${link('018')}, `, '')))).toEqual([
      '018 amends 008, whose status does not say "amended by 018"',
    ]);
    // No status, two, one away from the heading, one of no allowed form.
    expect(check(edited('012', (text) => text.replace('**Status:** current.\n\n', '')))).toEqual(['012-vin-data.md:1: 0 status lines, where there must be one']);
    expect(check(edited('012', (text) => `${text}\n**Status:** current.\n`))).toEqual(
      expect.arrayContaining(['012-vin-data.md:1: 2 status lines, where there must be one', expect.stringContaining('away from the heading')]),
    );
    expect(check(edited('012', (text) => text.replace('**Status:** current.', '**Status:** current; replaced by nothing.')))).toEqual([
      '012-vin-data.md:3: not one of the status forms: **Status:** current; replaced by nothing.',
    ]);
    // A link to a record that is not there, or under another name.
    expect(check(edited('029', (text) => text.replace(link('017'), '[017](017-dialogs.md)')))).toEqual([
      '029-dialogs-shown-on-top-then-modal.md:5: [017](017-dialogs.md) — the record is 017-dialogs-open-on-the-tap-release.md',
    ]);
    // A replacement named on one side only, and a replaced record that calls itself current.
    const replaced = edited('005', (text) => text.replace(/^\*\*Status:\*\* .*$/m, `**Status:** replaced by ${link('008')}.`));
    expect(check(replaced)).toEqual(
      expect.arrayContaining([
        '005 says it is replaced by 008, which does not say "Replaces: 005"',
        expect.stringContaining('amends 005, whose status does not say "amended by'),
      ]),
    );
    expect(check(edited('005', (text) => text.replace('**Status:** current,', `**Status:** current, replaced by ${link('008')},`)))).toEqual(
      expect.arrayContaining([expect.stringContaining('not one of the status forms')]),
    );
  });

  it('accepts a replacement named on both sides', () => {
    const both: Records = new Map(records);
    for (const [number, change] of [
      ['012', (text: string) => text.replace('**Status:** current.', `**Status:** replaced by ${link('050')}.`)],
      ['050', (text: string) => text.replace('**Status:** current.', `**Status:** current.\n\n**Replaces:** ${link('012')}.`)],
    ] as const) {
      both.set(number, { ...records.get(number)!, text: change(records.get(number)!.text) });
    }
    expect(check(both)).toEqual([]);
    expect(readClaims(both).claims.get('012')).toMatchObject({ replaced: true, replacedBy: ['050'] });
  });
});
