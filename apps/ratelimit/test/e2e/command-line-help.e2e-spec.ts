// `-h` and `-help` on every command-line tool of package.json's bin, run as users run them: the
// usage on the terminal and exit 0, as Go's flag package does for the reference's tools; `-version`
// and `--version` on the service and the client: the release of package.json.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { repoRoot } from '@repo/test-support';

const PACKAGE_VERSION = (
  JSON.parse(readFileSync(join(repoRoot(), 'package.json'), 'utf8')) as { version: string }
).version;

const TOOLS = [
  { bin: 'ratelimit', usage: /^usage: ratelimit\n/ },
  { bin: 'ratelimit-client', usage: /^usage: ratelimit-client \[flags\]\n/ },
  { bin: 'ratelimit-config-check', usage: /^usage: ratelimit-config-check -config_dir DIR/ },
];

describe('command-line tools: -h and -help', () => {
  for (const { bin, usage } of TOOLS)
    for (const flag of ['-h', '-help'])
      it(`${bin} ${flag} prints the usage and exits 0`, () => {
        const run = spawnSync(process.execPath, [join(repoRoot(), 'bin', `${bin}.js`), flag], {
          encoding: 'utf8',
          timeout: 20_000,
        });
        assert.equal(run.status, 0, run.stderr);
        assert.match(run.stdout + run.stderr, usage);
      });

  for (const { bin } of TOOLS.slice(0, 2))
    for (const flag of ['-version', '--version'])
      it(`${bin} ${flag} prints the release and exits 0`, () => {
        const run = spawnSync(process.execPath, [join(repoRoot(), 'bin', `${bin}.js`), flag], {
          encoding: 'utf8',
          timeout: 20_000,
        });
        assert.equal(run.status, 0, run.stderr);
        assert.equal(run.stdout, `${bin} ${PACKAGE_VERSION}\n`);
      });
});
