import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Test } from '@nestjs/testing';
import type { RuleRegistry } from './rule-registry';
import { RULE_REGISTRY, RulesModule } from './rules.module';

function rulesDirectory(): string {
  const root = mkdtempSync(join(tmpdir(), 'rules-module-'));
  mkdirSync(join(root, 'config'));
  writeFileSync(
    join(root, 'config', 'a.yaml'),
    'domain: a\ndescriptors:\n  - key: k\n    rate_limit: {unit: hour, requests_per_unit: 9}\n',
  );
  return root;
}

function testingModule(root: string, waitForInitialRules?: boolean) {
  const source = {
    type: 'file',
    runtimeRoot: root,
    runtimeSubdirectory: '',
    runtimeAppDirectory: 'config',
    ignoreDotFiles: true,
    watchRoot: false,
    mergeDomainConfigs: false,
  } as const;
  return Test.createTestingModule({
    imports: [RulesModule.forRoot({ source, waitForInitialRules })],
  }).compile();
}

const limitOf = (registry: RuleRegistry) =>
  registry.snapshot?.findLimit('a', { entries: [{ key: 'k', value: 'v' }] })?.rule.requestsPerUnit;

describe(RulesModule.name, () => {
  it('provides RULE_REGISTRY, loads the rules on init and stops the source on close', async () => {
    const root = rulesDirectory();
    try {
      const moduleRef = await testingModule(root);
      const sut = moduleRef.get<RuleRegistry>(RULE_REGISTRY);
      assert.equal(sut.snapshot, undefined);

      await moduleRef.init();
      assert.equal(limitOf(sut), 9);
      assert.deepEqual(await sut.firstLoad(), sut.lastEvent);

      await moduleRef.close();
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('can start without waiting for the rules (FORCE_START_WITHOUT_INITIAL_CONFIG)', async () => {
    const root = rulesDirectory();
    try {
      const moduleRef = await testingModule(root, false);
      const sut = moduleRef.get<RuleRegistry>(RULE_REGISTRY);
      await moduleRef.init();
      assert.equal((await sut.firstLoad()).ok, true);
      assert.equal(limitOf(sut), 9);
      await moduleRef.close();
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
