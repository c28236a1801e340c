import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
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
 *
 * A replaced record is history: it lives in docs/decisions/archive/ under its own name, and only
 * replaced records live there. Links between records are relative to the record that holds them:
 * `[051](../051-….md)` from the archive, `[008](archive/008-….md)` into it, `[017](017-….md)`
 * within one folder.
 */

const root = fileURLToPath(new URL('..', import.meta.url));
const folder = join(root, 'docs/decisions');
/** Where replaced records go, below the records' folder. */
const ARCHIVE = 'archive';

/** A record: its file name, its path from docs/decisions (`archive/…` once replaced), its text. */
type Record = { name: string; path: string; text: string };
type Records = Map<string, Record>;
type Claims = { replaced: boolean; amendedBy: string[]; replacedBy: string[]; amends: string[]; replaces: string[] };

/** The record files of the folder and of its archive, in that order. */
const files: Record[] = ['', ARCHIVE].flatMap((sub) =>
  existsSync(join(folder, sub))
    ? readdirSync(join(folder, sub))
        .filter((name) => /^\d{3}-.+\.md$/.test(name))
        .map((name) => ({ name, path: sub ? `${sub}/${name}` : name, text: readFileSync(join(folder, sub, name), 'utf8') }))
    : [],
);

/** The decision records by number, with their text. */
const records: Records = new Map(files.map((record) => [record.name.slice(0, 3), record]));

/** How `from` links `to`: the path of `to` relative to the folder `from` is in. */
const linkPath = (from: Record, to: Record) => posix.relative(posix.dirname(from.path), to.path);

const LINK = String.raw`\[\d{3}\]\([^()\s]+\)`;
const LIST = String.raw`${LINK}(?:, ${LINK})*`;
const STATUS = new RegExp(String.raw`^\*\*Status:\*\* (?:current(?:, amended by (${LIST}))?|replaced by (${LINK})(?:, amended by (${LIST}))?)\.$`);
const RELATION = new RegExp(String.raw`^\*\*(Amends|Replaces):\*\* (${LIST})\.$`);
const LABELLED = /^\*\*(Status|Amends|Replaces):\*\*/;

