import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { status as GrpcStatus } from '@grpc/grpc-js';
import { RpcException } from '@nestjs/microservices';
import { StoreUnavailableError } from '@repo/storage';
import { InvalidRequestError, NoConfigLoadedError } from '../../errors';
import { grpcStatusOf, toRpcException, toServiceError } from './grpc-errors';

const storeDown = new StoreUnavailableError('redis', 'connect ECONNREFUSED 127.0.0.1:6379');

describe(grpcStatusOf.name, () => {
  it('invalid request -> INVALID_ARGUMENT with the message', () => {
    assert.deepEqual(grpcStatusOf(new InvalidRequestError('rate limit domain must not be empty')), {
      code: GrpcStatus.INVALID_ARGUMENT,
      message: 'rate limit domain must not be empty',
    });
  });

  it('no configuration loaded -> UNAVAILABLE', () => {
    assert.deepEqual(grpcStatusOf(new NoConfigLoadedError()), {
      code: GrpcStatus.UNAVAILABLE,
      message: 'no rate limit configuration loaded',
    });
  });

  it('counter store failure -> UNAVAILABLE naming the cause', () => {
    assert.deepEqual(grpcStatusOf(storeDown), {
      code: GrpcStatus.UNAVAILABLE,
      message: 'redis counter store unavailable: connect ECONNREFUSED 127.0.0.1:6379',
    });
  });

  it('anything else -> INTERNAL, never a crash', () => {
    assert.deepEqual(grpcStatusOf(new TypeError('boom')), {
      code: GrpcStatus.INTERNAL,
      message: 'internal error: boom',
    });
    assert.deepEqual(grpcStatusOf('text'), { code: GrpcStatus.INTERNAL, message: 'internal error: text' });
  });
});

describe(toRpcException.name, () => {
  it('wraps the status in an RpcException', () => {
    const exception = toRpcException(new NoConfigLoadedError());
    assert.ok(exception instanceof RpcException);
    assert.deepEqual(exception.getError(), {
      code: GrpcStatus.UNAVAILABLE,
      message: 'no rate limit configuration loaded',
    });
  });
});

describe(toServiceError.name, () => {
  it('passes an RpcException status object through as code + details', () => {
    const error = toServiceError(toRpcException(new InvalidRequestError('bad')).getError());
    assert.deepEqual([error.code, error.details], [GrpcStatus.INVALID_ARGUMENT, 'bad']);
    assert.ok(error.metadata);
  });

  it('maps the RpcException a controller throws to its status', () => {
    const error = toServiceError(
      toRpcException(new InvalidRequestError('rate limit domain must not be empty')),
    );
    assert.deepEqual(
      [error.code, error.details],
      [GrpcStatus.INVALID_ARGUMENT, 'rate limit domain must not be empty'],
    );
  });

  it('maps domain errors thrown directly', () => {
    const error = toServiceError(storeDown);
    assert.deepEqual(
      [error.code, error.details],
      [GrpcStatus.UNAVAILABLE, 'redis counter store unavailable: connect ECONNREFUSED 127.0.0.1:6379'],
    );
    assert.deepEqual(
      [toServiceError(new Error('x')).code, toServiceError(new Error('x')).details],
      [GrpcStatus.INTERNAL, 'internal error: x'],
    );
  });

  it("maps Nest's answer to an error that was no RpcException to INTERNAL with its message", () => {
    const error = toServiceError({ status: 'error', message: 'Internal server error' });
    assert.deepEqual(
      [error.code, error.details],
      [GrpcStatus.INTERNAL, 'internal error: Internal server error'],
    );
  });
});
