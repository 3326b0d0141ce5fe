import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { issuesOf } from '../../test/support/settings-error-of';
import { parseSettings } from './settings';

describe('debug (DEBUG_HOST, DEBUG_PORT, CONSOLE_ENABLED, CONSOLE_ALLOWED_HOSTS)', () => {
  it('reads them all', () => {
    const env = {
      DEBUG_HOST: 'localhost',
      DEBUG_PORT: '7000',
      CONSOLE_ENABLED: 'false',
      CONSOLE_ALLOWED_HOSTS: 'RL.Ops.Example, rl-debug:6070,[fd00::1]:6070',
    };
    assert.deepEqual(parseSettings(env).debug, {
      host: 'localhost',
      port: 7000,
      isConsoleEnabled: false,
      allowedHosts: ['rl.ops.example', 'rl-debug:6070', '[fd00::1]:6070'],
    });
  });

  it('has the console on by default and no extra allowed host', () => {
    assert.equal(parseSettings({}).debug.isConsoleEnabled, true);
    assert.deepEqual(parseSettings({}).debug.allowedHosts, []);
  });

  it('refuses an allowed host with a scheme or a path', () => {
    assert.deepEqual(issuesOf({ CONSOLE_ALLOWED_HOSTS: 'ok.example,http://rl.example/' }), [
      "CONSOLE_ALLOWED_HOSTS=ok.example,http://rl.example/: 'http://rl.example/' is not a host name or host:port (no scheme, no path)",
    ]);
  });
});
