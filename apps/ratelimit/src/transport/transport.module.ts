import { Module } from '@nestjs/common';
import { RateLimitModule } from '../ratelimit/ratelimit.module';
import { GrpcTransport } from './grpc/grpc-transport';
import { RlsController } from './grpc/rls.controller';
import { HttpConnections } from './http/http-connections';
import { JsonController } from './http/json.controller';

/**
 * The two ways in: gRPC ShouldRateLimit (GrpcTransport, which create-app.ts connects as the app's
 * microservice, serves the controllers' @MessagePattern handlers) and HTTP /json (its connections
 * capped and, on shutdown, given a deadline by HttpConnections; Nest itself opens and closes it).
 */
@Module({
  imports: [RateLimitModule],
  controllers: [RlsController, JsonController],
  providers: [GrpcTransport, HttpConnections],
})
export class TransportModule {}
