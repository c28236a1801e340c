// An open-model load at a steady rate: one request every 1/rate seconds, evenly spaced, over a
// fixed pool of keep-alive connections. autocannon's `overallRate` is a per-second quota instead:
// every connection fires its share back to back at the top of each second, so "200 a second"
// arrives as a burst of 200 and the last of them waits for the other 199. Here each request's
// latency is measured from the moment it was due, not from when a connection was free, so a
// server that falls behind cannot hide its queue (no coordinated omission).
import http from 'node:http';

/**
 * @param {object} options
 * @param {string} options.url
 * @param {number} options.rate requests per second
 * @param {number} options.seconds
 * @param {number} options.connections at most this many requests in flight (and sockets open)
 * @param {(serial: number) => { method?: string, headers?: Record<string, string>, body?: string }} options.request
 * @param {number} [options.timeoutMs] a request not answered by then counts as an error
 * @returns {Promise<{ sent: number, ok: number, non2xx: number, errors: number, rate: number,
 *   p50: number, p99: number, max: number, statuses: Map<number, number[]> }>}
 *   `statuses` maps each status to the serials that got it.
 */
export async function steadyLoad({ url, rate, seconds, connections, request, timeoutMs = 30_000 }) {
  const target = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  /** @type {number[]} */
  const latencies = [];
  /** @type {Map<number, number[]>} */
  const statuses = new Map();
  let errors = 0;
  const total = Math.round(rate * seconds);
  const intervalMs = 1000 / rate;
  const start = performance.now();

  /** @param {number} serial @param {number} dueAt @returns {Promise<void>} */
  const fire = (serial, dueAt) =>
    new Promise((resolve) => {
      const { method = 'POST', headers = {}, body } = request(serial);
      const req = http.request(target, { method, headers, agent, timeout: timeoutMs }, (res) => {
        res.resume();
        res.once('end', () => {
          latencies.push(performance.now() - dueAt);
          // A client's response always has a status (undefined only on a server's request).
          const status = res.statusCode ?? 0;
          const serials = statuses.get(status) ?? [];
          serials.push(serial);
          statuses.set(status, serials);
          resolve();
        });
      });
      req.once('timeout', () => req.destroy(new Error('timeout')));
      req.once('error', () => {
        errors += 1;
        resolve();
      });
      req.end(body);
    });

  const inFlight = [];
  for (let serial = 1; serial <= total; serial += 1) {
    const dueAt = start + (serial - 1) * intervalMs;
    const wait = dueAt - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    inFlight.push(fire(serial, dueAt));
  }
  await Promise.all(inFlight);
  const elapsed = (performance.now() - start) / 1000;
  agent.destroy();

  latencies.sort((a, b) => a - b);
  /** @param {number} q */
  const at = (q) => (latencies.length ? Math.round(latencies[Math.min(latencies.length - 1, Math.ceil(q * latencies.length) - 1)] ?? Number.NaN) : Number.NaN);
  const ok = [...statuses].filter(([status]) => status >= 200 && status < 300).reduce((sum, [, serials]) => sum + serials.length, 0);
  return {
    sent: total,
    ok,
    non2xx: latencies.length - ok,
    errors,
    rate: ok / elapsed,
    p50: at(0.5),
    p99: at(0.99),
    max: at(1),
    statuses,
  };
}
