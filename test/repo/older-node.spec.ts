// What a machine with a Node older than 24 (the ones here have 20) sees, for the commands a
// newcomer types: npm and npx run from that Node, the project's own code on the bundled Node 24
// (docs/development.md, "Node"). Skipped where no older Node is on PATH.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { describe, it } from 'node:test';
import { repoRoot, scratchDir } from '@repo/test-support';

const ROOT = repoRoot();
/** PATH without node_modules/.bin, where `node` is the bundled Node 24: what a terminal has. */
const MACHINE_PATH = (process.env.PATH ?? '')
  .split(delimiter)
  .filter((folder) => !folder.endsWith('node_modules/.bin'))
  .join(delimiter);

function machineNodeMajor(): number | undefined {
  const run = spawnSync('node', ['-p', 'process.versions.node'], {
    encoding: 'utf8',
    env: { PATH: MACHINE_PATH },
  });
  return run.status === 0 ? Number(run.stdout.split('.')[0]) : undefined;
}

const major = machineNodeMajor();
const skip =
  major === undefined || major >= 24
    ? `the machine's Node is ${major ?? 'missing'}, not older than 24`
    : false;

function run(command: string, args: readonly string[], cwd = ROOT) {
  return spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    timeout: 60_000,
    env: { PATH: MACHINE_PATH, HOME: process.env.HOME },
  });
}

describe('on a machine whose Node is older than 24', { skip }, () => {
  it('npx ratelimit-* prints no EBADENGINE warning (devEngines in package.json)', () => {
    for (const bin of ['ratelimit-client', 'ratelimit-config-check', 'ratelimit']) {
      const result = run('npx', ['--no', bin, '-h']);
      assert.equal(result.status, 0, result.stderr);
      assert.doesNotMatch(result.stderr, /EBADENGINE|npm warn/, bin);
    }
  });

  it('a command of bin/ started by that Node runs on the bundled Node 24', () => {
    const script = `if (require(${JSON.stringify(join(ROOT, 'bin/supported-node.js'))}).isOnSupportedNode()) process.stdout.write(process.version)`;
    const result = run('node', ['-e', script]);
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.stdout, /^v24\./);
  });

  it('npm start after a production-only install says in one line what to run, and exits 1', () => {
    const dir = productionOnlyCopy();
    const result = run('npm', ['start', '--silent'], dir);
    assert.equal(result.status, 1, result.stdout + result.stderr);
    assert.equal(
      result.stderr,
      'npm start builds from source and needs the devDependencies, but esbuild is not installed ' +
        '(a production-only install, npm ci --omit=dev?): run `npm ci`, then `npm start` again\n',
    );
  });
});

/**
 * package.json and scripts/ in a scratch folder whose node_modules has the packages installed
 * here except the devDependencies: what `npm ci --omit=dev` leaves, without the network.
 */
function productionOnlyCopy(): string {
  const dir = scratchDir('production-install');
  const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    devDependencies: Record<string, string>;
  };
  const devOnly = new Set(Object.keys(manifest.devDependencies));
  spawnSync('cp', ['-r', join(ROOT, 'package.json'), join(ROOT, 'scripts'), join(ROOT, 'bin'), dir]);
  const modules = join(ROOT, 'node_modules');
  for (const name of readdirSync(modules)) {
    if (name.startsWith('.')) continue;
    const packages = name.startsWith('@')
      ? readdirSync(join(modules, name)).map((scoped) => `${name}/${scoped}`)
      : [name];
    for (const pkg of packages.filter((candidate) => !devOnly.has(candidate))) {
      mkdirSync(join(dir, 'node_modules', pkg, '..'), { recursive: true });
      symlinkSync(join(modules, pkg), join(dir, 'node_modules', pkg));
    }
  }
  return dir;
}
