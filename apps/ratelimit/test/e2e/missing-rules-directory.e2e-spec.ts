// A rules directory that does not exist (on a laptop, the default RUNTIME_ROOT
// /srv/runtime_data/current): the service starts, as the reference does, and allows every
// request, but says so at the default log level and on /rlconfig.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { scratchDir } from '@repo/test-support';
import { startServiceProcess, waitUntilHealthy, type ServiceProcess } from '../../load/start-service-process';

describe('a rules directory that does not exist', () => {
  let service: ServiceProcess | undefined;
  after(() => service?.kill());

  it('is named in a warning at start-up and on /rlconfig; requests are allowed', async () => {
    const root = join(scratchDir('missing-rules'), 'current');
    service = await startServiceProcess({ RUNTIME_ROOT: root, RUNTIME_SUBDIRECTORY: 'ratelimit' });
    await waitUntilHealthy(service);
    const warning = `rules directory ${root} does not exist: no rules are loaded, every request is allowed`;
    assert.ok(service.output().includes(`level=warning msg="${warning}"`), service.output());
    const rlconfig = await (await fetch(`http://127.0.0.1:${service.debugPort}/rlconfig`)).text();
    assert.equal(rlconfig, `warning: ${warning}\n`);
    const body = JSON.stringify({ domain: 'rl', descriptors: [{ entries: [{ key: 'k', value: 'v' }] }] });
    const answer = await fetch(`http://127.0.0.1:${service.httpPort}/json`, { method: 'POST', body });
    assert.equal(answer.status, 200);
    assert.deepEqual(await answer.json(), { overallCode: 'OK', statuses: [{ code: 'OK' }] });
  });
});
