// Rule files going wrong under load (docs/rules.md, envoyproxy/ratelimit#367): a bad file, a file
// caught half-written, and the whole rules directory deleted. The last good rules stay in force,
// each failed load counts config_load_error, and no request fails meanwhile.
import assert from 'node:assert/strict';
import { appendFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { waitFor } from '@repo/test-support';
import { createRulesDir, type RulesDir } from '../../load/rules-dir';
import { rlsRequest } from '../../load/rls-client';
import { startLoad, summarize, waitForCalls, type CallRecord } from './closed-loop-load';
import { reportFigure, startFaultService, type FaultService } from './fault-service';

const MAIN_RULES = `
domain: rules
descriptors:
  - key: client
    rate_limit: { unit: hour, requests_per_unit: 777 }
`;
const OTHER_HALF =
  'domain: other\ndescriptors:\n  - key: k\n    rate_limit: { unit: hour, requests_per_unit: 4';
const OTHER_REST = '2 }\n';
const LOAD_ERROR = 'ratelimit.service.config_load_error';
const LOAD_SUCCESS = 'ratelimit.service.config_load_success';

/** The decision came from the rules in force before the faults: limit 777 per hour. */
const usedGoodRules = (record: CallRecord) =>
  record.outcome.code === 'OK' && record.outcome.response?.statuses[0]?.currentLimit?.requestsPerUnit === 777;

describe('rule file faults under load', () => {
  let rules: RulesDir;
  let service: FaultService;

  before(async () => {
    rules = createRulesDir({ 'main.yaml': MAIN_RULES });
    service = await startFaultService({ ...rules.env, BACKEND_TYPE: 'memory' });
  });
  after(async () => {
    await service?.stop();
  });

  const stat = async (name: string) => (await service.stats()).get(name) ?? 0;
  const waitForStat = async (name: string, above: number, description: string) =>
    waitFor(async () => (await stat(name)) > above, { timeoutMs: 15_000, description });
  const limitOf = async (domain: string, key: string) =>
    (await service.grpc.call(rlsRequest(domain, [[key, 'x']]))).response?.statuses[0]?.currentLimit
      ?.requestsPerUnit;

  // Longer than 40 lines on purpose: one load runs through all three faults, each starting from
  // the rules the previous one left in force.
  it('keeps the last good rules through a bad file, a half-written file and a deleted directory', async (t) => {
    const load = startLoad(
      {
        client: service.grpc,
        inFlight: 16,
        request: (n) => rlsRequest('rules', [['client', `c${n % 100}`]]),
      },
      t,
    );
    await waitForCalls(load, 500);
    const errorsBefore = await stat(LOAD_ERROR);

    // 1. A file that is not YAML.
    rules.write('bad.yaml', 'domain: [unclosed\n');
    await waitForStat(LOAD_ERROR, errorsBefore, 'config_load_error after a bad file');
    let successes = await stat(LOAD_SUCCESS);
    rules.remove('bad.yaml');
    await waitForStat(LOAD_SUCCESS, successes, 'a good load once the bad file is gone');

    // 2. A file caught half-written (written in place, not renamed), then completed.
    const halfWritten = join(rules.path, 'other.yaml');
    const errorsBeforeHalf = await stat(LOAD_ERROR);
    writeFileSync(halfWritten, OTHER_HALF);
    await waitForStat(LOAD_ERROR, errorsBeforeHalf, 'config_load_error for the half-written file');
    appendFileSync(halfWritten, OTHER_REST);
    await waitFor(async () => (await limitOf('other', 'k')) === 42, {
      timeoutMs: 15_000,
      description: 'the completed file in force',
    });

    // 3. The whole rules directory deleted, then restored.
    const errorsBeforeDelete = await stat(LOAD_ERROR);
    rmSync(rules.path, { recursive: true, force: true });
    await waitForStat(LOAD_ERROR, errorsBeforeDelete, 'config_load_error for the deleted directory');
    await waitForCalls(load, 500);
    assert.equal(await limitOf('other', 'k'), 42, 'the rules of the deleted files are still in force');
    successes = await stat(LOAD_SUCCESS);
    mkdirSync(rules.path, { recursive: true });
    rules.write('main.yaml', MAIN_RULES);
    await waitForStat(LOAD_SUCCESS, successes, 'a good load once the directory is back');
    await waitFor(async () => (await limitOf('other', 'k')) === undefined, {
      timeoutMs: 15_000,
      description: 'the restored directory (without other.yaml) in force',
    });
    await waitForCalls(load, 500);
    const records = await load.stop();

    const errors = (await stat(LOAD_ERROR)) - errorsBefore;
    reportFigure(t, 'rule_faults.calls', summarize(records));
    reportFigure(t, 'rule_faults.config_load_errors', errors);
    assert.equal(
      records.filter((record) => !usedGoodRules(record)).length,
      0,
      'every call used the good rules',
    );
    assert.ok(errors >= 3, `config_load_error counted ${errors}`);
    assert.ok(service.isAlive());
    assert.equal(await service.health(), 200);
  });
});
