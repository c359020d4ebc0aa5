import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

// An install or a start on a Node.js older than package.json's engines stops within a second and
// says which version is needed and how to get it, instead of building for minutes and dying on a
// missing export. PORTAL_CHECK_NODE_VERSION plays the old Node.js.
const root = resolve(import.meta.dirname, '..');
const script = join(root, 'scripts/check-node-version.cjs');
const pinned = readFileSync(join(root, '.nvmrc'), 'utf8').trim();
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  engines: { node: string };
  scripts: Record<string, string>;
};
const directories: string[] = [];

afterEach(() => {
  for (const directory of directories.splice(0))
    rmSync(directory, { recursive: true, force: true });
});

function run(file: string, args: string[], options: { cwd?: string; version?: string } = {}) {
  const startedAt = performance.now();
  const result = spawnSync(file, args, {
    cwd: options.cwd ?? root,
    encoding: 'utf8',
    env: {
      // eslint-disable-next-line no-restricted-properties -- the child runs with this process's PATH
      ...process.env,
      ...(options.version ? { PORTAL_CHECK_NODE_VERSION: options.version } : {}),
    },
    timeout: 30_000,
  });
  return { ...result, seconds: (performance.now() - startedAt) / 1000 };
}

function expectTheWayToGetIt(stderr: string, running: string) {
  expect(stderr).toContain(`needs Node.js 24 or later`);
  expect(stderr).toContain(`engines "${manifest.engines.node}"`);
  expect(stderr).toContain(`.nvmrc ${pinned}`);
  expect(stderr).toContain(`this is Node.js ${running}`);
  expect(stderr).toContain(`nvm install ${pinned} && nvm use ${pinned}`);
  expect(stderr).toContain(`node-${process.platform}-${process.arch}@${pinned}`);
}

describe('the Node.js version check', () => {
  it('stops an older Node.js within a second, naming the version and how to get it', () => {
    const result = run(process.execPath, [script], { version: '20.20.2' });

    expect(result.status).toBe(1);
    expectTheWayToGetIt(result.stderr, '20.20.2');
    expect(result.seconds).toBeLessThan(1);
  });

  it('lets the running Node.js and any later one through, silently', () => {
    for (const version of [process.versions.node, '24.0.0', '25.1.0']) {
      const result = run(process.execPath, [script], { version });
      expect({ version, status: result.status, stderr: result.stderr }).toEqual({
        version,
        status: 0,
        stderr: '',
      });
    }
  });

  it('stops `npm start` before it looks at the build', () => {
    const result = run(process.execPath, [join(root, 'scripts/start.mjs')], { version: '22.11.0' });

    expect(result.status).toBe(1);
    expectTheWayToGetIt(result.stderr, '22.11.0');
    expect(result.stdout).not.toContain('building');
    expect(result.seconds).toBeLessThan(1);
  });

  it('is the root install script, written in syntax any Node.js parses', () => {
    expect(manifest.scripts.preinstall).toBe('node scripts/check-node-version.cjs');
    const source = readFileSync(script, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
    expect(source).not.toMatch(/=>|`|\b(?:const|let|class|async|await|import|export)\b|\?\.|\?\?/);
  });

  it('makes npm refuse an install on a Node.js below the engines, before it installs anything', () => {
    // The real .npmrc with the engines raised past the running Node.js: npm then sees this
    // machine's Node.js as too old, as it sees Node.js 20 against ">=24".
    const directory = mkdtempSync(join(tmpdir(), 'node-version-'));
    directories.push(directory);
    copyFileSync(join(root, '.npmrc'), join(directory, '.npmrc'));
    mkdirSync(join(directory, 'dependency'));
    writeFileSync(
      join(directory, 'dependency/package.json'),
      JSON.stringify({ name: 'dependency', version: '1.0.0' }),
    );
    const above = Number(process.versions.node.split('.')[0]) + 1;
    writeFileSync(
      join(directory, 'package.json'),
      JSON.stringify({
        name: 'engine-check',
        private: true,
        engines: { node: `>=${above}` },
        dependencies: { dependency: 'file:./dependency' },
      }),
    );

    const result = run('npm', ['install', '--offline', '--no-audit', '--no-fund'], {
      cwd: directory,
    });

    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('EBADENGINE');
    expect(result.stderr).toContain(`Required: {"node":">=${above}"}`);
    expect(existsSync(join(directory, 'node_modules'))).toBe(false);
    // npm's own start-up is most of it; the bound leaves room for a busy machine.
    expect(result.seconds).toBeLessThan(5);
  });
});
