// `npm run test:quick`, the inner loop: the type check and the linters side by side (each is one
// process on one core), then the unit and api tests. Stops at the first that fails, with its code.
import { runCommand } from './lib/run-command.mjs';

const started = Date.now();
const checks = await Promise.all([runCommand('npm', ['run', '--silent', 'typecheck']), runCommand('npm', ['run', '--silent', 'lint'])]);
const failed = checks.find((code) => code !== 0);
if (failed !== undefined) process.exit(failed);
const code = await runCommand('npx', ['vitest', 'run', '--project', 'unit', '--project', 'api']);
console.log(`test:quick: ${Math.round((Date.now() - started) / 1000)} s`);
process.exit(code);
