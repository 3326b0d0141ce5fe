import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { addChild, createNode, createRootNode } from './rule-node';

const leaf = (segment: string) =>
  createNode({ segment, entry: { key: segment, value: null }, statsKey: `d.${segment}`, rule: undefined });

describe(addChild.name, () => {
  it('gives a node its own children and wildcards with its first child: leaves share nothing that changes', () => {
    const root = createRootNode('d');
    const [a, b, c] = [leaf('a'), leaf('b'), leaf('c')];
    addChild(root, 'a', a);
    addChild(root, 'b', b);
    addChild(a, 'key_v*', c);
    assert.deepEqual([...root.children.keys()], ['a', 'b']);
    assert.deepEqual([...a.children.keys()], ['key_v*']);
    assert.deepEqual(
      a.wildcards.map((wildcard) => [wildcard.node, wildcard.pattern.matches('key_v1')]),
      [[c, true]],
    );
    for (const untouched of [b, c]) {
      assert.equal(untouched.children.size, 0);
      assert.equal(untouched.wildcards.length, 0);
    }
    assert.deepEqual(root.wildcards, [], 'no wildcard child');
    assert.equal(leaf('d').children.size, 0, 'a new leaf');
  });
});
