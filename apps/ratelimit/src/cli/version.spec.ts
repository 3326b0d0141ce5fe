import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { isVersionRequest, RATELIMIT_VERSION, versionLine } from './version';

describe(isVersionRequest.name, () => {
  it('reads -version and --version anywhere, as Go flags do, and nothing else', () => {
    assert.equal(isVersionRequest(['-version']), true);
    assert.equal(isVersionRequest(['--version']), true);
    assert.equal(isVersionRequest(['-domain', 'rl', '-version']), true);
    assert.deepEqual(
      [[], ['-v'], ['version'], ['---version'], ['-version=true'], ['-versions']].map(isVersionRequest),
      [false, false, false, false, false, false],
    );
  });
});

describe(versionLine.name, () => {
  it('names the command and the release', () => {
    assert.equal(versionLine('ratelimit-client'), `ratelimit-client ${RATELIMIT_VERSION}`);
    assert.match(RATELIMIT_VERSION, /^\d+\.\d+\.\d+$/);
  });
});
