// Runs npm from a Node script on every platform: `spawn('npm')` fails on Windows, where npm is
// npm.cmd. Under `npm run`/`npm start`, npm_execpath names npm's own script, which this Node runs;
// otherwise the shell finds npm (or npm.cmd).
import { spawn, spawnSync } from 'node:child_process';

const npmScript = process.env.npm_execpath;
const viaNode = npmScript && /\.[cm]?js$/.test(npmScript);

function command(args) {
  return viaNode
    ? { file: process.execPath, args: [npmScript, ...args], shell: false }
    : { file: 'npm', args, shell: process.platform === 'win32' };
}

/** Runs `npm <args>` to its end; returns its exit status. */
export function runNpmSync(args, options = {}) {
  const { file, args: fullArgs, shell } = command(args);
  return spawnSync(file, fullArgs, { stdio: 'inherit', shell, ...options }).status ?? 1;
}

/** Starts `npm <args>` and returns the child process. */
export function spawnNpm(args, options = {}) {
  const { file, args: fullArgs, shell } = command(args);
  return spawn(file, fullArgs, { stdio: 'inherit', shell, ...options });
}
