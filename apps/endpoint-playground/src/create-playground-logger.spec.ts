import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createPlaygroundLogger, nestLoggerFor } from './create-playground-logger';

function capture() {
  const lines: string[] = [];
  const sut = createPlaygroundLogger({ write: (line: string) => lines.push(line) });
  return { sut, lines };
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe(createPlaygroundLogger.name, () => {
  it('writes one JSON object a line with a level name, an ISO time and msg, without pid or hostname', () => {
    const { sut, lines } = capture();
    sut.info({ port: 3000 }, 'listening');
    assert.equal(lines.length, 1);
    assert.ok(lines[0].endsWith('}\n'));
    const { time, ...record } = JSON.parse(lines[0]) as { time: string };
    assert.match(time, ISO_TIME);
    assert.deepEqual(record, { level: 'info', port: 3000, msg: 'listening' });
  });
});

describe(nestLoggerFor.name, () => {
  it("writes Nest's messages with their context, no colour codes", () => {
    const { sut, lines } = capture();
    nestLoggerFor(sut).log('Mapped {/api/endpoint, POST} route', 'RouterExplorer');
    const { time: _time, ...record } = JSON.parse(lines[0]) as { time: string };
    assert.deepEqual(record, {
      level: 'info',
      context: 'RouterExplorer',
      msg: 'Mapped {/api/endpoint, POST} route',
    });
    assert.doesNotMatch(lines[0], new RegExp(String.fromCharCode(27)));
  });
});
