// A free TCP port on loopback, and the port a server listens on: for the tests' servers and
// stand-ins, and for the benchmarks', which start theirs the same way.
import { createServer } from 'node:net';

/**
 * The port of a server listening on TCP (its address is a string only on a pipe or unix socket).
 * @param {import('node:net').Server} server
 */
export function portOf(server) {
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error(`not listening on a TCP port: ${address}`);
  return address.port;
}

/** @returns {Promise<number>} */
export async function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const port = portOf(probe);
      probe.close(() => resolve(port));
    });
  });
}
