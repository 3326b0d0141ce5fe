import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parsePlaygroundSettings, PlaygroundSettingsError } from './settings';

describe(parsePlaygroundSettings.name, () => {
  describe('PLAYGROUND_PORT', () => {
    it('defaults to 3000, also when empty', () => {
      assert.equal(parsePlaygroundSettings({}).port, 3000);
      assert.equal(parsePlaygroundSettings({ PLAYGROUND_PORT: '' }).port, 3000);
    });

    it('takes 0 (any free port) to 65535', () => {
      assert.equal(parsePlaygroundSettings({ PLAYGROUND_PORT: '0' }).port, 0);
      assert.equal(parsePlaygroundSettings({ PLAYGROUND_PORT: ' 8080 ' }).port, 8080);
      assert.equal(parsePlaygroundSettings({ PLAYGROUND_PORT: '65535' }).port, 65535);
    });

    for (const value of ['abc', '65536', '-1', '80.5', '1e3', '0x50', '123456']) {
      it(`rejects ${value}`, () => {
        assert.throws(
          () => parsePlaygroundSettings({ PLAYGROUND_PORT: value }),
          new PlaygroundSettingsError([`PLAYGROUND_PORT=${value}: must be a whole number from 0 to 65535`]),
        );
      });
    }
  });

  describe('PLAYGROUND_HOST', () => {
    it('defaults to 0.0.0.0, also when empty', () => {
      assert.equal(parsePlaygroundSettings({}).host, '0.0.0.0');
      assert.equal(parsePlaygroundSettings({ PLAYGROUND_HOST: ' ' }).host, '0.0.0.0');
    });

    it('takes a host name or address', () => {
      assert.equal(parsePlaygroundSettings({ PLAYGROUND_HOST: '127.0.0.1' }).host, '127.0.0.1');
      assert.equal(parsePlaygroundSettings({ PLAYGROUND_HOST: '::' }).host, '::');
    });
  });

  it('lists every problem in one error and returns frozen settings', () => {
    assert.throws(() => parsePlaygroundSettings({ PLAYGROUND_PORT: 'http', PLAYGROUND_HOST: 'a b' }), {
      name: 'PlaygroundSettingsError',
      message:
        'invalid endpoint playground settings:\n' +
        '  PLAYGROUND_PORT=http: must be a whole number from 0 to 65535\n' +
        '  PLAYGROUND_HOST=a b: must be a host name or IP address without spaces',
    });
    assert.ok(Object.isFrozen(parsePlaygroundSettings({})));
  });
});
