import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { formatTextLine } from './format-text-line';
import { formatRfc3339, formatRfc3339Nano } from './format-timestamp';

const TIME = Date.parse('2026-01-02T03:04:05.000Z');

describe(formatTextLine.name, () => {
  it('quotes values the way logrus does (only when a character is outside [A-Za-z0-9-._/@^+])', () => {
    const line = formatTextLine({
      time: TIME,
      level: 'info',
      msg: 'a/b.c-d_e@f^g+h',
      path: '/srv/runtime_data/current',
      quote: 'say "hi"',
      empty: '',
      nothing: null,
      flag: true,
      nested: { a: 1 },
    });
    assert.equal(
      line,
      'time="2026-01-02T03:04:05Z" level=info msg=a/b.c-d_e@f^g+h empty= flag=true nested="{\\"a\\":1}" nothing=null path=/srv/runtime_data/current quote="say \\"hi\\""',
    );
  });

  it('renders a record that is missing level and msg', () => {
    assert.equal(formatTextLine({ time: TIME }), 'time="2026-01-02T03:04:05Z" level=info msg=');
  });
});

describe(formatRfc3339.name, () => {
  it('prints seconds precision in UTC', () => {
    assert.equal(formatRfc3339(Date.parse('2026-11-22T05:04:49.999Z')), '2026-11-22T05:04:49Z');
  });
});

describe(formatRfc3339Nano.name, () => {
  it('drops trailing zeros of the fraction, and the dot when nothing is left', () => {
    assert.equal(formatRfc3339Nano(Date.parse('2026-11-22T05:04:49.120Z')), '2026-11-22T05:04:49.12Z');
    assert.equal(formatRfc3339Nano(Date.parse('2026-11-22T05:04:49.123Z')), '2026-11-22T05:04:49.123Z');
    assert.equal(formatRfc3339Nano(Date.parse('2026-11-22T05:04:49.000Z')), '2026-11-22T05:04:49Z');
  });
});
