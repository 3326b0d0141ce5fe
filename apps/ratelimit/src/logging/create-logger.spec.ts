import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildLoggerModuleParams, buildPinoOptions, createLogger } from './create-logger';
import type { LogSettings } from '../settings/settings';

const NOW = Date.parse('2026-11-22T05:04:49.120Z');

function capture(log: LogSettings) {
  const lines: string[] = [];
  const sut = createLogger(log, { out: { write: (text: string) => lines.push(text) }, now: () => NOW });
  return { sut, lines };
}

describe(createLogger.name, () => {
  it('writes logrus text lines: time, level, msg, then sorted fields', () => {
    const { sut, lines } = capture({ level: 'info', format: 'text' });
    sut.warn('loading config');
    sut.info({ zone: 'a b', context: 'NestApplication', port: 8081 }, 'started');
    assert.deepEqual(lines, [
      'time="2026-11-22T05:04:49Z" level=warning msg="loading config"\n',
      'time="2026-11-22T05:04:49Z" level=info msg=started context=NestApplication port=8081 zone="a b"\n',
    ]);
  });

  it('writes one JSON object per line with @timestamp, @message and logrus level names', () => {
    const { sut, lines } = capture({ level: 'debug', format: 'json' });
    sut.warn('loading config');
    sut.error({ domain: 'rl' }, 'bad rules');
    assert.deepEqual(
      lines.map((line) => JSON.parse(line)),
      [
        { level: 'warning', '@timestamp': '2026-11-22T05:04:49.12Z', '@message': 'loading config' },
        { level: 'error', '@timestamp': '2026-11-22T05:04:49.12Z', domain: 'rl', '@message': 'bad rules' },
      ],
    );
    assert.ok(lines.every((line) => line.endsWith('}\n') && line.split('\n').length === 2));
  });

  it('drops lines below LOG_LEVEL (default warning)', () => {
    const { sut, lines } = capture({ level: 'warning', format: 'text' });
    sut.info('hidden');
    sut.debug('hidden');
    sut.error('shown');
    assert.deepEqual(lines, ['time="2026-11-22T05:04:49Z" level=error msg=shown\n']);
  });

  it('prints errors by their message in text mode', () => {
    const { sut, lines } = capture({ level: 'warning', format: 'text' });
    sut.error({ err: new Error('connection refused') }, 'store down');
    assert.deepEqual(lines, [
      'time="2026-11-22T05:04:49Z" level=error msg="store down" err="connection refused"\n',
    ]);
  });
});

describe(buildPinoOptions.name, () => {
  it('maps logrus levels to pino levels', () => {
    assert.equal(buildPinoOptions({ level: 'warning', format: 'text' }).level, 'warn');
    assert.equal(buildPinoOptions({ level: 'panic', format: 'json' }).level, 'fatal');
    assert.equal(buildPinoOptions({ level: 'trace', format: 'json' }).level, 'trace');
  });
});

describe(buildLoggerModuleParams.name, () => {
  it('reuses the given logger and turns request auto-logging off', () => {
    const { sut } = capture({ level: 'info', format: 'json' });
    assert.deepEqual(buildLoggerModuleParams(sut), {
      pinoHttp: { logger: sut, autoLogging: false, quietReqLogger: true },
    });
  });
});
