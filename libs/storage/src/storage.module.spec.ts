import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Test } from '@nestjs/testing';
import type { CounterStore } from './counter-store';
import { COUNTER_STORE, StorageModule } from './storage.module';
import { incrementCounts } from '../test/increment-counts';

describe(StorageModule.name, () => {
  it('provides COUNTER_STORE and closes it on shutdown', async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [
        StorageModule.forRoot({
          backend: 'memory',
          maxKeys: 10,
          now: () => 0,
          random: () => 0,
          jitterMaxSeconds: 0,
        }),
      ],
    }).compile();
    await moduleRef.init();
    const sut = moduleRef.get<CounterStore>(COUNTER_STORE);
    assert.deepEqual(await incrementCounts(sut, [{ key: 'k', addend: 2, windowSeconds: 60 }]), [2]);
    assert.equal(sut.isHealthy(), true);
    await moduleRef.close();
    assert.equal(sut.isHealthy(), false);
  });
});
