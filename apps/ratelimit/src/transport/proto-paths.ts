// The service's .proto files and services: paths relative to PROTO_ROOT, loaded with
// PROTO_LOADER_OPTIONS (both from @repo/rules, which loads the xDS protos from the same folder).

/** envoy.service.ratelimit.v3.RateLimitService (relative to PROTO_ROOT). */
export const RLS_PROTO_FILE = 'envoy/service/ratelimit/v3/rls.proto';

/** grpc.health.v1.Health (relative to PROTO_ROOT). */
export const HEALTH_PROTO_FILE = 'grpc/health/v1/health.proto';

export const RLS_SERVICE_NAME = 'envoy.service.ratelimit.v3.RateLimitService';
export const HEALTH_SERVICE_NAME = 'grpc.health.v1.Health';