/** What each record says of itself and of the others, and what is wrong with how it says it. */
function readClaims(all: Records): { claims: Map<string, Claims>; problems: string[] } {
  const claims = new Map<string, Claims>();
  const problems: string[] = [];
  for (const [number, record] of all) {
    const { path, text } = record;
    const say = (line: number, problem: string) => problems.push(`${path}:${line}: ${problem}`);
    const claim: Claims = { replaced: false, amendedBy: [], replacedBy: [], amends: [], replaces: [] };
    claims.set(number, claim);
    const lines = text.split('\n');
    if (!lines[0]?.startsWith(`# ${number} — `)) say(1, 'the record does not start with its "# NNN — title" heading');

    /** The numbers a list of links names, each checked against the record it must point at. */
    const numbersIn = (list: string | undefined, line: number): string[] => {
      const numbers = [...(list ?? '').matchAll(/\[(\d{3})\]\(([^()\s]+)\)/g)].map(([, linked, target]) => {
        const other = all.get(linked!);
        if (!other) say(line, `[${linked}](${target}) — there is no record ${linked}`);
        else if (target !== linkPath(record, other)) say(line, `[${linked}](${target}) — the record is ${linkPath(record, other)}`);
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

/** Where a record's folder disagrees with its status: replaced records, and only they, are in the archive. */
function misplaced(all: Records, claims: Map<string, Claims>): string[] {
  return [...all].flatMap(([number, { path }]) => {
    const archived = path.startsWith(`${ARCHIVE}/`);
    const replaced = claims.get(number)?.replaced === true;
    if (replaced && !archived) return [`${path} is replaced, and belongs in ${ARCHIVE}/`];
    if (archived && !replaced) return [`${path} is in ${ARCHIVE}/, but its status does not say what replaced it`];
    return [];
  });
}

function check(all: Records): string[] {
  const { claims, problems } = readClaims(all);
  return [...problems, ...disagreements(claims), ...misplaced(all, claims)];
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

/** A link to record `number` as record `from` writes it. */
const link = (number: string, from: string) => `[${number}](${linkPath(records.get(from)!, records.get(number)!)})`;

/** The records with one of them moved to another folder (`''` or the archive). */
function moved(all: Records, number: string, sub: string): Records {
  const copy: Records = new Map(all);
  const record = all.get(number)!;
  copy.set(number, { ...record, path: sub ? `${sub}/${record.name}` : record.name });
  return copy;
}

describe('the status of every decision record', () => {
  it('opens each record, in an allowed form, linking records that exist', () => {
    expect(readClaims(records).problems).toEqual([]);
  });

  it('agrees both ways with the records that amend or replace it', () => {
    expect(disagreements(readClaims(records).claims)).toEqual([]);
  });

  it('is in the archive if and only if it is replaced, and a number is one record', () => {
    expect(misplaced(records, readClaims(records).claims)).toEqual([]);
    expect(files.length).toBe(records.size);
  });

  it('finds what it checks', () => {
    const { claims } = readClaims(records);
    expect(claims.size).toBe(records.size);
    expect(records.size).toBeGreaterThan(40);
    expect(claims.get('008')!.amendedBy).toEqual(expect.arrayContaining(['017', '018', '029', '030']));
    expect(claims.get('029')!.amends).toEqual(['008', '017']);
    // The dialogs' chain, folded into 051: history in the archive, each record naming 051.
    expect(claims.get('051')!.replaces).toEqual(['005', '008', '017', '018', '027', '028', '029', '030']);
    expect(claims.get('008')).toMatchObject({ replaced: true, replacedBy: ['051'] });
    expect(records.get('008')!.path).toBe('archive/008-dialogs-in-the-page.md');
    expect(records.get('008')!.text).toContain('**Status:** replaced by [051](../051-dialogs.md), amended by [017](017-');
    expect(records.get('020')!.text).toContain('**Amends:** [005](archive/005-');
    // The edge's chain, folded into 052. The records it leaves amend or were amended by archived ones.
    expect(claims.get('052')!.replaces).toEqual(['001', '002', '004', '009', '013', '031', '032', '033', '034', '042']);
    expect(claims.get('013')).toMatchObject({ replaced: true, replacedBy: ['052'], amendedBy: ['021', '042'] });
    expect(claims.get('021')).toMatchObject({ replaced: false, amendedBy: expect.arrayContaining(['032', '042']), amends: ['003', '013'] });
    expect(records.get('021')!.text).toContain('**Status:** current, amended by [032](archive/032-');
    expect(records.get('013')!.text).toContain('amended by [021](../021-operating-the-service.md), [042](042-');
    expect(claims.get('050')).toEqual({ replaced: false, amendedBy: [], replacedBy: [], amends: [], replaces: [] });
  });

  it('fails when a record breaks the rule', () => {
    // One side of an amendment taken away, from either end.
    expect(check(edited('049', (text) => text.replace(/^\*\*Amends:\*\* .*\n\n/m, '')))).toEqual([
      '022 says it is amended by 049, which does not say "Amends: 022"',
    ]);
    expect(check(edited('022', (text) => text.replace(`, amended by ${link('049', '022')}`, '')))).toEqual([
      '049 amends 022, whose status does not say "amended by 049"',
    ]);
    expect(check(edited('012', (text) => text.replace('**Status:** current.', `**Status:** current, amended by ${link('050', '012')}.`)))).toEqual([
      '012 says it is amended by 050, which does not say "Amends: 012"',
    ]);
    // No status, two, one away from the heading, one of no allowed form.
    expect(check(edited('012', (text) => text.replace('**Status:** current.\n\n', '')))).toEqual(['012-vin-data.md:1: 0 status lines, where there must be one']);
    expect(check(edited('012', (text) => `${text}\n**Status:** current.\n`))).toEqual(
      expect.arrayContaining(['012-vin-data.md:1: 2 status lines, where there must be one', expect.stringContaining('away from the heading')]),
    );
    expect(check(edited('012', (text) => text.replace('**Status:** current.', '**Status:** current; replaced by nothing.')))).toEqual([
      '012-vin-data.md:3: not one of the status forms: **Status:** current; replaced by nothing.',
    ]);
    expect(check(edited('022', (text) => text.replace('**Status:** current,', `**Status:** current, replaced by ${link('050', '022')},`)))).toEqual([
      expect.stringContaining('022-desk-security-round.md:3: not one of the status forms'),
      '049 amends 022, whose status does not say "amended by 049"',
    ]);
    // A link to a record that is not there, or under another name.
    expect(check(edited('049', (text) => text.replace(link('022', '049'), '[022](022-desk.md)')))).toEqual([
      '049-step-up-keeps-the-form.md:5: [022](022-desk.md) — the record is 022-desk-security-round.md',
    ]);
    expect(check(edited('049', (text) => text.replace(link('022', '049'), '[023](023-lead-definitions-consent-attribution.md)')))).toEqual(
      expect.arrayContaining(['049 amends 023, whose status does not say "amended by 049"', '022 says it is amended by 049, which does not say "Amends: 022"']),
    );
    // A replacement named on one side only; a replaced record that is not in the archive.
    expect(check(edited('012', (text) => text.replace('**Status:** current.', `**Status:** replaced by ${link('050', '012')}.`)))).toEqual([
      '012 says it is replaced by 050, which does not say "Replaces: 012"',
      '012-vin-data.md is replaced, and belongs in archive/',
    ]);
  });

  /** 012 replaced by 050 on both sides, as the records would say it with 012 in `sub`. */
  const replacement = (sub: string): Records => {
    const both = moved(records, '012', sub);
    const at = (number: string) => both.get(number)!;
    const write = (number: string, from: string, to: string) => both.set(number, { ...at(number), text: at(number).text.replace(from, to) });
    write('012', '**Status:** current.', `**Status:** replaced by [050](${linkPath(at('012'), at('050'))}).`);
    write('050', '**Status:** current.', `**Status:** current.\n\n**Replaces:** [012](${linkPath(at('050'), at('012'))}).`);
    return both;
  };

  it('accepts a replacement named on both sides, the replaced record in the archive', () => {
    const both = replacement(ARCHIVE);
    expect(both.get('050')!.text).toContain('**Replaces:** [012](archive/012-vin-data.md).');
    expect(both.get('012')!.text).toContain('**Status:** replaced by [050](../050-xlsx-export.md).');
    expect(check(both)).toEqual([]);
    expect(readClaims(both).claims.get('012')).toMatchObject({ replaced: true, replacedBy: ['050'] });
  });

  it('fails on a record in the wrong folder, or a link that misses the folder', () => {
    expect(check(replacement(''))).toEqual(['012-vin-data.md is replaced, and belongs in archive/']);
    const linkedAsBefore = replacement(ARCHIVE);
    linkedAsBefore.set('050', { ...linkedAsBefore.get('050')!, text: linkedAsBefore.get('050')!.text.replace('(archive/012-vin-data.md)', '(012-vin-data.md)') });
    expect(check(linkedAsBefore)).toEqual(['050-xlsx-export.md:5: [012](012-vin-data.md) — the record is archive/012-vin-data.md']);
    expect(check(moved(records, '050', ARCHIVE))).toEqual(['archive/050-xlsx-export.md is in archive/, but its status does not say what replaced it']);
  });
});
