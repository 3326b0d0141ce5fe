import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  capYoungGeneration,
  commandWithCappedYoungGeneration,
  YOUNG_GENERATION_FLAG,
  type NodeProcess,
} from './young-generation';

const node = (overrides: Partial<NodeProcess> = {}): NodeProcess => ({
  execPath: '/usr/bin/node',
  execArgv: ['--enable-source-maps'],
  argv: ['/usr/bin/node', '/app/main.js', '-version'],
  env: { PATH: '/usr/bin' },
  ...overrides,
});

describe(commandWithCappedYoungGeneration.name, () => {
  it('runs the same script with the same flags and arguments, the cap first', () => {
    assert.deepEqual(commandWithCappedYoungGeneration(node()), [
      '/usr/bin/node',
      '--max-semi-space-size=16',
      '--enable-source-maps',
      '/app/main.js',
      '-version',
    ]);
  });

  it('leaves a size set on the command line or in NODE_OPTIONS, in either spelling', () => {
    for (const overrides of [
      { execArgv: ['--max-semi-space-size=64'] },
      { execArgv: ['--max_semi_space_size', '2'] },
      { env: { NODE_OPTIONS: '--inspect --max-semi-space-size=32' } },
    ])
      assert.equal(commandWithCappedYoungGeneration(node(overrides)), undefined, JSON.stringify(overrides));
  });

  it('keeps -e and its script (a require of the entry from the command line)', () => {
    const command = commandWithCappedYoungGeneration(
      node({ execArgv: ['-e', "require('./main.js')"], argv: ['/usr/bin/node'] }),
    );
    assert.deepEqual(command, ['/usr/bin/node', YOUNG_GENERATION_FLAG, '-e', "require('./main.js')"]);
  });
});

describe(capYoungGeneration.name, () => {
  it('replaces the process with the capped command, environment unchanged', () => {
    const calls: unknown[][] = [];
    const env = { PATH: '/usr/bin', PORT: '9000' };
    capYoungGeneration(node({ env, execve: (...args) => void calls.push(args) as never }));
    assert.deepEqual(calls, [
      [
        '/usr/bin/node',
        ['/usr/bin/node', YOUNG_GENERATION_FLAG, '--enable-source-maps', '/app/main.js', '-version'],
        env,
      ],
    ]);
  });

  it('goes on uncapped where execve is missing or fails, and never runs again once capped', () => {
    capYoungGeneration(node({ execve: undefined }));
    capYoungGeneration(
      node({
        execve: () => {
          throw new Error('ENOENT');
        },
      }),
    );
    let calls = 0;
    capYoungGeneration(node({ execArgv: [YOUNG_GENERATION_FLAG], execve: () => calls++ as never }));
    assert.equal(calls, 0);
  });
});
