import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { RateLimitModule } from '../ratelimit/ratelimit.module';
import { GrpcHandlers } from './grpc/grpc-handlers';
import { GrpcListener } from './grpc/grpc-listener';
import { RlsController } from './grpc/rls.controller';
import { HttpConnections } from './http/http-connections';
import { JsonController } from './http/json.controller';

/**
 * The two ways in: gRPC ShouldRateLimit (GrpcListener runs GrpcTransport, which calls the
 * controllers' @MessagePattern methods that GrpcHandlers finds) and HTTP /json (its connections
 * capped and, on shutdown, given a deadline by HttpConnections; Nest itself opens and closes it).
 */
@Module({
  imports: [RateLimitModule, DiscoveryModule],
  controllers: [RlsController, JsonController],
  providers: [GrpcHandlers, GrpcListener, HttpConnections],
  exports: [GrpcListener],
})
export class TransportModule {}
