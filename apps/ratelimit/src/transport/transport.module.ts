import { Module } from '@nestjs/common';
import { RateLimitModule } from '../ratelimit/ratelimit.module';
import { RlsController } from './grpc/rls.controller';
import { JsonController } from './http/json.controller';

/** The two ways in: gRPC ShouldRateLimit (through GrpcTransport) and HTTP /json. */
@Module({
  imports: [RateLimitModule],
  controllers: [RlsController, JsonController],
})
export class TransportModule {}
