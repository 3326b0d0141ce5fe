import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseSettings } from '../settings/settings';
import { TracingLifecycle, TracingModule } from './tracing.module';

describe(TracingModule.name, () => {
  it('provides nothing unless TRACING_ENABLED', () => {
    assert.deepEqual(TracingModule.forRoot(parseSettings({}).tracing).providers, []);
  });

  it('provides the tracing lifecycle with TRACING_ENABLED=true', () => {
    const { tracing } = parseSettings({ TRACING_ENABLED: 'true' });
    assert.deepEqual(TracingModule.forRoot(tracing).providers, [TracingLifecycle]);
  });
});
