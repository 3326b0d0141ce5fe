import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, it } from 'node:test';
import { readFixture } from '../../test/fixture-files';
import { CheckWorker } from './check-worker';
import { startWorker, stoppedError } from './run-rules-worker';
import type { WorkerJob } from './worker-messages';

const OPTIONS = { mergeDomainConfigs: false };
const check = (text: string): WorkerJob => ({ type: 'check', text, sourceName: 'p.yaml', options: OPTIONS });

/** A CheckWorker over real worker processes, keeping every process it started. */
function checkWorker(limits = { idleMs: 60_000, retireRssBytes: 1024 ** 3 }) {
  const started: ChildProcess[] = [];
  const worker = new CheckWorker(() => started[started.push(startWorker()) - 1]!, stoppedError, limits);
  const stopAll = () => started.forEach((child) => child.kill('SIGKILL'));
  return { worker, started, stopAll };
}

describe(CheckWorker.name, () => {
  it('answers checks one after the other on one process', async () => {
    const { worker, started, stopAll } = checkWorker();
    try {
      const replies = await Promise.all(
        [readFixture('basic_config.yaml'), 'domain: [', readFixture('basic_config.yaml')].map((text) =>
          worker.run(check(text)),
        ),
      );
      assert.deepEqual(
        replies.map((reply) => reply.type === 'checked' && reply.errorCount),
        [0, 1, 0],
      );
      assert.equal(started.length, 1);
    } finally {
      stopAll();
    }
  });

  it('ends an idle worker, and starts a new one for the next check', async () => {
    const { worker, started, stopAll } = checkWorker({ idleMs: 50, retireRssBytes: 1024 ** 3 });
    try {
      await worker.run(check(readFixture('basic_config.yaml')));
      await sleep(300);
      assert.notEqual(started[0]!.signalCode ?? started[0]!.exitCode, null, 'the idle worker ended');
      await worker.run(check(readFixture('basic_config.yaml')));
      assert.equal(started.length, 2);
    } finally {
      stopAll();
    }
  });

  it('ends a worker that grew past the memory bound after its check', async () => {
    const { worker, started, stopAll } = checkWorker({ idleMs: 60_000, retireRssBytes: 1 });
    try {
      await worker.run(check(readFixture('basic_config.yaml')));
      await worker.run(check(readFixture('basic_config.yaml')));
      assert.equal(started.length, 2);
    } finally {
      stopAll();
    }
  });

  it('fails only the check whose worker died; the queued check gets a new worker', async () => {
    const { worker, started, stopAll } = checkWorker();
    try {
      const first = worker.run(check(readFixture('alias_bomb.yaml')));
      const second = worker.run(check(readFixture('basic_config.yaml')));
      started[0]!.kill('SIGKILL');
      await assert.rejects(first, {
        message: 'the rules worker stopped (signal SIGKILL); its heap is limited to 2048 MiB',
      });
      const answer = await second;
      assert.equal(answer.type === 'checked' && answer.errorCount, 0);
      assert.equal(started.length, 2);
    } finally {
      stopAll();
    }
  });
});
