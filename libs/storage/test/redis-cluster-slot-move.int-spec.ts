// A slot moved to another master between two calls (what `redis-cli --cluster reshard` does, by
// hand: SETSLOT IMPORTING / MIGRATING, MIGRATE, SETSLOT NODE). The next batch holds a key of the
// moved slot and a key that stayed on the same master: ioredis answers the first with MOVED inside
// an auto-pipeline it will not retry, so the store must follow the redirection itself.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startRedisCluster, type RedisClusterTopology, type RedisServer } from '@repo/test-support';
import { RedisCounterStore } from '@repo/storage';
import { redisConnection, redisStoreOptions } from './store-options';
import { incrementCounts } from './increment-counts';

const SLOTS_PER_MASTER = Math.ceil(16384 / 3);

async function slotOf(node: RedisServer, key: string): Promise<number> {
  return Number(await node.command('CLUSTER', 'KEYSLOT', key));
}

/** Two keys (named `<prefix>-<n>`) in different slots of the first master. */
async function twoKeysOnFirstMaster(node: RedisServer, prefix: string): Promise<[string, string]> {
  const found: string[] = [];
  const slots = new Set<number>();
  for (let i = 0; found.length < 2; i++) {
    const slot = await slotOf(node, `${prefix}-${i}`);
    if (slot < SLOTS_PER_MASTER && !slots.has(slot)) {
      slots.add(slot);
      found.push(`${prefix}-${i}`);
    }
  }
  return [found[0], found[1]];
}

const id = async (node: RedisServer) => String(await node.command('CLUSTER', 'MYID'));
const ok = (reply: unknown) => assert.ok(!(reply instanceof Error), String(reply));

/** The first half of a slot move: the slot is MIGRATING / IMPORTING and its keys are on `to`. */
async function migrateKeys(slot: number, from: RedisServer, to: RedisServer): Promise<void> {
  ok(await to.command('CLUSTER', 'SETSLOT', String(slot), 'IMPORTING', await id(from)));
  ok(await from.command('CLUSTER', 'SETSLOT', String(slot), 'MIGRATING', await id(to)));
  const keys = (await from.command('CLUSTER', 'GETKEYSINSLOT', String(slot), '100')) as string[];
  ok(await from.command('MIGRATE', to.host, String(to.port), '', '0', '5000', 'KEYS', ...keys));
}

/** The second half: every master is told that `to` owns the slot. */
async function assignSlot(cluster: RedisClusterTopology, slot: number, to: RedisServer): Promise<void> {
  const toId = await id(to);
  for (const node of cluster.nodes) ok(await node.command('CLUSTER', 'SETSLOT', String(slot), 'NODE', toId));
}

describe('RedisCounterStore when a slot moves to another master', () => {
  let cluster: RedisClusterTopology;
  let sut: RedisCounterStore;

  before(async () => {
    cluster = await startRedisCluster({ masters: 3 });
    sut = new RedisCounterStore(redisStoreOptions(redisConnection('cluster', cluster.url)));
    await sut.ready();
  });
  after(async () => {
    await sut?.close();
    await cluster?.stop();
  });

  it('follows MOVED inside a batch: counts stay exact and the moved counter keeps its expiry', async () => {
    const [first, second, third] = cluster.nodes;
    const [moved, stayed] = await twoKeysOnFirstMaster(first, 'moved');
    const increment = () =>
      incrementCounts(
        sut,
        [moved, stayed].map((key) => ({ key, addend: 1, windowSeconds: 60 })),
      );
    assert.deepEqual(await increment(), [1, 1]);

    const slot = await slotOf(first, moved);
    await migrateKeys(slot, first, second);
    await assignSlot(cluster, slot, second);
    assert.deepEqual(await increment(), [2, 2]);
    assert.deepEqual(await increment(), [3, 3]);

    assert.equal(await second.command('GET', moved), '3');
    assert.equal(await first.command('GET', stayed), '3');
    const ttl = Number(await second.command('TTL', moved));
    assert.ok(ttl > 0 && ttl <= 60, `TTL ${ttl}`);
    assert.equal(await third.command('DBSIZE'), 0);
  });

  it('follows ASK while the slot is migrating: the migrated counter is counted on its new master', async () => {
    const [first, second] = cluster.nodes;
    const [moved, stayed] = await twoKeysOnFirstMaster(first, 'asked');
    const increment = () =>
      incrementCounts(
        sut,
        [moved, stayed].map((key) => ({ key, addend: 1, windowSeconds: 60 })),
      );
    assert.deepEqual(await increment(), [1, 1]);

    const slot = await slotOf(first, moved);
    await migrateKeys(slot, first, second);
    assert.deepEqual(await increment(), [2, 2]);
    await assignSlot(cluster, slot, second);

    assert.equal(await second.command('GET', moved), '2');
    assert.ok(Number(await second.command('TTL', moved)) > 0);
  });
});
