import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isHelpRequest, SERVICE_USAGE } from './service-usage';

describe(isHelpRequest.name, () => {
  it('reads -h, -help, --h and --help anywhere in the arguments, as Go flag does', () => {
    for (const argv of [['-h'], ['-help'], ['--help'], ['--h'], ['x', '-h']])
      assert.ok(isHelpRequest(argv), argv.join(' '));
  });

  it('ignores other arguments (the service takes none)', () => {
    for (const argv of [[], ['-hx'], ['help'], ['-config_dir', 'd']])
      assert.equal(isHelpRequest(argv), false, argv.join(' '));
  });

  it('names the settings a first run needs', () => {
    assert.match(SERVICE_USAGE, /^usage: ratelimit\n/);
    for (const name of ['BACKEND_TYPE', 'REDIS_URL', 'RUNTIME_ROOT', 'GRPC_PORT', 'LOG_LEVEL'])
      assert.ok(SERVICE_USAGE.includes(name), name);
  });
});
