// `npm test`: every test. The quick command; then the integration tests, with the browser tests'
// two builds of their own made beside them at the lowest priority (the integration tests spend
// most of their time waiting on the faults they make, and a build takes only the CPU they leave);
// then the browser tests. Stops at the first part that fails, with its code. The browser tests
// themselves do not run beside the integration tests: tried so, at the lowest priority and with
// Chromium held there, the fault tests that judge the chat's pace failed and the integration tests
// took half as long again (docs/benchmarks.md, 2026-11-29, night).
import { spawn } from 'node:child_process';
import { exitCode, runCommand } from './lib/run-command.mjs';

const started = Date.now();
const seconds = () => Math.round((Date.now() - started) / 1000);
/** @param {number} code */
const stopOn = (code) => {
  if (code !== 0) process.exit(code);
};

stopOn(await runCommand('npm', ['run', 'test:quick']));
// A process group of its own, so that a failure of the integration tests ends the builds with it.
const builder = spawn('nice', ['-n', '19', process.execPath, 'scripts/build-test-variants.mjs'], { stdio: 'inherit', detached: true });
const built = exitCode(builder);
const integration = await runCommand('npm', ['run', 'test:integration']);
if (integration !== 0 && builder.pid) {
  try {
    process.kill(-builder.pid, 'SIGTERM');
  } catch {
    // The builds had ended already: no process of the group is left to stop.
  }
}
stopOn(integration);
stopOn(await built);
console.log(`npm test: the browser tests' builds ready at ${seconds()} s`);
stopOn(await runCommand('npm', ['run', 'test:e2e']));
console.log(`npm test: ${seconds()} s`);
