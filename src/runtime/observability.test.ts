import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { accessLine, type Access } from './observability.mjs';

/** The line pino itself writes for a request, at a fixed time. */
function pinoLine(request: Access, time: number) {
  let written = '';
  const logger = pino({ base: { app: 'epcsu', proc: 'edge' }, timestamp: () => `,"time":${time}` }, { write: (line: string) => (written += line) });
  const { aborted, ...fields } = request;
  logger.info({ ...fields, ...(aborted ? { aborted: true } : {}) }, 'request');
  return written;
}

describe('the access line', () => {
  const request: Access = { requestId: '3d7fa697-4a65-484a-acd6-31608ef75e98', method: 'GET', route: 'page', status: 200, ms: 1.3, bytes: 28_310, aborted: false };

  it('is byte for byte the line pino writes, aborted or not', () => {
    expect(accessLine(request, 1_795_000_000_000)).toBe(pinoLine(request, 1_795_000_000_000));
    const cut = { ...request, requestId: 'proxy-id:abc/def+1=2@x.y', method: 'POST', route: 'lead', status: 0, ms: 30_012.4, bytes: 0, aborted: true };
    expect(accessLine(cut, 5)).toBe(pinoLine(cut, 5));
  });

  it('escapes a method that JSON could not hold as it is', () => {
    const odd = { ...request, method: 'GE"T\\' };
    expect(accessLine(odd, 7)).toBe(pinoLine(odd, 7));
    expect(JSON.parse(accessLine(odd, 7)).method).toBe('GE"T\\');
  });
});

describe('batched lines', () => {
  it('holds a line back until its batch is full or its time is up, and writes all in order', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'batched-lines-')), 'out.log');
    const lines = fileURLToPath(new URL('./batched-lines.mjs', import.meta.url));
    execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import { batchedLines } from ${JSON.stringify(lines)};
         import { openSync, readFileSync, writeFileSync } from 'node:fs';
         const out = process.env.OUT;
         const lines = batchedLines({ fd: openSync(out, 'w'), maxChars: 40, maxDelayMs: 50 });
         const seen = () => readFileSync(out, 'utf8');
         const report = {};
         lines.write('one\\n');
         report.afterOne = seen();
         for (let i = 0; i < 10; i++) lines.write('line ' + i + '\\n');
         report.afterFull = seen();
         lines.write('late\\n');
         report.lateHeld = seen().endsWith('late\\n');
         await new Promise((resolve) => setTimeout(resolve, 120));
         report.lateAfterDelay = seen().endsWith('late\\n');
         lines.write('flushed\\n');
         lines.flush(() => (report.afterFlush = seen().endsWith('flushed\\n')));
         writeFileSync(out + '.json', JSON.stringify(report));`,
      ],
      { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, OUT: file } },
    );
    const report = JSON.parse(readFileSync(`${file}.json`, 'utf8'));
    // A line alone waits for its batch; a full batch (40 characters) is written at once.
    expect(report.afterOne).toBe('');
    expect(report.afterFull.startsWith('one\nline 0\n')).toBe(true);
    expect(report.lateHeld).toBe(false);
    expect(report.lateAfterDelay).toBe(true);
    expect(report.afterFlush).toBe(true);
    expect(readFileSync(file, 'utf8')).toBe(`one\n${Array.from({ length: 10 }, (_, i) => `line ${i}\n`).join('')}late\nflushed\n`);
  });

  it('writes what it holds when the process ends on an uncaught exception', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'batched-lines-')), 'out.log');
    const lines = fileURLToPath(new URL('./batched-lines.mjs', import.meta.url));
    expect(() =>
      execFileSync(
        process.execPath,
        ['--input-type=module', '-e', `import { batchedLines } from ${JSON.stringify(lines)}; import { openSync } from 'node:fs'; const lines = batchedLines({ fd: openSync(process.env.OUT, 'w') }); lines.write('last words\\n'); throw new Error('crash');`],
        { stdio: ['ignore', 'ignore', 'ignore'], env: { ...process.env, OUT: file } },
      ),
    ).toThrow();
    expect(readFileSync(file, 'utf8')).toBe('last words\n');
  });
});
