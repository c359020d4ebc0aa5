import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

// The image runs as a user that is not root and that can write its data folder, which is a
// declared volume; the build context leaves out what is installed, built, tested or secret; the
// compose stack keeps every piece of state on a volume. No Docker engine is needed: the rules are
// read from the files, and the final stage's folder steps are replayed in a temporary folder, then
// its user writes the data folder there.
const root = resolve(import.meta.dirname, '..');
const dockerfile = readFileSync(join(root, 'Dockerfile'), 'utf8');
const directories: string[] = [];

afterEach(() => {
  for (const directory of directories.splice(0))
    rmSync(directory, { recursive: true, force: true });
});

interface Instruction {
  keyword: string;
  args: string;
}

/** The instructions of the Dockerfile's last stage, continuation lines joined, comments dropped. */
function finalStage(text: string): Instruction[] {
  const instructions = text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const [keyword = '', ...rest] = line.split(/\s+/);
      return { keyword: keyword.toUpperCase(), args: rest.join(' ') };
    });
  const from = instructions.map((instruction) => instruction.keyword).lastIndexOf('FROM');
  return instructions.slice(from + 1);
}

function envOf(stage: Instruction[]): Record<string, string> {
  return Object.fromEntries(
    stage
      .filter((instruction) => instruction.keyword === 'ENV')
      .flatMap((instruction) => [...instruction.args.matchAll(/(\w+)=(\S+)/g)])
      .map((match) => [match[1], match[2]]),
  );
}

function volumesOf(stage: Instruction[]): string[] {
  return stage
    .filter((instruction) => instruction.keyword === 'VOLUME')
    .flatMap((instruction) =>
      instruction.args.startsWith('[')
        ? (JSON.parse(instruction.args) as string[])
        : instruction.args.split(/\s+/),
    );
}

const isRoot = process.getuid?.() === 0;
/** Who plays the image's user: nobody when this runs as root (CI), else this very user. */
const unprivileged = isRoot ? 65534 : (process.getuid?.() ?? 0);

/**
 * Replays the folder steps of a final stage in a temporary folder that stands for the image's
 * root: WORKDIR creates a missing folder as the current user (root until USER), RUN runs with the
 * image's paths and user moved into the temporary folder, COPY --chown gives the user what it
 * copies (the built server's compiled-code cache) but not the folder it copies into. Then, as the
 * stage's user, writes what the server writes at run time. Returns that last step's result.
 * Without root, a folder root would own is one this user cannot write (mode 555).
 */
function replay(stage: Instruction[]) {
  const image = mkdtempSync(join(tmpdir(), 'container-'));
  directories.push(image);
  chmodSync(image, 0o755);
  const env = envOf(stage);
  const dataDir = env.DATA_DIR ?? '';
  let user = 'root';
  let workdir = '/';
  const inImage = (path: string) => join(image, path.startsWith('/') ? path : join(workdir, path));
  const asRootOwned = (path: string) => {
    if (!isRoot) chmodSync(path, 0o555);
  };
  const imageUser = (name: string) => (name === 'root' || name === '0' ? 0 : unprivileged);

  for (const { keyword, args } of stage) {
    if (keyword === 'WORKDIR') {
      workdir = args;
      const folder = inImage(args);
      if (!existsSync(folder)) {
        mkdirSync(folder, { recursive: true });
        if (user === 'root') asRootOwned(folder);
      }
    } else if (keyword === 'RUN') {
      const command = args
        .replace(/(-[og]) (\w+)/g, (_, flag: string, name: string) => `${flag} ${imageUser(name)}`)
        .replace(/(^|\s)(\/\S*)/g, (_, space: string, path: string) => space + inImage(path))
        .replace(/(-[og]) \d+/g, (option) => (isRoot ? option : ''));
      execFileSync('sh', ['-c', command]);
    } else if (keyword === 'COPY') {
      const owner = /--chown=(\w+)/.exec(args)?.[1] ?? user;
      const destination = inImage(args.split(/\s+/).at(-1) ?? '.');
      if (!existsSync(destination)) {
        mkdirSync(destination, { recursive: true });
        asRootOwned(destination);
      }
      const copied = join(destination, 'apps');
      mkdirSync(join(copied, 'server/dist/compile-cache'), { recursive: true });
      if (isRoot) execFileSync('chown', ['-R', `${imageUser(owner)}`, copied]);
      else if (imageUser(owner) === 0) chmodSync(join(copied, 'server/dist/compile-cache'), 0o555);
    } else if (keyword === 'USER') {
      user = args;
    }
  }

  const writes = [
    `mkdir -p "${inImage(dataDir)}/attachments" "${inImage(dataDir)}/pglite"`,
    `echo attachment > "${inImage(dataDir)}/attachments/a.pdf"`,
    `echo cache > "${inImage(join(workdir, 'apps/server/dist/compile-cache'))}/chunk"`,
  ].join(' && ');
  const command = isRoot
    ? [
        'setpriv',
        `--reuid=${imageUser(user)}`,
        `--regid=${imageUser(user)}`,
        '--clear-groups',
        'sh',
        '-c',
        writes,
      ]
    : ['sh', '-c', writes];
  const [file = 'sh', ...rest] = command;
  return spawnSync(file, rest, { encoding: 'utf8' });
}

describe('the container image', () => {
  const stage = finalStage(dockerfile);
  const env = envOf(stage);

  it('runs as a user that is not root, with its data folder a declared volume', () => {
    const users = stage.filter((instruction) => instruction.keyword === 'USER');
    expect(users.length).toBeGreaterThan(0);
    expect(['root', '0', '']).not.toContain(users.at(-1)?.args);
    expect(env.DATA_DIR).toMatch(/^\//);
    expect(volumesOf(stage)).toContain(env.DATA_DIR);
  });

  it("lets that user write its data folder and the server's cache, replayed in a clean folder", () => {
    const result = replay(stage);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('would catch a WORKDIR created by root, where COPY --chown leaves the folder to root', () => {
    const withoutFolderStep = finalStage(dockerfile).filter(
      (instruction) => !(instruction.keyword === 'RUN' && /\binstall -d\b/.test(instruction.args)),
    );
    const result = replay(withoutFolderStep);
    expect(result.status).not.toBe(0);
    expect(result.stderr).toMatch(/Permission denied/);
  });

  it('builds from a small context: nothing installed, built, tested, secret or stored', () => {
    const ignored = readFileSync(join(root, '.dockerignore'), 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '' && !line.startsWith('#'));
    for (const entry of [
      '**/node_modules',
      '**/dist',
      '.git',
      'data',
      'coverage',
      '**/test-results',
      '**/playwright-report',
      '.env',
    ]) {
      expect(ignored).toContain(entry);
    }
  });

  it('keeps every piece of state of the compose stack on a named volume', () => {
    const compose = readFileSync(join(root, 'compose.yaml'), 'utf8');
    const declared = compose.slice(compose.search(/^volumes:/m));
    for (const [volume, path] of [
      ['portal-data', env.DATA_DIR],
      ['postgres-data', '/var/lib/postgresql/data'],
      ['mailpit-data', '/data'],
    ]) {
      expect(compose).toContain(`- ${volume}:${path}\n`);
      expect(declared).toContain(`  ${volume}:`);
    }
    expect(compose).toContain('MP_DATABASE: /data/');
  });
});
