// Message patterns binding the gRPC methods to controller handlers (see GrpcTransport).
export const SHOULD_RATE_LIMIT_PATTERN = 'envoy.service.ratelimit.v3.RateLimitService/ShouldRateLimit';
export const HEALTH_CHECK_PATTERN = 'grpc.health.v1.Health/Check';
export const HEALTH_WATCH_PATTERN = 'grpc.health.v1.Health/Watch';
