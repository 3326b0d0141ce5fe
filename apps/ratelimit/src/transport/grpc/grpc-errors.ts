// Errors of the service -> gRPC status (the table in docs/service.md). Controllers throw
// RpcException({code, message}); Nest's exception filter hands the transport that object (the
// status), and `{status: 'error', message}` for anything else it caught (and logged).
import { Metadata, status as GrpcStatus, type ServiceError } from '@grpc/grpc-js';
import { RpcException } from '@nestjs/microservices';
import { StoreUnavailableError } from '@repo/storage';
import { InvalidRequestError, NoConfigLoadedError } from '../../errors';

export interface GrpcStatusError {
  readonly code: GrpcStatus;
  readonly message: string;
}

/** A domain error as the RpcException a controller throws. */
export function toRpcException(error: unknown): RpcException {
  return new RpcException(grpcStatusOf(error) satisfies GrpcStatusError);
}

export function grpcStatusOf(error: unknown): GrpcStatusError {
  const message = hasMessage(error) ? error.message : String(error);
  if (error instanceof InvalidRequestError) return { code: GrpcStatus.INVALID_ARGUMENT, message };
  if (error instanceof NoConfigLoadedError) return { code: GrpcStatus.UNAVAILABLE, message };
  if (error instanceof StoreUnavailableError) return { code: GrpcStatus.UNAVAILABLE, message };
  return { code: GrpcStatus.INTERNAL, message: `internal error: ${message}` };
}

/** What grpc-js's callback takes: the status code and its message as `details`. */
export function toServiceError(thrown: unknown): Partial<ServiceError> {
  const error = thrown instanceof RpcException ? thrown.getError() : thrown;
  if (isStatusError(error)) return { code: error.code, details: error.message, metadata: new Metadata() };
  const { code, message } = grpcStatusOf(error);
  return { code, details: message, metadata: new Metadata() };
}

function isStatusError(error: unknown): error is GrpcStatusError {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as GrpcStatusError).code === 'number' &&
    typeof (error as GrpcStatusError).message === 'string'
  );
}

function hasMessage(error: unknown): error is { message: string } {
  return typeof error === 'object' && error !== null && typeof (error as Error).message === 'string';
}
