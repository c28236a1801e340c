import { spawn } from 'node:child_process';

/**
 * A child process's exit code (1 when a signal ended it).
 * @param {import('node:child_process').ChildProcess} child
 * @returns {Promise<number>}
 */
export function exitCode(child) {
  return new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}

/**
 * Runs a command with this terminal's output; resolves to its exit code.
 * @param {string} command
 * @param {string[]} args
 */
export function runCommand(command, args) {
  return exitCode(spawn(command, args, { stdio: 'inherit' }));
}
