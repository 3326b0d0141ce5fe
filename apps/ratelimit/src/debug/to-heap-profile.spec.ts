import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AllocationProfileNode } from '@datadog/pprof';
import { toHeapProfile } from './to-heap-profile';

const frame = (name: string, lineNumber: number, children: AllocationProfileNode[] = []) => ({
  name,
  scriptName: 'file:///app/x.js',
  scriptId: 7,
  lineNumber,
  columnNumber: 3,
  allocations: [],
  children,
});

describe(toHeapProfile.name, () => {
  it('gives the DevTools tree: 0-based positions, self size from the samples, one sample per size', () => {
    const leaf = {
      ...frame('parse', 10),
      allocations: [
        { sizeBytes: 64, count: 3 },
        { sizeBytes: 4096, count: 1 },
      ],
    };
    const root: AllocationProfileNode = {
      name: '(root)',
      scriptName: '',
      scriptId: 0,
      lineNumber: 0,
      columnNumber: 0,
      allocations: [],
      children: [
        frame('load', 2, [leaf]),
        { ...frame('idle', 5), allocations: [{ sizeBytes: 32, count: 1 }] },
      ],
    };
    const at = (functionName: string, lineNumber: number, columnNumber = 2, url = 'file:///app/x.js') => ({
      functionName,
      scriptId: functionName === '(root)' ? '0' : '7',
      url,
      lineNumber,
      columnNumber,
    });
    assert.deepEqual(toHeapProfile(root), {
      head: {
        callFrame: at('(root)', -1, -1, ''),
        selfSize: 0,
        id: 1,
        children: [
          {
            callFrame: at('load', 1),
            selfSize: 0,
            id: 2,
            children: [{ callFrame: at('parse', 9), selfSize: 4288, id: 4, children: [] }],
          },
          { callFrame: at('idle', 4), selfSize: 32, id: 3, children: [] },
        ],
      },
      samples: [
        { size: 32, nodeId: 3, ordinal: 1 },
        { size: 192, nodeId: 4, ordinal: 2 },
        { size: 4096, nodeId: 4, ordinal: 3 },
      ],
    });
  });
});
