import { type DynamicModule, Module } from '@nestjs/common';
import type { StaticFiles } from './load-static-files';
import { PlaygroundController } from './playground.controller';
import { STATIC_FILES, StaticFilesController } from './static-files.controller';

export interface PlaygroundModuleOptions {
  readonly staticFiles: StaticFiles;
}

@Module({})
export class PlaygroundModule {
  static forRoot(options: PlaygroundModuleOptions): DynamicModule {
    return {
      module: PlaygroundModule,
      // The API first: `GET /:name` must never shadow an /api route.
      controllers: [PlaygroundController, StaticFilesController],
      providers: [{ provide: STATIC_FILES, useValue: options.staticFiles }],
    };
  }
}
