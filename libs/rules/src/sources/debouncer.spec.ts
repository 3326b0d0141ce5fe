import { describe, it, beforeEach, afterEach, mock } from 'node:test';
import assert from 'node:assert/strict';
import { Debouncer } from './debouncer';

describe(Debouncer.name, () => {
  let runs: number;
  let sut: Debouncer;

  beforeEach(() => {
    mock.timers.enable({ apis: ['setTimeout'] });
    runs = 0;
    sut = new Debouncer(100, () => runs++);
  });
  afterEach(() => mock.timers.reset());

  it('runs once after a burst, when the quiet period has passed', () => {
    sut.schedule();
    mock.timers.tick(60);
    sut.schedule();
    mock.timers.tick(60);
    sut.schedule();
    mock.timers.tick(99);
    assert.equal(runs, 0);
    assert.equal(sut.isPending, true);
    mock.timers.tick(1);
    assert.equal(runs, 1);
    assert.equal(sut.isPending, false);
  });

  it('runs again for a later burst', () => {
    sut.schedule();
    mock.timers.tick(100);
    sut.schedule();
    mock.timers.tick(100);
    assert.equal(runs, 2);
  });

  it('does nothing once cancelled', () => {
    sut.schedule();
    sut.cancel();
    mock.timers.tick(1000);
    assert.equal(runs, 0);
  });
});
