import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ProfilePauses } from './profile-pauses';

describe(ProfilePauses.name, () => {
  it('returns what each step returns and lists the steps in order as Server-Timing', async () => {
    const sut = new ProfilePauses();
    assert.equal(await sut.time('start', () => 1), 1);
    assert.equal(await sut.time('stop', async () => 'profile'), 'profile');
    assert.match(sut.serverTiming(), /^start;dur=\d+(\.\d)?, stop;dur=\d+(\.\d)?$/);
  });

  it('records a step that throws', async () => {
    const sut = new ProfilePauses();
    await assert.rejects(
      sut.time('stop', () => {
        throw new Error('not started');
      }),
      /not started/,
    );
    assert.equal(typeof sut.get('stop'), 'number');
  });
});
