// Settings -> where and how the gRPC server listens (GRPC_HOST/GRPC_PORT or GRPC_UDS, message
// size, connection age).
import type { ChannelOptions } from '@grpc/grpc-js';
import type { ServerSettings } from '../../settings/settings';

export function grpcAddress(server: ServerSettings): string {
  if (server.grpcUds !== '') return `unix:${server.grpcUds}`;
  const host = server.grpcHost.includes(':') ? `[${server.grpcHost}]` : server.grpcHost;
  return `${host}:${server.grpcPort}`;
}

/**
 * grpc-js adds the ±10% jitter to max_connection_age itself, then sends GOAWAY and closes the
 * connection max_connection_age_grace later. 0 leaves an option off.
 */
export function grpcChannelOptions(server: ServerSettings): ChannelOptions {
  const options: ChannelOptions = { 'grpc.max_receive_message_length': server.grpcMaxRecvMessageBytes };
  if (server.maxConnectionAgeMs > 0) options['grpc.max_connection_age_ms'] = server.maxConnectionAgeMs;
  if (server.maxConnectionAgeGraceMs > 0) {
    options['grpc.max_connection_age_grace_ms'] = server.maxConnectionAgeGraceMs;
  }
  return options;
}
