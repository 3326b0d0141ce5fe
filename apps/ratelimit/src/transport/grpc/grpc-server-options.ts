// Settings -> where and how the gRPC server listens (GRPC_HOST/GRPC_PORT or GRPC_UDS, message
// size, connection age).
import type { ChannelOptions } from '@grpc/grpc-js';
import type { ServerSettings } from '../../settings/settings';

export function grpcAddress(server: ServerSettings): string {
  if (server.grpcUds !== '') return `unix:${server.grpcUds}`;
  const host = server.grpcHost.includes(':') ? `[${server.grpcHost}]` : server.grpcHost;
  return `${host}:${server.grpcPort}`;
}

/** Node timers fire at once beyond 2^31-1 ms (~24.8 days): longer ages are capped below it. */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** grpc-js may add 10% of jitter to the age. */
const MAX_CONNECTION_AGE_MS = Math.floor(MAX_TIMER_MS / 1.1);

/**
 * grpc-js keeps channelz statistics unless told not to (per call: four `Date.now()`, a session-map
 * lookup and a tracker object with four closures) for the channelz admin service to report. This
 * server does not serve channelz, so nobody could read them (docs/benchmarks.md#channelz).
 */
const CHANNELZ_OFF = 0;

/**
 * grpc-js adds the ±10% jitter to max_connection_age itself, then sends GOAWAY and closes the
 * connection max_connection_age_grace later. 0 leaves an option off. Ages above ~22 days are
 * capped (a Node timer would otherwise fire at once and close every connection immediately).
 */
export function grpcChannelOptions(server: ServerSettings): ChannelOptions {
  const options: ChannelOptions = {
    'grpc.max_receive_message_length': server.grpcMaxRecvMessageBytes,
    'grpc.enable_channelz': CHANNELZ_OFF,
  };
  if (server.maxConnectionAgeMs > 0) {
    options['grpc.max_connection_age_ms'] = Math.min(server.maxConnectionAgeMs, MAX_CONNECTION_AGE_MS);
  }
  if (server.maxConnectionAgeGraceMs > 0) {
    options['grpc.max_connection_age_grace_ms'] = Math.min(server.maxConnectionAgeGraceMs, MAX_TIMER_MS);
  }
  return options;
}
