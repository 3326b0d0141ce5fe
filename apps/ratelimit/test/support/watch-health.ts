// A grpc.health.v1.Health/Watch call on a client of its own (so its own connection), collecting
// every status the server streams.
import {
  credentials as grpcCredentials,
  makeGenericClientConstructor,
  type Client,
  type ClientReadableStream,
} from '@grpc/grpc-js';
import { rlsProtos } from '../../src/transport/rls-protos';

type Watch = (request: object) => ClientReadableStream<{ status: string }>;

export interface WatchedHealth {
  /** Every status received so far, in order. */
  readonly statuses: readonly string[];
  /** The call, e.g. to await the error that ends it. */
  readonly stream: ClientReadableStream<{ status: string }>;
  /** Cancels the call and closes the client. */
  stop(): void;
}

/** Watches `service` on the server at `address` (`host:port`), without TLS. */
export function watchHealth(address: string, service: string): WatchedHealth {
  const Health = makeGenericClientConstructor(rlsProtos().healthService, 'Health');
  const client = new Health(address, grpcCredentials.createInsecure());
  const stream = (client as Client & Record<string, Watch>).Watch({ service });
  const statuses: string[] = [];
  stream.on('data', (message: { status: string }) => statuses.push(message.status));
  // stop() ends the call with CANCELLED; a caller that cares how it ends listens on `stream`.
  stream.on('error', () => undefined);
  return {
    statuses,
    stream,
    stop: () => {
      stream.cancel();
      client.close();
    },
  };
}
