import { Global, Module, type DynamicModule } from '@nestjs/common';
import { SETTINGS, type Settings } from './settings';

/**
 * Provides the Settings parsed once in main.ts under the SETTINGS token, app-wide. It never reads
 * the environment itself (tests pass a Settings object built by parseSettings({...})).
 */
@Global()
@Module({})
export class SettingsModule {
  static forRoot(settings: Settings): DynamicModule {
    return {
      module: SettingsModule,
      providers: [{ provide: SETTINGS, useValue: settings }],
      exports: [SETTINGS],
    };
  }
}
