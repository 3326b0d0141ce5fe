import { describe, it, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import type { RawDomainConfig } from './raw-domain-config';
import { RuleRegistry, type RuleLoadEvent } from './rule-registry';
import type { RuleSource } from './sources/rule-source';

/** A source driven by the test: deliver() / failWith() simulate loads. */
class ScriptedSource implements RuleSource {
  deliver: (configs: RawDomainConfig[], warnings?: readonly string[], version?: string) => Error | void =
    () => undefined;
  failWith: (error: Error) => void = () => undefined;
  isStarted = false;
  reloads = 0;

  async start(
    onConfigs: (configs: RawDomainConfig[], warnings?: readonly string[], version?: string) => Error | void,
    onError: (error: Error) => void,
  ) {
    this.deliver = onConfigs;
    this.failWith = onError;
    this.isStarted = true;
  }
  async stop() {
    this.isStarted = false;
  }
  reload() {
    this.reloads++;
  }
}

const good = (limit: number): RawDomainConfig[] => [
  {
    sourceName: 'config.a.yaml',
    domain: 'a',
    descriptors: [{ key: 'k', rateLimit: { unit: 'second', requestsPerUnit: limit } }],
  },
  { sourceName: 'config.b.yaml', domain: 'b' },
];
const bad: RawDomainConfig[] = [{ sourceName: 'config.bad.yaml', domain: '' }];
const limitOf = (sut: RuleRegistry) =>
  sut.snapshot?.findLimit('a', { entries: [{ key: 'k', value: 'v' }] })?.rule.requestsPerUnit;

describe(RuleRegistry.name, () => {
  let source: ScriptedSource;
  let sut: RuleRegistry;
  let events: RuleLoadEvent[];

  beforeEach(async () => {
    source = new ScriptedSource();
    sut = new RuleRegistry(source, { mergeDomainConfigs: false });
    events = [];
    sut.subscribe((event) => events.push(event));
    await sut.start();
  });

  it('has no snapshot before the first load', () => {
    assert.equal(sut.snapshot, undefined);
    assert.equal(sut.lastEvent, undefined);
  });

  it('swaps in each good load and reports counts', () => {
    assert.equal(source.deliver(good(5)), undefined);
    assert.equal(limitOf(sut), 5);
    source.deliver(good(7));
    assert.equal(limitOf(sut), 7);
    assert.deepEqual(
      events.map((event) => event.ok && [event.domainCount, event.configCount]),
      [
        [2, 2],
        [2, 2],
      ],
    );
  });

  it('reports the xDS version of a load, and none for files', () => {
    source.deliver(good(5), [], 'v7');
    source.deliver(good(6));
    assert.deepEqual(
      events.map((event) => event.ok && event.version),
      ['v7', undefined],
    );
  });

  it('keeps the last good snapshot when a load fails to compile, and returns the error', () => {
    source.deliver(good(5));
    const before = sut.snapshot;
    const error = source.deliver(bad);
    assert.equal(error?.message, 'config.bad.yaml: config file cannot have empty domain');
    assert.equal(sut.snapshot, before);
    assert.deepEqual(sut.lastEvent, {
      ok: false,
      error,
      message: 'config.bad.yaml: config file cannot have empty domain',
    });
  });

  it('reports source errors (e.g. a YAML syntax error) without touching the snapshot', () => {
    source.deliver(good(5));
    source.failWith(new Error('config.x.yaml: error loading config file: boom'));
    assert.equal(limitOf(sut), 5);
    assert.deepEqual(
      events.map((event) => (event.ok ? 'ok' : event.message)),
      ['ok', 'config.x.yaml: error loading config file: boom'],
    );
  });

  it('resolves firstLoad with the first attempt, also for late callers', async () => {
    const pending = sut.firstLoad();
    source.failWith(new Error('first'));
    assert.equal(((await pending) as { message: string }).message, 'first');
    source.deliver(good(1));
    assert.equal(((await sut.firstLoad()) as { ok: boolean }).ok, true);
  });

  it('stops notifying after unsubscribe, and survives a throwing listener', () => {
    const unsubscribe = sut.subscribe(() => {
      throw new Error('listener bug');
    });
    source.deliver(good(1));
    unsubscribe();
    source.deliver(good(2));
    assert.equal(events.length, 2);
    assert.equal(limitOf(sut), 2);
  });

  it('merges domains across configs when configured', () => {
    const merging = new RuleRegistry(source, { mergeDomainConfigs: true });
    const twice = [...good(1), { sourceName: 'config.c.yaml', domain: 'a', descriptors: [{ key: 'other' }] }];
    assert.equal(merging.apply(twice).ok, true);
    assert.equal(sut.apply(twice).ok, false);
  });

  it('reports a source that cannot start as a failed load', async () => {
    const broken: RuleSource = {
      start: async () => {
        throw new Error('cannot watch /srv/runtime_data');
      },
      stop: async () => undefined,
    };
    const failing = new RuleRegistry(broken, { mergeDomainConfigs: false });
    await assert.rejects(failing.start(), /cannot watch/);
    assert.equal(
      failing.lastEvent?.ok === false && failing.lastEvent.message,
      'cannot watch /srv/runtime_data',
    );
  });

  it('forwards reload and stop to the source', async () => {
    sut.reload();
    assert.equal(source.reloads, 1);
    await sut.stop();
    assert.equal(source.isStarted, false);
  });
});
