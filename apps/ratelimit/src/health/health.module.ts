import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { RULE_REGISTRY, type RuleRegistry } from '@repo/rules';
import { COUNTER_STORE, type CounterStore } from '@repo/storage';
import { SETTINGS, type Settings } from '../settings/settings';
import { GrpcHealthController } from './grpc-health.controller';
import { HealthController } from './health.controller';
import { HEALTH_STATE, HealthState } from './health-state';

@Module({
  imports: [TerminusModule.forRoot({ logger: false })],
  controllers: [HealthController, GrpcHealthController],
  providers: [
    {
      provide: HEALTH_STATE,
      useFactory: (store: CounterStore, registry: RuleRegistry, settings: Settings) =>
        new HealthState(store, registry, settings.health.healthyWithAtLeastOneConfigLoaded),
      inject: [COUNTER_STORE, RULE_REGISTRY, SETTINGS],
    },
  ],
  exports: [HEALTH_STATE],
})
export class HealthModule {}
