import 'reflect-metadata';
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Inject, Injectable, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { parseSettings, SETTINGS, type Settings } from './settings';
import { SettingsModule } from './settings.module';

@Injectable()
class NeedsSettings {
  constructor(@Inject(SETTINGS) readonly settings: Settings) {}
}

/** A feature module that does not import SettingsModule: @Global must make SETTINGS visible. */
@Module({ providers: [NeedsSettings] })
class FeatureModule {}

describe(SettingsModule.name, () => {
  it('provides the given Settings object under SETTINGS to every module', async () => {
    const settings = parseSettings({ PORT: '0' });
    const moduleRef = await Test.createTestingModule({
      imports: [SettingsModule.forRoot(settings), FeatureModule],
    }).compile();
    try {
      assert.equal(moduleRef.get(SETTINGS), settings);
      assert.equal(moduleRef.get(NeedsSettings).settings, settings);
    } finally {
      await moduleRef.close();
    }
  });
});
