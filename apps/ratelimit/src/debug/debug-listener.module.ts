import { Module } from '@nestjs/common';
import { DebugListener } from './debug-listener';

/** The debug listener on DEBUG_HOST:DEBUG_PORT (debug-listener.ts). */
@Module({ providers: [DebugListener], exports: [DebugListener] })
export class DebugListenerModule {}
