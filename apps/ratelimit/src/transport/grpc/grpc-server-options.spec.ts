import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseSettings } from '../../settings/settings';
import { grpcAddress, grpcChannelOptions } from './grpc-server-options';

const server = (env: Record<string, string> = {}) => parseSettings(env).server;

describe(grpcAddress.name, () => {
  it('GRPC_HOST:GRPC_PORT, default 0.0.0.0:8081', () => {
    assert.equal(grpcAddress(server()), '0.0.0.0:8081');
    assert.equal(grpcAddress(server({ GRPC_HOST: '127.0.0.1', GRPC_PORT: '9000' })), '127.0.0.1:9000');
  });

  it('an IPv6 host is bracketed', () => {
    assert.equal(grpcAddress(server({ GRPC_HOST: '::1' })), '[::1]:8081');
  });

  it('GRPC_UDS wins: unix:<path>', () => {
    assert.equal(grpcAddress(server({ GRPC_UDS: '/tmp/rls.sock', GRPC_PORT: '9000' })), 'unix:/tmp/rls.sock');
  });
});

describe(grpcChannelOptions.name, () => {
  it('defaults: max age 24h, grace 1h, 4 MiB messages, no channelz statistics', () => {
    assert.deepEqual(grpcChannelOptions(server()), {
      'grpc.max_receive_message_length': 4194304,
      'grpc.enable_channelz': 0,
      'grpc.max_connection_age_ms': 86400000,
      'grpc.max_connection_age_grace_ms': 3600000,
    });
  });

  it('custom values; 0 leaves an option off', () => {
    const options = grpcChannelOptions(
      server({
        GRPC_MAX_CONNECTION_AGE: '0s',
        GRPC_MAX_CONNECTION_AGE_GRACE: '30s',
        GRPC_MAX_RECV_MESSAGE_BYTES: '1024',
      }),
    );
    assert.deepEqual(options, {
      'grpc.max_receive_message_length': 1024,
      'grpc.enable_channelz': 0,
      'grpc.max_connection_age_grace_ms': 30000,
    });
  });

  it('ages beyond what a Node timer holds are capped (with room for the 10% jitter)', () => {
    const options = grpcChannelOptions(
      server({ GRPC_MAX_CONNECTION_AGE: '720h', GRPC_MAX_CONNECTION_AGE_GRACE: '720h' }),
    );
    assert.equal(options['grpc.max_connection_age_ms'], 1952257860);
    assert.equal(options['grpc.max_connection_age_grace_ms'], 2147483647);
  });
});
