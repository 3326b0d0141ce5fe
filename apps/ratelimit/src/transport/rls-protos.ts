// The service definitions the app's gRPC clients (CLI, tests, benchmarks) use, loaded once with
// @grpc/proto-loader. The server loads its messages with protobufjs (grpc/server-protos.ts).
import { loadSync, type PackageDefinition } from '@grpc/proto-loader';
import type { ServiceDefinition } from '@grpc/grpc-js';
import { PROTO_LOADER_OPTIONS } from '@repo/rules';
import { HEALTH_PROTO_FILE, HEALTH_SERVICE_NAME, RLS_PROTO_FILE, RLS_SERVICE_NAME } from './proto-paths';

export interface RlsProtos {
  readonly rlsService: ServiceDefinition;
  readonly healthService: ServiceDefinition;
}

let loaded: RlsProtos | undefined;

export function rlsProtos(): RlsProtos {
  if (loaded !== undefined) return loaded;
  const definition: PackageDefinition = loadSync([RLS_PROTO_FILE, HEALTH_PROTO_FILE], PROTO_LOADER_OPTIONS);
  loaded = {
    rlsService: definition[RLS_SERVICE_NAME] as ServiceDefinition,
    healthService: definition[HEALTH_SERVICE_NAME] as ServiceDefinition,
  };
  return loaded;
}
