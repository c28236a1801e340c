// wrk (Debian's package): a request rate a Node load generator cannot reach on 2 cores.
import { spawn, spawnSync } from 'node:child_process';

export const WRK = '/usr/bin/wrk';

/** Milliseconds of a wrk latency figure ("812.00us", "1.52ms", "2.01s"). @param {string} text */
function ms(text) {
  const [, value, unit] = /^([\d.]+)(us|ms|s)$/.exec(text.trim()) ?? [];
  if (!value) return Number.NaN;
  return Number(value) * (unit === 'us' ? 0.001 : unit === 's' ? 1000 : 1);
}

/** @param {string} url @param {Record<string, string>} headers @param {number} seconds */
const wrkArgs = (url, headers, seconds) => ['-t2', '-c50', `-d${seconds}s`, '--latency', ...Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]), url];

/**
 * Runs wrk (2 threads, 50 connections, `seconds`) against `url` with these request headers; the
 * rate, median and 99th percentile, the requests answered, and the count of non-2xx/3xx answers.
 * @param {string} url
 * @param {Record<string, string>} [headers]
 * @param {number} [seconds]
 */
export function runWrk(url, headers = {}, seconds = 8) {
  const { stdout, status } = spawnSync(WRK, wrkArgs(url, headers, seconds), { encoding: 'utf8' });
  if (status !== 0) throw new Error(`wrk failed: ${stdout}`);
  return parseWrk(stdout);
}

/**
 * The same as runWrk, without blocking this process (another load can run beside it).
 * @param {string} url @param {Record<string, string>} [headers] @param {number} [seconds]
 * @returns {Promise<ReturnType<typeof parseWrk>>}
 */
export function runWrkAsync(url, headers = {}, seconds = 8) {
  return new Promise((resolve, reject) => {
    const child = spawn(WRK, wrkArgs(url, headers, seconds));
    let stdout = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.on('error', reject);
    child.on('close', (status) => (status === 0 ? resolve(parseWrk(stdout)) : reject(new Error(`wrk failed: ${stdout}`))));
  });
}

/** @param {string} stdout */
function parseWrk(stdout) {
  const rate = Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1]);
  const p50 = ms(/\s50%\s+(\S+)/.exec(stdout)?.[1] ?? '');
  const p99 = ms(/\s99%\s+(\S+)/.exec(stdout)?.[1] ?? '');
  const bad = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(stdout)?.[1] ?? 0);
  const requests = Number(/(\d+) requests in/.exec(stdout)?.[1]);
  return { rate, p50, p99, bad, requests };
}
