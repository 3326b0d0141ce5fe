// `npm run helm -- <args>` runs the Helm the repository ships (scripts/helm.mjs), in the folder
// the command is typed in, and exits with Helm's status.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { helmBinary, helmUnavailableReason } from './support/helm';
import { repoRoot } from './support/repo-root';

function npmRunHelm(args: readonly string[], cwd: string) {
  return spawnSync('npm', ['run', '--silent', 'helm', '--', ...args], {
    cwd,
    encoding: 'utf8',
    timeout: 60_000,
  });
}

describe('npm run helm', { skip: helmUnavailableReason() }, () => {
  it('runs the shipped Helm 4.1.4 and exits 0', () => {
    helmBinary(); // unzip installed where the test setup may install it
    const result = npmRunHelm(['version', '--short'], repoRoot());
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.stdout, /^v4\.1\.4\+g[0-9a-f]+\n$/);
  });

  it('resolves relative paths from the folder it is typed in, and passes on Helm exit status', () => {
    const lint = npmRunHelm(['lint', 'ratelimit'], join(repoRoot(), 'docker/helm'));
    assert.equal(lint.status, 0, lint.stderr);
    assert.match(lint.stdout, /1 chart\(s\) linted, 0 chart\(s\) failed/);
    const missing = npmRunHelm(['lint', 'no-such-chart'], join(repoRoot(), 'docker/helm'));
    assert.equal(missing.status, 1);
    assert.match(missing.stdout + missing.stderr, /no-such-chart/);
  });
});
