// The .proto messages the gRPC server serves (RateLimitService and grpc.health.v1.Health), loaded
// once with protobufjs into one root. The server does not use @grpc/proto-loader: loading it
// (with the descriptor.proto machinery it needs) and converting its definitions cost ~7 % of the
// instructions of a start (docs/benchmarks.md#start-up); the clients (CLI, tests) still use it.
import { isAbsolute, join } from 'node:path';
import { Root, type Type } from 'protobufjs';
import { PROTO_ROOT } from '@repo/rules';
import { HEALTH_PROTO_FILE, RLS_PROTO_FILE } from '../proto-paths';

let loaded: Root | undefined;

/** A message type of rls.proto or health.proto by its full name (imports resolved under proto/). */
export function serverMessageType(fullName: string): Type {
  loaded ??= loadServerProtos();
  return loaded.lookupType(fullName);
}

function loadServerProtos(): Root {
  const root = new Root();
  root.resolvePath = (_origin, target) => (isAbsolute(target) ? target : join(PROTO_ROOT, target));
  root.loadSync([RLS_PROTO_FILE, HEALTH_PROTO_FILE], { keepCase: false });
  return root;
}

/** The bytes of `message` (protobufjs' writer gives a Buffer under Node; grpc-js wants one). */
export function encodeMessage(type: Type, message: object): Buffer {
  return type.encode(message).finish() as Buffer;
}

/** "a.b.Service" -> "a.b". */
export function packageOf(serviceName: string): string {
  return serviceName.slice(0, serviceName.lastIndexOf('.'));
}
