// `npm run test:quick`, the inner loop: the type check and the linters side by side (each is one
// process on one core), then the unit and api tests. Stops at the first that fails, with its code.
import { spawn } from 'node:child_process';

/**
 * Runs a command with this terminal's output; resolves to its exit code.
 * @param {string} command
 * @param {string[]} args
 * @returns {Promise<number>}
 */
function run(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit' });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const started = Date.now();
const checks = await Promise.all([run('npm', ['run', '--silent', 'typecheck']), run('npm', ['run', '--silent', 'lint'])]);
const failed = checks.find((code) => code !== 0);
if (failed !== undefined) process.exit(failed);
const code = await run('npx', ['vitest', 'run', '--project', 'unit', '--project', 'api']);
console.log(`test:quick: ${Math.round((Date.now() - started) / 1000)} s`);
process.exit(code);
