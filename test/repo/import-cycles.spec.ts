// No import cycles in apps/ or libs/: two files that import each other, directly or round a
// longer loop, are one unit in two places (the layer lint, eslint.config.mjs RATELIMIT_LAYERS,
// catches an import running up a layer of apps/ratelimit/src; this catches a loop anywhere,
// inside a folder or a lib too). A failure lists each cycle as its chain of files.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { repoRoot } from '@repo/test-support';
import { buildImportGraph, findCycles, type ImportGraph } from './import-graph';

const graphOf = (edges: Record<string, string[]>): ImportGraph => new Map(Object.entries(edges));

describe(findCycles.name, () => {
  it('finds none in a graph that only runs one way', () => {
    assert.deepEqual(findCycles(graphOf({ a: ['b', 'c'], b: ['c'], c: [] })), []);
  });

  it('names a file that imports itself and two files that import each other', () => {
    assert.deepEqual(findCycles(graphOf({ a: ['a'], b: ['c'], c: ['b'] })), [
      ['a', 'a'],
      ['b', 'c', 'b'],
    ]);
  });

  it('shows every import of a tangle in some cycle, each by its shortest way back', () => {
    const graph = graphOf({ a: ['b'], b: ['c', 'a'], c: ['a', 'd'], d: [] });
    assert.deepEqual(findCycles(graph), [
      ['a', 'b', 'a'],
      ['b', 'c', 'a', 'b'],
    ]);
  });
});

describe('the import graph of apps/ and libs/', () => {
  const graph = buildImportGraph(repoRoot(), ['apps', 'libs']);

  it('resolves relative imports and the @repo/* paths of tsconfig.json', () => {
    const importers = (file: string) => [...graph].filter(([, targets]) => targets.includes(file));
    for (const index of ['libs/rules/src/index.ts', 'libs/storage/src/index.ts']) {
      assert.ok(
        importers(index).some(([file]) => file.startsWith('apps/ratelimit/src/')),
        index,
      );
      assert.ok(
        graph.get(index)?.some((file) => file.startsWith(index.replace('index.ts', ''))),
        index,
      );
    }
  });

  it('has no cycle', () => {
    const cycles = findCycles(graph).map((cycle) => cycle.join(' -> '));
    assert.deepEqual(cycles, [], `import cycles:\n${cycles.join('\n')}`);
  });
});
