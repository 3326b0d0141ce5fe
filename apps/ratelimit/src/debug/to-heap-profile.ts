// V8's allocation profile (the sampling heap profiler's tree, as @datadog/pprof's binding returns
// it) in the format of DevTools' `.heapprofile` (Memory, "Load profile"), the format the
// inspector's HeapProfiler.stopSampling gives: call frames 0-based where V8's tree is 1-based.
import type { AllocationProfileNode } from '@datadog/pprof';

export interface HeapProfileNode {
  readonly callFrame: {
    readonly functionName: string;
    readonly scriptId: string;
    readonly url: string;
    readonly lineNumber: number;
    readonly columnNumber: number;
  };
  readonly selfSize: number;
  readonly id: number;
  readonly children: HeapProfileNode[];
}

export interface HeapProfileSample {
  readonly size: number;
  readonly nodeId: number;
  readonly ordinal: number;
}

export interface HeapProfile {
  readonly head: HeapProfileNode;
  /** One per allocation size seen at a node: its bytes (size x count) */
  readonly samples: HeapProfileSample[];
}

export function toHeapProfile(root: AllocationProfileNode): HeapProfile {
  const samples: HeapProfileSample[] = [];
  let lastId = 0;
  const convert = (node: AllocationProfileNode): HeapProfileNode => {
    const id = ++lastId;
    let selfSize = 0;
    for (const { sizeBytes, count } of node.allocations) {
      selfSize += sizeBytes * count;
      samples.push({ size: sizeBytes * count, nodeId: id, ordinal: samples.length + 1 });
    }
    return {
      callFrame: {
        functionName: node.name ?? '',
        scriptId: String(node.scriptId ?? 0),
        url: node.scriptName,
        lineNumber: (node.lineNumber ?? 0) - 1,
        columnNumber: (node.columnNumber ?? 0) - 1,
      },
      selfSize,
      id,
      children: [],
    };
  };
  const head = convert(root);
  // A loop, not recursion: the tree is as deep as the deepest sampled stack.
  const pending: [AllocationProfileNode, HeapProfileNode][] = [[root, head]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [node, converted] = next;
    for (const child of node.children) {
      const convertedChild = convert(child);
      converted.children.push(convertedChild);
      pending.push([child, convertedChild]);
    }
  }
  return { head, samples };
}
