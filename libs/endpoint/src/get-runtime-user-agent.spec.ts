import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_USER_AGENT } from './defaults';
import { getRuntimeUserAgent } from './get-runtime-user-agent';

const sut = getRuntimeUserAgent;

describe(getRuntimeUserAgent.name, () => {
  it("uses the browser's navigator.userAgent where process.versions.node is not set", () => {
    const global = { navigator: { userAgent: 'Mozilla/5.0 Test' }, process: { versions: {} } };
    assert.equal(sut(global), 'Mozilla/5.0 Test');
    assert.equal(sut({ navigator: { userAgent: 'Mozilla/5.0 Test' } }), 'Mozilla/5.0 Test');
  });

  it('describes Node.js in Node, whose own navigator (Node 21+) names only the major version', () => {
    const node = { version: 'v24.21.0', versions: { node: '24.21.0' }, platform: 'linux', arch: 'x64' };
    assert.equal(
      sut({ navigator: { userAgent: 'Node.js/24' }, process: node }),
      'Node.js/24.21.0 (linux; x64)',
    );
  });

  it('describes Node.js when there is no navigator.userAgent', () => {
    const process = { versions: { node: '20.20.2' }, platform: 'linux', arch: 'x64' };
    assert.equal(sut({ navigator: {}, process }), 'Node.js/20.20.2 (linux; x64)');
    assert.equal(sut({ navigator: null, process }), 'Node.js/20.20.2 (linux; x64)');
  });

  it('says <environment undetectable> otherwise', () => {
    assert.equal(sut({}), '<environment undetectable>');
    assert.equal(sut({ process: null }), '<environment undetectable>');
    assert.equal(sut({ process: {} }), '<environment undetectable>');
    assert.equal(sut({ navigator: {}, process: { versions: {} } }), '<environment undetectable>');
  });

  it('reads the real globals by default', () => {
    assert.equal(sut(), `Node.js/${process.version.slice(1)} (${process.platform}; ${process.arch})`);
  });

  it('makes the default user-agent <package name as a token>/<version> <runtime>, like the reference', () => {
    assert.match(
      DEFAULT_USER_AGENT,
      /^repo-endpoint\.js\/\d+\.\d+\.\d+ Node\.js\/\d+\.\d+\.\d+ \(\w+; \w+\)$/,
    );
  });
});
