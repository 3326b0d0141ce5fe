// Domain errors of the service. Transport code alone maps them to gRPC status codes and HTTP
// statuses (docs/decisions.md#checks-before-anything-is-counted); the service only decides which
// kind of failure happened.

/** Base of every error the service raises on purpose. */
export abstract class RateLimitError extends Error {}

/**
 * The request itself is wrong (empty domain, no descriptors, a bad override): gRPC
 * INVALID_ARGUMENT, HTTP 400. Counted as `call.should_rate_limit.service_error` like the reference.
 */
export class InvalidRequestError extends RateLimitError {
  override readonly name = 'InvalidRequestError';
}

/**
 * No rule set was ever loaded successfully: gRPC UNAVAILABLE, HTTP 503. The message is the
 * reference's text. Counted as `call.should_rate_limit.service_error`.
 */
export class NoConfigLoadedError extends RateLimitError {
  override readonly name = 'NoConfigLoadedError';

  constructor() {
    super('no rate limit configuration loaded');
  }
}
