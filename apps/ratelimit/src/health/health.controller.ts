// GET (any method) /healthcheck, as the reference: 200 `OK` when every enabled component is
// healthy, otherwise 500 with an empty body. The components are Terminus health indicators.
import { All, Controller, Inject, Res } from '@nestjs/common';
import { HealthCheckService, HealthIndicatorService } from '@nestjs/terminus';
import type { FastifyReply } from 'fastify';
import { HEALTH_STATE, type HealthState } from './health-state';

@Controller()
export class HealthController {
  constructor(
    private readonly healthCheck: HealthCheckService,
    private readonly indicators: HealthIndicatorService,
    @Inject(HEALTH_STATE) private readonly state: HealthState,
  ) {}

  @All('healthcheck')
  async healthcheck(@Res() reply: FastifyReply): Promise<void> {
    try {
      await this.healthCheck.check(this.checks());
      await reply.code(200).type('text/plain; charset=utf-8').send('OK');
    } catch {
      await reply.code(500).type('text/plain; charset=utf-8').send('');
    }
  }

  private checks() {
    const { store, config, shutdown } = this.state.components();
    const component = (key: string, isUp: boolean) => () =>
      isUp ? this.indicators.check(key).up() : this.indicators.check(key).down();
    const checks = [component('store', store), component('shutdown', shutdown)];
    if (config !== undefined) checks.push(component('config', config));
    return checks;
  }
}
