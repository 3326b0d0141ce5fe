import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { RateLimitModule } from '../ratelimit/ratelimit.module';
import { GrpcHandlers } from './grpc/grpc-handlers';
import { RlsController } from './grpc/rls.controller';
import { JsonController } from './http/json.controller';

/**
 * The two ways in: gRPC ShouldRateLimit (through GrpcTransport, which calls the controllers'
 * @MessagePattern methods that GrpcHandlers finds) and HTTP /json.
 */
@Module({
  imports: [RateLimitModule, DiscoveryModule],
  controllers: [RlsController, JsonController],
  providers: [GrpcHandlers],
  exports: [GrpcHandlers],
})
export class TransportModule {}
