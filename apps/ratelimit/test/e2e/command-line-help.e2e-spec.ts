// `-h` and `-help` on every command-line tool of package.json's bin, run as users run them: the
// usage on the terminal and exit 0, as Go's flag package does for the reference's tools.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { repoRoot } from '@repo/test-support';

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
});
