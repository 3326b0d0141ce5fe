// One release number everywhere it is written: package.json (and its lockfile), CHANGELOG.md's
// latest release, the Helm chart's appVersion, the image's default label, and what
// `ratelimit -version` and `ratelimit-client -version` print (the compiled tree; the e2e test of
// the command-line tools runs them through bin/).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { parse } from 'yaml';
import { repoRoot } from '@repo/test-support';

const ROOT = repoRoot();
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const { version } = JSON.parse(read('package.json')) as { version: string };
/** The compiled tree: <dist>-dev/test/repo -> <dist>-dev/apps/ratelimit/src. */
const SRC = join(__dirname, '..', '..', 'apps', 'ratelimit', 'src');

describe('the release number', () => {
  it('is a semantic version, and package-lock.json says the same', () => {
    assert.match(version, /^\d+\.\d+\.\d+$/);
    const lock = JSON.parse(read('package-lock.json')) as {
      version: string;
      packages: Record<string, { version?: string }>;
    };
    assert.deepEqual([lock.version, lock.packages[''].version], [version, version]);
  });

  it("is CHANGELOG.md's latest release, below an Unreleased section", () => {
    const headings = [...read('CHANGELOG.md').matchAll(/^## \[([^\]]+)\](?: - (\d{4}-\d{2}-\d{2}))?$/gm)];
    assert.equal(headings[0]?.[1], 'Unreleased');
    assert.equal(headings[1]?.[1], version);
    assert.match(headings[1]?.[2] ?? '', /^\d{4}-\d{2}-\d{2}$/);
  });

  it("is the Helm chart's appVersion, and the chart has a version of its own", () => {
    const chart = parse(read('docker/helm/ratelimit/Chart.yaml')) as { version: string; appVersion: string };
    assert.equal(chart.appVersion, version);
    assert.match(chart.version, /^\d+\.\d+\.\d+$/);
  });

  it("is the image's default version label", () => {
    assert.match(
      read('docker/Dockerfile'),
      new RegExp(`^ARG VERSION=${version.replaceAll('.', '\\.')}$`, 'm'),
    );
  });

  for (const [command, file] of [
    ['ratelimit', join(SRC, 'main.js')],
    ['ratelimit-client', join(SRC, 'cli', 'ratelimit-client.js')],
  ] as const)
    for (const flag of ['-version', '--version'])
      it(`is what ${command} ${flag} prints, exiting 0`, () => {
        const run = spawnSync(process.execPath, [file, flag], { encoding: 'utf8', timeout: 20_000, env: {} });
        assert.deepEqual([run.status, run.stdout, run.stderr], [0, `${command} ${version}\n`, '']);
      });
});
