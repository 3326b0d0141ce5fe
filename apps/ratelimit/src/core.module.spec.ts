import 'reflect-metadata';
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Inject, Injectable, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import pino from 'pino';
import { CLOCK, RANDOM, type Clock, type Random } from './clock';
import { CoreModule, type CoreDependencies } from './core.module';
import { LOGGER, STATS } from './core-tokens';
import { parseSettings, SETTINGS, type Settings } from './settings/settings';
import { StatsService } from './stats/stats.service';

@Injectable()
class NeedsEverything {
  constructor(
    @Inject(SETTINGS) readonly settings: Settings,
    @Inject(LOGGER) readonly logger: unknown,
    @Inject(CLOCK) readonly clock: Clock,
    @Inject(RANDOM) readonly random: Random,
    @Inject(STATS) readonly stats: StatsService,
  ) {}
}

/** A feature module that imports nothing: @Global must make the core objects visible. */
@Module({ providers: [NeedsEverything] })
class FeatureModule {}

describe(CoreModule.name, () => {
  it('provides the given settings, logger, clock, random source and statistics to every module', async () => {
    const settings = parseSettings({ PORT: '0' });
    const dependencies: CoreDependencies = {
      logger: pino({ enabled: false }),
      clock: { nowMs: () => 0 },
      random: { next: () => 0.5 },
      stats: new StatsService(100),
    };
    const moduleRef = await Test.createTestingModule({
      imports: [CoreModule.forRoot(settings, dependencies), FeatureModule],
    }).compile();
    try {
      const sut = moduleRef.get(NeedsEverything);
      assert.equal(sut.settings, settings);
      assert.equal(moduleRef.get(SETTINGS), settings);
      assert.deepEqual(
        [sut.logger, sut.clock, sut.random, sut.stats],
        [dependencies.logger, dependencies.clock, dependencies.random, dependencies.stats],
      );
    } finally {
      await moduleRef.close();
    }
  });
});
