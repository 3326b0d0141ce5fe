import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseSettingsOrExit, type ExitIo } from './parse-settings-or-exit';

class ExitCalled extends Error {
  constructor(readonly code: number) {
    super(`exit ${code}`);
  }
}

function fakeIo() {
  const written: string[] = [];
  const io: ExitIo = {
    writeError: (text) => written.push(text),
    exit: (code) => {
      throw new ExitCalled(code);
    },
  };
  return { io, written };
}

describe(parseSettingsOrExit.name, () => {
  it('returns the settings when the environment is valid', () => {
    const { io, written } = fakeIo();
    assert.equal(parseSettingsOrExit({ PORT: '9000' }, io).server.port, 9000);
    assert.deepEqual(written, []);
  });

  it('prints every problem to stderr and exits 1', () => {
    const { io, written } = fakeIo();
    assert.throws(() => parseSettingsOrExit({ PORT: 'x', LOG_FORMAT: 'xml' }, io), new ExitCalled(1));
    assert.deepEqual(written, [
      'invalid settings:\nPORT=x: invalid integer\nLOG_FORMAT=xml: must be one of text, json\n',
    ]);
  });
});
