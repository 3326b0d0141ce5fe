import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, it } from 'node:test';
import { manyLimitsYaml, readFixture } from '../../test/fixture-files';
import {
  CheckWorker,
  IN_FORCE_LINES_PER_PIECE,
  RETIRE_RSS_BYTES,
  type CheckWorkerLimits,
  type RestTimer,
} from './check-worker';
import { CHECK_NICE, LOAD_NICE } from './lower-priority';
import { startWorker, stoppedError } from './run-rules-worker';
import type { WorkerJob, WorkerReply } from './worker-messages';

const OPTIONS = { mergeDomainConfigs: false };
const check = (text: string): WorkerJob => ({ type: 'check', text, sourceName: 'p.yaml', options: OPTIONS });

/** A CheckWorker over real worker processes, keeping every process it started. */
function checkWorker(limits: Partial<CheckWorkerLimits> = {}, timer?: RestTimer) {
  const started: ChildProcess[] = [];
  const all = { idleMs: 60_000, retireRssBytes: 1024 ** 3, restFactor: 0, minRestMs: 0, ...limits };
  const worker = new CheckWorker(
    () => started[started.push(startWorker(CHECK_NICE)) - 1]!,
    stoppedError,
    all,
    timer,
  );
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
    const { worker, started, stopAll } = checkWorker({ idleMs: 50 });
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
    const { worker, started, stopAll } = checkWorker({ retireRssBytes: 1 });
    try {
      await worker.run(check(readFixture('basic_config.yaml')));
      await worker.run(check(readFixture('basic_config.yaml')));
      assert.equal(started.length, 2);
    } finally {
      stopAll();
    }
  });

  it('keeps its worker after 1 MB pastes: their trees are collected before the memory is read', async () => {
    const { worker, started, stopAll } = checkWorker({ retireRssBytes: RETIRE_RSS_BYTES });
    const paste = manyLimitsYaml(12_000);
    assert.ok(paste.length > 900_000);
    try {
      for (let i = 0; i < 2; i += 1) {
        const reply = await worker.run(check(paste));
        assert.equal(reply.type === 'checked' && reply.errorCount, 0);
        const resident = reply.type === 'checked' ? (reply.rssBytes ?? Infinity) : Infinity;
        assert.ok(resident < RETIRE_RSS_BYTES, `resident after the check: ${resident} bytes`);
      }
      assert.equal(started.length, 1);
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

  it('sends the lines in force IN_FORCE_LINES_PER_PIECE at a time, each made when the worker asks', async () => {
    const { worker, started, stopAll } = checkWorker();
    const made: number[] = []; // how many lines had been made as each piece was sent
    const asked: string[] = [];
    let count = 0;
    function* linesInForce() {
      for (let line = 0; line < 2500; line += 1) {
        count += 1;
        yield [`test-domain.gone${line}`, '1 per 1 DAY, fixed_window'] as const;
      }
    }
    try {
      const alone = await worker.run(check(readFixture('basic_config.yaml')));
      const answer = worker.run(check(readFixture('basic_config.yaml')), () => linesInForce());
      const child = started[0]!;
      child.on('message', (reply: WorkerReply) => asked.push(reply.type));
      const send = child.send.bind(child) as (job: WorkerJob) => boolean;
      child.send = ((job: WorkerJob) => {
        if (job.type === 'in-force') made.push(count);
        return send(job);
      }) as typeof child.send;
      const reply = await answer;
      assert.deepEqual(asked, ['describe-in-force', 'more-in-force', 'more-in-force', 'checked']);
      assert.deepEqual(made, [IN_FORCE_LINES_PER_PIECE, 2 * IN_FORCE_LINES_PER_PIECE, 2500]);
      // every line in force was compared: the paste removes each of them
      const changeCount = (reply: WorkerReply) => (reply.type === 'checked' ? reply.changeCount : NaN);
      assert.equal(changeCount(reply) - changeCount(alone), 2500);
    } finally {
      stopAll();
    }
  });

  it('runs below the service, every thread: a loading worker at nice 10, a worker that has run a check at nice 19', async () => {
    const { worker, started, stopAll } = checkWorker();
    // a test run already niced above these keeps its own (a process cannot raise its priority)
    const ours = getPriority();
    try {
      const loading = startWorker(LOAD_NICE);
      started.push(loading);
      // lowered as it starts, so Node's own start-up runs below the service too
      assert.equal(getPriority(loading.pid), Math.max(ours, 10));
      await waitForNice(loading, Math.max(ours, 10));
      await worker.run(check(readFixture('basic_config.yaml')));
      const checking = started.at(-1)!;
      assert.ok(threadNices(checking.pid!).length > 1, 'V8 runs helper threads');
      assert.deepEqual(new Set(threadNices(checking.pid!)), new Set([Math.max(ours, 19)]));
      assert.equal(getPriority(), ours, 'the service keeps its priority');
    } finally {
      stopAll();
    }
  });

  it('rests restFactor times as long as a check took before the next one starts', async () => {
    const timer = fakeRestTimer();
    const { worker, stopAll } = checkWorker({ restFactor: 4 }, timer);
    try {
      const first = worker.run(check(readFixture('basic_config.yaml')));
      timer.nowMs = 25; // the first check took 25 ms on the fake clock
      await first;
      const second = worker.run(check(readFixture('basic_config.yaml')));
      assert.deepEqual(timer.rests, [100]);
      const state = await Promise.race([second.then(() => 'answered'), sleep(300).then(() => 'waiting')]);
      assert.equal(state, 'waiting', 'no check runs during the rest');
      timer.endRest();
      const answer = await second;
      assert.equal(answer.type === 'checked' && answer.errorCount, 0);
    } finally {
      stopAll();
    }
  });

  it('rests at least minRestMs after a check the worker answered at once', async () => {
    const timer = fakeRestTimer();
    const { worker, stopAll } = checkWorker({ restFactor: 4, minRestMs: 25 }, timer);
    try {
      const first = worker.run(check(readFixture('basic_config.yaml')));
      timer.nowMs = 1; // 1 ms: four times that would be 4 ms
      await first;
      assert.deepEqual(timer.rests, [25]);
      const second = worker.run(check(readFixture('basic_config.yaml')));
      const state = await Promise.race([second.then(() => 'answered'), sleep(300).then(() => 'waiting')]);
      assert.equal(state, 'waiting', 'no check runs during the rest');
      timer.endRest();
      assert.equal((await second).type, 'checked');
    } finally {
      stopAll();
    }
  });
});

/** The nice value of each thread of a process (Linux: /proc/<pid>/task/<tid>/stat, field 19). */
function threadNices(pid: number): number[] {
  return readdirSync(`/proc/${pid}/task`).map((thread) => {
    const stat = readFileSync(`/proc/${pid}/task/${thread}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  });
}

/** Every thread of the worker runs at `nice` once it has started: at most 5 s. */
async function waitForNice(child: ChildProcess, nice: number): Promise<void> {
  const isLowered = () => threadNices(child.pid!).every((value) => value === nice);
  for (const deadline = Date.now() + 5000; !isLowered(); await sleep(20))
    assert.ok(
      Date.now() < deadline,
      `threads at nice ${threadNices(child.pid!).join(', ')}, expected ${nice}`,
    );
}

/** A clock the test sets, and rests that end when the test says. */
function fakeRestTimer() {
  const pending: (() => void)[] = [];
  return {
    nowMs: 0,
    rests: [] as number[],
    now() {
      return this.nowMs;
    },
    after(ms: number, run: () => void) {
      this.rests.push(ms);
      pending.push(run);
    },
    endRest: () => pending.shift()?.(),
  };
}
