import { describe, it, mock } from 'node:test';
import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import { parseSettings } from './settings/settings';
import { closeConnectionsAfter, httpServerLimits } from './http-server-limits';

describe(httpServerLimits.name, () => {
  it('maps HTTP_REQUEST_TIMEOUT; Node checks the timeouts every second', () => {
    const sut = httpServerLimits(parseSettings({ HTTP_REQUEST_TIMEOUT: '2.5s' }).server);
    assert.deepEqual(sut, {
      requestTimeout: 2500,
      keepAliveTimeout: 72_000,
      http: { headersTimeout: 2500, connectionsCheckingInterval: 1000 },
    });
  });

  it('keeps the header timeout at most 60 s (Node default) under a long request timeout', () => {
    const sut = httpServerLimits(parseSettings({ HTTP_REQUEST_TIMEOUT: '5m' }).server);
    assert.equal(sut.http.headersTimeout, 60_000);
  });

  it('HTTP_REQUEST_TIMEOUT=0 turns the limit off and leaves Node its defaults', () => {
    assert.deepEqual(httpServerLimits(parseSettings({ HTTP_REQUEST_TIMEOUT: '0' }).server), {
      requestTimeout: 0,
      keepAliveTimeout: 72_000,
      http: {},
    });
  });
});

describe(closeConnectionsAfter.name, () => {
  it('closes every connection once the time is up, unless cancelled first', () => {
    mock.timers.enable({ apis: ['setTimeout'] });
    try {
      let closed = 0;
      const server = { closeAllConnections: () => closed++ } as unknown as Server;
      closeConnectionsAfter(server, 1000);
      const cancel = closeConnectionsAfter(server, 1000);
      cancel();
      mock.timers.tick(999);
      assert.equal(closed, 0);
      mock.timers.tick(1);
      assert.equal(closed, 1);
    } finally {
      mock.timers.reset();
    }
  });
});
